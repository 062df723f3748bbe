"""Giving energy: "le fera toujours en demi-succès, octroyant un point d'énergie à un personnage
ciblé pour deux points engagés" (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.i18n import N_
from meneur.systems.energy.combat import checks
from meneur.systems.energy.combat.commands import UseSupport
from meneur.systems.energy.combat.events import EnergyGiven, Event
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState


def use(state: FightState, who: Combatant, cmd: UseSupport) -> list[Event]:
    """One ally gains floor((tokens + reinforcement) / 2) tokens, up to its Énergie."""
    if len(cmd.targets) != 1 or cmd.targets[0] == who.id:
        checks.refuse("give_energy", N_("Giving energy needs exactly one other character as target."))
    target = checks.combatant(state, cmd.targets[0])
    checks.standing(target)
    if target.energy >= target.energy_max:
        checks.refuse("give_energy", N_("{name} already has all {energy} of its Énergie tokens: giving "
                                        "energy (\"octroyant un point d'énergie\") would spend tokens for "
                                        "nothing."),
                      name=target.name, energy=target.energy_max)
    checks.tokens_between(who, cmd.tokens)
    value = cmd.tokens + checks.first_use_modifier(who, cmd.power)
    amount = checks.halve(value, 1 + checks.far_while_engaged(state, who, target))
    amount = min(amount, target.energy_max - target.energy)
    return [EnergyGiven(who.id, target.id, cmd.tokens, amount)]
