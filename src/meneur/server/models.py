"""The stored tables: SQLAlchemy 2 declarative models (the Alembic migrations mirror them).

Events are append-only: a command taken back by ``undo`` is marked ``undone`` (its events stay),
and the live log of a session is its commands not undone, in ``version`` order. A command is
written only if its ``version`` is free among the session's live commands: a partial unique index
on ``(session_id, version)`` makes two racing commands on one version give one success and one
conflict, in one process or many.
"""

from __future__ import annotations

from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, Any: JSON}


class Account(Base):
    """A GM account (name and argon2 password hash), for servers open beyond loopback."""

    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))


class AccountSession(Base):
    """A browser signed in to a GM account: the session's token, stored hashed (signing out deletes it)."""

    __tablename__ = "account_sessions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)


class SignInCode(Base):
    """A one-time GM sign-in link's code, stored hashed: printed by ``meneur serve`` for the
    operator, it signs a browser in to the account once, until ``expires_at`` (seconds since the
    epoch)."""

    __tablename__ = "sign_in_codes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    expires_at: Mapped[int] = mapped_column(Integer)
    used: Mapped[bool] = mapped_column(Boolean, default=False)


class ServerSecret(Base):
    """A secret of the server itself (``csrf``: the key of the forms' tokens), made at first use."""

    __tablename__ = "server_secrets"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class GameTable(Base):
    """A table: a name, a system, its options, the last ``seq`` of its live feed, and the GM account
    that created it (none on a loopback server or with the admin token)."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    system: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    join_code_hash: Mapped[str] = mapped_column(String(64))
    join_code: Mapped[str | None] = mapped_column(String(40), nullable=True, default=None)
    """The current join code itself, shown to the GM on the table page (it is handed to every
    player; the GM's token is the secret, never stored). ``None`` for a code made before it was
    kept: the page offers a new one."""
    seq: Mapped[int] = mapped_column(Integer, default=0)
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)


class Member(Base):
    """Someone at a table: ``gm``, ``player`` or ``observer``; the token is stored hashed."""

    __tablename__ = "members"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(10))
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    language: Mapped[str | None] = mapped_column(String(5), nullable=True)
    notes: Mapped[str] = mapped_column(Text, default="")
    removed: Mapped[bool] = mapped_column(Boolean, default=False)


class Character(Base):
    """A character file with its history; a player owns theirs, the GM owns (and may hide) NPCs."""

    __tablename__ = "characters"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    owner_id: Mapped[str | None] = mapped_column(ForeignKey("members.id"), nullable=True)
    name: Mapped[str] = mapped_column(String(200))
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer, default=1)


class CharacterVersion(Base):
    __tablename__ = "character_versions"
    __table_args__ = (UniqueConstraint("character_id", "version"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    character_id: Mapped[str] = mapped_column(ForeignKey("characters.id"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    file: Mapped[Any] = mapped_column(JSON)


class GameSession(Base):
    """A session of the engine: its kind, its setup, the number of live commands, and its auto-play."""

    __tablename__ = "sessions"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    kind: Mapped[str] = mapped_column(String(40))
    name: Mapped[str | None] = mapped_column(String(200), nullable=True, default=None)
    """What the table calls it (``None``: its kind's title and its date)."""
    setup: Mapped[Any] = mapped_column(JSON)
    controllers: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    version: Mapped[int] = mapped_column(Integer, default=0)
    event_count: Mapped[int] = mapped_column(Integer, default=0)
    autoplay: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True, default=None)
    """The web's auto-play of non-player characters: ``{"on", "gm", "run", "stopped"}`` (kept by the
    game's view adapter that offers it); ``None`` when never switched on."""
    created_at: Mapped[float | None] = mapped_column(Float, nullable=True, default=None)
    """When the session started (Unix time); ``None`` for a session stored before the server kept it."""


class CommandRow(Base):
    """One command carried out (or taken back): it groups the events it caused."""

    __tablename__ = "commands"
    __table_args__ = (
        Index(
            "uq_commands_live_version",
            "session_id",
            "version",
            unique=True,
            sqlite_where=text("undone = 0"),
            postgresql_where=text("undone = false"),
        ),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    command: Mapped[Any] = mapped_column(JSON, nullable=True)
    member_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    undone: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[float | None] = mapped_column(Float, nullable=True, default=None)
    """When the command was given (Unix time; its redo keeps it); ``None`` for a command stored
    before the server kept it."""


class EventRow(Base):
    """One event, numbered per session (``position``), in the command that caused it."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("session_id", "position"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id"), index=True)
    command_id: Mapped[int] = mapped_column(ForeignKey("commands.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    event: Mapped[Any] = mapped_column(JSON)


class Snapshot(Base):
    """A cache of a session's state after ``version`` commands (the engine's ``state_json`` in the
    system's ``format``), taken after the command ``command_id``: loading replays only the commands
    after it. A snapshot whose command was taken back is never used (undo deletes it)."""

    __tablename__ = "snapshots"
    __table_args__ = (UniqueConstraint("session_id", "command_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id"), index=True)
    command_id: Mapped[int] = mapped_column(ForeignKey("commands.id"))
    version: Mapped[int] = mapped_column(Integer)
    format: Mapped[int] = mapped_column(Integer)
    state: Mapped[Any] = mapped_column(JSON)


class Roll(Base):
    __tablename__ = "rolls"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    member_id: Mapped[str] = mapped_column(ForeignKey("members.id"))
    visibility: Mapped[str] = mapped_column(String(10))
    result: Mapped[Any] = mapped_column(JSON)
    at: Mapped[float | None] = mapped_column(Float, nullable=True, default=None)
    """When it was rolled (a Unix time; ``None`` for a roll stored before the server kept times)."""


class TableImage(Base):
    """An image kept with its table, in the database (never a link to elsewhere): its bytes, their
    type as their first bytes say (``image/png``...), and its ``use`` (``handout`` today; a map's
    background later). Who may fetch it is its use's rule (:mod:`meneur.server.services.images`)."""

    __tablename__ = "table_images"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    use: Mapped[str] = mapped_column(String(20))
    media_type: Mapped[str] = mapped_column(String(20))
    size: Mapped[int] = mapped_column(Integer)
    data: Mapped[bytes] = mapped_column(LargeBinary)


class ChatMessage(Base):
    """A message of the table's chat: to ``all``, to the ``gm`` (a whisper to the GM) or to one
    ``member`` (``addressee_id``, a whisper); ``at``: when, ISO 8601 in UTC. Who sees it:
    :func:`meneur.server.services.chat.may_see`."""

    __tablename__ = "chat_messages"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    author_id: Mapped[str] = mapped_column(ForeignKey("members.id"))
    audience: Mapped[str] = mapped_column(String(10))
    addressee_id: Mapped[str | None] = mapped_column(ForeignKey("members.id"), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[str] = mapped_column(String(32))


class Handout(Base):
    """What the GM shows to chosen players: a title, a text and/or an image (``image_id``)."""

    __tablename__ = "handouts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    author_id: Mapped[str] = mapped_column(ForeignKey("members.id"))
    title: Mapped[str] = mapped_column(String(200))
    text: Mapped[str] = mapped_column(Text, default="")
    image_id: Mapped[str | None] = mapped_column(ForeignKey("table_images.id"), nullable=True)
    at: Mapped[str] = mapped_column(String(32))


class HandoutReader(Base):
    """A player a handout is shown to."""

    __tablename__ = "handout_readers"
    handout_id: Mapped[int] = mapped_column(ForeignKey("handouts.id"), primary_key=True)
    member_id: Mapped[str] = mapped_column(ForeignKey("members.id"), primary_key=True, index=True)


class Change(Base):
    """One entry of a table's live feed: ``seq`` is unique and gapless per table.

    ``audience`` says who may see it: ``table`` (every member), ``gm``, ``gm+member`` (the GM and
    ``member_id``) or ``member`` (``member_id`` alone).
    """

    __tablename__ = "changes"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(30))
    audience: Mapped[str] = mapped_column(String(10))
    member_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    session_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    payload: Mapped[Any] = mapped_column(JSON)


def _table(model: type[Base]) -> Table:
    found = model.__table__
    assert isinstance(found, Table)
    return found


TABLES = _table(GameTable)
MEMBERS = _table(Member)
CHARACTERS = _table(Character)
SESSIONS = _table(GameSession)
COMMANDS = _table(CommandRow)
EVENTS = _table(EventRow)
SNAPSHOTS = _table(Snapshot)
CHANGES = _table(Change)
"""The tables of the hot paths (a command and its feed change), for SQL statements written without the
ORM's unit of work."""
