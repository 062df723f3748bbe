"""The search policy: legal, and reproducible given a seed and a node budget."""

from __future__ import annotations

import random

from meneur.systems.energy.ai import Heuristic, play
from meneur.systems.energy.ai.adapter import decisions, gm_command, over, step
from meneur.systems.energy.ai.search import Search
from meneur.systems.energy.combat import Fight, FightState

from .helpers import fight


def test_search_plays_legal_commands_reproducibly() -> None:
    """With a node budget, the same seed gives the same fight, and the engine accepts every command."""
    start = fight(("KITSUNE", "WINK"), (5, 4), gap=6.0)
    policies = {"heroes": Search(nodes=40, depth=8), "foes": Heuristic()}
    one = play(start, policies, 2, max_turns=2)
    two = play(start, {"heroes": Search(nodes=40, depth=8), "foes": Heuristic()}, 2, max_turns=2)
    assert one.commands == two.commands
    replayed = Fight(start)
    for command in one.commands:
        replayed.do(command)


def improvement(state: FightState, nodes: int, steps: int) -> tuple[int, int]:
    """Walk the heuristic's own fight from ``state`` for ``steps`` decisions; wherever the search with
    ``nodes`` is exact and chooses otherwise, play both moves on with the heuristic and check the
    search's ends at least as well. Returns how many moves were compared and how many did better.
    (The long run, with a larger fight and budget, is ``benchmarks/ai_search.py``.)"""
    rng = random.Random(0)
    search = Search(nodes=nodes)
    heuristic = Heuristic()
    compared = improved = 0
    for _ in range(steps):
        decision = next((d for d in decisions(state) if not d.optional), None)
        if decision is None:
            command = gm_command(state)
            if command is None:
                break
            state = step(state, command)
            continue
        mine = search.choose(state, decision, rng)
        base = heuristic.choose(state, decision, rng)
        assert mine is not None and base is not None
        if search.exact and mine.best.command != base.best.command:
            ours = search.rollout(step(state, mine.best.command), decision.side, rng)[0]
            theirs = search.rollout(step(state, base.best.command), decision.side, rng)[0]
            assert ours >= theirs
            compared += 1
            improved += ours > theirs
        state = step(state, base.best.command)
        if over(state):
            break
    return compared, improved


def test_search_never_does_worse_than_the_heuristic_it_searches_with() -> None:
    """The fight has no dice ("aucun dé", the Energy System decides by tokens alone), so the heuristic
    playing both sides from a state always plays the same fight. With a budget that plays every
    candidate to the end, the search's move followed by the heuristic ends at least as well for the
    searching side as the heuristic's own move followed by the heuristic (policy improvement); lines
    that do not end (a stalled fight) are left to further, noisy continuations and not compared.
    A small fight and budget here; ``benchmarks/ai_search.py`` runs the long one."""
    compared, improved = improvement(fight(("KITSUNE",), (4,), gap=3.0), nodes=1000, steps=70)
    assert compared >= 1 and improved >= 1
