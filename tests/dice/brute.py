"""Brute-force references for exact odds: enumerate every face combination, count totals.

Written independently of the engine (plain itertools over faces, rules spelt out by hand), so the
engine's odds are checked against a second reading of the notation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import product


def distribution(faces: Sequence[Iterable[int]], total: Callable[..., int]) -> dict[int, Fraction]:
    """Exact distribution of ``total(*faces)`` over every combination of equally likely faces."""
    columns = [list(f) for f in faces]
    counts: Counter[int] = Counter(total(*combination) for combination in product(*columns))
    size = sum(counts.values())
    return {outcome: Fraction(count, size) for outcome, count in sorted(counts.items())}


def d(sides: int) -> range:
    """The faces of one die."""
    return range(1, sides + 1)


def exploding_chains(sides: int, depth: int) -> list[tuple[Fraction, tuple[int, ...]]]:
    """Every chain of one die exploding on its highest face, at most ``depth`` explosions.

    Returns (probability, faces shown) pairs: k highest faces then a lower one, or depth+1 rolls
    when every explosion happens (the last die then shows any face and stops).
    """
    chains: list[tuple[Fraction, tuple[int, ...]]] = []
    for k in range(depth + 1):
        for last in range(1, sides + (1 if k == depth else 0)):
            chains.append((Fraction(1, sides) ** (k + 1), (sides,) * k + (last,)))
    return chains
