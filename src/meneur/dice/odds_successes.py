"""Exact odds of a success count, ``10d10>=8``: how many dice of a group compare true.

Read exactly as the roller counts (:class:`meneur.dice.notation.Successes`): every kept die,
explosions included. Usual forms go straight to icepool: dice alone or after per-die rerolls and
bounds (a sum of 1/0 dice), an explosion (each chain counted by marking exploding faces with a
large offset, so the chain's sum holds both its successes and its explosions), keeps by rank (a
pool whose kept outcomes are counted) or by value. Anything else is enumerated with the roller,
under the same caps as totals. The target comes compiled (by :mod:`meneur.dice.odds_plan`); one that
is itself rolled (``1d6<1d6``) mixes the counts for each of its outcomes.
"""

from __future__ import annotations

from typing import Any

import icepool  # type: ignore[import-untyped]

from meneur.dice.arithmetic import BINARY
from meneur.dice.limits import MAX_EXPLOSIONS
from meneur.dice.notation import DiceTerm
from meneur.dice.odds_cost import MAX_POOL_FACES, by_order, positions
from meneur.dice.odds_terms import (
    MAX_POOL,
    Die,
    base_die,
    enumerate_term,
    per_die,
    repeat,
    unavailable,
)
from meneur.dice.result import DiceResult
from meneur.i18n import N_, Message

#: Offset marking an exploding face: larger than the successes of one chain (at most depth + 1).
MARK = MAX_EXPLOSIONS + 2


def successes_die(term: DiceTerm, op: str, target: Die) -> Die:
    """The distribution of the number of dice of ``term`` that satisfy ``die op target`` (a compiled die)."""
    if len(target) == 1:
        return count_die(term, op, target.outcomes()[0])
    return target.map(lambda value: count_die(term, op, value))


def count_die(term: DiceTerm, op: str, target: int) -> Die:
    """How many dice of ``term`` satisfy ``die op target``."""
    compare = BINARY[op]

    def hit(value: int) -> int:
        return compare(value, target)

    if term.count == 0:
        return icepool.Die([0])
    operations = term.operations
    base = base_die(term)
    if len(operations) == 1 and operations[0].code == "e" and operations[0].is_by_value():
        explosion = operations[0]
        chain = base.map(lambda v: hit(v) + MARK * explosion.matches(v))
        exploding = [o for o in chain.outcomes() if o >= MARK]
        return repeat(chain.explode(exploding, depth=MAX_EXPLOSIONS).map(lambda s: s % MARK), term.count)
    if all(o.code != "e" for o in operations):
        single, rest = per_die(base, operations)
        if single is not None:
            found = _direct(term, single, rest, hit)
            if found is not None:
                return found
    return enumerate_term(term, lambda rolled: _hits(rolled, compare, target))


def _direct(term: DiceTerm, single: Die, rest: tuple[Any, ...], hit: Any) -> Die | None:
    if not rest:
        return repeat(single.map(hit), term.count)
    if by_order(rest):
        if term.count > MAX_POOL or len(single) > MAX_POOL_FACES:
            raise unavailable(
                Message("core", N_("keeping or dropping among more than {cap} dice."), {"cap": MAX_POOL})
            )
        kept = single.pool(term.count).keep(positions(term.count, rest))
        return kept.keep_outcomes(lambda v: hit(v) == 1).size()
    if len(rest) == 1 and rest[0].code in ("k", "p") and rest[0].is_by_value():
        operation = rest[0]
        keep = operation.code == "k"
        return repeat(single.map(lambda v: hit(v) if operation.matches(v) == keep else 0), term.count)
    return None


def _hits(rolled: DiceResult, compare: Any, target: int) -> int:
    return sum(1 for die in rolled.dice if die.kept and compare(die.value, target) == 1)
