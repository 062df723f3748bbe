"""The search policy: a Monte Carlo search over the heuristic's best candidates.

Each candidate command of the decision (the heuristic's best few, at their token counts) is tried in
the engine, then the fight is played on by the heuristic with a little noise for a few decisions, and
the state reached is scored for the deciding side (Vigueur, characters standing, tokens). Candidates
are sampled with UCB1, so the promising ones get more continuations. The budget is a number of
simulated decisions (``nodes``: reproducible given the seed) or a time (``budget_ms``). Lookahead keeps
the engine's immutable states: going back is dropping a reference, the engine's own undo.
"""

from __future__ import annotations

import random
import time
from math import log, sqrt

from meneur.systems.energy.ai import explain
from meneur.systems.energy.ai.adapter import Decision, decisions, gm_command, over, step
from meneur.systems.energy.ai.heuristic import Heuristic
from meneur.systems.energy.ai.policy import Choice, RandomPolicy, Suggestion
from meneur.systems.energy.combat.state import FightState, Phase

DEPTH = 24
"""Decisions played after a candidate before the state is scored."""
CANDIDATES = 4
NOISE = 0.1
"""Chance that a rollout decision is random rather than the heuristic's."""


def value(state: FightState, side: str) -> float:
    """How good ``state`` is for ``side``: Vigueur and standing characters, a little for tokens."""
    total = 0.0
    for who in state.combatants:
        worth = who.vigor / max(1, who.vigor_max) * 3 + (0 if who.out else 2) + 0.1 * who.energy
        total += worth if who.side == side else -worth
    return total


class Search:
    """The search policy (see the module's description)."""

    name = "search"

    def __init__(self, nodes: int | None = None, budget_ms: float | None = None, depth: int = DEPTH) -> None:
        self.nodes = nodes if nodes is not None or budget_ms is not None else 400
        self.budget_ms = budget_ms
        self.depth = depth
        self.heuristic = Heuristic(alternatives=CANDIDATES - 1)
        self.noise = RandomPolicy(decline=0.7)

    def choose(self, state: FightState, decision: Decision, rng: random.Random) -> Suggestion | None:
        """The candidate whose continuations score best on average."""
        first = self.heuristic.choose(state, decision, rng)
        if first is None or decision.optional:
            return first
        candidates = [first.best, *first.alternatives]
        if len(candidates) == 1:
            return first
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        spent = 0
        deadline = time.perf_counter() + self.budget_ms / 1000 if self.budget_ms is not None else None
        rounds = 0
        while True:
            if self.nodes is not None and spent >= self.nodes and rounds >= len(candidates):
                break
            if deadline is not None and time.perf_counter() >= deadline and rounds >= len(candidates):
                break
            if rounds < len(candidates):
                pick = rounds
            else:
                scale = log(rounds)
                pick = max(
                    range(len(candidates)),
                    key=lambda i: totals[i] / counts[i] + 2.0 * sqrt(scale / counts[i]),
                )
            score, used = self.rollout(step(state, candidates[pick].command), decision.side, rng)
            totals[pick] += score
            counts[pick] += 1
            spent += used + 1
            rounds += 1
        means = [totals[i] / counts[i] for i in range(len(candidates))]
        ranked = sorted(range(len(candidates)), key=lambda i: -means[i])
        out = []
        for i in ranked:
            reason = explain.m(explain.SEARCHED, count=counts[i], value=round(means[i], 1))
            chosen = candidates[i]
            out.append(Choice(chosen.command, means[i], chosen.head, (*chosen.reasons, reason)))
        return Suggestion(out[0], tuple(out[1:3]))

    def rollout(self, state: FightState, side: str, rng: random.Random) -> tuple[float, int]:
        """Play on with the noisy heuristic for ``depth`` decisions; the value for ``side``."""
        used = 0
        while used < self.depth and state.phase is not Phase.ENDED and not over(state):
            command = None
            for decision in decisions(state):
                policy = self.noise if rng.random() < NOISE else self.heuristic
                suggestion = policy.choose(state, decision, rng)
                if suggestion is not None:
                    command = suggestion.best.command
                    break
                if not decision.optional:
                    break
            if command is None:
                command = gm_command(state)
                if command is None:
                    break
            state = step(state, command)
            used += 1
        return value(state, side), used
