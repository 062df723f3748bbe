"""Energy System tactical combat: a deterministic, event-sourced engine.

Conventions:
    * ``decide(state, command) -> events`` validates (raising ``IllegalActionError`` naming the rule)
      and ``apply(state, event) -> state`` folds; both are pure, with no I/O, clock or randomness.
    * States, combatants and events are immutable named tuples; a :class:`Fight` keeps the event log,
      with ``do``, ``undo``, ``redo`` and ``replay``.
    * :func:`legal_actions` is the one legality query the CLI, a UI and an AI build on.
    * Rule text: ``../shared/rules/002_58e889a1abff3456.txt``; readings in ``docs/rulings/energy-combat.md``.
"""

from meneur.systems.energy.combat.apply import apply, apply_all
from meneur.systems.energy.combat.decide import decide
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
    "apply",
    "apply_all",
    "combatant_from_character",
    "decide",
    "legal_actions",
    "load_fight",
]
