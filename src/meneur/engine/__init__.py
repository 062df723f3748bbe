"""The engine kernel: one protocol, one session, one store and one wire form for every system.

* :class:`~meneur.engine.system.System`: what a rules package gives the engine (``decide``,
  ``evolve``, ``legal``, ``start``, a codec); registered by key in :mod:`.registry`.
* :class:`~meneur.engine.session.Session`: a game in progress (``new``, ``do``, ``legal``,
  ``undo``, ``redo``, ``events``, ``snapshot``, ``replay``); the CLI, the table server and the AI
  drive nothing else.
* :mod:`.store`: session files (versioned, atomic, locked); :mod:`.codec`: the JSON wire form;
  :mod:`.problems`: validation errors in the user's language.

The names below load with the module that holds them, when first asked for: a model file that only
needs :mod:`.model` (every character) does not bring in the session, the registry and the dice.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meneur.engine.registry import SYSTEMS, system
    from meneur.engine.session import Change, Entry, Session
    from meneur.engine.system import Legal, System

_HOMES = {
    "SYSTEMS": "registry",
    "system": "registry",
    "Change": "session",
    "Entry": "session",
    "Session": "session",
    "Legal": "system",
    "System": "system",
}

__all__ = ["SYSTEMS", "Change", "Entry", "Legal", "Session", "System", "system"]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
