"""The table's chat as a caller writes and reads it: messages to everyone and whispers.

A message goes to ``all`` (every member, observers included), to the ``gm`` (a whisper to the GM)
or to one ``member`` (a whisper to a player). Who may write: the GM and the players; an observer
reads the messages to everyone and writes none. Who sees a whisper: its author, its addressee and
the GM (``docs/rulings/server.md``, « The GM reads every whisper »); nobody else, in any answer:
REST, pages, sockets.

A message reaches the screens through the table's live feed: one change per audience the feed
knows (:data:`meneur.server.feed.AUDIENCES`), so that each member's socket hears it once, and
only the members who may see it hear it.

The REST routes (:mod:`meneur.server.api.chat`) and the chat's pages (:mod:`meneur.web.chat`)
both call these functions.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field
from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.orm import Session as Db

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.server import feed
from meneur.server.api.common import Body, Caller, Text, forbidden, table_for
from meneur.server.models import ChatMessage, Member
from meneur.server.services import Context

To = Literal["all", "gm", "member"]
LONGEST = 2000
"""The most characters a message holds."""
PAGE = 50
"""Messages a page holds unless ``limit`` says otherwise."""
MOST = 200
"""The most messages one page holds."""
LARGEST_ID = 2**31 - 1


class MessageIn(Body):
    text: Annotated[Text, Field(min_length=1, max_length=LONGEST)]
    """The message (blank ones are refused)."""
    to: To = "all"
    """``all``: every member; ``gm``: the GM; ``member``: the player ``addressee``."""
    addressee: Annotated[str, Field(min_length=1, max_length=32)] | None = None
    """The member id of the player a whisper (``to: member``) is for."""


class MessageOut(BaseModel):
    id: int
    author_id: str
    author: str
    """The author's name at the table."""
    to: To
    addressee_id: str | None
    addressee: str | None
    """The addressee's name (a whisper to a player)."""
    text: str
    at: str
    """When it was written (ISO 8601, UTC)."""


class MessageList(BaseModel):
    messages: list[MessageOut]
    """The page's messages, oldest first."""
    before: int | None = None
    """The cursor of the page of older messages (``?before=``), or ``None`` when there is none."""


def now() -> str:
    """The time of a message or handout, as stored (ISO 8601 in UTC, to the second)."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def bad(msgid: str, **params: object) -> BadInputError:
    return BadInputError(Message("server", msgid, dict(params)))


def names(db: Db, table_id: str) -> dict[str, str]:
    """Every member's name at the table (removed ones too: their messages stay), by id."""
    return {m.id: m.name for m in db.scalars(select(Member).where(Member.table_id == table_id))}


def message_out(row: ChatMessage, known: dict[str, str]) -> MessageOut:
    return MessageOut(
        id=row.id,
        author_id=row.author_id,
        author=known.get(row.author_id, "?"),
        to=row.audience,
        addressee_id=row.addressee_id,
        addressee=known.get(row.addressee_id, "?") if row.addressee_id else None,
        text=row.text,
        at=row.at,
    )


def player(db: Db, table_id: str, member_id: str) -> Member:
    """The player ``member_id`` of the table (seated, not removed).

    Raises:
        BadInputError: no such player at this table.
    """
    found = db.get(Member, member_id)
    if found is None or found.table_id != table_id or found.removed or found.role != "player":
        raise bad(
            N_("No player of this table has the id {id}; choose one of the table's players."), id=member_id
        )
    return found


def audiences(to: str, author: Caller, addressee: str | None) -> list[tuple[str, str | None]]:
    """The feed's audiences of a message, each as ``(audience, member_id)``: together they are its
    readers (:func:`may_see`), each reader in one of them only."""
    if to == "all":
        return [("table", None)]
    if to == "gm":
        return [("gm+member", author.id)]
    found: list[tuple[str, str | None]] = [("gm+member", addressee)]
    if not author.is_gm:
        found.append(("member", author.id))
    return found


def post(ctx: Context, me: Caller, table_id: str, body: MessageIn) -> MessageOut:
    """Write ``body`` to the table's chat and tell it to the members who may see it.

    Raises:
        ApiError: not this table (404), an observer (403).
        BadInputError: a blank message, a whisper without a player to whisper to, an addressee
            who is no player of the table.
    """
    db = ctx.db
    table_for(db, me, table_id)
    if me.role not in ("gm", "player"):
        raise forbidden()
    text = body.text.strip()
    if not text:
        raise bad(N_("The message is empty; write something before sending it."))
    addressee: str | None = None
    if body.to == "member":
        if body.addressee is None:
            raise bad(N_("A whisper needs a player to whisper to; choose one."))
        if body.addressee == me.id:
            raise bad(N_("You cannot whisper to yourself; choose another player."))
        addressee = player(db, table_id, body.addressee).id
    elif body.addressee is not None:
        raise bad(N_("Only a whisper to a player names an addressee; send it to that player or to nobody."))
    known = names(db, table_id)
    sent = now()

    def job(writer: Db) -> MessageOut:
        row = ChatMessage(
            table_id=table_id, author_id=me.id, audience=body.to, addressee_id=addressee, text=text, at=sent
        )
        writer.add(row)
        writer.flush()
        out = message_out(row, known)
        for audience, member_id in audiences(body.to, me, addressee):
            feed.append(
                writer,
                table_id,
                "chat",
                {"message": out.model_dump()},
                audience=audience,
                member_id=member_id,
            )
        return out

    db.commit()  # give the read connection back before waiting for the writer
    out: MessageOut = ctx.store.write(job)
    ctx.hub.notify(table_id)
    return out


def may_see(row: ChatMessage, member: Member) -> bool:
    """Whether ``member`` may read the message ``row``: one to everyone; a whisper if they wrote
    it, it is for them, or they are the GM."""
    if row.audience == "all" or row.author_id == member.id or member.role == "gm":
        return True
    return row.audience == "member" and row.addressee_id == member.id


def seen_by(member: Member) -> ColumnElement[bool]:
    """The messages ``member`` may read, as a condition on the chat's table (the same answer as
    :func:`may_see`, asked of the database so that a page of messages is a page of visible ones)."""
    if member.role == "gm":
        return ChatMessage.table_id == member.table_id
    return or_(
        ChatMessage.audience == "all",
        ChatMessage.author_id == member.id,
        (ChatMessage.audience == "member") & (ChatMessage.addressee_id == member.id),
    )


def page(
    ctx: Context, me: Caller, table_id: str, limit: int = PAGE, before: int | None = None
) -> MessageList:
    """The ``limit`` latest messages this member may read (older than ``before``, if given), oldest
    first, with the cursor of the page before them."""
    db = ctx.db
    table_for(db, me, table_id)
    member = db.get(Member, me.id)
    assert member is not None
    query = select(ChatMessage).where(ChatMessage.table_id == table_id, seen_by(member))
    if before is not None:
        query = query.where(ChatMessage.id < before)
    rows = list(db.scalars(query.order_by(ChatMessage.id.desc()).limit(limit + 1)))
    older = rows[limit - 1].id if len(rows) > limit else None
    known = names(db, table_id)
    return MessageList(messages=[message_out(r, known) for r in reversed(rows[:limit])], before=older)
