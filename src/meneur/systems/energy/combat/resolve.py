"""Resolving an attack against the defence it meets.

"Si la défense est égale ou supérieure à l'énergie de l'attaque, alors l'attaque échoue"; "après
chaque attaque subie, un des points d'énergie engagés en défense est supprimé"; an extended defence
"peut se cumuler avec celle des personnages que l'on protège" (002_58e889a1abff3456.txt).
Readings 3 and 4 of the issue: success only when attack > defence; one raw token removed.
"""

from __future__ import annotations

from meneur.systems.energy.combat import checks, rules
from meneur.systems.energy.combat.effects import ON_HIT
from meneur.systems.energy.combat.events import AttackResolved, Event, PowerAbsorbed
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState, PendingAttack


def protectors(state: FightState, target: Combatant) -> tuple[Combatant, ...]:
    """Standing characters whose extended defence covers ``target``, within 5 m of it, with tokens left
    in that extended defence."""
    return tuple(
        c
        for c in state.combatants
        if target.id in c.protecting
        and not c.out
        and c.id != target.id
        and extended_tokens(c) > 0
        and rules.nearby(c.position, target.position)
    )


def extended_tokens(protector: Combatant) -> int:
    """The tokens that count for a covered ally: only "les jetons d'énergie placés en défense étendue"
    (002_58e889a1abff3456.txt), never the protector's own defence."""
    return min(protector.extended_defense, protector.defense)


def defense_value(state: FightState, target: Combatant, level: int, gm_modifier: int = 0) -> int:
    """Effective defence: the target's own tokens halved ``level`` times plus every protector's
    extended tokens."""
    own = checks.halve(target.defense + gm_modifier, 0 if target.determined else level)
    return own + sum(extended_tokens(p) for p in protectors(state, target))


def resolve(
    state: FightState, pending: PendingAttack, level: int, gm_modifier: int = 0, power: int | None = None
) -> list[Event]:
    """The events of ``pending`` meeting its target's defence (placed already in ``state``), opposed with
    the target's ``power``."""
    target = state.get(pending.target)
    attack = max(0, pending.effective - pending.countered)
    own = checks.halve(target.defense + gm_modifier, 0 if target.determined else level)
    guards = protectors(state, target)
    defense = own + sum(extended_tokens(p) for p in guards)
    success = attack > defense and not target.immune
    margin = max(0, attack - defense)
    events: list[Event] = [
        AttackResolved(
            pending.attacker,
            target.id,
            pending.effective,
            pending.countered,
            defense,
            own,
            tuple(p.id for p in guards),
            success,
            margin,
            pending.kind,
            target.immune,
        )
    ]
    if success:
        events += ON_HIT[pending.kind](state, pending, margin)
    elif absorbs(target, power) and pending.power is not None and pending.terrain is None:
        events.append(PowerAbsorbed(target.id, pending.attacker, pending.power))
    return events


def absorbs(target: Combatant, power: int | None) -> bool:
    """An absorbing defence (SOLARIS): "Si la défense est suffisant pour annuler l'attaque, alors
    l'attaquant perd le pouvoir utilisé jusqu'à la fin du tour" (002_58e889a1abff3456.txt)."""
    return (
        power is not None
        and target.has_power(power)
        and target.counts_as(power, "def")
        and (target.power(power).kind == "steal")
    )
