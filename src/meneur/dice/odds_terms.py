"""The pieces of an exact distribution that work on one dice term: its base die, the operations applied one die
at a time, sums by doubling, and the exact enumeration of a term with the roller itself.

:mod:`meneur.dice.odds_plan` (whole expressions) and :mod:`meneur.dice.odds_successes` (counts of successes)
both build on them. Each refusal is an :class:`OddsUnavailableError` saying why the odds are not available.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import icepool  # type: ignore[import-untyped]

from meneur.dice.arithmetic import BINARY, DIVISIONS, division_by_zero
from meneur.dice.errors import OddsUnavailableError
from meneur.dice.limits import MAX_EXPLOSIONS, Budget
from meneur.dice.notation import DiceTerm, Operation
from meneur.dice.odds_cost import MAX_PATHS, path_bound, too_many_paths
from meneur.dice.result import DiceResult
from meneur.dice.roller import roll_term
from meneur.i18n import N_, Message

MAX_PAIRS = 400_000
MAX_POOL = 100
MAX_DIRECT_SUM = 100  # icepool's own `count @ die` recurses once per die

Die = Any  # icepool.Die[int]; icepool ships no type information


def unavailable(reason: Message) -> OddsUnavailableError:
    return OddsUnavailableError(
        Message("core", N_("Exact odds are not available for this expression: {reason}"), {"reason": reason})
    )


def too_many(notation: str) -> OddsUnavailableError:
    return unavailable(too_many_paths(notation))


def binary(op: str, left: Die, right: Die) -> Die:
    if len(left) * len(right) > MAX_PAIRS:
        raise unavailable(
            Message("core", N_("too many combinations of outcomes (more than {cap})."), {"cap": MAX_PAIRS})
        )
    if op in DIVISIONS and 0 in right.outcomes():
        raise division_by_zero(op)
    function = BINARY[op]
    if len(right) == 1:
        return with_constant(op, left, right.outcomes()[0])
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    return icepool.map(function, left, right)


def with_constant(op: str, left: Die, constant: int) -> Die:
    """``left op constant``: icepool works on the outcomes directly, much faster than two dice."""
    if constant == 0 and op in DIVISIONS:
        raise division_by_zero(op)
    if op == "+":
        return left + constant
    if op == "-":
        return left - constant
    if op == "*":
        return left * constant
    function = BINARY[op]
    return left.map(lambda value: function(value, constant))


def base_die(term: DiceTerm) -> Die:
    # icepool.d(n) is a shared, cached die: sums of it are cached by icepool too.
    return icepool.Die(term.faces()) if term.digits or term.fate else icepool.d(term.sides)


def per_die(base: Die, operations: tuple[Operation, ...]) -> tuple[Die | None, tuple[Operation, ...]]:
    """Fold the leading one-die-at-a-time operations into one die; return it and what is left."""
    die = base
    index = 0
    if operations and operations[0].code in ("rr", "ro", "e") and operations[0].is_by_value():
        first = operations[0]
        which = [f for f in base.outcomes() if first.matches(f)]
        if first.code == "e":
            if len(operations) > 1:
                return None, operations
            return base.explode(which, depth=MAX_EXPLOSIONS), ()
        if which and len(which) < len(base):
            # rerolling every face once gives the same die (and icepool divides by zero on it)
            die = base.reroll(which, depth="inf" if first.code == "rr" else 1)
        index = 1
    while index < len(operations) and operations[index].code in ("mi", "ma"):
        bound = operations[index].selectors[-1].number
        die = die.clip(bound, None) if operations[index].code == "mi" else die.clip(None, bound)
        index += 1
    return die, operations[index:]


def repeat(die: Die, count: int) -> Die:
    """The sum of ``count`` rolls of ``die``, by doubling (icepool's ``@`` recurses once per die)."""
    _check_repeat_cost(len(die), die.max_outcome() - die.min_outcome(), count)
    if count == 1:
        return die
    if count <= MAX_DIRECT_SUM:
        return count @ die
    result: Die | None = None
    power = die
    while count:
        if count & 1:
            result = power if result is None else binary("+", result, power)
        count >>= 1
        if count:
            power = binary("+", power, power)
    return result


def _check_repeat_cost(size: int, span: int, count: int) -> None:
    """Refuse, before any work, a sum whose doublings would combine too many pairs of outcomes."""

    def outcomes(copies: int) -> int:
        return int(min(copies * span + 1, size ** min(copies, 64)))

    cost, done, power = 0, 0, 1
    while count:
        if count & 1:
            cost += outcomes(done) * outcomes(power) if done else 0
            done += power
        count >>= 1
        if count:
            cost += outcomes(power) ** 2
            power *= 2
    if cost > MAX_PAIRS:
        raise unavailable(
            Message("core", N_("too many combinations of outcomes (more than {cap})."), {"cap": MAX_PAIRS})
        )


def enumerate_term(term: DiceTerm, score: Callable[[DiceResult], int] | None = None) -> Die:
    """Every sequence of dice the roller can roll for ``term``, weighted: the distribution of its
    total (or of ``score`` of the rolled group)."""
    bound = path_bound(term)
    if bound is None:
        raise unavailable(
            Message(
                "core",
                N_(
                    "{notation} mixes an endless reroll ('rr') with other operations; exact odds need 'rr'"
                    " first, followed only by mi, ma and one keep or drop."
                ),
                {"notation": str(term)},
            )
        )
    if bound > MAX_PATHS:
        raise too_many(str(term))
    # Counts per probability space (product of die sizes), combined once at the end: adding
    # fractions with huge denominators path by path is much slower.
    counts: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    prefix: list[int] = []
    while True:
        source = _ScriptedSource(prefix)
        rolled = roll_term(term, source, Budget())
        total = rolled.total if score is None else score(rolled)
        counts[source.space][total] += 1
        position = len(source.faces) - 1
        while position >= 0 and source.faces[position] == source.sides[position]:
            position -= 1
        if position < 0:
            break
        prefix = [*source.faces[:position], source.faces[position] + 1]
    denominator = math.lcm(*counts)
    weights: dict[int, int] = defaultdict(int)
    for space, by_total in counts.items():
        for outcome, count in by_total.items():
            weights[outcome] += count * (denominator // space)
    return icepool.Die(dict(weights))


class _ScriptedSource:
    """Replays ``prefix`` then answers 1 to every die, remembering each die's size."""

    __slots__ = ("faces", "prefix", "sides", "space")

    def __init__(self, prefix: list[int]) -> None:
        self.prefix = prefix
        self.faces: list[int] = []
        self.sides: list[int] = []
        self.space = 1

    def roll(self, sides: int) -> int:
        index = len(self.faces)
        face = self.prefix[index] if index < len(self.prefix) else 1
        self.faces.append(face)
        self.sides.append(sides)
        self.space *= sides
        return face
