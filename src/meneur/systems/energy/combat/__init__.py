"""Energy System tactical combat: a deterministic, event-sourced engine.

Conventions:
    * ``decide(state, command) -> events`` validates (raising :class:`~meneur.errors.Refused` naming the
      rule) and ``evolve(state, event) -> state`` folds; both are pure, with no I/O, clock or randomness.
    * :data:`.engine.SYSTEM` (key ``energy-fight``) gives them to the engine kernel; a
      :class:`meneur.engine.Session` keeps the event log, with ``do``, ``undo``, ``redo`` and ``replay``
      (:class:`Fight` is a thin face of it for code holding states).
    * Every rule is a named predicate of :mod:`.rules`, used by ``decide`` and by :func:`legal_actions`,
      the one legality query the CLI, a UI and an AI build on.
    * Rule text: ``../shared/rules/002_58e889a1abff3456.txt``; readings in ``docs/rulings/energy-combat.md``.
"""

from meneur.systems.energy.combat.decide import decide
from meneur.systems.energy.combat.evolve import evolve, evolve_all
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.files import load_fight
from meneur.systems.energy.combat.legal import LegalAction, legal_actions
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.profile import Combatant, PowerProfile, combatant_from_character
from meneur.systems.energy.combat.state import FightState, Phase

__all__ = [
    "Combatant",
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
    "legal_actions",
    "load_fight",
]
