"""The `carpathes` game system: the Carpathian horror game (2D6 + Trait), its chronicle and dice.

Importing the package loads nothing else: ``SYSTEM`` and the model and rules names below are
loaded on first use (``from meneur.systems.carpathes import SYSTEM, Character``).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS: dict[str, str] = {
    "SYSTEM": "engine",
    "Character": "model",
    "TableOptions": "model",
    "Trait": "model",
    "Tier": "model",
    "RollMode": "model",
    "Faith": "model",
    "CreatureKind": "model",
    "ChronicleState": "state",
    "start": "state",
    "decide": "chronicle",
    "evolve": "chronicle",
    "legal": "legality",
    "check": "limits",
    "Command": "commands",
    "COMMANDS": "commands",
    "Event": "events",
    "EVENTS": "events",
    "roll": "resolution",
    "TraitRoll": "resolution",
    "attack": "combat",
    "defense": "combat",
    "Wound": "combat",
    "roll_initiative": "initiative",
    "effect_of": "supernatural",
}
"""Exported name -> the module of this package that defines it."""

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)
