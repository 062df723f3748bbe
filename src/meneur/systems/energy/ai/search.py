"""The search policy: a rollout search over the heuristic's best candidates, to the end of the fight.

The fight has no dice: from a state, two fixed policies always play the same fight. Each candidate
command of the decision (the heuristic's best few, at their token counts, and passing; the
heuristic's own choice always among them) is tried in the engine, then the fight is played on by the
heuristic for both sides until it ends (or ``depth`` decisions), and the state reached is scored for
the deciding side: a win or a loss first, then Vigueur, characters standing and tokens. Since the
heuristic's choice is one of the candidates and keeps the best score on ties, the search never plays
worse than the heuristic would expect to; it plays better wherever a second choice wins a fight the
first one loses (policy improvement by rollouts). When every candidate's line reached the end, that
answer is exact and the search stops; otherwise, when the budget allows more than one continuation
per candidate, further continuations add a little noise (a random legal move now and then) and
candidates are then sampled with UCB1. The budget is a number of simulated decisions (``nodes``:
reproducible given the seed) or a time (``budget_ms``). Lookahead keeps the engine's immutable
states: going back is dropping a reference (measured faster than a :class:`meneur.engine.Session`
with ``do``/``undo``, see ``docs/ai.md``).
"""

from __future__ import annotations

import random
import time
from math import log, sqrt

from meneur.systems.energy.ai import explain
from meneur.systems.energy.ai.adapter import Decision, decisions, gm_command, over, step, winner
from meneur.systems.energy.ai.heuristic import Heuristic
from meneur.systems.energy.ai.policy import Choice, RandomPolicy, Suggestion
from meneur.systems.energy.combat.commands import EndPhase
from meneur.systems.energy.combat.state import FightState, Phase

DEPTH = 400
"""Decisions played after a candidate before the state is scored (a fight rarely needs more)."""
CANDIDATES = 6
NOISE = 0.05
"""Chance that a decision of a second or later continuation is random rather than the heuristic's."""
WIN = 100.0
"""Worth of the fight won (lost: its opposite), far above any difference of Vigueur."""


def value(state: FightState, side: str) -> float:
    """How good ``state`` is for ``side``: the fight won or lost, then Vigueur and standing characters,
    a little for tokens."""
    total = 0.0
    for who in state.combatants:
        worth = who.vigor / max(1, who.vigor_max) * 3 + (0 if who.out else 2) + 0.1 * who.energy
        total += worth if who.side == side else -worth
    won = winner(state)
    if won is not None:
        total += WIN if won == side else -WIN
    return total


class Search:
    """The search policy (see the module's description)."""

    name = "search"

    def __init__(self, nodes: int | None = None, budget_ms: float | None = None, depth: int = DEPTH) -> None:
        self.nodes = nodes if nodes is not None or budget_ms is not None else 1000
        self.budget_ms = budget_ms
        self.depth = depth
        self.heuristic = Heuristic(alternatives=CANDIDATES - 1)
        self.last: FightState | None = None
        """Where the last continuation stopped."""
        self.exact = False
        """Whether the last choice played every candidate to the end of the fight (no noise, no cut)."""
        self.noise = RandomPolicy(decline=0.7)

    def choose(self, state: FightState, decision: Decision, rng: random.Random) -> Suggestion | None:
        """The candidate whose continuations score best on average (the heuristic's on ties)."""
        first = self.heuristic.choose(state, decision, rng)
        if first is None or decision.optional:
            return first
        candidates = [first.best, *first.alternatives]
        if decision.kind == "action" and not any(isinstance(c.command, EndPhase) for c in candidates):
            # Passing (keeping every token for defence) is always weighed too.
            passing = [c for c in self.heuristic.actions(state, decision) if isinstance(c.command, EndPhase)]
            candidates += passing[:1]
        if len(candidates) == 1:
            return first
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        count = len(candidates)
        start = time.perf_counter()
        deadline = start + self.budget_ms / 1000 if self.budget_ms is not None else None
        depth = self.depth if self.nodes is None else max(8, min(self.depth, self.nodes // count))
        spent = rounds = 0
        exact = True  # every first continuation reached the end of the fight: nothing more to learn
        while rounds < count or (
            not exact
            and (self.nodes is None or spent < self.nodes)
            and (deadline is None or time.perf_counter() < deadline)
        ):
            if rounds < count:
                pick = rounds
            else:
                scale = log(rounds)
                pick = max(range(count), key=lambda i: totals[i] / counts[i] + 20.0 * sqrt(scale / counts[i]))
            # The first continuation gets its share of the time; the others go as deep, so all are
            # compared at the same depth.
            share = None if deadline is None or rounds else start + (deadline - start) / count
            noise = NOISE if counts[pick] else 0.0
            after = step(state, candidates[pick].command)
            score, used, cut = self.rollout(after, decision.side, rng, noise, depth, share)
            if cut:
                depth = used
            if rounds < count and (self.last is None or not over(self.last)):
                exact = False
            totals[pick] += score
            counts[pick] += 1
            spent += used + 1
            rounds += 1
        self.exact = exact
        means = [totals[i] / counts[i] for i in range(len(candidates))]
        ranked = sorted(range(len(candidates)), key=lambda i: (-round(means[i], 6), i))
        out = []
        for i in ranked:
            reason = explain.m(explain.SEARCHED, count=counts[i], value=round(means[i], 1))
            chosen = candidates[i]
            out.append(Choice(chosen.command, means[i], chosen.head, (*chosen.reasons, reason)))
        return Suggestion(out[0], tuple(out[1:3]))

    def rollout(
        self,
        state: FightState,
        side: str,
        rng: random.Random,
        noise: float = 0.0,
        depth: int | None = None,
        deadline: float | None = None,
    ) -> tuple[float, int, bool]:
        """Play on with the heuristic (a random move with chance ``noise``) for ``depth`` decisions or
        until ``deadline``; the value for ``side``, the decisions played and whether time cut it short."""
        limit = self.depth if depth is None else depth
        used = 0
        while used < limit and state.phase is not Phase.ENDED and not over(state):
            if deadline is not None and used % 4 == 0 and time.perf_counter() >= deadline:
                self.last = state
                return value(state, side), used, True
            command = None
            for decision in decisions(state):
                policy = self.noise if noise and rng.random() < noise else self.heuristic
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
        self.last = state
        return value(state, side), used, False
