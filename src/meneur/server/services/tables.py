"""Tables as a caller may make, join and see them: a new table (its GM seated, its join code made),
joining with the code, a new join code (the GM), the table as a member may see it, and what the
registry says of its game (its name, its sessions' titles, its own links).

The REST routes (:mod:`meneur.server.api.tables`) and the pages (:mod:`meneur.web.tables`,
:mod:`meneur.web.home`) both call these functions (see :mod:`meneur.server.services`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field
from sqlalchemy import select

from meneur.engine import registry
from meneur.i18n import N_, Message
from meneur.server import feed, table_options
from meneur.server.api.common import ApiError, Body, Caller, Text, gm_only, listed, table_for
from meneur.server.auth import digest, is_join_code, join_code_digest, new_id, new_join_code, new_token
from meneur.server.models import Character, GameSession, GameTable, Member
from meneur.server.services import Context
from meneur.server.services.accounts import Credentials, too_many
from meneur.server.services.characters import CharacterOut, character_out, may_see
from meneur.server.services.options import OptionError

Name = Annotated[Text, Field(min_length=1, max_length=200)]
Language = Literal["fr", "en", "pl"]


def table_systems() -> list[str]:
    """The systems a table may play: the key of each game the registry lists."""
    return [game.key for game in registry.games()]


class TableIn(Body):
    name: Name
    system: Annotated[str, Field(json_schema_extra=listed(table_systems))]
    options: dict[str, Any] = Field(default_factory=dict)
    account: Credentials | None = None


class TableCreated(BaseModel):
    id: str
    gm_token: str
    join_code: str


class JoinIn(Body):
    join_code: Annotated[Text, Field(max_length=200)]
    name: Name
    role: Literal["player", "observer"] = "player"
    language: Language | None = None


class Joined(BaseModel):
    member_id: str
    token: str


class JoinCode(BaseModel):
    join_code: str


class MemberOut(BaseModel):
    id: str
    name: str
    role: str


class MeIn(Body):
    language: Language | None = None
    notes: Annotated[Text, Field(max_length=100_000)] | None = None


class MeOut(MemberOut):
    language: str | None
    notes: str


class SessionRef(BaseModel):
    id: str
    kind: str
    version: int
    name: str | None = None
    """What the table calls it (``None``: its kind's title and its date, as the pages write them)."""
    created_at: float | None = None
    """When it started (seconds since the epoch; ``None``: a session older than the field)."""
    over: bool = False
    """Whether its kind's rules say it is over (a fight that ended)."""
    players: list[str] = Field(default_factory=list)
    """The names of the members who play in it (who controls one of its characters)."""


class SessionName(Body):
    name: Annotated[Text, Field(max_length=200)]
    """The session's new name; empty: its kind's title and its date again."""


class TableOut(BaseModel):
    id: str
    name: str
    system: str
    options: dict[str, Any]
    seq: int
    me: MeOut
    members: list[MemberOut]
    characters: list[CharacterOut]
    sessions: list[SessionRef]


@dataclass(frozen=True)
class Link:
    """A link of the table page to one of its game's own pages, for this caller."""

    href: str
    label: Message
    name: str


def game_name(system: str) -> str:
    """The name of the game a table of ``system`` plays (its key for a game the registry lost)."""
    found = next((game for game in registry.games() if game.key == system), None)
    return found.name if found is not None else system


def session_title(kind: str) -> Message | str:
    """What a list of sessions calls one of kind ``kind`` (its kind's title; the key for a kind no
    game lists)."""
    found = registry.kind_of(kind)
    return found[1].title if found is not None else kind


def game_links(me: Caller, system: str) -> list[Link] | None:
    """The table page's links to its game's own pages for ``me``; ``None`` for a game without any
    (the page offers the shared « Start a session » page)."""
    found = next((game for game in registry.games() if game.key == system), None)
    if found is None or not found.table_links:
        return None
    return [
        Link(href=link.href(me.table_id), label=link.label, name=link.name)
        for link in found.table_links
        if me.is_gm or not link.gm_only
    ]


def create(ctx: Context, body: TableIn, account_id: int | None) -> TableCreated:
    """The table (its GM seated, its join code made), once its creator may create it; ``account_id``
    is the GM account that created it, if any (its tables are listed to it from any browser).

    Raises:
        ApiError: an unknown system (400), an option that is not one of the table's (400).
    """
    if body.system not in table_systems():
        raise ApiError(
            400,
            "bad_input",
            Message(
                "server",
                N_("Unknown system '{system}'; known: {known}."),
                {"system": body.system, "known": ", ".join(table_systems())},
            ),
        )
    options, problems = table_options.checked(body.system, body.options)
    if problems:
        key, problem = next(iter(problems.items()))
        raise OptionError(key, problem)
    table_id, token, code = new_id(), new_token(), new_join_code()
    with ctx.store.writer() as writer:
        writer.add(
            GameTable(
                id=table_id,
                name=body.name,
                system=body.system,
                options=table_options.merged({}, options),
                join_code_hash=join_code_digest(code),
                join_code=code,
                seq=0,
                account_id=account_id,
            )
        )
        writer.flush()
        writer.add(Member(id=new_id(), table_id=table_id, name="GM", role="gm", token_hash=digest(token)))
    return TableCreated(id=table_id, gm_token=token, join_code=code)


def join(ctx: Context, table_id: str, body: JoinIn, address: str) -> Joined:
    """A new member of the table, seated with the table's join code; ``address`` is the client's
    (wrong codes are counted per table and address).

    Raises:
        ApiError: no table has this code (404), too many wrong codes lately (429).
    """
    table = ctx.db.get(GameTable, table_id)
    if table is None or not is_join_code(body.join_code, table.join_code_hash):
        # the right code is never refused: a join code is some 59 random bits, beyond guessing at
        # a few tries a minute, and one person's typos behind a shared address must not lock the
        # others out
        limiter, key = ctx.state.joins, ("join", table_id, address)
        if limiter.blocked(key):
            raise too_many()
        limiter.fail(key)
        raise ApiError(404, "not_found", Message("server", N_("No table has this join code.")))
    member_id, token = new_id(), new_token()
    with ctx.store.writer() as writer:
        writer.add(
            Member(
                id=member_id,
                table_id=table_id,
                name=body.name,
                role=body.role,
                token_hash=digest(token),
                language=body.language,
            )
        )
        writer.flush()
        feed.append(
            writer,
            table_id,
            "member_joined",
            {"member": {"id": member_id, "name": body.name, "role": body.role}},
        )
    ctx.hub.notify(table_id)
    return Joined(member_id=member_id, token=token)


def rotate_join_code(ctx: Context, me: Caller, table_id: str) -> JoinCode:
    """A new join code (the GM's): the old one stops working."""
    table_for(ctx.db, me, table_id)
    gm_only(me)
    code = new_join_code()
    with ctx.store.writer() as writer:
        table = writer.get(GameTable, table_id)
        assert table is not None
        table.join_code_hash = join_code_digest(code)
        table.join_code = code
    return JoinCode(join_code=code)


def current_join_code(ctx: Context, me: Caller, table_id: str) -> str | None:
    """The table's join code as the GM hands it out (``None``: a code made before codes were kept,
    which only a new one can show).

    Raises:
        ApiError: not the GM (403), not at this table (403/404).
    """
    table = table_for(ctx.db, me, table_id)
    gm_only(me)
    return table.join_code


def name_for_code(ctx: Context, table_id: str, code: str) -> str | None:
    """The table's name when ``code`` is its join code, else ``None`` (counting nothing: for a
    form whose join is counted anyway)."""
    table = ctx.db.get(GameTable, table_id)
    return table.name if table is not None and is_join_code(code, table.join_code_hash) else None


def table_named(ctx: Context, table_id: str, code: str, address: str) -> str | None:
    """The name of the table whose join code is ``code`` (the join page names it); ``None`` for a
    wrong code, counted as a wrong join (so the page is no way around the limit).

    Raises:
        ApiError: too many wrong codes lately (429).
    """
    named = name_for_code(ctx, table_id, code)
    if named is not None:
        return named
    limiter, key = ctx.state.joins, ("join", table_id, address)
    if limiter.blocked(key):
        raise too_many()
    limiter.fail(key)
    return None


def me_out(member: Member) -> MeOut:
    """A member as they see themselves."""
    return MeOut(
        id=member.id, name=member.name, role=member.role, language=member.language, notes=member.notes
    )


def view(ctx: Context, me: Caller, table_id: str) -> TableOut:
    """The table as ``me`` may see it: its members, the characters ``me`` may see, its sessions."""
    db = ctx.db
    table = table_for(db, me, table_id)
    members = list(db.scalars(select(Member).where(Member.table_id == table_id, Member.removed.is_(False))))
    characters = [
        c
        for c in db.scalars(select(Character).where(Character.table_id == table_id).order_by(Character.name))
        if may_see(me, c)
    ]
    rows = db.scalars(select(GameSession).where(GameSession.table_id == table_id))
    sessions = sorted(rows, key=lambda s: (s.created_at or 0, s.id))  # the oldest first
    self_row = next(m for m in members if m.id == me.id)
    return TableOut(
        id=table.id,
        name=table.name,
        system=table.system,
        options=table.options,
        seq=table.seq,
        me=me_out(self_row),
        members=[MemberOut(id=m.id, name=m.name, role=m.role) for m in members],
        characters=[character_out(c) for c in characters],
        sessions=[session_ref(ctx, s, {m.id: m.name for m in members}) for s in sessions],
    )


def session_over(ctx: Context, row: GameSession) -> bool:
    """Whether the session's kind says its state is over (a kind no game lists: never)."""
    found = registry.kind_of(row.kind)
    if found is None or found[1].is_over is None:
        return False
    with ctx.games.lock(row.id):
        state = ctx.games.load(ctx.db, row).state
    return found[1].over(state)


def session_ref(ctx: Context, row: GameSession, names: dict[str, str]) -> SessionRef:
    """A line of the table's sessions: its name, date, state and players (``names``: the members')."""
    players = sorted(
        {names[member] for member in row.controllers.values() if member in names}, key=str.casefold
    )
    return SessionRef(
        id=row.id,
        kind=row.kind,
        version=row.version,
        name=row.name,
        created_at=row.created_at,
        over=session_over(ctx, row),
        players=players,
    )


def rename_session(ctx: Context, me: Caller, table_id: str, session_id: str, body: SessionName) -> None:
    """The session's new name (the GM's); an empty one gives it back its default name.

    Raises:
        ApiError: not the GM (403), no such session at this table (404).
    """
    table_for(ctx.db, me, table_id)
    gm_only(me)
    with ctx.store.writer() as writer:
        row = writer.get(GameSession, session_id)
        if row is None or row.table_id != table_id:
            raise ApiError(404, "not_found", Message("server", N_("No such session at this table.")))
        row.name = body.name.strip() or None
    ctx.hub.notify(table_id)
