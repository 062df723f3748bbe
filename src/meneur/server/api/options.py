"""A table's options (see :mod:`meneur.server.table_options`): read them (every member), change them
(the GM). A change is one change of the live feed, so every page shows the sessions again as the
options now say (an NPC's Vigueur bar appears at once)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from meneur.i18n import N_, Message
from meneur.server import feed, table_options
from meneur.server.api.common import (
    ApiError,
    Body,
    Caller,
    Database,
    Me,
    errors,
    gm_only,
    table_for,
)
from meneur.server.models import GameTable

router = APIRouter(prefix="/api/v1", tags=["tables"])


class OptionsIn(Body):
    options: dict[str, Any] = Field(max_length=100)
    """Option key -> new value (``null``: back to the default); the options not named keep theirs."""


class OptionOut(BaseModel):
    key: str
    value: Any
    default: Any
    choices: list[str]
    read_by: str
    """``server`` (how sessions show) or the kind of session whose engine reads it from its setup."""


class OptionsOut(BaseModel):
    options: list[OptionOut]


class OptionError(ApiError):
    """A value that is not one of the option's (the key says which field)."""

    def __init__(self, key: str, message: Message) -> None:
        super().__init__(
            400,
            "bad_input",
            Message("server", N_("Option '{key}': {problem}"), {"key": key, "problem": message}),
        )
        self.key = key
        self.problem = message


def _out(table: GameTable) -> OptionsOut:
    values = table_options.current(table.system, table.options)
    return OptionsOut(
        options=[
            OptionOut(
                key=option.key,
                value=values[option.key],
                default=option.default,
                choices=[key for key, _word in option.choices],
                read_by=option.session_kind or "server",
            )
            for option in table_options.options_of(table.system)
        ]
    )


@router.get(
    "/tables/{table_id}/options",
    response_model=OptionsOut,
    responses=errors(401, 404),
    summary="The table's options and their values",
)
def get_options(table_id: str, me: Me, db: Database) -> OptionsOut:
    return _out(table_for(db, me, table_id))


def set_options(table_id: str, body: OptionsIn, me: Caller, request: Request, db: Database) -> OptionsOut:
    """Store the options ``body`` names (all valid, or none stored: the first problem is raised)."""
    table = table_for(db, me, table_id)
    gm_only(me)
    changes, problems = table_options.checked(table.system, body.options)
    if problems:
        key, problem = next(iter(problems.items()))
        raise OptionError(key, problem)
    with request.app.state.store.writer() as writer:
        row = writer.get(GameTable, table_id, with_for_update=True)
        assert row is not None
        row.options = table_options.merged(row.options, changes)
        stored = dict(row.options)
        feed.append(writer, table_id, "options", {"options": table_options.current(row.system, stored)})
    request.app.state.hub.notify(table_id)
    db.commit()  # a new read transaction sees what was just written
    db.refresh(table)
    return _out(table)


@router.put(
    "/tables/{table_id}/options",
    response_model=OptionsOut,
    responses=errors(400, 401, 403, 404),
    summary="Change the table's options (GM)",
)
def put_options(table_id: str, body: OptionsIn, me: Me, request: Request, db: Database) -> OptionsOut:
    return set_options(table_id, body, me, request, db)
