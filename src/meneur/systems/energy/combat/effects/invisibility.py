"""Invisibility (SPECTRE): "Un personnage qui dépense un point d'énergie devient invisible"; the
adversary must "se défendre en demi-succès"; attacking ends it unless "elle dépense 1 point
supplémentaire" (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.systems.energy.combat import checks
from meneur.systems.energy.combat.commands import UseSupport
from meneur.systems.energy.combat.events import Event, InvisibilityChanged
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState


def use(state: FightState, who: Combatant, cmd: UseSupport) -> list[Event]:
    """The user becomes invisible for one token (a reinforcement pays for it)."""
    paid = checks.fixed_cost(who, cmd.power, max(1, cmd.tokens))
    checks.can_pay(who, paid)
    return [InvisibilityChanged(who.id, False, paid)]
