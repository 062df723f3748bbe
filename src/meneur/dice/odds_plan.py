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
from collections import defaultdict

import icepool  # type: ignore[import-untyped]

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
    positions,
)
from meneur.dice.odds_successes import successes_die
from meneur.dice.odds_terms import (
    MAX_POOL,
    Die,
    base_die,
    binary,
    enumerate_term,
    per_die,
    repeat,
    too_many,
    unavailable,
    with_constant,
)
from meneur.dice.selection import keep_or_drop
from meneur.i18n import N_, Message

MAX_OUTCOMES = 100_000


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
        return successes_die(node.term, node.op, compile_die(node.target))
    if isinstance(node, Binary):
        if isinstance(node.right, Constant):
            return with_constant(node.op, compile_die(node.left), node.right.value)
        return binary(node.op, compile_die(node.left), compile_die(node.right))
    inner = compile_die(node.operand)
    return -inner if node.op == "-" else inner


def _term(term: DiceTerm) -> Die:
    base = base_die(term)
    operations = term.operations
    single, rest = per_die(base, operations)
    if single is not None:
        if not rest:
            return _sum(term, single)
        if len(rest) == 1 and rest[0].code in ("k", "p") and _explosion_free(operations):
            return _keep(term, single, rest[0])
        if by_order(rest) and _explosion_free(operations):
            return _keep_positions(term, single, positions(term.count, rest))
    return enumerate_term(term)


def _explosion_free(operations: tuple[Operation, ...]) -> bool:
    return all(o.code != "e" for o in operations)


def _sum(term: DiceTerm, die: Die) -> Die:
    if term.count == 0:
        return icepool.Die([0])
    span = die.max_outcome() - die.min_outcome()
    if term.count * span > MAX_OUTCOMES:
        raise unavailable(
            Message(
                "core",
                N_("{notation} has too many possible totals (more than {cap})."),
                {"notation": str(term), "cap": MAX_OUTCOMES},
            )
        )
    return repeat(die, term.count)


def _keep(term: DiceTerm, die: Die, operation: Operation) -> Die:
    if term.count == 0:
        return icepool.Die([0])
    if not operation.is_by_value():
        if any(s.is_by_value() for s in operation.selectors):
            return enumerate_term(term)
        return _keep_positions(term, die, positions(term.count, (operation,)))

    def counted(value: int) -> int:
        picked = operation.matches(value)
        return value if picked == (operation.code == "k") else 0

    return _sum(term, die.map(counted))


def _keep_positions(term: DiceTerm, die: Die, kept_at: tuple[int, ...]) -> Die:
    """The sum of the dice at the sorted positions ``kept_at`` marks 1 (lowest first)."""
    count = term.count
    if count > MAX_POOL:
        raise unavailable(
            Message("core", N_("keeping or dropping among more than {cap} dice."), {"cap": MAX_POOL})
        )
    if len(die) > MAX_POOL_FACES:
        raise unavailable(
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
        total = binary("+", total, item)
    return total


def _enumerate_set(node: SetTerm, items: list[Die]) -> Die:
    size = 1
    for item in items:
        size *= len(item)
    if size > MAX_PATHS:
        raise too_many(str(node))
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
