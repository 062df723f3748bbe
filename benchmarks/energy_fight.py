"""Benchmark of the Energy System fight engine (a script, not a test).

Random legal fights of four rank-5 heroes against 20 ranks of foes (four rank-5 quick NPCs, the book's
balance: "4 héros de rang 5, alors vous avez jusqu'à 20 rangs") are played once through the engine's
Session (``legal()`` then ``do()``) and recorded; then, on the recorded fights, each figure is timed
alone (CPU time of this process):

* commands: the fights' commands carried out again through ``Session.do`` (decide and apply);
* legal-action queries: what ``Session.legal()`` asks on every state a command was chosen in;
* the baselines, on the same steps: the fold of each command's events alone (``evolve``), and one
  ``decide`` per command.

Each rate is printed with its ratio to the goal on one core (at least 25,000 commands and 6,000 queries
per second on the 2-core machine of the issue) and with its ratio to the baselines measured in the
same run: a command's cost in folds of its events, a query's cost in decides. The machine changes the
rates, not the ratios: a ratio that grows is a regression of the engine.

    .venv/bin/python benchmarks/energy_fight.py [--fights 50] [--seed 1] [--rounds 3] [--slices 1]

The recorded fights are kept out of the garbage collector's scans (``gc.freeze``), as a server keeps
only the sessions it serves: otherwise replaying the commands pays for scanning all of them. Each
figure is timed ``--rounds`` times and the best round is kept (as ``timeit`` does): on a shared
machine the slower rounds measure the neighbours, not the engine. On a loaded machine ``--slices 10
--rounds 9`` times each tenth of the fights alone and adds the best rounds: a short round is more
likely to fall between the neighbours' bursts than the whole set.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable
from dataclasses import replace
from math import cos, sin
from typing import Any, NamedTuple

from meneur.engine import Legal
from meneur.systems.energy import library_hero, quick_npc
from meneur.systems.energy.ai.adapter import MOVE_REACH, SMALL_REACH
from meneur.systems.energy.combat import decide, evolve_all
from meneur.systems.energy.combat.commands import Command, EndFight, Move
from meneur.systems.energy.combat.engine import NO_DICE, new_session
from meneur.systems.energy.combat.events import Event
from meneur.systems.energy.combat.legal import with_tokens
from meneur.systems.energy.combat.profile import combatant_from_character
from meneur.systems.energy.combat.state import FightState, Phase

HEROES = ("KITSUNE", "WINK", "ALTAIR", "LEGION")
MAX_STEPS = 2000
GOAL_COMMANDS = 25_000
"""Commands applied per second on one core (the issue's goal)."""
GOAL_QUERIES = 6_000
"""Legal-action queries per second on one core (the issue's goal)."""
GM_ONLY = frozenset({"end", "arrive", "leave", "adjust", "place_terrain"})
"""The GM's commands: the random players never give them (the queries still list them)."""


class Step(NamedTuple):
    """One command of a recorded fight: the state it was chosen in, the command and its events."""

    before: FightState
    command: Command
    events: tuple[Event, ...]


def initial() -> FightState:
    """Four rank-5 heroes of the library against four rank-5 quick NPCs."""
    heroes = [
        combatant_from_character(library_hero(n), f"h{i}", "heroes", position=(4.0 * i, 0.0))
        for i, n in enumerate(HEROES)
    ]
    foes = [
        combatant_from_character(quick_npc(5, f"Foe {i}"), f"f{i}", "foes", position=(4.0 * i, 10.0))
        for i in range(4)
    ]
    return FightState(tuple(heroes + foes))


def concrete(action: Legal[Command], rng: random.Random) -> Command:
    """A random instance of a legal action template."""
    command = action.command
    if isinstance(command, Move) and command.portal is None:
        reach = SMALL_REACH if command.small else MOVE_REACH
        angle, length = rng.uniform(0, 6.28), rng.uniform(0, reach)
        x, y = command.to
        command = replace(command, to=(x + length * cos(angle), y + length * sin(angle)))
    tokens = getattr(command, "tokens", None)
    if isinstance(tokens, int):
        command = with_tokens(command, rng.randint(tokens, tokens + action.cost_max - action.cost_min))
    return command


def side_down(state: FightState) -> bool:
    """Whether one side is entirely knocked out."""
    return any(all(c.out for c in state.combatants if c.side == side) for side in ("heroes", "foes"))


def record(fights: int, seed: int, start: FightState) -> list[list[Step]]:
    """Play ``fights`` random legal fights and keep each one's steps."""
    rng = random.Random(seed)
    played = []
    for _ in range(fights):
        fight = new_session(start)
        steps = []
        for _step in range(MAX_STEPS):
            actions = [a for a in fight.legal() if a.kind not in GM_ONLY]
            command = concrete(rng.choice(actions), rng) if actions else EndFight()
            if side_down(fight.state):
                command = EndFight()
            before = fight.state
            steps.append(Step(before, command, tuple(fight.do(command, NO_DICE))))
            if fight.state.phase is Phase.ENDED:
                break
        played.append(steps)
    return played


def best(rounds: int, run: Callable[[], Any]) -> float:
    """The least CPU time of ``rounds`` runs of ``run``."""
    times = []
    for _ in range(max(1, rounds)):
        begin = time.process_time()
        run()
        times.append(time.process_time() - begin)
    return min(times)


def measure(played: list[list[Step]], start: FightState, rounds: int, slices: int = 1) -> dict[str, float]:
    """Seconds of each figure over the recorded fights (best of ``rounds``; with ``slices`` above 1, the
    sum over that many slices of the fights of each slice's best round)."""
    legal = new_session(start).system.legal  # what Session.legal() asks of the state it holds
    size = -(-len(played) // max(1, slices))
    took = dict.fromkeys(("commands", "queries", "fold", "decide"), 0.0)
    for first in range(0, len(played), size):
        part = played[first : first + size]
        steps = [step for fight in part for step in fight]

        def commands(part: list[list[Step]] = part) -> None:
            for fight in part:
                session = new_session(start)
                for step in fight:
                    session.do(step.command, NO_DICE)

        def queries(steps: list[Step] = steps) -> None:
            for step in steps:
                list(legal(step.before, False))

        def folds(steps: list[Step] = steps) -> None:
            for step in steps:
                evolve_all(step.before, step.events)

        def decides(steps: list[Step] = steps) -> None:
            for step in steps:
                decide(step.before, step.command)

        took["commands"] += best(rounds, commands)
        took["queries"] += best(rounds, queries)
        took["fold"] += best(rounds, folds)
        took["decide"] += best(rounds, decides)
    return took


def main() -> None:
    """Play random fights, time each figure on them and print the rates and ratios of the best round."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--fights", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--slices",
        type=int,
        default=1,
        help="time the fights in this many slices, each its best round (steadier on a loaded machine)",
    )
    args = parser.parse_args()
    start = initial()
    played = record(args.fights, args.seed, start)
    gc.collect()
    gc.freeze()  # the recorded fights are out of the collector's sight: it scans what a figure makes
    n = sum(len(fight) for fight in played)
    took = measure(played, start, args.rounds, args.slices)
    command_rate, query_rate = n / took["commands"], n / took["queries"]
    fold_rate, decide_rate = n / took["fold"], n / took["decide"]
    sliced = f" in {args.slices} slices" if args.slices > 1 else ""
    print(
        f"best of {args.rounds} rounds{sliced} over {args.fights} recorded fights ({n} commands, {n} queries)"
    )
    print(
        f"commands applied per second: {command_rate:,.0f} "
        f"({command_rate / GOAL_COMMANDS:.2f} x the goal of {GOAL_COMMANDS:,}); "
        f"a command costs {took['commands'] / took['fold']:.2f} folds of its events alone "
        f"and {took['commands'] / took['decide']:.2f} decides"
    )
    print(
        f"legal-action queries per second: {query_rate:,.0f} "
        f"({query_rate / GOAL_QUERIES:.2f} x the goal of {GOAL_QUERIES:,}); "
        f"a query costs {took['queries'] / took['decide']:.2f} decides of one command"
    )
    print(f"baselines in this run: {fold_rate:,.0f} folds/s, {decide_rate:,.0f} decides/s")


if __name__ == "__main__":
    main()
