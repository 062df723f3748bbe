"""Non-player characters on the GM's screen: who they are, and the tactical AI's next command.

A combatant is a non-player character here when it is not a player character (the fight's ``pc``
flag) and no player controls it (the fight's ``controllers``). When one of them must act or
react, the GM may ask the heuristic policy (:mod:`meneur.systems.energy.ai`) for its command,
with the reasons and the two best alternatives, and play it; or switch auto-play on
(:mod:`meneur.systems.energy.view.autoplay`). Nothing here decides a rule.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from sqlalchemy.orm import Session as Db

from meneur.server.models import GameSession
from meneur.systems.energy.ai import Heuristic, Policy, Suggestion
from meneur.systems.energy.ai.adapter import Decision, decisions, over
from meneur.systems.energy.combat.commands import Command, EndPhase
from meneur.systems.energy.combat.state import FightState, Phase

_POLICY: Policy = Heuristic()


class NpcMove(NamedTuple):
    """The next command of a non-player character (``suggestion``), or the fight passing on to the
    next phase when nobody has an action left (``suggestion`` is None)."""

    command: Command
    suggestion: Suggestion | None


def player_actors(db: Db, row: GameSession) -> frozenset[str]:
    """The combatants players control in the fight: those the session's ``controllers`` link to a
    member (a character's name links nothing)."""
    del db
    return frozenset(row.controllers)


def is_npc(state: FightState, actor: str | None, players: frozenset[str]) -> bool:
    """Whether ``actor`` is a combatant that is neither a player character nor played by a player."""
    return actor is not None and state.has(actor) and not state.get(actor).pc and actor not in players


def must_act(state: FightState) -> str | None:
    """The combatant the fight waits for: the target of a pending attack, else the acting one."""
    if state.phase in (Phase.SETUP, Phase.ENDED):
        return None
    if state.pending is not None:
        return str(state.pending.target)
    return state.acting


def _actor(command: Command) -> str | None:
    actor = getattr(command, "actor", None)
    return actor if isinstance(actor, str) else None


def _npc_only(state: FightState, decision: Decision, players: frozenset[str]) -> Decision:
    """The decision restricted to the options of non-player characters (the engine checks each)."""
    mine = [a for a in decision.options if is_npc(state, _actor(a.command), players)]
    return Decision(decision.side, decision.kind, decision.actor, mine, decision.optional, state)


def npc_move(state: FightState, players: frozenset[str], seed: int = 0) -> NpcMove | None:
    """The heuristic's next command when a non-player character must (or, holding, may) act or react
    now, or the end of an action phase nobody acts in; None when a player's character must act, once
    the non-player characters are done in the maintenance phase (the players may still act in it:
    the GM passes it), before the start and once a side is down (the GM starts and ends the fight)."""
    if state.phase in (Phase.SETUP, Phase.ENDED) or over(state):
        return None
    rng = random.Random(seed)
    for decision in decisions(state):
        if not decision.optional and not is_npc(state, decision.actor, players):
            return None
        suggestion = _POLICY.choose(state, _npc_only(state, decision, players), rng)
        if suggestion is not None:
            return NpcMove(suggestion.best.command, suggestion)
        if not decision.optional:
            return None
    if state.pending is None and state.acting is None and state.phase is not Phase.MAINTENANCE:
        return NpcMove(EndPhase(), None)
    return None
