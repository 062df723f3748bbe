"""Healing: "toujours joués en demi-succès"; "il n'est pas possible de faire regagner conscience à un
personnage hors combat durant la scène, sauf ... second souffle"; "dans les 5 mètres"; "Un pouvoir de
support peut s'étendre pour prendre effet sur plusieurs personnages consentants", 1 token more each
(002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.i18n import N_
from meneur.systems.energy.combat import checks, rules
from meneur.systems.energy.combat.commands import UseSupport
from meneur.systems.energy.combat.events import Event, VigorRestored
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState


def use(state: FightState, who: Combatant, cmd: UseSupport) -> list[Event]:
    """Each target (the healer by default) regains floor((tokens + reinforcement + GM) / 2) Vigueur; the
    healer pays the tokens and 1 more per person after the first (the tokens engaged are checked by the
    caller, :func:`.rules.engages_from_pool`)."""
    ids = cmd.targets or (who.id,)
    if len(set(ids)) != len(ids):
        checks.refuse("heal", N_("Name each character to heal once."))
    checks.can_pay(who, cmd.tokens + len(ids) - 1)
    amount_of = checks.halve(cmd.tokens + checks.first_use_modifier(who, cmd.power) + cmd.gm_modifier, 1)
    events: list[Event] = []
    for id in ids:
        target = checks.combatant(state, id)
        if len(ids) > 1 and target.id != who.id:
            checks.ally(who, target)
        checks.near(who, target, "heal")
        if not rules.may_be_healed(target):
            checks.refuse(
                "heal",
                N_(
                    "{name} is knocked out: only a second wind (détermination) lets a "
                    "healer bring them back during the scene."
                ),
                name=target.name,
            )
        if not rules.wants_vigor(target):
            checks.refuse(
                "heal",
                N_(
                    '{name} has all {vigor} of its Vigueur: healing ("rendent des points '
                    'de vigueur") would spend tokens for nothing.'
                ),
                name=target.name,
                vigor=target.vigor_max,
            )
        amount = min(amount_of, target.vigor_max - target.vigor)
        paid = cmd.tokens + len(ids) - 1 if not events else 0
        events.append(VigorRestored(who.id, target.id, amount, paid, target.out and amount > 0))
    return events
