"""The `insmv` game system (see ../shared/rules/README.md).

Layout (the same in every system package): :mod:`.model` (beings, table options, the table),
rule modules (:mod:`.table_um`, :mod:`.resolution`, :mod:`.opposed`, :mod:`.power_points`,
:mod:`.human_only`), :mod:`.commands` (commands, ``decide``, ``legal``), :mod:`.events` (events,
``evolve``), :mod:`.engine` (``SYSTEM``), :mod:`.catalogue`, :mod:`.odds`, :mod:`.narration` and
:mod:`.render`, :mod:`.cli`. Names are loaded on first use, so importing the package costs nothing.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "SYSTEM": "engine",
    "Being": "model",
    "BeingKind": "model",
    "KindRules": "model",
    "Table": "model",
    "TableOptions": "model",
    "Command": "commands",
    "Event": "events",
    "decide": "commands",
    "legal": "commands",
    "refusal": "commands",
    "evolve": "events",
    "plan_test": "resolution",
    "roll_test": "resolution",
    "oppose": "opposed",
    "table_um": "table_um",
    "start": "engine",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)
