"""Dice rolls at a table as a caller makes and sees them, with their visibility.

``public``: every member. ``gm``: the GM and the roller (a private roll to the GM). ``blind``: the
GM only, the roller included in those who do not see it. ``self``: the roller only.

The REST routes (:mod:`meneur.server.api.rolls`) and the roll log's pages (:mod:`meneur.web.routes`)
both call these functions.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field
from sqlalchemy import ColumnElement, and_, or_, select
from sqlalchemy.orm import Session as Db

from meneur.dice import EnteredSource, RandomSource, finish, roll, to_json
from meneur.dice.source import DiceSource
from meneur.server import feed
from meneur.server.api.common import Body, Caller, Text, at_table, forbidden, not_found
from meneur.server.models import GameTable, Member, Roll
from meneur.server.services import Context

Visibility = Literal["public", "gm", "blind", "self"]
AUDIENCE: dict[str, str] = {"public": "table", "gm": "gm+member", "blind": "gm", "self": "member"}


class RollIn(Body):
    expression: Annotated[Text, Field(min_length=1, max_length=500)]
    visibility: Visibility = "public"
    dice: Annotated[list[Annotated[int, Field(ge=1, le=1_000_000)]], Field(max_length=1000)] | None = None


class RollLabel(BaseModel):
    """One labelled part of a roll, as avrae players write it (``2d6[poison]``)."""

    labels: list[str]
    """The labels, in the order written (``["poison"]``)."""
    breakdown: str
    """The part the labels follow, as the breakdown shows it (``2d6 (5, 1)``)."""
    total: Any
    """That part's value (labels change nothing of the roll's total)."""


class RollOut(BaseModel):
    id: int
    member_id: str
    visibility: Visibility
    expression: str
    total: Any
    breakdown: str
    dice: list[Any]
    labels: list[RollLabel] = Field(default_factory=list)
    """The roll's labelled parts (``1d8+3[fire]``: the 3 and ``fire``); empty without labels."""
    at: datetime | None = None
    """When it was rolled (``None`` for a roll stored before the server kept times)."""


class RollList(BaseModel):
    rolls: list[RollOut]
    """The page's rolls, oldest first."""
    before: int | None = None
    """The cursor of the page of older rolls (``?before=``), or ``None`` when there is none."""


PAGE = 50
"""Rolls a page holds unless ``limit`` says otherwise."""
MOST = 200
"""The most rolls one page holds."""
LARGEST_ID = 2**31 - 1
"""The largest roll id: the rolls table's id is an INTEGER column (32 bits on PostgreSQL)."""


def roll_out(row: Roll) -> RollOut:
    """A stored roll as its viewers receive it."""
    result = row.result
    return RollOut(
        id=row.id,
        member_id=row.member_id,
        visibility=row.visibility,
        expression=result["expression"],
        total=result["total"],
        breakdown=result["breakdown"],
        dice=result["dice"],
        labels=[RollLabel.model_validate(part) for part in result.get("labels", [])],
        at=None if row.at is None else datetime.fromtimestamp(row.at, UTC),
    )


def make(ctx: Context, me: Caller, table_id: str, body: RollIn) -> RollOut:
    """Roll ``body``'s dice at the table (with the dice entered, or random ones), store the roll and
    tell it to the members who may see it.

    Raises:
        ApiError: not this table (404), an observer (403).
        MeneurError: an expression that is not one, dice entered that do not fit it.
    """
    db = ctx.db
    at_table(me, table_id)
    if db.get(GameTable, table_id) is None:
        raise not_found()
    if me.role == "observer":
        raise forbidden()
    source: DiceSource = EnteredSource(body.dice) if body.dice is not None else RandomSource.from_seed(None)
    result = to_json(roll(body.expression, source))
    finish(source)
    audience = AUDIENCE[body.visibility]

    def job(writer: Db) -> RollOut:
        row = Roll(
            table_id=table_id, member_id=me.id, visibility=body.visibility, result=result, at=time.time()
        )
        writer.add(row)
        writer.flush()
        out = roll_out(row)
        feed.append(
            writer,
            table_id,
            "roll",
            {"roll": out.model_dump(mode="json")},
            audience=audience,
            member_id=me.id,
        )
        return out

    db.commit()  # give the read connection back before waiting for the writer
    out: RollOut = ctx.store.write(job)
    ctx.hub.notify(table_id)
    return out


def may_see(visibility: str, roller: str, member: Member) -> bool:
    return feed.visible(AUDIENCE[visibility], roller, member.id, member.role)


def seen_by(member: Member) -> ColumnElement[bool]:
    """The rolls ``member`` may see, as a condition on the rolls table (the same answer as
    :func:`may_see`, asked of the database so that a page of rolls is a page of visible ones)."""
    someone_else = f"not {member.id}"
    shown = []
    for visibility in AUDIENCE:
        if may_see(visibility, someone_else, member):
            shown.append(Roll.visibility == visibility)
        elif may_see(visibility, member.id, member):
            shown.append(and_(Roll.visibility == visibility, Roll.member_id == member.id))
    return or_(*shown)


def page(ctx: Context, me: Caller, table_id: str, limit: int = PAGE, before: int | None = None) -> RollList:
    """The ``limit`` latest rolls this member may see (older than ``before``, if given), oldest first,
    with the cursor of the page before them."""
    db = ctx.db
    at_table(me, table_id)
    member = db.get(Member, me.id)
    assert member is not None
    query = select(Roll).where(Roll.table_id == table_id, seen_by(member))
    if before is not None:
        query = query.where(Roll.id < before)
    rows = list(db.scalars(query.order_by(Roll.id.desc()).limit(limit + 1)))
    older = rows[limit - 1].id if len(rows) > limit else None
    return RollList(rolls=[roll_out(r) for r in reversed(rows[:limit])], before=older)
