"""Dice engine speed beside the libraries it builds on (a script, not a test).

    .venv/bin/python benchmarks/dice.py [--seconds 0.5]

Rolls: ``meneur.dice.roll`` (our reader and evaluator, every die remembered) against
``d20.roll`` (d20's own roller). Odds: ``meneur.dice.odds`` against the same distribution built
directly with icepool, both from scratch ("cold": our result cache cleared before each call,
icepool's own caches left as they are), and ours once cached ("warm"). Prints operations per
second (best of five runs, to keep other processes out of it) and the ratio ours/theirs in time
(the goal is at most 1.2).
"""

from __future__ import annotations

import argparse
import random
import timeit
import warnings
from collections.abc import Callable
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import d20

import icepool

from meneur.dice import RandomSource, odds, roll
from meneur.dice.odds import _odds

EXPRESSIONS = ["1d20", "4d6kh3", "2d6+3", "10d10", "8d6e6"]

ICEPOOL: dict[str, Callable[[], Any]] = {
    "1d20": lambda: icepool.d(20),
    "4d6kh3": lambda: icepool.d(6).highest(4, 3),
    "2d6+3": lambda: 2 @ icepool.d(6) + 3,
    "10d10": lambda: 10 @ icepool.d(10),
    "8d6e6": lambda: 8 @ icepool.d(6).explode([6], depth=20),
}


def compare(
    ours: Callable[[], object], theirs: Callable[[], object], seconds: float, repeat: int = 7
) -> tuple[float, float]:
    """Calls per second of each: the best of ``repeat`` timings, taken alternately (so a busy
    machine disturbs both alike)."""
    timers = [timeit.Timer(ours), timeit.Timer(theirs)]
    numbers = []
    for timer in timers:
        number, elapsed = timer.autorange()
        numbers.append(max(1, int(number * seconds / max(elapsed, 1e-9) / repeat / 2)))
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for index, timer in enumerate(timers):
            best[index] = min(best[index], timer.timeit(numbers[index]))
    return numbers[0] / best[0], numbers[1] / best[1]


def their_odds(expression: str) -> Callable[[], object]:
    def work() -> object:
        die = ICEPOOL[expression]()
        return die.probabilities(), die.mean(), die.standard_deviation()

    return work


def our_cold_odds(expression: str) -> Callable[[], object]:
    def work() -> object:
        _odds.cache_clear()
        result = odds(expression)
        return result.distribution, result.mean, result.stdev

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=0.5)
    seconds = parser.parse_args().seconds
    source = RandomSource(random.Random(1))
    random.seed(1)  # d20 reads the global generator
    print(f"{'rolls':<10}{'ours/s':>12}{'d20/s':>12}{'ours/theirs':>13}")
    for expression in EXPRESSIONS:
        ours, theirs = compare(
            lambda e=expression: roll(e, source), lambda e=expression: d20.roll(e), seconds
        )
        print(f"{expression:<10}{ours:>12.0f}{theirs:>12.0f}{theirs / ours:>13.2f}")
    print()
    print(f"{'odds':<10}{'cold/s':>12}{'icepool/s':>12}{'ours/theirs':>13}{'warm/s':>12}")
    for expression in EXPRESSIONS:
        ours, theirs = compare(our_cold_odds(expression), their_odds(expression), seconds)
        warm, _ = compare(lambda e=expression: odds(e).distribution, lambda: None, seconds / 4, 3)
        print(f"{expression:<10}{ours:>12.0f}{theirs:>12.0f}{theirs / ours:>13.2f}{warm:>12.0f}")


if __name__ == "__main__":
    main()
