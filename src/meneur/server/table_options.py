"""What a table's options mean for the server: their values now, a change checked, and the ones a
new session's engine reads.

An option is a field of the game's options model (:attr:`meneur.engine.plugin.Game.options`, read
by :mod:`meneur.engine.options`: its form, default, bounds and words). It is either read by the
game's projection when it shows a session (what players see of an NPC's sheet), or read by
the engine from a session's setup: the server puts the table's value into the setup's ``options``
of every session of that kind started afterwards (a setup that sets the option keeps its own; a
running session keeps the options it started with, so its log replays the same). Options are
stored in the table's ``options`` (absent: the default). Nothing here decides a rule: the choices
are the rulings' (``docs/rulings/``), the list is the game's model.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic import BaseModel

from meneur.engine import registry
from meneur.engine.options import NO_LIMIT, TableOption, table_options
from meneur.engine.plugin import load
from meneur.errors import BadInputError
from meneur.i18n import N_, Message

__all__ = ["NO_LIMIT", "TableOption", "check", "checked", "current", "merged", "options_of", "setup_with"]

DOMAIN = "server"


def options_of(system: str) -> tuple[TableOption, ...]:
    """The options a table of ``system`` has: its game's options model's fields (none for a game
    without a model, or an unknown one)."""
    try:
        game = registry.game(system)
    except BadInputError:
        return ()
    if game.options is None:
        return ()
    kinds = tuple((kind.key, kind.options) for kind in game.kinds if kind.options is not None)
    return _derived(game.options, kinds)


@cache
def _derived(model: str, kinds: tuple[tuple[str, str], ...]) -> tuple[TableOption, ...]:
    return table_options(_model(model), ((key, _model(path)) for key, path in kinds))


def _model(path: str) -> type[BaseModel]:
    found = load(path)
    if not (isinstance(found, type) and issubclass(found, BaseModel)):
        raise TypeError(f"{path} is not a pydantic model")
    return found


def current(system: str, stored: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of the table with its value now (the default where none is stored)."""
    return {option.key: stored.get(option.key, option.default) for option in options_of(system)}


def check(option: TableOption, value: Any) -> tuple[Any, Message | None]:
    """``value`` as the option stores it, or why it is not one of its values."""
    if option.form == "choice":
        keys = [key for key, _word in option.choices]
        if value in keys:
            return value, None
        return None, Message(DOMAIN, N_("Choose one of: {known}."), {"known": ", ".join(keys)})
    if option.form == "bool":
        if isinstance(value, bool):
            return value, None
        return None, Message(DOMAIN, N_("Give true or false."))
    if option.form == "integer":
        return _integer(option, value)
    number = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
    if number and option.minimum < value <= option.maximum:
        return float(value), None
    return None, Message(
        DOMAIN,
        N_("Give a number greater than {least} and at most {most}."),
        {"least": f"{option.minimum:g}", "most": f"{option.maximum:g}"},
    )


def _integer(option: TableOption, value: Any) -> tuple[Any, Message | None]:
    if option.unlimited and value == NO_LIMIT:
        return NO_LIMIT, None
    whole = isinstance(value, int) and not isinstance(value, bool)
    whole = whole or (isinstance(value, float) and value.is_integer())
    if whole and option.minimum <= value <= option.maximum:
        return int(value), None
    bounds = {"least": f"{option.minimum:g}", "most": f"{option.maximum:g}", "none": NO_LIMIT}
    if option.unlimited:
        return None, Message(
            DOMAIN, N_("Give a whole number from {least} to {most}, or « {none} » for no limit."), bounds
        )
    return None, Message(DOMAIN, N_("Give a whole number from {least} to {most}."), bounds)


def checked(system: str, values: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Message]]:
    """The values that are options of ``system`` and valid (``None``: back to the default), and the
    problem of each one that is not, by key."""
    known = {option.key: option for option in options_of(system)}
    found: dict[str, Any] = {}
    problems: dict[str, Message] = {}
    for key, value in values.items():
        option = known.get(key)
        if option is None:
            problems[key] = Message(
                DOMAIN,
                N_("A table of {system} has no option '{key}'; it has: {known}."),
                {"system": system, "key": key, "known": ", ".join(known) or "-"},
            )
            continue
        if value is None:
            found[key] = None
            continue
        value, problem = check(option, value)
        if problem is None:
            found[key] = value
        else:
            problems[key] = problem
    return found, problems


def merged(stored: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """The table's stored options after ``changes`` (a ``None`` removes the option: its default)."""
    found = dict(stored)
    for key, value in changes.items():
        if value is None:
            found.pop(key, None)
        else:
            found[key] = value
    return found


def setup_with(system: str, kind: str, stored: Mapping[str, Any], setup: Any) -> Any:
    """``setup`` of a new session of ``kind`` with the table's options its engine reads (the ones
    the setup sets itself are kept)."""
    read = {
        option.key: None if stored[option.key] == NO_LIMIT else stored[option.key]
        for option in options_of(system)
        if option.session_kind == kind and option.key in stored
    }
    if not read or not isinstance(setup, dict):
        return setup
    own = setup.get("options")
    if own is not None and not isinstance(own, dict):
        return setup  # the engine says what is wrong with it
    return {**setup, "options": {**read, **(own or {})}}
