"""The engine kernel: one protocol, one session, one store and one wire form for every system.

* :class:`~meneur.engine.system.System`: what a rules package gives the engine (``decide``,
  ``evolve``, ``legal``, ``start``, a codec); registered by key in :mod:`.registry`.
* :class:`~meneur.engine.session.Session`: a game in progress (``new``, ``do``, ``legal``,
  ``undo``, ``redo``, ``events``, ``snapshot``, ``replay``); the CLI, the table server and the AI
  drive nothing else.
* :mod:`.store`: session files (versioned, atomic, locked); :mod:`.codec`: the JSON wire form;
  :mod:`.problems`: validation errors in the user's language.
"""

from meneur.engine.registry import SYSTEMS, system
from meneur.engine.session import Change, Entry, Session
from meneur.engine.system import Legal, System

__all__ = ["SYSTEMS", "Change", "Entry", "Legal", "Session", "System", "system"]
