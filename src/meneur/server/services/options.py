"""A table's options as a caller reads and changes them (see :mod:`meneur.server.table_options`):
every member reads them, the GM changes them. A change is one change of the live feed, so every
page shows the sessions again as the options now say (an NPC's Vigueur bar appears at once).

The REST routes (:mod:`meneur.server.api.options`) and the options page
(:mod:`meneur.web.options_pages`) both call these functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field

from meneur.i18n import N_, Message
from meneur.server import feed, table_options
from meneur.server.api.common import ApiError, Body, Caller, gm_only, table_for
from meneur.server.models import GameTable
from meneur.server.services import Context


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


def options_out(table: GameTable) -> OptionsOut:
    """Every option of ``table`` with its value, its default, its choices and who reads it."""
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


def read(ctx: Context, me: Caller, table_id: str) -> OptionsOut:
    """The table's options (any member)."""
    return options_out(table_for(ctx.db, me, table_id))


def change(ctx: Context, me: Caller, table_id: str, values: Mapping[str, Any]) -> OptionsOut:
    """Store the options ``values`` names (all valid, or none stored), as the GM.

    Raises:
        OptionError: the first value that is not one of its option's (nothing is stored).
    """
    table = table_for(ctx.db, me, table_id)
    gm_only(me)
    changes, problems = table_options.checked(table.system, values)
    if problems:
        key, problem = next(iter(problems.items()))
        raise OptionError(key, problem)
    with ctx.store.writer() as writer:
        row = writer.get(GameTable, table_id, with_for_update=True)
        assert row is not None
        row.options = table_options.merged(row.options, changes)
        stored = dict(row.options)
        feed.append(writer, table_id, "options", {"options": table_options.current(row.system, stored)})
    ctx.hub.notify(table_id)
    ctx.db.commit()  # a new read transaction sees what was just written
    ctx.db.refresh(table)
    return options_out(table)
