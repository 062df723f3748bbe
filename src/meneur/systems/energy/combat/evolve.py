"""``evolve(state, event) -> state``: pure, no validation; replaying the log rebuilds the state."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from meneur.systems.energy.campaign.states import HURT
from meneur.systems.energy.combat import events as ev
from meneur.systems.energy.combat import rules
from meneur.systems.energy.combat.profile import OFFENSIVE, Combatant
from meneur.systems.energy.combat.state import FightState, Interruption, Phase

Change = Callable[[FightState, Any], FightState]


def _edit(state: FightState, id: str, **changes: Any) -> FightState:
    return state.with_combatant(state.get(id)._replace(**changes))


def _spend(state: FightState, id: str, paid: int, **changes: Any) -> FightState:
    who = state.get(id)
    return state.with_combatant(who._replace(energy=who.energy - paid, **changes))


def _fight_started(state: FightState, e: ev.FightStarted) -> FightState:
    return state._replace(turn=1, phase=Phase.ACTION, order=e.order, active=e.first)


def _new_turn_marks(c: Combatant, gain: int) -> Combatant:
    return c._replace(
        energy=c.energy + gain,
        turn_acted=False,
        defense=0,
        extended_defense=0,
        used=frozenset(),
        moves=0,
        small_move=False,
        charged=False,
        engaged_by=frozenset(),
        protecting=frozenset(),
        extra_categories=(),
        determined=False,
        slowed=False,
        conditions=frozenset(),
        lost_powers=frozenset(),
        borrowed=(),
        controlled_by=None,
        copy_targets=frozenset(),
    )


def _turn_started(state: FightState, e: ev.TurnStarted) -> FightState:
    gains = dict(e.gains)
    combatants = tuple(_new_turn_marks(c, gains.get(c.id, 0)) for c in state.combatants)
    return state._replace(
        combatants=combatants,
        turn=e.turn,
        phase=Phase.MAINTENANCE,
        order=e.order,
        active=0,
        acted=False,
        targeted=frozenset(),
        pending=None,
        interruption=None,
        maintainable=state.lasting,
        lasting=(),
    )


def _maintenance_ended(state: FightState, e: ev.MaintenanceEnded) -> FightState:
    combatants = tuple(
        c._replace(
            hold=c.hold and c.id not in e.dropped_holds,
            hold_kept=False,
            immune=c.immune and c.id not in e.dropped_immunity,
        )
        for c in state.combatants
    )
    terrain = tuple(t for t in state.terrain if t.id not in e.dropped_terrain)
    return state._replace(
        combatants=combatants,
        terrain=terrain,
        phase=Phase.ACTION,
        active=e.first,
        acted=False,
        targeted=frozenset(),
        maintainable=(),
    )


def _action_phase_ended(state: FightState, e: ev.ActionPhaseEnded) -> FightState:
    after = _edit(state, e.actor, turn_acted=True) if state.has(e.actor) else state
    return after._replace(active=e.next, acted=False, targeted=frozenset())


def _attack_declared(state: FightState, e: ev.AttackDeclared) -> FightState:
    p = e.pending
    after = _spend(state, p.attacker, e.paid) if e.paid else state
    if p.terrain is not None:
        return after._replace(pending=p)
    who = after.get(p.attacker)
    if who.made_by in OFFENSIVE and who.original is not None and after.has(who.original):
        original = after.get(who.original)
        after = after.with_combatant(original._replace(copy_targets=original.copy_targets | set(p.targets)))
    return after._replace(pending=p, acted=True, targeted=state.targeted | set(p.targets))


def _defense_placed(state: FightState, e: ev.DefensePlaced) -> FightState:
    who = state.get(e.actor)
    return state.with_combatant(who._replace(defense=who.defense + e.tokens, energy=who.energy - e.paid))


def _interposed(state: FightState, e: ev.Interposed) -> FightState:
    assert state.pending is not None
    pending = state.pending
    # "une seule fois": an interposer already in the zone takes the attack once, in the ally's place.
    rest = tuple(t for t in pending.targets[1:] if t != e.actor)
    # "qu'une seule fois durant sa phase d'action": the interposer is now a target of this attacker.
    targeted = state.targeted | {e.actor} if pending.terrain is None else state.targeted
    return state._replace(
        targeted=targeted,
        pending=pending._replace(
            target=e.actor,
            interposed_by=e.actor,
            interpose_power=e.power,
            targets=(pending.targets[0], *rest),
        ),
    )


def _extended(state: FightState, e: ev.ExtendedDefensePlaced) -> FightState:
    who = state.get(e.actor)
    return state.with_combatant(
        who._replace(
            defense=who.defense + e.tokens,
            energy=who.energy - e.paid,
            extended_defense=who.extended_defense + e.tokens,
            protecting=who.protecting | set(e.allies),
        )
    )


def _countered(state: FightState, e: ev.Countered) -> FightState:
    assert state.pending is not None
    after = _spend(state, e.actor, e.paid, hold=False)
    return after._replace(pending=state.pending._replace(countered=state.pending.countered + e.effective))


def _lose_token(state: FightState, id: str) -> FightState:
    """The target loses one raw defence token; its extended part can never exceed what remains."""
    who = state.get(id)
    if who.defense <= 0:
        return state
    defense = who.defense - 1
    return state.with_combatant(
        who._replace(defense=defense, extended_defense=min(who.extended_defense, defense))
    )


def _lose_extended_token(state: FightState, id: str) -> FightState:
    """A protector loses one of the tokens placed in extended defence ("un point d'énergie sera
    supprimé")."""
    who = state.get(id)
    if who.extended_defense <= 0 or who.defense <= 0:
        return state
    return state.with_combatant(
        who._replace(defense=who.defense - 1, extended_defense=who.extended_defense - 1)
    )


def _attack_resolved(state: FightState, e: ev.AttackResolved) -> FightState:
    after = _lose_token(state, e.target)
    for id in e.protectors:
        after = _lose_extended_token(after, id)
    pending = state.pending
    if pending is None or len(pending.targets) <= 1:
        return after._replace(pending=None)
    rest = pending.targets[1:]
    return after._replace(
        pending=pending._replace(
            targets=rest,
            target=rest[0],
            countered=0,
            interposed_by=None,
            interpose_power=None,
            hit=(*pending.hit, e.target),
        )
    )


def _attack_lost(state: FightState, e: ev.AttackLost) -> FightState:
    return state._replace(pending=None)


def _vigor_lost(state: FightState, e: ev.VigorLost) -> FightState:
    who = state.get(e.target)
    return state.with_combatant(
        who._replace(
            vigor=who.vigor - e.amount,
            out=who.out or e.out,
            knocked_out=who.knocked_out or e.out,
            hold=who.hold and not e.out,
        )
    )


def _vigor_restored(state: FightState, e: ev.VigorRestored) -> FightState:
    after = _spend(state, e.actor, e.paid)
    who = after.get(e.target)
    return after.with_combatant(who._replace(vigor=who.vigor + e.amount, out=who.out and not e.back))


def _condition(state: FightState, e: ev.ConditionApplied) -> FightState:
    who = state.get(e.target)
    return state.with_combatant(who._replace(conditions=who.conditions | {e.condition}))


def _engaged(state: FightState, e: ev.Engaged) -> FightState:
    who = state.get(e.target)
    return state.with_combatant(who._replace(engaged_by=who.engaged_by | {e.by}))


def _moved(state: FightState, e: ev.Moved) -> FightState:
    who = state.get(e.actor)
    if e.forced_by is not None and e.forced_by != e.actor:
        after = state.with_combatant(who._replace(position=e.to))
    else:
        after = state.with_combatant(
            who._replace(
                position=e.to,
                energy=who.energy - e.paid,
                moves=who.moves + (not e.small),
                small_move=who.small_move or e.small,
                charged=who.charged or e.charge,
            )
        )
    for id in e.carried:
        after = _edit(after, id, position=e.to)
    if e.forced_by is None:
        after = after._replace(acted=True)
    return after


def _power_used(state: FightState, e: ev.PowerUsed) -> FightState:
    who = state.get(e.actor)
    return state.with_combatant(who._replace(used=who.used | {e.power}))


def _held(state: FightState, e: ev.Held) -> FightState:
    after = _spend(state, e.actor, 1, hold=True)
    return after._replace(active=e.next, acted=False, targeted=frozenset())


def _hold_kept(state: FightState, e: ev.HoldKept) -> FightState:
    return _spend(state, e.actor, 1, hold_kept=True)


def _interrupted(state: FightState, e: ev.Interrupted) -> FightState:
    saved = Interruption(e.actor, state.pending, state.targeted, state.acted)
    after = _edit(state, e.actor, hold=False)
    return after._replace(interruption=saved, pending=None, targeted=frozenset(), acted=True)


def _interruption_ended(state: FightState, e: ev.InterruptionEnded) -> FightState:
    saved = state.interruption
    assert saved is not None
    state = _edit(state, e.actor, turn_acted=True) if state.has(e.actor) else state
    return state._replace(
        interruption=None, pending=saved.saved_pending, targeted=saved.saved_targeted, acted=saved.saved_acted
    )


def _energy_given(state: FightState, e: ev.EnergyGiven) -> FightState:
    after = _spend(state, e.actor, e.paid)
    who = after.get(e.target)
    return after.with_combatant(who._replace(energy=who.energy + e.amount))._replace(acted=True)


def _support_used(state: FightState, e: ev.SupportUsed) -> FightState:
    return _spend(state, e.actor, e.paid)._replace(acted=True)


def _terrain_created(state: FightState, e: ev.TerrainCreated) -> FightState:
    after = _spend(state, e.element.owner, e.paid)
    return after._replace(terrain=(*after.terrain, e.element), acted=True)


def _terrain_removed(state: FightState, e: ev.TerrainRemoved) -> FightState:
    return state._replace(
        terrain=tuple(t for t in state.terrain if t.id != e.id),
        scene=tuple(s for s in state.scene if s[0] != e.id),
    )


def _weakened(state: FightState, e: ev.TerrainWeakened) -> FightState:
    after = _spend(state, e.actor, e.paid)
    terrain = tuple(
        replace(t, rank=e.rank) if t.id == e.id else t for t in after.terrain if t.id != e.id or e.rank > 0
    )
    return after._replace(terrain=terrain, acted=True)


def _interaction(state: FightState, e: ev.InteractionProgressed) -> FightState:
    after = _spend(state, e.actor, e.paid)
    scene = (*(s for s in after.scene if s[0] != e.key), (e.key, e.total))
    return after._replace(scene=scene, acted=True)


def _stolen(state: FightState, e: ev.PowerStolen) -> FightState:
    victim = state.get(e.victim)
    power = replace(victim.power(e.power), modifier=0)
    after = state.with_combatant(victim._replace(lost_powers=victim.lost_powers | {e.power}))
    thief = after.get(e.thief)
    return after.with_combatant(thief._replace(borrowed=(*thief.borrowed, power)))


def _absorbed(state: FightState, e: ev.PowerAbsorbed) -> FightState:
    who = state.get(e.attacker)
    return state.with_combatant(who._replace(lost_powers=who.lost_powers | {e.power}))


def _control(state: FightState, e: ev.ControlTaken) -> FightState:
    return _edit(state, e.target, controlled_by=e.controller)


def _lent(state: FightState, e: ev.EnergyLent) -> FightState:
    return _spend(_spend(state, e.controller, e.amount), e.target, -e.amount)


def _returned(state: FightState, e: ev.EnergyReturned) -> FightState:
    return _spend(_spend(state, e.target, e.amount), e.controller, -e.amount)


def _slowed(state: FightState, e: ev.Slowed) -> FightState:
    return _edit(state, e.target, slowed=True)


def _jinxed(state: FightState, e: ev.Jinxed) -> FightState:
    return _edit(state, e.target, jinxed=True)


def _move_failed(state: FightState, e: ev.MoveFailed) -> FightState:
    who = state.get(e.actor)
    moved = who._replace(energy=who.energy - e.paid, jinxed=False, moves=who.moves + 1)
    return state.with_combatant(moved)._replace(acted=True)


def _immunity(state: FightState, e: ev.ImmunityRaised) -> FightState:
    return _spend(state, e.actor, e.paid, immune=True)._replace(acted=True)


def _invisibility(state: FightState, e: ev.InvisibilityChanged) -> FightState:
    return _spend(state, e.actor, e.paid, invisible=not e.visible)


def _copy(state: FightState, e: ev.CopyCreated) -> FightState:
    original = state.get(e.copy.original or "")
    after = state.with_combatant(
        original._replace(energy=original.energy - e.paid, copies=original.copies + 1)
    )
    at = after.order.index(original.id) + 1 if original.id in after.order else len(after.order)
    order = (*after.order[:at], e.copy.id, *after.order[at:])
    return after._replace(combatants=(*after.combatants, e.copy), order=order, acted=True)


def _joined(state: FightState, e: ev.AttackJoined) -> FightState:
    return _spend(state, e.actor, e.paid)


def _lasting(state: FightState, e: ev.LastingNoted) -> FightState:
    return state._replace(lasting=(*state.lasting, e.lasting))


def _maintained(state: FightState, e: ev.LastingMaintained) -> FightState:
    after = _spend(state, e.lasting.owner, e.paid)
    left = list(after.maintainable)
    left.remove(e.lasting)
    kept = (*after.lasting, e.lasting) if rules.kept_at_fixed_cost(e.lasting) else after.lasting
    return after._replace(maintainable=tuple(left), lasting=kept)


def _stress(state: FightState, e: ev.StressSpent) -> FightState:
    who = state.get(e.actor)
    changes: dict[str, Any] = {"stress": who.stress + 1}
    if e.use == "feat" and e.power is not None and e.category is not None:
        changes["extra_categories"] = (*who.extra_categories, (e.power, e.category))
    elif e.use == "determination":
        changes["determined"] = True
    elif e.use == "second_wind":
        changes["second_wind"] = True
    return state.with_combatant(who._replace(**changes))


def _states_after(c: Combatant, e: ev.FightEnded) -> frozenset[str]:
    states = set(c.states)
    if c.id in e.wounded:
        hurt = HURT & states
        states = (states - {"wounded"}) | {"incapacitated"} if hurt else states | {"wounded"}
    if c.id in e.exhausted:
        states.add("exhausted")
    return frozenset(states)


def _fight_ended(state: FightState, e: ev.FightEnded) -> FightState:
    restored = dict(e.restored)
    combatants = tuple(
        c._replace(
            vigor=restored.get(c.id, c.vigor), states=_states_after(c, e), out=c.out and c.id not in restored
        )
        for c in state.combatants
    )
    return state._replace(combatants=combatants, phase=Phase.ENDED, pending=None, interruption=None)


def _arrived(state: FightState, e: ev.CombatantArrived) -> FightState:
    order = (*state.order[: e.place], e.combatant.id, *state.order[e.place :])
    # A newcomer placed before the character acting now waits for the next turn.
    shift = int(state.phase is Phase.ACTION and bool(state.order) and e.place <= state.active)
    return state._replace(
        combatants=(*state.combatants, e.combatant), order=order, active=state.active + shift
    )


def _left(state: FightState, e: ev.CombatantLeft) -> FightState:
    return _edit(state, e.target, out=True, left=True, hold=False)


def _adjusted(state: FightState, e: ev.Adjusted) -> FightState:
    who = state.get(e.target)
    changes: dict[str, Any] = {}
    if e.vigor is not None:
        changes.update(
            vigor=e.vigor, out=e.vigor == 0 or who.left, knocked_out=who.knocked_out or e.vigor == 0
        )
    if e.energy is not None:
        changes["energy"] = e.energy
    if e.position is not None:
        changes["position"] = e.position
    conditions = set(who.conditions)
    if e.add_condition is not None:
        conditions.add(e.add_condition)
    if e.remove_condition is not None:
        conditions.discard(e.remove_condition)
    return state.with_combatant(who._replace(conditions=frozenset(conditions), **changes))


def _placed(state: FightState, e: ev.TerrainPlaced) -> FightState:
    return state._replace(terrain=(*state.terrain, e.element))


CHANGES: dict[type, Change] = {
    ev.FightStarted: _fight_started,
    ev.TurnStarted: _turn_started,
    ev.MaintenanceEnded: _maintenance_ended,
    ev.ActionPhaseEnded: _action_phase_ended,
    ev.AttackDeclared: _attack_declared,
    ev.DefensePlaced: _defense_placed,
    ev.Interposed: _interposed,
    ev.ExtendedDefensePlaced: _extended,
    ev.Countered: _countered,
    ev.AttackResolved: _attack_resolved,
    ev.AttackLost: _attack_lost,
    ev.VigorLost: _vigor_lost,
    ev.VigorRestored: _vigor_restored,
    ev.ConditionApplied: _condition,
    ev.Engaged: _engaged,
    ev.Moved: _moved,
    ev.PowerUsed: _power_used,
    ev.Held: _held,
    ev.HoldKept: _hold_kept,
    ev.Interrupted: _interrupted,
    ev.InterruptionEnded: _interruption_ended,
    ev.EnergyGiven: _energy_given,
    ev.SupportUsed: _support_used,
    ev.TerrainCreated: _terrain_created,
    ev.TerrainRemoved: _terrain_removed,
    ev.TerrainWeakened: _weakened,
    ev.InteractionProgressed: _interaction,
    ev.PowerStolen: _stolen,
    ev.PowerAbsorbed: _absorbed,
    ev.ControlTaken: _control,
    ev.EnergyLent: _lent,
    ev.EnergyReturned: _returned,
    ev.Slowed: _slowed,
    ev.Jinxed: _jinxed,
    ev.MoveFailed: _move_failed,
    ev.ImmunityRaised: _immunity,
    ev.InvisibilityChanged: _invisibility,
    ev.CopyCreated: _copy,
    ev.AttackJoined: _joined,
    ev.LastingNoted: _lasting,
    ev.LastingMaintained: _maintained,
    ev.StressSpent: _stress,
    ev.FightEnded: _fight_ended,
    ev.CombatantArrived: _arrived,
    ev.CombatantLeft: _left,
    ev.Adjusted: _adjusted,
    ev.TerrainPlaced: _placed,
}


def evolve(state: FightState, event: ev.Event) -> FightState:
    """The state after ``event`` (no validation: events come from :func:`decide` or the log)."""
    return CHANGES[type(event)](state, event)


def evolve_all(state: FightState, events: list[ev.Event] | tuple[ev.Event, ...]) -> FightState:
    """Fold ``events`` over ``state``."""
    for event in events:
        state = CHANGES[type(event)](state, event)
    return state
