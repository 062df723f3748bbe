"""Handouts: what the GM shows to chosen players (a title, a text and/or an image).

The GM makes one and chooses its readers among the table's players; each reader finds it on their
table page, and its image is fetched only by them and the GM (:mod:`.images`). A player sees of a
handout only that it is shown to them (never who else got it); an observer sees none.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from meneur.i18n import N_
from meneur.server import feed
from meneur.server.api.common import Caller, forbidden, gm_only, table_for
from meneur.server.models import Handout, HandoutReader, Member
from meneur.server.services import Context, images
from meneur.server.services.chat import bad, names, now, player

TITLE_LONGEST = 200
TEXT_LONGEST = 10_000
READERS_MOST = 50
SHOWN = 200
"""The most handouts a list holds (the latest)."""


class HandoutOut(BaseModel):
    id: int
    title: str
    text: str
    image: str | None
    """The address of its image (``/api/v1/tables/{table}/images/{id}``), or ``None``."""
    image_id: str | None
    readers: list[str]
    """The member ids of its readers: every one for the GM, only oneself for a player."""
    reader_names: list[str]
    at: str
    """When it was shown (ISO 8601, UTC)."""


class HandoutList(BaseModel):
    handouts: list[HandoutOut]
    """The handouts, newest first."""


class New(BaseModel):
    """A handout as the GM writes it (the API's body decoded, or the page's form)."""

    title: Annotated[str, Field(max_length=TITLE_LONGEST)]
    text: Annotated[str, Field(max_length=TEXT_LONGEST)] = ""
    image: bytes | None = None
    readers: list[str]


def handout_out(row: Handout, readers: list[str], known: dict[str, str]) -> HandoutOut:
    return HandoutOut(
        id=row.id,
        title=row.title,
        text=row.text,
        image=f"/api/v1/tables/{row.table_id}/images/{row.image_id}" if row.image_id else None,
        image_id=row.image_id,
        readers=readers,
        reader_names=[known.get(r, "?") for r in readers],
        at=row.at,
    )


def _readers(db: Db, table_id: str, wanted: list[str]) -> list[str]:
    if not wanted:
        raise bad(N_("Choose at least one player to show the handout to."))
    if len(wanted) > READERS_MOST:
        raise bad(N_("A handout is shown to {most} players at most."), most=READERS_MOST)
    found: list[str] = []
    for member_id in wanted:
        if member_id not in found:
            found.append(player(db, table_id, member_id).id)
    return found


def create(ctx: Context, me: Caller, table_id: str, new: New) -> HandoutOut:
    """Show ``new`` to its readers (the GM's): store it (with its image) and tell each reader's
    screens.

    Raises:
        ApiError: not this table (404), not the GM (403).
        BadInputError: no title, neither text nor image, a reader who is no player of the table,
            an image that is not one or too large.
    """
    db = ctx.db
    table_for(db, me, table_id)
    gm_only(me)
    title = new.title.strip()
    text = new.text.strip()
    if not title:
        raise bad(N_("The handout needs a title; write one."))
    if not text and not new.image:
        raise bad(N_("The handout is empty; write a text, choose an image, or both."))
    if new.image is not None:
        images.checked(new.image)
    readers = _readers(db, table_id, new.readers)
    known = names(db, table_id)
    shown = now()

    def job(writer: Db) -> HandoutOut:
        image_id = images.add(writer, table_id, "handout", new.image) if new.image else None
        row = Handout(table_id=table_id, author_id=me.id, title=title, text=text, image_id=image_id, at=shown)
        writer.add(row)
        writer.flush()
        for reader in readers:
            writer.add(HandoutReader(handout_id=row.id, member_id=reader))
        whole = handout_out(row, readers, known)
        feed.append(writer, table_id, "handout", {"handout": whole.model_dump()}, audience="gm")
        for reader in readers:
            theirs = handout_out(row, [reader], known)
            feed.append(
                writer,
                table_id,
                "handout",
                {"handout": theirs.model_dump()},
                audience="member",
                member_id=reader,
            )
        return whole

    db.commit()  # give the read connection back before waiting for the writer
    out: HandoutOut = ctx.store.write(job)
    ctx.hub.notify(table_id)
    return out


def listed(ctx: Context, me: Caller, table_id: str) -> HandoutList:
    """The handouts this member may see, newest first: every one for the GM, those shown to them
    for a player, none for an observer."""
    db = ctx.db
    table_for(db, me, table_id)
    if me.role == "observer":
        return HandoutList(handouts=[])
    query = select(Handout).where(Handout.table_id == table_id)
    if not me.is_gm:
        query = query.join(HandoutReader, HandoutReader.handout_id == Handout.id).where(
            HandoutReader.member_id == me.id
        )
    rows = list(db.scalars(query.order_by(Handout.id.desc()).limit(SHOWN)))
    readers: dict[int, list[str]] = {row.id: [] for row in rows}
    if rows:
        for handout_id, member_id in db.execute(
            select(HandoutReader.handout_id, HandoutReader.member_id).where(
                HandoutReader.handout_id.in_(readers)
            )
        ):
            if me.is_gm or member_id == me.id:
                readers[handout_id].append(member_id)
    known = names(db, table_id)
    return HandoutList(handouts=[handout_out(row, readers[row.id], known) for row in rows])


def players(ctx: Context, me: Caller, table_id: str) -> list[Member]:
    """The table's seated players (the readers a handout may have, the players a whisper may go
    to), by name."""
    db = ctx.db
    table_for(db, me, table_id)
    if me.role == "observer":
        raise forbidden()
    found = db.scalars(
        select(Member).where(Member.table_id == table_id, Member.role == "player", Member.removed.is_(False))
    )
    return sorted(found, key=lambda m: m.name.casefold())
