"""A table's options over the API: read them (every member), change them (the GM); the work is
:mod:`meneur.server.services.options`."""

from __future__ import annotations

from fastapi import APIRouter

from meneur.server.api.common import Me, errors
from meneur.server.services import Services
from meneur.server.services import options as service
from meneur.server.services.options import OptionError, OptionOut, OptionsIn, OptionsOut

__all__ = ["OptionError", "OptionOut", "OptionsIn", "OptionsOut", "router"]

router = APIRouter(prefix="/api/v1", tags=["tables"])


@router.get(
    "/tables/{table_id}/options",
    response_model=OptionsOut,
    responses=errors(401, 404),
    summary="The table's options and their values",
)
def get_options(table_id: str, me: Me, ctx: Services) -> OptionsOut:
    return service.read(ctx, me, table_id)


@router.put(
    "/tables/{table_id}/options",
    response_model=OptionsOut,
    responses=errors(400, 401, 403, 404),
    summary="Change the table's options (GM)",
)
def put_options(table_id: str, body: OptionsIn, me: Me, ctx: Services) -> OptionsOut:
    return service.change(ctx, me, table_id, body.options)
