"""Energy System tactical combat: a deterministic, event-sourced engine.

Conventions:
    * ``decide(state, command) -> events`` validates (raising :class:`~meneur.errors.Refused` naming the
      rule) and ``evolve(state, event) -> state`` folds; both are pure, with no I/O, clock or randomness.
    * :data:`.engine.SYSTEM` (key ``energy-fight``) gives them to the engine kernel; a
      :class:`meneur.engine.Session` keeps the event log, with ``do``, ``undo``, ``redo`` and ``replay``
      (:class:`Fight` is that session, built from a state, for code holding states).
    * Every rule is a named predicate of :mod:`.rules`, used by ``decide`` and by :func:`legal_actions`,
      the one legality query the CLI, a UI and an AI build on.
    * Rule text: ``../shared/rules/002_58e889a1abff3456.txt``; readings in ``docs/rulings/energy-combat.md``.
"""

from importlib import import_module
from typing import Any

from meneur.systems.energy.combat.decide import decide
from meneur.systems.energy.combat.engine import load_fight
from meneur.systems.energy.combat.evolve import evolve, evolve_all
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.legal import LegalAction, legal_actions
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.profile import Combatant, PowerProfile, combatant_from_character
from meneur.systems.energy.combat.state import FightState, Phase

__all__ = [
    "SYSTEM",
    "Combatant",
    "Command",
    "Event",
    "Fight",
    "FightState",
    "LegalAction",
    "Phase",
    "PowerProfile",
    "TableOptions",
    "combatant_from_character",
    "decide",
    "evolve",
    "evolve_all",
    "legal",
    "legal_actions",
    "load_fight",
    "start",
]


_ENGINE = ("SYSTEM", "Command", "Event", "legal", "start")
"""The rest of what every system package exports, from :mod:`.engine` (loaded on first use)."""


def __getattr__(name: str) -> Any:
    if name not in _ENGINE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.engine"), name)
