"""Dice rolls at a table, with their visibility.

``public``: every member. ``gm``: the GM and the roller (a private roll to the GM). ``blind``: the
GM only, the roller included in those who do not see it. ``self``: the roller only.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from meneur.server.api.common import Me, errors
from meneur.server.services import Services
from meneur.server.services import rolls as service
from meneur.server.services.rolls import LARGEST_ID, MOST, PAGE, RollIn, RollList, RollOut

__all__ = ["LARGEST_ID", "MOST", "PAGE", "RollIn", "RollList", "RollOut", "router"]

router = APIRouter(prefix="/api/v1", tags=["rolls"])


@router.post(
    "/tables/{table_id}/rolls",
    status_code=201,
    response_model=RollOut,
    responses=errors(400, 401, 403, 404),
    summary="Roll dice at the table",
)
def make_roll(table_id: str, body: RollIn, me: Me, ctx: Services) -> RollOut:
    return service.make(ctx, me, table_id, body)


Limit = Annotated[int, Query(ge=1, le=MOST, description=f"Rolls in the page (1 to {MOST}).")]
Before = Annotated[
    int | None,
    Query(ge=1, le=LARGEST_ID, description="Only rolls older than this one (the previous page's `before`)."),
]


@router.get(
    "/tables/{table_id}/rolls",
    response_model=RollList,
    responses=errors(400, 401, 404),
    summary="The rolls this member may see, newest page first",
)
def list_rolls(table_id: str, me: Me, ctx: Services, limit: Limit = PAGE, before: Before = None) -> RollList:
    """The ``limit`` latest rolls this member may see (older than ``before``, if given), oldest first,
    with the cursor of the page before them."""
    return service.page(ctx, me, table_id, limit, before)
