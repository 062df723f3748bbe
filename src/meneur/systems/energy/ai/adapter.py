"""The one place the AI meets the combat engine: who must decide now, with which legal actions, and
how a chosen action becomes a concrete command.

Everything the policies know about the rules comes through here: the legality query
(:func:`~meneur.systems.energy.combat.legal_actions`, with each action's cost and effective value) and
``decide``/``apply`` (the outcome of a command). Switching to ``meneur.engine.Session`` is a change of
this module only. Lookahead uses the engine's immutable states: keeping a state object is the engine's
own undo (:meth:`Fight.undo` restores the state kept before the command), without the log.
"""

from __future__ import annotations

from dataclasses import replace
from math import hypot
from typing import NamedTuple

from meneur.errors import IllegalActionError
from meneur.systems.energy.combat import decide, evolve_all
from meneur.systems.energy.combat.commands import (
    Command,
    EndFight,
    EndPhase,
    Interrupt,
    Move,
    StartFight,
)
from meneur.systems.energy.combat.events import Event
from meneur.systems.energy.combat.legal import LegalAction, legal_actions, with_tokens
from meneur.systems.energy.combat.profile import Combatant, Point
from meneur.systems.energy.combat.state import FightState, Phase

__all__ = [
    "SIDES",
    "Decision",
    "LegalAction",
    "decisions",
    "enemies_of",
    "gm_command",
    "outcome",
    "step",
    "try_events",
    "winner",
]

SIDES = ("heroes", "foes")
MOVE_REACH = 19.5
"""A little under the 20 m of a move (positions are floats; staying inside keeps the move legal)."""
SMALL_REACH = 4.9


class Decision(NamedTuple):
    """A choice one side must (or may, when ``optional``) make now.

    ``kind`` is ``action`` (the acting character's action phase), ``reaction`` (an attack waits for
    its target's side), ``interrupt`` (holders of the other side may act first) or ``maintenance``.
    """

    side: str
    kind: str
    actor: str | None
    options: tuple[LegalAction, ...]
    optional: bool


def winner(state: FightState) -> str | None:
    """The side still standing when the other is entirely knocked out, else None."""
    standing = {c.side for c in state.combatants if not c.out and c.made_by is None}
    if len(standing) == 1:
        return next(iter(standing))
    return None


def over(state: FightState) -> bool:
    """Whether one side is entirely knocked out (or the fight ended)."""
    return state.phase is Phase.ENDED or len({c.side for c in state.combatants if not c.out}) < 2


def gm_command(state: FightState) -> Command | None:
    """What the fight needs when no side has a choice: start, end, or pass the maintenance phase."""
    if state.phase is Phase.SETUP:
        return StartFight()
    if state.phase is Phase.ENDED:
        return None
    if over(state):
        return EndFight()
    if state.pending is None and (state.phase is Phase.MAINTENANCE or state.acting is None):
        return EndPhase()
    return None


def side_of(state: FightState, id: str | None) -> str | None:
    """The side of combatant ``id``."""
    return state.get(id).side if id is not None and state.has(id) else None


def enemies_of(state: FightState, side: str) -> list[Combatant]:
    """Standing combatants of the other side."""
    return [c for c in state.combatants if c.side != side and not c.out]


def decisions(state: FightState) -> list[Decision]:
    """The choices open now, in the order they are offered (optional ones first)."""
    if state.phase in (Phase.SETUP, Phase.ENDED) or over(state):
        return []
    actions = [a for a in legal_actions(state) if a.kind != "end" and a.actor is not None]
    if state.pending is not None:
        side = side_of(state, state.pending.target)
        mine = tuple(
            a
            for a in actions
            if side_of(state, a.actor) == side
            and a.kind != "interrupt"
            and not (a.kind == "stress" and state.get(a.actor or "").out)
        )
        return [Decision(side or "", "reaction", state.pending.target, mine, False)]
    if state.phase is Phase.MAINTENANCE:
        return [
            Decision(
                side, "maintenance", None, tuple(a for a in actions if side_of(state, a.actor) == side), True
            )
            for side in SIDES
        ]
    acting = state.acting
    if acting is None:
        return []
    side = side_of(state, acting)
    out: list[Decision] = []
    if not state.acted and state.interruption is None:
        for other in SIDES:
            if other != side:
                holders = tuple(
                    a for a in actions if a.kind == "interrupt" and side_of(state, a.actor) == other
                )
                if holders:
                    out.append(Decision(other, "interrupt", None, holders, True))
    own = tuple(
        a
        for a in actions
        if a.kind not in ("interrupt", "counter")
        and (a.actor == acting or state.get(a.actor or "").controlled_by == acting)
    )
    out.append(Decision(side or "", "action", acting, own, False))
    return out


def try_events(state: FightState, command: Command) -> list[Event] | None:
    """The events of ``command`` in ``state``, or None when the engine refuses it."""
    try:
        return decide(state, command)
    except IllegalActionError:
        return None


def outcome(state: FightState, command: Command) -> FightState | None:
    """The state after ``command`` (the engine decides and applies), or None when refused."""
    events = try_events(state, command)
    return None if events is None else evolve_all(state, events)


def step(state: FightState, command: Command) -> FightState:
    """The state after a command known to be legal."""
    return evolve_all(state, decide(state, command))


def toward(origin: Point, goal: Point, reach: float, stop: float) -> Point:
    """A point on the way from ``origin`` to ``goal``, at most ``reach`` away, ``stop`` short of it."""
    dx, dy = goal[0] - origin[0], goal[1] - origin[1]
    length = hypot(dx, dy)
    if length <= stop or length == 0:
        return origin
    go = min(reach, length - stop)
    return (round(origin[0] + dx * go / length, 3), round(origin[1] + dy * go / length, 3))


def move_to(action: LegalAction, goal: Point, stop: float = 1.0) -> Command:
    """A move template sent toward ``goal``."""
    command = action.command
    assert isinstance(command, Move)
    if command.portal is not None:
        return command
    reach = SMALL_REACH if command.small else MOVE_REACH
    return replace(command, to=toward(command.to, goal, reach, stop))


def instance(action: LegalAction, tokens: int) -> Command:
    """The template with ``tokens`` engaged (clamped to what the action allows)."""
    return with_tokens(action.command, max(action.cost_min, min(action.cost_max, tokens)))


def interrupt_of(action: LegalAction) -> Interrupt:
    """The interrupt command of an ``interrupt`` option."""
    assert isinstance(action.command, Interrupt)
    return action.command
