"""Benchmark of the tactical AI (a script, not a test).

Four rank-5 heroes of the library against 20 ranks of foes (four rank-5 quick NPCs): fights per second
for each policy on one core and on all cores; the heuristic's win rate against random and the search
policy's against the heuristic in mirrored matches (each side played by each policy, same seeds, sides
swapped). Each figure is printed with its ratio to the goal, and the heuristic's cost with its ratio to
baselines measured in the same run (deciding and folding the same fights' commands alone; a random
fight), which the machine does not change: a ratio that grows is a regression.

    .venv/bin/python benchmarks/ai.py [--fights 200] [--search-fights 40] [--search-ms 100] [--seed 1]
        [--policies random,heuristic,search] [--no-matches]

``--policies heuristic --no-matches`` times the heuristic alone (its rates, its cost against the
baselines and the lookahead step), the figure of the issue's goal, in a minute.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import time
from concurrent.futures import ProcessPoolExecutor

from meneur.systems.energy import library_hero, quick_npc
from meneur.systems.energy.ai import make_policy, play
from meneur.systems.energy.ai.executor import run
from meneur.systems.energy.ai.simulate import Encounter, initial, wilson
from meneur.systems.energy.combat import decide, evolve_all
from meneur.systems.energy.combat.engine import NO_DICE, new_session

HEROES = ("KITSUNE", "WINK", "ALTAIR", "LEGION")
GOAL_HEURISTIC_RATE = 1000 / 10  # 1,000 heuristic fights in under 10 s on this machine (all cores)
GOAL_BEATS_RANDOM = 0.9
GOAL_BEATS_HEURISTIC = 0.6
SEARCH_NODES = 300
"""Node budget of the search policy's speed figure (its strength is measured with a time budget)."""


def encounter(policy: str, nodes: int | None = None) -> Encounter:
    """The benchmark's encounter."""
    return Encounter(
        tuple(library_hero(n) for n in HEROES),
        tuple(quick_npc(5, f"Agent {i + 1}") for i in range(4)),
        policy,
        nodes=nodes,
    )


def rate(policy: str, fights: int, seed: int, workers: int, nodes: int | None = None) -> tuple[float, float]:
    """Fights per second of ``policy`` on both sides: by wall time, and by CPU time (this process's and
    its finished workers': a figure that other work on a shared machine changes less)."""
    start, cpu = time.perf_counter(), time.process_time() + children_cpu()
    run(encounter(policy, nodes), fights, seed, workers)
    wall = fights / (time.perf_counter() - start)
    return wall, fights / max(1e-9, time.process_time() + children_cpu() - cpu)


def children_cpu() -> float:
    """CPU seconds of this process's finished children (the worker processes of a run)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def pair(
    first: str, second: str, seed: int, i: int, budget_ms: float | None, max_turns: int
) -> tuple[int, int]:
    """Fight ``i`` played twice, ``first`` on each side in turn: (wins of ``first``, fights without a
    winner)."""
    state = initial(encounter("heuristic"), i, seed)
    a = make_policy(first, budget_ms=budget_ms)
    b = make_policy(second, budget_ms=budget_ms)
    one = play(state, {"heroes": a, "foes": b}, f"{seed}:{i}", max_turns)
    two = play(state, {"heroes": b, "foes": a}, f"{seed}:{i}", max_turns)
    return (one.winner == "heroes") + (two.winner == "foes"), (one.winner is None) + (two.winner is None)


def mirrored(
    first: str, second: str, fights: int, seed: int, budget_ms: float | None = None, workers: int = 1
) -> tuple[int, int, int]:
    """``first`` against ``second``, each playing each side on the same seeds: (wins of ``first``,
    fights played, fights without a winner after 12 turns)."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        tasks = [(first, second, seed, i, budget_ms, 12) for i in range(fights)]
        found = list(pool.map(pair, *zip(*tasks, strict=True)))
    return sum(w for w, _ in found), 2 * fights, sum(d for _, d in found)


def lookahead(seed: int, repeat: int = 5) -> tuple[float, float]:
    """Microseconds per command of a lookahead line (play a fight's commands forward, then come back to
    its start): keeping the engine's immutable states (``decide`` + ``evolve_all``; coming back is
    dropping them), and one :class:`meneur.engine.Session` (``do`` each command, then ``undo`` each)."""
    policy = make_policy("heuristic")
    start = initial(encounter("heuristic"), 0, seed)
    commands = play(start, {"heroes": policy, "foes": policy}, seed).commands
    best = [float("inf"), float("inf")]
    session = new_session(start)
    for _ in range(repeat):
        begin = time.perf_counter()
        state = start
        for command in commands:
            state = evolve_all(state, decide(state, command))
        best[0] = min(best[0], time.perf_counter() - begin)
        begin = time.perf_counter()
        for command in commands:
            session.do(command, NO_DICE)
        while session.undo() is not None:
            pass
        best[1] = min(best[1], time.perf_counter() - begin)
    return best[0] / len(commands) * 1e6, best[1] / len(commands) * 1e6


def engine_share(seed: int, fights: int = 20) -> tuple[float, int]:
    """How many times the engine's own cost a heuristic fight takes: the CPU time of ``fights``
    heuristic fights (seeded as the run's), over the CPU time of carrying out their commands again with
    ``decide`` and ``evolve_all`` alone (the baseline, measured in the same run); and the commands."""
    policy = make_policy("heuristic")
    starts = [initial(encounter("heuristic"), i, seed) for i in range(fights)]
    begin = time.process_time()
    played = [play(s, {"heroes": policy, "foes": policy}, f"{seed}:{i}") for i, s in enumerate(starts)]
    thinking = time.process_time() - begin
    begin = time.process_time()
    for start, result in zip(starts, played, strict=True):
        state = start
        for command in result.commands:
            state = evolve_all(state, decide(state, command))
    engine = time.process_time() - begin
    return thinking / max(1e-9, engine), sum(len(r.commands) for r in played)


def report(label: str, wins: int, played: int, draws: int, goal: float) -> None:
    """One mirrored figure with its Wilson 95% interval and its ratio to the goal."""
    low, high = wilson(wins, played)
    rate = wins / played
    print(
        f"{label} in {100 * rate:.0f}% of {played} mirrored fights "
        f"(95% interval {100 * low:.0f}-{100 * high:.0f}%, {draws} without a winner; "
        f"{rate / goal:.2f} x the goal of {100 * goal:.0f}%)",
        flush=True,
    )


def main() -> None:
    """Measure and print each figure with its ratio to the goal."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--fights", type=int, default=200)
    parser.add_argument("--search-fights", type=int, default=40)
    parser.add_argument("--search-ms", type=float, default=100.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policies", default="random,heuristic,search", help="the policies to time")
    parser.add_argument("--no-matches", action="store_true", help="skip the mirrored matches")
    args = parser.parse_args()
    timed = set(args.policies.split(","))
    cores = os.cpu_count() or 1
    random.seed(args.seed)
    per_fight: dict[str, float] = {}
    for policy, fights in (
        ("random", args.fights // 4),
        ("heuristic", args.fights),
        ("search", max(2, args.fights // 100)),
    ):
        if policy not in timed:
            continue
        nodes = SEARCH_NODES if policy == "search" else None
        one, cpu = rate(policy, fights, args.seed, 1, nodes)
        per_fight[policy] = 1 / cpu
        every, every_cpu = rate(policy, fights, args.seed, cores, nodes)
        label = f"search ({SEARCH_NODES} nodes a move)" if nodes else policy
        line = (
            f"{label}: {one:,.1f} fights/s on one core ({cpu:,.1f} by CPU time), "
            f"{every:,.1f} fights/s on {cores} cores ({fights} fights; the workers' CPU time "
            f"{cpu / every_cpu:.2f} x the one-core run's, {every / one:.2f} x its wall rate)"
        )
        if policy == "heuristic":
            line += (
                f"; 1,000 fights in {1000 / every:.1f} s "
                f"({every / GOAL_HEURISTIC_RATE:.2f} x the goal of 1,000 in 10 s)"
            )
        print(line, flush=True)
    share, commands = engine_share(args.seed)
    against_random = (
        f", and {per_fight['heuristic'] / per_fight['random']:.2f} x a random fight (by CPU time)"
        if "heuristic" in per_fight and "random" in per_fight
        else ""
    )
    print(
        f"against baselines of this run: a heuristic fight costs {share:.2f} x deciding and folding its "
        f"commands alone ({commands} commands of 20 fights){against_random}",
        flush=True,
    )
    immutable, session = lookahead(args.seed)
    print(
        f"lookahead step (try a command, go back): {immutable:.0f} us with immutable states, "
        f"{session:.0f} us with Session.do/undo",
        flush=True,
    )
    if args.no_matches:
        return
    beats = mirrored("heuristic", "random", max(10, args.fights // 10), args.seed, workers=cores)
    report("heuristic beats random", *beats, GOAL_BEATS_RANDOM)
    beats = mirrored("search", "heuristic", args.search_fights, args.seed, args.search_ms, cores)
    report(f"search ({args.search_ms:.0f} ms a move) beats the heuristic", *beats, GOAL_BEATS_HEURISTIC)


if __name__ == "__main__":
    main()
