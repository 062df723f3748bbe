"""Exact shortcuts of the legality query for the most frequent actions (pass, hold, interrupt, small
move, stress uses, plain attacks, charges and defences): each makes the checks :func:`~.decide.decide`
makes (for attacks and defences, by calling the very checks of :mod:`.attack` and :mod:`.reactions`)
without building events, and answers only when the action is surely legal; any doubt (``None``) sends
the candidate to ``decide`` itself.

``tests/energy/combat/test_legal_query.py`` checks every shortcut against ``decide``.
Rule text: ``002_58e889a1abff3456.txt`` (tactical combat chapter).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meneur.errors import IllegalActionError
from meneur.systems.energy.combat import attack, checks, movement, reactions
from meneur.systems.energy.combat.checks import MOVE_METRES, STRESS_BOXES, distance
from meneur.systems.energy.combat.commands import (
    Attack,
    Charge,
    Defend,
    EndPhase,
    Hold,
    Interrupt,
    KeepHold,
    Move,
    SpendStress,
)
from meneur.systems.energy.combat.legal_candidates import made
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState, Phase
from meneur.systems.energy.combat.turn import CATEGORIES

Sure = tuple[int, int, int, int] | None
"""``(tokens paid, stress boxes checked, bonus, halvings)`` of a surely legal action, or None when unsure."""
NO_MOVE = frozenset({"stunned", "controlled", "entangled", "immobilized"})
NO_SPEND = frozenset({"stunned", "controlled"})
FIGHTING = (Phase.ACTION, Phase.MAINTENANCE)


def _who(state: FightState, actor: str | None) -> Combatant | None:
    index = state.find(actor) if actor is not None else -1
    return state.combatants[index] if index >= 0 else None


def _acting(state: FightState, who: Combatant | None) -> bool:
    """Whether ``who`` may act now on its own ("C'est durant la phase d'action ...")."""
    return (who is not None and state.phase is Phase.ACTION and state.pending is None
            and state.acting == who.id and not who.out and who.controlled_by is None)


def _pass(state: FightState, cmd: EndPhase) -> Sure:
    if state.phase not in FIGHTING or state.pending is not None:
        return None
    if state.phase is Phase.MAINTENANCE or cmd.actor is None or cmd.actor == state.acting:
        return 0, 0, 0, 0
    return None


def _hold(state: FightState, cmd: Hold) -> Sure:
    """"dépenser 1 point d'énergie pour se placer en attente" instead of acting."""
    who = _who(state, cmd.actor)
    if not _acting(state, who) or who is None or state.interruption is not None or state.acted:
        return None
    if who.hold or who.conditions & NO_SPEND or who.energy < 1:
        return None
    return 1, 0, 0, 0


def _keep_hold(state: FightState, cmd: KeepHold) -> Sure:
    """"conserver sa mise en attente au prix d'un point d'énergie"."""
    who = _who(state, cmd.actor)
    if state.phase is not Phase.MAINTENANCE or who is None or who.out:
        return None
    return (1, 0, 0, 0) if who.hold and not who.hold_kept and who.energy >= 1 else None


def _interrupt(state: FightState, cmd: Interrupt) -> Sure:
    who = _who(state, cmd.actor)
    if state.phase is not Phase.ACTION or who is None or who.out or not who.hold:
        return None
    return (0, 0, 0, 0) if state.interruption is None and state.acting != who.id else None


def _small_move(state: FightState, cmd: Move) -> Sure:
    """"un petit déplacement de 5 mètres maximum" (the template stays in place)."""
    who = _who(state, cmd.actor)
    if not _acting(state, who) or who is None or not cmd.small or cmd.to != who.position:
        return None
    if cmd.carry or cmd.portal is not None or cmd.power is not None or cmd.crossing:
        return None
    if who.conditions & NO_MOVE or who.moves or who.charged or who.small_move:
        return None
    return 0, 0, 0, 0


def _stress(state: FightState, cmd: SpendStress) -> Sure:
    """"cocher une case de stress": action d'éclat, détermination, second souffle."""
    who = _who(state, cmd.actor)
    if state.phase not in FIGHTING or who is None or who.stress >= STRESS_BOXES or who.made_by is not None:
        return None
    if cmd.use == "second_wind":
        return (0, 1, 0, 0) if who.out and not who.second_wind else None
    if who.out:
        return None
    if cmd.use == "determination":
        return None if who.determined else (0, 1, 0, 0)
    if cmd.use != "feat" or cmd.power is None or cmd.category not in CATEGORIES:
        return None
    if not who.has_power(cmd.power) or who.counts_as(cmd.power, cmd.category):
        return None
    return 0, 1, 0, 0


def _declared(state: FightState, who: Combatant, cmd: Attack) -> Sure:
    """The checks and strength of :func:`~.attack.declare` for a plain attack of the acting character."""
    if cmd.joined or cmd.portal is not None or cmd.destination is not None or cmd.keep_invisible:
        return None
    try:
        attack.check_attacker(who, cmd)
        targets = attack.check_targets(state, who, cmd)
        attack.check_effect(state, who, cmd, targets[0])
    except IllegalActionError:
        return None
    how = attack.strength(state, who, cmd, targets)
    return cmd.tokens, 0, how.bonus + how.adjustment, how.halving


def _attack(state: FightState, cmd: Attack) -> Sure:
    who = _who(state, cmd.actor)
    return _declared(state, who, cmd) if who is not None and _acting(state, who) else None


def _charge(state: FightState, cmd: Charge) -> Sure:
    """"un déplacement gratuit de 20 mètres qui doit être suivi immédiatement d'une attaque au contact"."""
    who = _who(state, cmd.actor)
    if who is None or not _acting(state, who) or who.charged or cmd.power is None:
        return None
    if not who.has_power(cmd.power) or not who.counts_as(cmd.power, "off_c"):
        return None
    if cmd.destination is not None or distance(who.position, cmd.to) > MOVE_METRES:
        return None
    powers = range(len(who.powers) + len(who.borrowed))
    try:
        movement.may_move(who)
        if who.small_move or not any(movement.has_mov(who, i) for i in powers):
            movement.another_move(who, None)
    except IllegalActionError:
        return None
    after = state.with_combatant(who._replace(position=cmd.to))
    if cmd.gm_modifier or cmd.target_power is not None or cmd.carry_legs is not None:
        return None
    strike = made(Attack, who.id, cmd.target, cmd.tokens, cmd.power)
    return _declared(after, after.get(who.id), strike)


def _defend(state: FightState, cmd: Defend) -> Sure:
    """The target's reaction with nothing placed yet ("le défenseur peut engager des points d'énergie en
    défense"): what the defence is worth comes from :func:`~.reactions.defense_level` itself."""
    pending = state.pending
    who = _who(state, cmd.actor)
    if state.phase not in FIGHTING or pending is None or who is None or who.id != pending.target:
        return None
    if cmd.tokens != 0 or cmd.gm_modifier != 0 or not who.has_power(cmd.power):
        return None
    if pending.interposed_by == who.id and cmd.power != pending.interpose_power:
        return None
    try:
        checks.copy_may_use(who, cmd.power)
    except IllegalActionError:
        return None
    return 0, 0, checks.first_use_modifier(who, cmd.power), reactions.defense_level(who, pending, cmd.power)


SHORTCUTS: dict[type, Callable[[FightState, Any], Sure]] = {  # by command type
    EndPhase: _pass, Hold: _hold, KeepHold: _keep_hold, Interrupt: _interrupt, Move: _small_move,
    SpendStress: _stress, Attack: _attack, Charge: _charge, Defend: _defend,
}
