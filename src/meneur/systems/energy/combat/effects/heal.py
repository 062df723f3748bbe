"""Healing: "toujours joués en demi-succès"; "il n'est pas possible de faire regagner conscience à un
personnage hors combat durant la scène, sauf ... second souffle"; "dans les 5 mètres"
(002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.i18n import N_
from meneur.systems.energy.combat import checks
from meneur.systems.energy.combat.commands import UseSupport
from meneur.systems.energy.combat.events import Event, VigorRestored
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState


def use(state: FightState, who: Combatant, cmd: UseSupport) -> list[Event]:
    """The target (the healer by default) regains floor((tokens + reinforcement) / 2) Vigueur."""
    target = checks.combatant(state, cmd.targets[0] if cmd.targets else who.id)
    if len(cmd.targets) > 1:
        checks.refuse("heal", N_("Heal one character at a time."))
    checks.near(who, target, "heal")
    if target.out and not target.second_wind:
        checks.refuse("heal", N_("{name} is knocked out: only a second wind (détermination) lets a "
                                 "healer bring them back during the scene."), name=target.name)
    if target.vigor >= target.vigor_max:
        checks.refuse("heal", N_("{name} has all {vigor} of its Vigueur: healing (\"rendent des points de "
                                 "vigueur\") would spend tokens for nothing."),
                      name=target.name, vigor=target.vigor_max)
    checks.tokens_between(who, cmd.tokens)
    amount = checks.halve(cmd.tokens + checks.first_use_modifier(who, cmd.power), 1)
    amount = min(amount, target.vigor_max - target.vigor)
    return [VigorRestored(who.id, target.id, amount, cmd.tokens, target.out and amount > 0)]
