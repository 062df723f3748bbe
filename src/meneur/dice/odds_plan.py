"""Compile a parsed expression into an icepool die, reading the notation exactly as the roller does.

Direct icepool forms cover the usual rolls: ``NdX``, one reroll (``rr`` unbounded, ``ro`` once)
by value then ``mi``/``ma``, an explosion by value (same chain cap as rolls), then one keep/drop
(pools for ``h``/``l``, a per-die map for values); sets with one keep/drop; arithmetic with
floor division; comparisons as 1/0. Anything else (several orderings, ``ra``, keep after an
explosion...) is enumerated exactly, outcome sequence by outcome sequence, with the roller itself,
under :data:`MAX_PATHS`; beyond it (or for endless ``rr`` after a keep) the odds are refused with
a message saying why.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import icepool  # type: ignore[import-untyped]

from meneur.dice.arithmetic import BINARY, DIVISIONS, division_by_zero
from meneur.dice.errors import OddsUnavailableError
from meneur.dice.limits import MAX_EXPLOSIONS, Budget
from meneur.dice.notation import (
    Binary,
    Constant,
    DiceTerm,
    Labelled,
    Node,
    Operation,
    Parens,
    SetTerm,
    Successes,
)
from meneur.dice.odds_cost import (
    MAX_PATHS,
    MAX_POOL_FACES,
    by_order,
    path_bound,
    positions,
    too_many_paths,
)
from meneur.dice.result import DiceResult
from meneur.dice.selection import keep_or_drop
from meneur.i18n import N_, Message

MAX_PAIRS = 400_000
MAX_OUTCOMES = 100_000
MAX_POOL = 100
MAX_DIRECT_SUM = 100  # icepool's own `count @ die` recurses once per die

Die = Any  # icepool.Die[int]; icepool ships no type information


def compile_die(node: Node) -> Die:
    """The icepool die of ``node``.

    Raises:
        OddsUnavailableError: when the exact odds would be too large to work out.
        DiceValueError: when a division by zero is possible.
    """
    if isinstance(node, Constant):
        return icepool.Die([node.value])
    if isinstance(node, DiceTerm):
        return _term(node)
    if isinstance(node, Parens | Labelled):
        return compile_die(node.inner)  # labels are for the reader: the odds ignore them
    if isinstance(node, SetTerm):
        return _set(node)
    if isinstance(node, Successes):
        from meneur.dice.odds_successes import successes_die

        return successes_die(node)
    if isinstance(node, Binary):
        if isinstance(node.right, Constant):
            return _with_constant(node.op, compile_die(node.left), node.right.value)
        return _binary(node.op, compile_die(node.left), compile_die(node.right))
    inner = compile_die(node.operand)
    return -inner if node.op == "-" else inner


def _unavailable(reason: Message) -> OddsUnavailableError:
    return OddsUnavailableError(
        Message("core", N_("Exact odds are not available for this expression: {reason}"), {"reason": reason})
    )


def _binary(op: str, left: Die, right: Die) -> Die:
    if len(left) * len(right) > MAX_PAIRS:
        raise _unavailable(
            Message("core", N_("too many combinations of outcomes (more than {cap})."), {"cap": MAX_PAIRS})
        )
    if op in DIVISIONS and 0 in right.outcomes():
        raise division_by_zero(op)
    function = BINARY[op]
    if len(right) == 1:
        return _with_constant(op, left, right.outcomes()[0])
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    return icepool.map(function, left, right)


def _with_constant(op: str, left: Die, constant: int) -> Die:
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


def _base(term: DiceTerm) -> Die:
    # icepool.d(n) is a shared, cached die: sums of it are cached by icepool too.
    return icepool.Die(term.faces()) if term.digits or term.fate else icepool.d(term.sides)


def _term(term: DiceTerm) -> Die:
    base = _base(term)
    operations = term.operations
    single, rest = _per_die(base, operations)
    if single is not None:
        if not rest:
            return _sum(term, single)
        if len(rest) == 1 and rest[0].code in ("k", "p") and _explosion_free(operations):
            return _keep(term, single, rest[0])
        if by_order(rest) and _explosion_free(operations):
            return _keep_positions(term, single, positions(term.count, rest))
    return _enumerate_term(term)


def _explosion_free(operations: tuple[Operation, ...]) -> bool:
    return all(o.code != "e" for o in operations)


def _per_die(base: Die, operations: tuple[Operation, ...]) -> tuple[Die | None, tuple[Operation, ...]]:
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


def _sum(term: DiceTerm, die: Die) -> Die:
    if term.count == 0:
        return icepool.Die([0])
    span = die.max_outcome() - die.min_outcome()
    if term.count * span > MAX_OUTCOMES:
        raise _unavailable(
            Message(
                "core",
                N_("{notation} has too many possible totals (more than {cap})."),
                {"notation": str(term), "cap": MAX_OUTCOMES},
            )
        )
    return _repeat(die, term.count)


def _repeat(die: Die, count: int) -> Die:
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
            result = power if result is None else _binary("+", result, power)
        count >>= 1
        if count:
            power = _binary("+", power, power)
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
        raise _unavailable(
            Message("core", N_("too many combinations of outcomes (more than {cap})."), {"cap": MAX_PAIRS})
        )


def _keep(term: DiceTerm, die: Die, operation: Operation) -> Die:
    if term.count == 0:
        return icepool.Die([0])
    if not operation.is_by_value():
        if any(s.is_by_value() for s in operation.selectors):
            return _enumerate_term(term)
        return _keep_positions(term, die, positions(term.count, (operation,)))

    def counted(value: int) -> int:
        picked = operation.matches(value)
        return value if picked == (operation.code == "k") else 0

    return _sum(term, die.map(counted))


def _keep_positions(term: DiceTerm, die: Die, kept_at: tuple[int, ...]) -> Die:
    """The sum of the dice at the sorted positions ``kept_at`` marks 1 (lowest first)."""
    count = term.count
    if count > MAX_POOL:
        raise _unavailable(
            Message("core", N_("keeping or dropping among more than {cap} dice."), {"cap": MAX_POOL})
        )
    if len(die) > MAX_POOL_FACES:
        raise _unavailable(
            Message(
                "core",
                N_("keeping or dropping among dice of more than {cap} faces."),
                {"cap": MAX_POOL_FACES},
            )
        )
    kept = sum(kept_at)
    if kept == 0:
        return icepool.Die([0])
    if kept == count:
        return _sum(term, die)
    if kept_at == (0,) * (count - kept) + (1,) * kept:
        return die.highest(count, kept)
    if kept_at == (1,) * kept + (0,) * (count - kept):
        return die.lowest(count, kept)
    return die.keep(count, kept_at)


def _set(node: SetTerm) -> Die:
    items = [compile_die(item) for item in node.items]
    if not node.operations:
        return _total(items)
    if len(node.operations) == 1:
        operation = node.operations[0]
        if all(not s.is_by_value() for s in operation.selectors) and len(items) <= MAX_POOL:
            return icepool.Pool(items).keep(positions(len(items), (operation,))).sum()
        if operation.is_by_value():

            def counted(value: int) -> int:
                return value if operation.matches(value) == (operation.code == "k") else 0

            return _total([item.map(counted) for item in items])
    return _enumerate_set(node, items)


def _total(items: list[Die]) -> Die:
    total = icepool.Die([0])
    for item in items:
        total = _binary("+", total, item)
    return total


def _enumerate_set(node: SetTerm, items: list[Die]) -> Die:
    size = 1
    for item in items:
        size *= len(item)
    if size > MAX_PATHS:
        raise _too_many(str(node))
    weights: dict[int, int] = defaultdict(int)
    columns = [list(zip(item.outcomes(), item.quantities(), strict=True)) for item in items]
    for combination in itertools.product(*columns):
        values = [outcome for outcome, _ in combination]
        kept = [True] * len(values)
        for operation in node.operations:
            keep_or_drop(values, kept, operation)
        weight = 1
        for _, quantity in combination:
            weight *= quantity
        weights[sum(v for v, k in zip(values, kept, strict=True) if k)] += weight
    return icepool.Die(dict(weights))


def _too_many(notation: str) -> OddsUnavailableError:
    return _unavailable(too_many_paths(notation))


def _enumerate_term(term: DiceTerm, score: Callable[[DiceResult], int] | None = None) -> Die:
    """Every sequence of dice the roller can roll for ``term``, weighted: the distribution of its
    total (or of ``score`` of the rolled group)."""
    bound = path_bound(term)
    if bound is None:
        raise _unavailable(
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
        raise _too_many(str(term))
    from meneur.dice.roller import roll_term

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
