"""Giving energy: "le fera toujours en demi-succès, octroyant un point d'énergie à un personnage
ciblé pour deux points engagés"; "Un pouvoir de support peut s'étendre pour prendre effet sur plusieurs
personnages consentants ... chaque personne en plus de la première augmente le coût du pouvoir de 1
jeton d'énergie" (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.i18n import N_
from meneur.systems.energy.combat import checks, rules
from meneur.systems.energy.combat.commands import UseSupport
from meneur.systems.energy.combat.events import EnergyGiven, Event
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState


def use(state: FightState, who: Combatant, cmd: UseSupport) -> list[Event]:
    """Each willing ally gains floor((tokens + reinforcement + GM) / 2) tokens, up to its Énergie; the
    giver pays the tokens and 1 more per ally after the first (the tokens engaged are checked by the
    caller, :func:`.rules.engages_from_pool`)."""
    if not cmd.targets or who.id in cmd.targets or len(set(cmd.targets)) != len(cmd.targets):
        checks.refuse("give_energy", N_("Giving energy needs other characters as targets, each named once."))
    checks.can_pay(who, cmd.tokens + len(cmd.targets) - 1)
    value = cmd.tokens + checks.first_use_modifier(who, cmd.power) + cmd.gm_modifier
    events: list[Event] = []
    for id in cmd.targets:
        target = checks.combatant(state, id)
        checks.standing(target)
        checks.ally(who, target)
        if not rules.wants_energy(target):
            checks.refuse(
                "give_energy",
                N_(
                    "{name} already has all {energy} of its Énergie tokens: giving "
                    'energy ("octroyant un point d\'énergie") would spend tokens '
                    "for nothing."
                ),
                name=target.name,
                energy=target.energy_max,
            )
        amount = checks.halve(value, 1 + checks.far_while_engaged(state, who, target))
        amount = min(amount, target.energy_max - target.energy)
        paid = cmd.tokens + len(cmd.targets) - 1 if not events else 0
        events.append(EnergyGiven(who.id, target.id, paid, amount))
    return events
