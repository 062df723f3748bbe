"""Exact odds: the full distribution of a roll as fractions, with mean and standard deviation.

Computed, never sampled: :func:`odds` first decides from the size of the computation whether it
can be done quickly (:mod:`meneur.dice.odds_cost`, refusing at once with the reason), then
compiles the same parsed expression the roller uses into an icepool die (see
:mod:`meneur.dice.odds_plan`). Systems can also wrap an icepool die of their own with
:meth:`Odds.from_die`. Results are cached by expression text.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any

from meneur.dice.errors import OddsUnavailableError
from meneur.dice.notation import Expression
from meneur.dice.odds_cost import verdict
from meneur.dice.parse import parse
from meneur.i18n import N_, Message
from meneur.i18n.numbers import chance_text


def fraction_text(value: Fraction) -> str:
    """An exact number for JSON, the one writing of every odds command: a whole number plainly
    (``"0"``, ``"1"``, ``"7"``), otherwise the reduced fraction ``"n/d"`` (``"61/216"``).

    The same writing as the text output (:func:`meneur.i18n.numbers.chance_text`), so the JSON of
    ``meneur odds``, ``warzone odds``, ``carpathes odds`` and ``insmv odds`` read alike.
    """
    return chance_text(value)


@dataclass(frozen=True, eq=False)
class Odds:
    """The exact distribution of a roll: ``distribution[outcome]`` is its probability.

    Kept as whole-number weights over one ``denominator`` (outcomes increasing), so means and
    variances stay exact and quick; ``distribution`` gives reduced fractions summing to exactly 1.
    """

    weights: tuple[tuple[int, int], ...]
    denominator: int

    @classmethod
    def from_die(cls, die: Any) -> Odds:
        """Wrap an icepool ``Die`` whose outcomes are whole numbers (or booleans, read as 1/0)."""
        return cls(tuple((int(o), int(q)) for o, q in die.items() if q), int(die.denominator()))

    @classmethod
    def from_weights(cls, weights: Mapping[int, int | Fraction]) -> Odds:
        """Build from weights (or probabilities) per outcome; they are normalised to sum to 1."""
        fractions = {o: Fraction(w) for o, w in weights.items() if w}
        common = math.lcm(*(f.denominator for f in fractions.values()))
        integers = tuple((o, int(f * common)) for o, f in sorted(fractions.items()))
        return cls(integers, sum(w for _o, w in integers))

    @cached_property
    def distribution(self) -> dict[int, Fraction]:
        """Each outcome (increasing) and its probability, a reduced fraction."""
        return {o: Fraction(w, self.denominator) for o, w in self.weights}

    @property
    def minimum(self) -> int:
        """The lowest possible outcome."""
        return self.weights[0][0]

    @property
    def maximum(self) -> int:
        """The highest possible outcome."""
        return self.weights[-1][0]

    @property
    def mean(self) -> Fraction:
        """The exact mean."""
        return Fraction(sum(o * w for o, w in self.weights), self.denominator)

    @property
    def variance(self) -> Fraction:
        """The exact variance."""
        second = Fraction(sum(o * o * w for o, w in self.weights), self.denominator)
        return second - self.mean**2

    @property
    def stdev(self) -> float:
        """The standard deviation."""
        return math.sqrt(self.variance)

    def probability(self, predicate: Callable[[int], bool]) -> Fraction:
        """The probability that the outcome satisfies ``predicate``."""
        return Fraction(sum(w for o, w in self.weights if predicate(o)), self.denominator)

    def at_least(self, target: int) -> Fraction:
        """The probability of rolling ``target`` or more."""
        return self.probability(lambda o: o >= target)

    def at_most(self, target: int) -> Fraction:
        """The probability of rolling ``target`` or less."""
        return self.probability(lambda o: o <= target)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Odds) and self.distribution == other.distribution

    def __hash__(self) -> int:
        return hash(tuple(self.distribution.items()))

    def __getitem__(self, outcome: int) -> Fraction:
        return self.distribution.get(outcome, Fraction(0))

    def to_json(self) -> dict[str, Any]:
        """``{"distribution": {"3": "1/216", ...}, "mean": 10.5, "mean_exact": "21/2", "stdev": 2.95…}``.

        Probabilities are reduced fractions written ``"n/d"`` (``"1"`` for a certainty);
        ``min`` and ``max`` are the extreme
        outcomes.
        """
        mean = self.mean
        return {
            "distribution": {str(o): fraction_text(p) for o, p in self.distribution.items()},
            "mean": float(mean),
            "mean_exact": fraction_text(mean),
            "stdev": self.stdev,
            "min": self.minimum,
            "max": self.maximum,
        }


def odds(expression: str | Expression) -> Odds:
    """The exact odds of ``expression``.

    Raises:
        DiceSyntaxError, DiceLimitError, DiceValueError: bad expression (see :func:`parse`).
        OddsUnavailableError: when the exact odds would take too long to work out, saying why.
    """
    parsed = parse(expression) if isinstance(expression, str) else expression
    return _odds(parsed)


@lru_cache(maxsize=512)
def _odds(expression: Expression) -> Odds:
    decided = verdict(expression)
    if not decided.exact:
        assert decided.reason is not None
        raise unavailable(decided.reason)
    # icepool (and the compiler on it) loads on the first odds asked for: a roll never needs it
    from meneur.dice.odds_plan import compile_die

    return Odds.from_die(compile_die(expression.root))


def unavailable(reason: Message) -> OddsUnavailableError:
    """The refusal of exact odds, saying why."""
    return OddsUnavailableError(
        Message("core", N_("Exact odds are not available for this expression: {reason}"), {"reason": reason})
    )
