"""Declaring an attack: who may attack whom, with what, for how many effective tokens.

Rules (002_58e889a1abff3456.txt): "un même adversaire ne peut être pris pour cible par le personnage
actif qu'une seule fois durant sa phase d'action"; "C'est toujours le personnage qui réalise l'action
offensive qui dépense ses points d'énergie en premier"; area attacks "en demi-succès"; attacking
"sans avoir de pouvoir correspondant ... en demi-succès"; a support power used offensively
"en demi-succès"; engaged characters act beyond 5 m "en demi-succès" and with Off-D against the
engager "un malus de 1 point d'énergie".
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.i18n import N_
from meneur.systems.energy.combat import checks
from meneur.systems.energy.combat.commands import Attack
from meneur.systems.energy.combat.effects import ON_HIT
from meneur.systems.energy.combat.events import AttackDeclared, Engaged, Event, InvisibilityChanged, PowerUsed
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState, PendingAttack
from meneur.systems.energy.combat.words import word


@dataclass(frozen=True, slots=True)
class Strength:
    """How an attack's tokens become effective tokens."""

    bonus: int
    adjustment: int
    halving: int

    def effective(self, tokens: int) -> int:
        """max(0, tokens + bonus + adjustment) halved ``halving`` times."""
        return checks.halve(tokens + self.bonus + self.adjustment, self.halving)


def kind_of(who: Combatant, power: int | None) -> str:
    """The effect kind of an offensive use: the power's own kind, damage by default."""
    if power is None:
        return "damage"
    kind = who.power(power).kind
    return kind if kind in ON_HIT else "damage"


def is_contact(who: Combatant, power: int | None) -> bool:
    """A contact attack: made with an Off-C power (or as an action d'éclat counted Off-C)."""
    return power is not None and who.counts_as(power, "off_c")


def strength(state: FightState, who: Combatant, cmd: Attack, targets: tuple[Combatant, ...]) -> Strength:
    """Bonus, adjustment and halving of an attack (readings 1 and 2 of the issue)."""
    halving = 0 if checks.is_offensive(who, cmd.power) else 1
    halving += who.made_by == "sup"
    halving += bool(cmd.area_targets)
    halving += kind_of(who, cmd.power) == "forced_move"
    halving += max(checks.far_while_engaged(state, who, t) for t in targets)
    adjustment = cmd.gm_modifier
    if cmd.power is not None and who.counts_as(cmd.power, "off_d") and not is_contact(who, cmd.power):
        adjustment -= sum(t.id in who.engaged_by for t in targets[:1])
    return Strength(checks.first_use_modifier(who, cmd.power), adjustment, halving)


def check_targets(state: FightState, who: Combatant, cmd: Attack) -> tuple[Combatant, ...]:
    """The targets, refused when unknown, out, already attacked, out of reach or out of the area."""
    ids = (cmd.target, *cmd.area_targets)
    if len(set(ids)) != len(ids) or who.id in ids:
        checks.refuse("targets", N_("Each target must be named once and not be the attacker."))
    targets = tuple(checks.combatant(state, i) for i in ids)
    for target in targets:
        if target.out:
            checks.refuse("knock_out", N_("{name} is knocked out and cannot act."), name=target.name)
        if target.id in state.targeted:
            checks.refuse("one_attack_per_target",
                          N_("{target} was already attacked by {name} in this action phase: all tokens "
                             "against a target must be spent at once."), target=target.name, name=who.name)
    if is_contact(who, cmd.power):
        for target in targets[:1]:
            checks.near(who, target, "contact_reach", state.options.contact_reach)
    if cmd.area_targets:
        if state.options.area_needs_area_power and (cmd.power is None or not who.power(cmd.power).area):
            checks.refuse("area", N_("This power was not made for area attacks (table option)."))
        if not 0 < cmd.diameter <= checks.AREA_MAX_DIAMETER:
            checks.refuse("area", N_("An area is at most 20 m across, not {diameter} m."),
                          diameter=cmd.diameter)
        for target in targets[1:]:
            checks.near(targets[0], target, "area", cmd.diameter)
    return targets


def check_attacker(who: Combatant, cmd: Attack) -> None:
    """Conditions and powers that forbid this attack."""
    checks.free_to_spend(who)
    if who.made_by == "def":
        checks.refuse("duplicates", N_("A copy made by a defensive power only protects: it cannot attack."))
    checks.not_immune(who)
    if "entangled" in who.conditions:
        checks.refuse("conditions", N_("{name} is {condition}: only defence is possible."),
                      name=who.name, condition=word("entangled"))
    checks.usable_power(who, cmd.power)
    checks.gm_modifier_ok(cmd.gm_modifier)
    if "blinded" in who.conditions and not is_contact(who, cmd.power):
        checks.refuse("conditions", N_("{name} is blinded and cannot attack at range."), name=who.name)
    checks.tokens_between(who, cmd.tokens + cmd.keep_invisible)


def check_effect(state: FightState, who: Combatant, cmd: Attack, target: Combatant) -> None:
    """Effect details: a stolen power must exist, a forced move stays within 20 m."""
    kind = kind_of(who, cmd.power)
    if kind == "steal" and not target.has_power(cmd.target_power):
        checks.refuse("steal", N_("{name} has no usable power number {power}."),
                      name=target.name, power=cmd.target_power)
    if kind == "forced_move" and cmd.destination is not None and checks.distance(
            target.position, cmd.destination) > checks.MOVE_METRES:
        checks.refuse("forced_move", N_("A forced move is at most 20 m."))
    if kind == "carry" and cmd.destination is not None and checks.distance(
            target.position, cmd.destination) > checks.MOVE_METRES * max(1, cmd.carry_legs or 1):
        checks.refuse("carry", N_("Carrying a target flies 20 m per 2 tokens past its defence."))


def declare(state: FightState, cmd: Attack, charge: bool = False) -> list[Event]:
    """Validate ``cmd`` for the acting character and return the events that declare it."""
    who = checks.combatant(state, cmd.actor)
    checks.acting(state, who)
    check_attacker(who, cmd)
    targets = check_targets(state, who, cmd)
    check_effect(state, who, cmd, targets[0])
    power = who.power(cmd.power) if cmd.power is not None else None
    how = strength(state, who, cmd, targets)
    pending = PendingAttack(
        attacker=who.id, power=cmd.power, tokens=cmd.tokens, effective=how.effective(cmd.tokens),
        kind=kind_of(who, cmd.power), condition=power.condition if power else None,
        targets=tuple(t.id for t in targets), target=targets[0].id, contact=is_contact(who, cmd.power),
        defense_halving=int(who.invisible), target_power=cmd.target_power,
        destination=cmd.destination, carry_legs=cmd.carry_legs)
    events: list[Event] = []
    if cmd.power is not None and cmd.power not in who.used:
        events.append(PowerUsed(who.id, cmd.power))
    events.append(AttackDeclared(pending, cmd.tokens + cmd.keep_invisible, how.bonus, how.adjustment,
                                 how.halving))
    if pending.contact:
        events += [Engaged(t.id, who.id) for t in targets if who.id not in t.engaged_by]
    if who.invisible and not cmd.keep_invisible:
        events.append(InvisibilityChanged(who.id, True, 0))
    return events


def as_maintenance(pending: PendingAttack) -> PendingAttack:
    """The same pending attack marked as a maintenance payment."""
    return pending._replace(maintained=True)
