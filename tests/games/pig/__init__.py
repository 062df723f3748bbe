"""Pig, a one-die push-your-luck game: a test-only meneur game that lives in this package alone.

On your turn you roll one d6 as often as you dare: each face from 2 to 6 adds to the turn's points,
a 1 loses them and passes the turn; or you hold, banking the turn's points, and the next player
plays. The first to bank the goal (a table option, 20 by default) wins.

Layout (the shape of every system package): :mod:`.model` (the table options, the state),
:mod:`.commands` (commands, ``decide``, ``legal``), :mod:`.events` (events, ``evolve``),
:mod:`.engine` (``SYSTEM``), :mod:`.narration` (the log's lines); the adapters :mod:`.cli` and
:mod:`.plugin`. Names are loaded on first use, so importing the package costs nothing.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "SYSTEM": "engine",
    "start": "engine",
    "Command": "commands",
    "decide": "commands",
    "legal": "commands",
    "Event": "events",
    "evolve": "events",
    "State": "model",
    "TableOptions": "model",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)
