"""Estimated odds: a Monte Carlo sample of a roll, for expressions whose exact odds are too costly.

The roller itself rolls the expression ``samples`` times from a seeded generator, so an estimate
reads the notation exactly as rolls do and is reproducible from its seed. Every figure carries its
error bound at 95 % confidence: for the probability ``p`` of each outcome, the half-width
``1.96 × √(p(1-p)/n)`` (normal approximation); for the mean, ``1.96 × s/√n`` (``s`` the sample
standard deviation). The sample size is decided before rolling: at most :data:`MAX_DICE` dice in
all (``samples`` × the dice written), so an estimate takes about a second at most.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from meneur.dice.errors import DiceLimitError
from meneur.dice.limits import Budget
from meneur.dice.notation import Expression
from meneur.dice.parse import parse
from meneur.dice.roller import evaluate
from meneur.dice.source import RandomSource
from meneur.i18n import N_, Message

DEFAULT_SAMPLES = 10_000
MIN_SAMPLES = 100
MAX_SAMPLES = 100_000
MAX_DICE = 1_000_000  # about 1 µs per die rolled
Z95 = 1.96


@dataclass(frozen=True)
class Estimate:
    """How often each outcome came up in ``samples`` rolls seeded with ``seed``."""

    expression: str
    samples: int
    seed: int
    counts: tuple[tuple[int, int], ...]  # (outcome, times), outcomes increasing

    def probability(self, outcome: int) -> float:
        """The estimated probability of ``outcome``."""
        return dict(self.counts).get(outcome, 0) / self.samples

    def half_width(self, probability: float) -> float:
        """The 95 % half-width of an estimated ``probability``."""
        return Z95 * math.sqrt(probability * (1 - probability) / self.samples)

    def at_least(self, outcome: int) -> float:
        """The estimated probability of ``outcome`` or more."""
        return sum(c for o, c in self.counts if o >= outcome) / self.samples

    @property
    def mean(self) -> float:
        """The sample mean."""
        return sum(o * c for o, c in self.counts) / self.samples

    @property
    def stdev(self) -> float:
        """The sample standard deviation."""
        if self.samples < 2:
            return 0.0
        mean = self.mean
        return math.sqrt(sum(c * (o - mean) ** 2 for o, c in self.counts) / (self.samples - 1))

    @property
    def mean_half_width(self) -> float:
        """The 95 % half-width of the mean."""
        return Z95 * self.stdev / math.sqrt(self.samples)

    def binned(self, rows: int) -> list[tuple[int, int, int]]:
        """At most ``rows`` ranges of outcomes of equal width: (lowest, highest, times seen)."""
        low, high = self.counts[0][0], self.counts[-1][0]
        width = max(1, -(-(high - low + 1) // rows))
        bins: dict[int, int] = {}
        for outcome, count in self.counts:
            start = low + (outcome - low) // width * width
            bins[start] = bins.get(start, 0) + count
        return [(start, min(start + width - 1, high), count) for start, count in sorted(bins.items())]

    def to_json(self) -> dict[str, Any]:
        """``{"estimate": true, "samples": n, "seed": s, "confidence": 0.95, "distribution": {...},
        "half_width": {...}, "mean": m, "mean_half_width": h, "stdev": s, "min": a, "max": b}``."""
        probabilities = {o: c / self.samples for o, c in self.counts}
        return {
            "estimate": True,
            "samples": self.samples,
            "seed": self.seed,
            "confidence": 0.95,
            "distribution": {str(o): p for o, p in probabilities.items()},
            "half_width": {str(o): self.half_width(p) for o, p in probabilities.items()},
            "mean": self.mean,
            "mean_half_width": self.mean_half_width,
            "stdev": self.stdev,
            "min": self.counts[0][0],
            "max": self.counts[-1][0],
        }


def dice_per_roll(expression: Expression) -> int:
    """The physical dice written in ``expression`` (a digit die counts one d6 per digit)."""
    return sum(t.count * max(t.digits, 1) for t in expression.dice_terms())


def sample_size(expression: Expression, samples: int | None) -> int:
    """The number of rolls: ``samples`` if it fits the caps, else a default that does.

    Raises:
        DiceLimitError: when ``samples`` is out of range or would roll too many dice.
    """
    dice = max(dice_per_roll(expression), 1)
    if samples is None:
        return max(MIN_SAMPLES, min(DEFAULT_SAMPLES, MAX_DICE // dice))
    if not MIN_SAMPLES <= samples <= MAX_SAMPLES:
        raise DiceLimitError(
            Message(
                "core",
                N_("The number of samples must be between {low} and {high}."),
                {"low": MIN_SAMPLES, "high": MAX_SAMPLES},
            )
        )
    if samples * dice > MAX_DICE:
        raise DiceLimitError(
            Message(
                "core",
                N_(
                    "{samples} samples of {dice} dice would roll more than {cap} dice: ask for at most"
                    " {most} samples."
                ),
                {"samples": samples, "dice": dice, "cap": MAX_DICE, "most": max(MAX_DICE // dice, 1)},
            )
        )
    return samples


def estimate(expression: str | Expression, samples: int | None = None, seed: int | None = None) -> Estimate:
    """Roll ``expression`` ``samples`` times (default: see :func:`sample_size`) from ``seed``.

    Without a seed one is drawn (from the operating system) and recorded in the estimate.

    Raises:
        DiceSyntaxError, DiceLimitError, DiceValueError: bad expression or sample size.
    """
    parsed = parse(expression) if isinstance(expression, str) else expression
    count = sample_size(parsed, samples)
    if seed is None:
        seed = random.Random().randrange(2**32)  # a generator seeded by the operating system
    source = RandomSource.from_seed(seed)
    root = parsed.root
    totals = Counter(evaluate(root, source, Budget()).total for _ in range(count))
    return Estimate(parsed.text, count, seed, tuple(sorted(totals.items())))
