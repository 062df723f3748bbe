"""Explanations of events as translatable messages (French or English at display time).

A resolved attack is told with its raw tokens, bonus, halving, counter-power and the defence it met,
so a reader can check every number against the book.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meneur.i18n import N_, Message
from meneur.systems.energy.combat import events as ev
from meneur.systems.energy.combat.state import FightState
from meneur.systems.energy.combat.words import word

DOMAIN = "energy_combat"
Explain = Callable[[FightState, Any], Message]


def _m(msgid: str, **params: Any) -> Message:
    return Message(DOMAIN, msgid, params)


def _n(state: FightState, id: str) -> str:
    return state.get(id).name if state.has(id) else id


def _power(state: FightState, id: str, power: int | None) -> str:
    if power is None or not state.has(id):
        return "-"
    who = state.get(id)
    return who.power(power).name if who.has_power(power) or power < len(who.powers) else str(power)


def _declared(s: FightState, e: ev.AttackDeclared) -> Message:
    p = e.pending
    if p.terrain is not None:
        return _m(N_("The terrain element {terrain} attacks {target} with {effective} token(s)."),
                  terrain=p.terrain, target=_n(s, p.target), effective=p.effective)
    return _m(N_("{attacker} attacks {targets} with {power}: {tokens} token(s), bonus {bonus}, adjustment "
                 "{adjustment}, halved {halving} time(s) = {effective} effective."),
              attacker=_n(s, p.attacker), targets=", ".join(_n(s, t) for t in p.targets),
              power=_power(s, p.attacker, p.power), tokens=p.tokens, bonus=e.bonus,
              adjustment=e.adjustment, halving=e.halving, effective=p.effective)


def _resolved(s: FightState, e: ev.AttackResolved) -> Message:
    if e.immune:
        return _m(N_("{target} is immune: the attack has no effect."), target=_n(s, e.target))
    verdict = N_("the attack succeeds by {margin}") if e.success else N_("the defence stops the attack")
    return _m(N_("Attack {attack} (minus counter {countered}) against defence {defense} of {target} "
                 "(own {own}): {verdict}; one defence token removed."),
              attack=e.attack, countered=e.countered, defense=e.defense, target=_n(s, e.target),
              own=e.own_defense, verdict=_m(verdict, margin=e.margin))


def _defense(s: FightState, e: ev.DefensePlaced) -> Message:
    return _m(N_("{name} pays {paid} and places {tokens} token(s) in defence with {power} "
                 "(halved {level} time(s))."), name=_n(s, e.actor), paid=e.paid, tokens=e.tokens,
              power=_power(s, e.actor, e.power), level=e.level)


def _moved(s: FightState, e: ev.Moved) -> Message:
    if e.forced_by is not None and e.forced_by != e.actor:
        return _m(N_("{name} is moved by force to {x}, {y}."), name=_n(s, e.actor), x=e.to[0], y=e.to[1])
    return _m(N_("{name} moves to {x}, {y} for {paid} token(s){carried}."), name=_n(s, e.actor),
              x=e.to[0], y=e.to[1], paid=e.paid,
              carried=(" (+ " + ", ".join(_n(s, c) for c in e.carried) + ")") if e.carried else "")


def _turn(s: FightState, e: ev.TurnStarted) -> Message:
    gains = ", ".join(f"{_n(s, i)} +{g}" for i, g in e.gains)
    return _m(N_("Turn {turn}: defence tokens removed, recovery: {gains}. Maintenance phase."),
              turn=e.turn, gains=gains or "-")


EXPLAIN: dict[type, Explain] = {
    ev.FightStarted: lambda s, e: _m(N_("The fight starts. Order: {order}."),
                                     order=", ".join(_n(s, i) for i in e.order)),
    ev.TurnStarted: _turn,
    ev.MaintenanceEnded: lambda s, e: _m(N_("Action phases begin.")),
    ev.ActionPhaseEnded: lambda s, e: _m(N_("{name} ends its action phase."), name=_n(s, e.actor)),
    ev.AttackDeclared: _declared,
    ev.DefensePlaced: _defense,
    ev.Interposed: lambda s, e: _m(N_("{name} interposes and takes the attack in place of {target}."),
                                   name=_n(s, e.actor), target=_n(s, e.target)),
    ev.ExtendedDefensePlaced: lambda s, e: _m(
        N_("{name} pays {paid} and places {tokens} token(s) in a defence covering {allies}."),
        name=_n(s, e.actor), paid=e.paid, tokens=e.tokens, allies=", ".join(_n(s, a) for a in e.allies)),
    ev.Countered: lambda s, e: _m(N_("{name} counters from hold: {paid} token(s), {effective} taken "
                                     "from the attack."), name=_n(s, e.actor), paid=e.paid,
                                  effective=e.effective),
    ev.AttackResolved: _resolved,
    ev.AttackLost: lambda s, e: _m(N_("The attack of {attacker} on {target} can no longer happen; its "
                                      "tokens are lost."), attacker=_n(s, e.attacker),
                                   target=_n(s, e.target)),
    ev.VigorLost: lambda s, e: _m(N_("{name} loses {amount} Vigueur{out}."), name=_n(s, e.target),
                                  amount=e.amount, out=_m(N_(" and is knocked out")) if e.out else ""),
    ev.VigorRestored: lambda s, e: _m(N_("{actor} pays {paid}: {target} regains {amount} Vigueur."),
                                      actor=_n(s, e.actor), paid=e.paid, target=_n(s, e.target),
                                      amount=e.amount),
    ev.ConditionApplied: lambda s, e: _m(N_("{name} is {condition} until the next turn."),
                                         name=_n(s, e.target), condition=word(e.condition)),
    ev.Engaged: lambda s, e: _m(N_("{name} is engaged by {by}."), name=_n(s, e.target), by=_n(s, e.by)),
    ev.Moved: _moved,
    ev.PowerUsed: lambda s, e: _m(N_("{name}: first use of {power} this turn."), name=_n(s, e.actor),
                                  power=_power(s, e.actor, e.power)),
    ev.Held: lambda s, e: _m(N_("{name} pays 1 token and goes on hold."), name=_n(s, e.actor)),
    ev.HoldKept: lambda s, e: _m(N_("{name} pays 1 token to stay on hold."), name=_n(s, e.actor)),
    ev.Interrupted: lambda s, e: _m(N_("{name} acts from hold now."), name=_n(s, e.actor)),
    ev.InterruptionEnded: lambda s, e: _m(N_("{name} has acted; the fight resumes."), name=_n(s, e.actor)),
    ev.EnergyGiven: lambda s, e: _m(N_("{actor} pays {paid}: {target} gains {amount} token(s)."),
                                    actor=_n(s, e.actor), paid=e.paid, target=_n(s, e.target),
                                    amount=e.amount),
    ev.SupportUsed: lambda s, e: _m(N_("{name} uses {power} for {paid} token(s)."), name=_n(s, e.actor),
                                    power=_power(s, e.actor, e.power), paid=e.paid),
    ev.TerrainCreated: lambda s, e: _m(N_("{name} pays {paid}: a {kind} of rank {rank} stands ({id})."),
                                       name=_n(s, e.element.owner), paid=e.paid, kind=word(e.element.kind),
                                       rank=e.element.rank, id=e.element.id),
    ev.TerrainRemoved: lambda s, e: _m(N_("The terrain element {id} is gone."), id=e.id),
    ev.InteractionProgressed: lambda s, e: _m(
        N_("{name} engages {tokens} token(s) in {key}: {total} of {required}."), name=_n(s, e.actor),
        tokens=e.tokens, key=e.key, total=e.total, required=e.required),
    ev.PowerStolen: lambda s, e: _m(N_("{thief} takes {power} from {victim} until the end of the turn."),
                                    thief=_n(s, e.thief), power=_power(s, e.victim, e.power),
                                    victim=_n(s, e.victim)),
    ev.PowerAbsorbed: lambda s, e: _m(N_("{defender} absorbs the attack: {attacker} loses {power} until "
                                         "the end of the turn."), defender=_n(s, e.defender),
                                      attacker=_n(s, e.attacker), power=_power(s, e.attacker, e.power)),
    ev.ControlTaken: lambda s, e: _m(N_("{controller} controls {target}."), controller=_n(s, e.controller),
                                     target=_n(s, e.target)),
    ev.EnergyLent: lambda s, e: _m(N_("{controller} plays {target} with {amount} of its own tokens."),
                                   controller=_n(s, e.controller), target=_n(s, e.target), amount=e.amount),
    ev.EnergyReturned: lambda s, e: _m(N_("{amount} unspent token(s) go back to {controller}."),
                                       amount=e.amount, controller=_n(s, e.controller)),
    ev.Slowed: lambda s, e: _m(N_("{name} will recover only half its Récupération."), name=_n(s, e.target)),
    ev.Jinxed: lambda s, e: _m(N_("{name} will miss its next move."), name=_n(s, e.target)),
    ev.MoveFailed: lambda s, e: _m(N_("{name}'s move fails."), name=_n(s, e.actor)),
    ev.ImmunityRaised: lambda s, e: _m(N_("{name} is immune until the end of the turn."),
                                       name=_n(s, e.actor)),
    ev.InvisibilityChanged: lambda s, e: _m(
        N_("{name} reappears.") if e.visible else N_("{name} becomes invisible."), name=_n(s, e.actor)),
    ev.CopyCreated: lambda s, e: _m(N_("{name} creates {copy} ({energy} tokens, {vigor} Vigueur)."),
                                    name=_n(s, e.copy.original or ""), copy=e.copy.name,
                                    energy=e.copy.energy, vigor=e.copy.vigor),
    ev.AttackJoined: lambda s, e: _m(N_("{name} adds {paid} token(s) to the same attack on {target} (copies "
                                        "attacking one adversary make a single attack)."),
                                     name=_n(s, e.actor), paid=e.paid, target=_n(s, e.target)),
    ev.LastingNoted: lambda s, e: _m(N_("This effect may be maintained next turn.")),
    ev.LastingMaintained: lambda s, e: _m(N_("{name} maintains an effect for {paid} token(s)."),
                                          name=_n(s, e.lasting.owner), paid=e.paid),
    ev.StressSpent: lambda s, e: _m(N_("{name} checks a stress box: {use}."), name=_n(s, e.actor),
                                    use=word(e.use)),
    ev.FightEnded: lambda s, e: _m(N_("The fight is over; Vigueur is restored.")),
}


def explain(state: FightState, event: ev.Event) -> Message:
    """The explanation of ``event`` that happened in ``state`` (the state before it or after it)."""
    return EXPLAIN[type(event)](state, event)


def state_line(state: FightState, id: str) -> Message:
    """One combatant's tokens, defence, Vigueur and conditions."""
    who = state.get(id)
    return _m(N_("{name}: energy {energy}/{energy_max}, defence {defense}, Vigueur {vigor}/{vigor_max}"
                 "{conditions}{out}"), name=who.name, energy=who.energy, energy_max=who.energy_max,
              defense=who.defense, vigor=who.vigor, vigor_max=who.vigor_max,
              conditions=(" [" + ", ".join(str(word(c)) for c in sorted(who.conditions)) + "]")
              if who.conditions else "",
              out=_m(N_(" (knocked out)")) if who.out else "")


def state_json(state: FightState) -> dict[str, Any]:
    """The JSON view of a fight: turn, phase and each combatant's tokens, defence, Vigueur, conditions."""
    return {
        "turn": state.turn,
        "phase": state.phase.value,
        "combatants": {c.id: {"energy": c.energy, "defense": c.defense, "vigor": c.vigor,
                              "conditions": sorted(c.conditions), "out": c.out} for c in state.combatants},
    }
