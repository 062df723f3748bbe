"""Exact odds checked against brute-force enumeration written independently of the engine."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction

import icepool
import pytest

from meneur.dice import DiceValueError, Odds, OddsUnavailableError, odds
from meneur.dice.limits import MAX_EXPLOSIONS
from tests.dice.brute import d, distribution, exploding_chains


def _highest(n: int) -> Callable[..., int]:
    return lambda *faces: sum(sorted(faces)[-n:])


def _lowest(n: int) -> Callable[..., int]:
    return lambda *faces: sum(sorted(faces)[:n])


BRUTE: list[tuple[str, dict[int, Fraction]]] = [
    ("2d6", distribution([d(6)] * 2, lambda a, b: a + b)),
    ("2d4+1", distribution([d(4)] * 2, lambda a, b: a + b + 1)),
    ("3d6kh2", distribution([d(6)] * 3, _highest(2))),
    ("3d6kl2", distribution([d(6)] * 3, _lowest(2))),
    ("4d6kh3", distribution([d(6)] * 4, _highest(3))),
    ("4d6pl1", distribution([d(6)] * 4, _highest(3))),
    ("4d6ph1", distribution([d(6)] * 4, _lowest(3))),
    ("4d4kh1kl1", distribution([d(4)] * 4, lambda *f: max(f) + min(f))),
    ("5d6k>4", distribution([d(6)] * 5, lambda *f: sum(x for x in f if x > 4))),
    ("4d6p<3", distribution([d(6)] * 4, lambda *f: sum(x for x in f if x >= 3))),
    ("3d6mi2ma5", distribution([d(6)] * 3, lambda *f: sum(min(max(x, 2), 5) for x in f))),
    ("(1d4, 1d6)kh1", distribution([d(4), d(6)], max)),
    ("(1d4, 1d6, 1d8)kl1", distribution([d(4), d(6), d(8)], min)),
    ("(1d4, 1d6, 1d8)kh1kl1", distribution([d(4), d(6), d(8)], lambda *f: max(f) + min(f))),
    (
        "(1d6, 2d4)k>4",
        distribution([d(6), d(4), d(4)], lambda a, b, c: (a if a > 4 else 0) + (b + c if b + c > 4 else 0)),
    ),
    ("1d6-1d4", distribution([d(6), d(4)], lambda a, b: a - b)),
    ("1d6*1d4", distribution([d(6), d(4)], lambda a, b: a * b)),
    ("1d20/3", distribution([d(20)], lambda a: a // 3)),
    ("(1d6-4)//2", distribution([d(6)], lambda a: (a - 4) // 2)),
    ("1d10%3", distribution([d(10)], lambda a: a % 3)),
    ("1d20>=1d20", distribution([d(20)] * 2, lambda a, b: int(a >= b))),
    ("-1d4", distribution([d(4)], lambda a: -a)),
    ("d66", distribution([d(6)] * 2, lambda a, b: 10 * a + b)),
    ("d666", distribution([d(6)] * 3, lambda a, b, c: 100 * a + 10 * b + c)),
    ("2d66kh1", distribution([d(6)] * 4, lambda a, b, c, e: max(10 * a + b, 10 * c + e))),
    ("d%", distribution([d(100)], lambda a: a)),
    ("1d6ro1", distribution([d(6)] * 2, lambda a, b: b if a == 1 else a)),
    ("2d6ro<3kh1", distribution([d(6)] * 4, lambda a, b, c, e: max(c if a < 3 else a, e if b < 3 else b))),
    ("3d6rol1", distribution([d(6)] * 4, lambda a, b, c, r: a + b + c - min(a, b, c) + r)),
    ("2d6ra6", distribution([d(6)] * 3, lambda a, b, r: a + b + (r if 6 in (a, b) else 0))),
]


@pytest.mark.parametrize(("expression", "expected"), BRUTE, ids=[e for e, _ in BRUTE])
def test_odds_match_brute_force(expression: str, expected: dict[int, Fraction]) -> None:
    assert odds(expression).distribution == expected


def test_advantage_and_disadvantage_of_the_carpathes() -> None:
    """003_87a535c5e428c5d3.txt: "Avantage (3D6 garder les 2 meilleurs)" and "3D6 garder les 2 pires"."""
    advantage, plain, disadvantage = odds("3d6kh2"), odds("2d6"), odds("3d6kl2")
    assert advantage.mean == Fraction(203, 24)
    assert disadvantage.mean == 14 - advantage.mean
    assert plain.mean == 7
    assert advantage.at_least(11) > plain.at_least(11) > disadvantage.at_least(11)


def test_reroll_without_end_is_the_die_without_the_rerolled_faces() -> None:
    assert odds("1d6rr1").distribution == {f: Fraction(1, 5) for f in range(2, 7)}
    assert odds("2d6rr<3").distribution == distribution([range(3, 7)] * 2, lambda a, b: a + b)


def _explode_total(sides: int) -> dict[int, Fraction]:
    weights: dict[int, Fraction] = defaultdict(Fraction)
    for probability, faces in exploding_chains(sides, MAX_EXPLOSIONS):
        weights[sum(faces)] += probability
    return dict(sorted(weights.items()))


def test_explosion_uses_the_same_chain_cap_as_rolls() -> None:
    expected = _explode_total(4)
    got = odds("1d4e4")
    assert got.distribution == expected
    assert got.maximum == 4 * (MAX_EXPLOSIONS + 1)


def test_one_exploding_die_kept_highest() -> None:
    weights: dict[int, Fraction] = defaultdict(Fraction)
    for probability, faces in exploding_chains(6, MAX_EXPLOSIONS):
        weights[max(faces)] += probability
    assert odds("1d6e6kh1").distribution == dict(sorted(weights.items()))


@pytest.mark.parametrize("expression", ["4d6kh3", "8d6e6", "1d666", "(1d4,1d6)kh1", "2d6ra6"])
def test_odds_sum_to_exactly_one(expression: str) -> None:
    assert sum(odds(expression).distribution.values()) == 1


def test_mean_stdev_min_max_and_helpers() -> None:
    result = odds("2d6")
    assert (result.minimum, result.maximum, result.mean) == (2, 12, 7)
    assert result.variance == Fraction(35, 6)
    assert result.stdev == pytest.approx((35 / 6) ** 0.5)
    assert result.at_least(11) == Fraction(3, 36)
    assert result.at_most(3) == Fraction(3, 36)
    assert result.probability(lambda o: o % 2 == 0) == Fraction(1, 2)
    assert result[7] == Fraction(1, 6) and result[13] == 0


def test_from_die_wraps_an_icepool_die() -> None:
    assert Odds.from_die(icepool.d(6) + icepool.d(6)) == odds("2d6")


def test_from_weights_normalises() -> None:
    assert Odds.from_weights({1: 2, 2: 2, 3: Fraction(2)}) == odds("1d3")
    assert Odds.from_weights({0: Fraction(1, 3), 1: Fraction(2, 3)}).mean == Fraction(2, 3)


def test_to_json_writes_reduced_fractions() -> None:
    data = odds("1d4").to_json()
    assert data["distribution"] == {"1": "1/4", "2": "1/4", "3": "1/4", "4": "1/4"}
    assert (data["mean"], data["mean_exact"], data["min"], data["max"]) == (2.5, "5/2", 1, 4)


@pytest.mark.parametrize("expression", ["1000d6", "1d10000*1d10000", "4d6kh3rr1", "3d6e6kh2", "200d6kh100"])
def test_odds_too_large_are_refused_with_a_reason(expression: str) -> None:
    with pytest.raises(OddsUnavailableError):
        odds(expression)


def test_possible_division_by_zero_is_refused() -> None:
    with pytest.raises(DiceValueError):
        odds("1d6/(1d2-1)")
