"""Playing a fight with policies: one step (:func:`next_move`) or to the end (:func:`play`)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import NamedTuple

from meneur.systems.energy.ai.adapter import decisions, gm_command, step, winner
from meneur.systems.energy.ai.policy import Policy, Suggestion
from meneur.systems.energy.combat.commands import Command, EndFight
from meneur.systems.energy.combat.state import FightState, Phase

MAX_TURNS = 30
"""A fight still going after this many turns ends without a winner."""
MAX_COMMANDS = 5000


class Move(NamedTuple):
    """The next command: by a side's policy (``side``, ``suggestion``) or by the fight itself."""

    command: Command
    side: str | None
    suggestion: Suggestion | None


def next_move(
    state: FightState, policies: Mapping[str, Policy], rng: random.Random, sides: frozenset[str] | None = None
) -> Move | None:
    """The next command of the fight, or None when a side not played (outside ``sides``) must decide
    or the fight is over. Optional decisions of played sides come first; a side declines them."""
    played = frozenset(policies) if sides is None else sides
    for decision in decisions(state):
        if decision.side not in played:
            if decision.optional:
                continue
            return None
        suggestion = policies[decision.side].choose(state, decision, rng)
        if suggestion is not None:
            return Move(suggestion.best.command, decision.side, suggestion)
        if not decision.optional:
            return None
    command = gm_command(state)
    return None if command is None else Move(command, None, None)


class Result(NamedTuple):
    """The end of a played fight."""

    winner: str | None
    turns: int
    commands: tuple[Command, ...]
    final: FightState
    """The state when the fight ended (knocked-out characters stand again after the end)."""


def play(
    initial: FightState, policies: Mapping[str, Policy], seed: int | str, max_turns: int = MAX_TURNS
) -> Result:
    """Play both sides to the end of the fight (or ``max_turns``) from ``initial``."""
    rng = random.Random(seed)
    state = initial
    commands: list[Command] = []
    won: str | None = None
    final = state
    while state.phase is not Phase.ENDED and len(commands) < MAX_COMMANDS:
        move = next_move(state, policies, rng)
        command = move.command if move is not None and state.turn <= max_turns else EndFight()
        if isinstance(command, EndFight):
            won, final = winner(state), state  # ending the fight stands everyone up again
        state = step(state, command)
        commands.append(command)
    return Result(won, final.turn, tuple(commands), final)
