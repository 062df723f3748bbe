"""Benchmark of the tactical AI (a script, not a test).

Four rank-5 heroes of the library against 20 ranks of foes (four rank-5 quick NPCs): fights per second
for each policy on one core and on all cores; the heuristic's win rate against random and the search
policy's against the heuristic in mirrored matches (each side played by each policy, same seeds, sides
swapped). Each figure is printed with its ratio to the goal.

    .venv/bin/python benchmarks/ai.py [--fights 200] [--search-fights 4] [--search-ms 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from meneur.systems.energy import library_hero, quick_npc
from meneur.systems.energy.ai import make_policy, play
from meneur.systems.energy.ai.executor import run
from meneur.systems.energy.ai.simulate import Encounter, initial

HEROES = ("KITSUNE", "WINK", "ALTAIR", "LEGION")
GOAL_HEURISTIC_RATE = 1000 / 10  # 1,000 heuristic fights in under 10 s on this machine (all cores)
GOAL_BEATS_RANDOM = 0.9
GOAL_BEATS_HEURISTIC = 0.6


def encounter(policy: str, nodes: int | None = None) -> Encounter:
    """The benchmark's encounter."""
    return Encounter(
        tuple(library_hero(n) for n in HEROES),
        tuple(quick_npc(5, f"Agent {i + 1}") for i in range(4)),
        policy,
        nodes=nodes,
    )


def rate(policy: str, fights: int, seed: int, workers: int) -> float:
    """Fights per second (wall time) of ``policy`` on both sides."""
    start = time.perf_counter()
    run(encounter(policy), fights, seed, workers)
    return fights / (time.perf_counter() - start)


def mirrored(first: str, second: str, fights: int, seed: int, budget_ms: float | None = None) -> float:
    """Share of fights ``first`` wins against ``second``, each playing each side on the same seeds."""
    wins = played = 0
    base = encounter("heuristic")
    for i in range(fights):
        state = initial(base, i, seed)
        a = make_policy(first, budget_ms=budget_ms)
        b = make_policy(second, budget_ms=budget_ms)
        one = play(state, {"heroes": a, "foes": b}, f"{seed}:{i}", 12)
        two = play(state, {"heroes": b, "foes": a}, f"{seed}:{i}", 12)
        wins += (one.winner == "heroes") + (two.winner == "foes")
        played += 2
    return wins / played


def main() -> None:
    """Measure and print each figure with its ratio to the goal."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--fights", type=int, default=200)
    parser.add_argument("--search-fights", type=int, default=4)
    parser.add_argument("--search-ms", type=float, default=100.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    random.seed(args.seed)
    for policy, fights in (
        ("random", args.fights // 4),
        ("heuristic", args.fights),
        ("search", max(2, args.fights // 100)),
    ):
        one = rate(policy, fights, args.seed, 1)
        every = rate(policy, fights, args.seed, cores)
        line = f"{policy}: {one:,.1f} fights/s on one core, {every:,.1f} fights/s on {cores} cores"
        line += f" ({fights} fights)"
        if policy == "heuristic":
            line += (
                f"; 1,000 fights in {1000 / every:.1f} s "
                f"({every / GOAL_HEURISTIC_RATE:.2f} x the goal of 1,000 in 10 s)"
            )
        print(line, flush=True)
    beats = mirrored("heuristic", "random", max(10, args.fights // 10), args.seed)
    print(
        f"heuristic beats random in {100 * beats:.0f}% of mirrored fights "
        f"({beats / GOAL_BEATS_RANDOM:.2f} x the goal of {100 * GOAL_BEATS_RANDOM:.0f}%)",
        flush=True,
    )
    beats = mirrored("search", "heuristic", args.search_fights, args.seed, args.search_ms)
    print(
        f"search ({args.search_ms:.0f} ms a move) beats the heuristic in {100 * beats:.0f}% of mirrored "
        "fights "
        f"({beats / GOAL_BEATS_HEURISTIC:.2f} x the goal of {100 * GOAL_BEATS_HEURISTIC:.0f}%)",
        flush=True,
    )


if __name__ == "__main__":
    main()
