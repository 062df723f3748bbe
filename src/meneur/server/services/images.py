"""The images kept with a table: checked by their first bytes, capped in size, stored in the
database with the table, and given only to the members their use allows.

An image has a ``use``: ``handout`` (shown by a handout, :mod:`.handouts`) or ``plan`` (the
background of the table's plan, under its grid: one a table, the GM's, seen by every member; its
``use`` keeps its width in metres, ``plan:40``). Each use names who may fetch its images
(:data:`READERS`). Nothing is ever fetched from elsewhere: an image arrives as the bytes a member
sends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session as Db

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.server.api.common import Caller, gm_only, not_found, table_for
from meneur.server.auth import new_id
from meneur.server.models import Handout, HandoutReader, TableImage
from meneur.server.services import Context

LARGEST = 2 * 1024 * 1024
"""The most bytes an image holds (2 MiB)."""
TYPES = ("image/png", "image/jpeg", "image/webp", "image/gif")


def media_type(data: bytes) -> str | None:
    """The type an image's first bytes say it is (PNG, JPEG, WebP or GIF), or ``None``."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif"
    return None


def checked(data: bytes) -> str:
    """The type of the image ``data``.

    Raises:
        BadInputError: empty, larger than :data:`LARGEST`, or not a PNG, JPEG, WebP or GIF image.
    """
    if not data:
        raise BadInputError(Message("server", N_("The image is empty; choose an image file.")))
    if len(data) > LARGEST:
        raise BadInputError(
            Message(
                "server",
                N_("The image is larger than {limit} MiB; choose a smaller one."),
                {"limit": LARGEST // (1024 * 1024)},
            )
        )
    found = media_type(data)
    if found is None:
        raise BadInputError(
            Message("server", N_("This file is not a PNG, JPEG, WebP or GIF image; choose one of those."))
        )
    return found


def add(db: Db, table_id: str, use: str, data: bytes) -> str:
    """Store the image ``data`` (already :func:`checked`) with the table; its id."""
    image_id = new_id()
    db.add(
        TableImage(
            id=image_id, table_id=table_id, use=use, media_type=checked(data), size=len(data), data=data
        )
    )
    db.flush()  # written before what shows it (no ORM relationship orders them)
    return image_id


def _handout_reader(db: Db, me: Caller, image_id: str) -> bool:
    found = db.scalar(
        select(Handout.id)
        .join(HandoutReader, HandoutReader.handout_id == Handout.id)
        .where(Handout.image_id == image_id, HandoutReader.member_id == me.id)
        .limit(1)
    )
    return found is not None


def _member(_db: Db, _me: Caller, _image_id: str) -> bool:
    return True  # fetch has checked that the caller is a member of the image's table


READERS: dict[str, Callable[[Db, Caller, str], bool]] = {"handout": _handout_reader, "plan": _member}
"""Who, besides the GM, may fetch an image of each use."""


def fetch(ctx: Context, me: Caller, table_id: str, image_id: str) -> tuple[str, bytes]:
    """The image's type and bytes, for a member its use lets see it.

    Raises:
        ApiError: not this table, no such image, or one this member may not see (all 404: a
            member learns nothing of an image not shown to them).
    """
    db = ctx.db
    table_for(db, me, table_id)
    row = db.get(TableImage, image_id) if len(image_id) <= 32 else None
    if row is None or row.table_id != table_id:
        raise not_found()
    if not me.is_gm:
        allowed = READERS.get(row.use.split(":", 1)[0])
        if allowed is None or not allowed(db, me, image_id):
            raise not_found()
    return row.media_type, bytes(row.data)


PLAN = "plan"
PLAN_WIDTHS = (5.0, 1000.0)
"""The narrowest and widest a plan's background may be, in metres."""


@dataclass(frozen=True)
class Background:
    """The table's plan background: the image's id and how wide it lies on the plan, in metres (its
    top left corner at the plan's origin)."""

    image_id: str
    width: float


def background(db: Db, table_id: str) -> Background | None:
    """The table's plan background, if the GM gave one."""
    found = db.execute(
        select(TableImage.id, TableImage.use).where(
            TableImage.table_id == table_id, TableImage.use.startswith(PLAN + ":")
        )
    ).first()
    return None if found is None else background_from(found[0], found[1])


def background_columns(table_id: Any) -> tuple[Any, Any]:
    """The table's plan background's image id and use, as two columns of a statement on another of
    the table's rows (``table_id``: that statement's column of the table's id), for
    :func:`background_from`: a page reads it with the session's head, in one statement."""

    def column(of: Any) -> Any:
        return (
            select(of)
            .where(TableImage.table_id == table_id, TableImage.use.startswith(PLAN + ":"))
            .order_by(TableImage.id)
            .limit(1)
            .scalar_subquery()
        )

    return column(TableImage.id), column(TableImage.use)


def background_from(image_id: str | None, use: str | None) -> Background | None:
    """The background of :func:`background_columns`' values (``None``: the table has none)."""
    if image_id is None or use is None:
        return None
    try:
        width = float(use.split(":", 1)[1])
    except (IndexError, ValueError):
        return None
    return Background(image_id, width)


def set_background(ctx: Context, me: Caller, table_id: str, data: bytes, width: float) -> Background:
    """The GM gives the table's plan a background (replacing the one it had): the image ``data``,
    lying ``width`` metres wide.

    Raises:
        ApiError: not this table (404), not the GM (403).
        BadInputError: not an image, too large, or a width out of :data:`PLAN_WIDTHS`.
    """
    db = ctx.db
    table_for(db, me, table_id)
    gm_only(me)
    checked(data)
    low, high = PLAN_WIDTHS
    if not low <= width <= high:  # NaN is neither
        raise BadInputError(
            Message(
                "server",
                N_("The plan's width is from {low} to {high} metres; give one there."),
                {"low": int(low), "high": int(high)},
            )
        )

    def job(writer: Db) -> Background:
        writer.execute(
            delete(TableImage).where(TableImage.table_id == table_id, TableImage.use.startswith(PLAN + ":"))
        )
        return Background(add(writer, table_id, f"{PLAN}:{width:g}", data), width)

    db.commit()  # give the read connection back before waiting for the writer
    made: Background = ctx.store.write(job)
    ctx.hub.notify(table_id)
    return made
