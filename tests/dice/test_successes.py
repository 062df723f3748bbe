"""A comparison on a group of dice counts its successes, as Roll20 and Foundry do.

Issue 18: « `10d10>=8` silently compares the sum instead of counting successes (Roll20's and
Foundry's habit: count the dice at or above 8) ». A comparison after arithmetic, on parentheses or
on a set compares the total (1 or 0). Exact odds are checked against brute-force enumeration.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from meneur.dice import EnteredSource, odds, parse, roll, to_json, to_text
from meneur.dice.notation import Binary, Successes
from tests.dice.brute import d, distribution, exploding_chains


@pytest.mark.parametrize(
    ("text", "faces", "total", "breakdown"),
    [
        ("10d10>=8", [1, 1, 7, 7, 1, 8, 5, 6, 3, 10], 2, "10d10 (1, 1, 7, 7, 1, 8✓, 5, 6, 3, 10✓) >= 8 = 2"),
        ("5d6>4", [5, 4, 6, 1, 2], 2, "5d6 (5✓, 4, 6✓, 1, 2) > 4 = 2"),
        ("4d6kh3>=5", [6, 1, 5, 5], 3, "4d6kh3 (6✓, ~1~, 5✓, 5✓) >= 5 = 3"),
        ("3d6e6 > 4", [6, 2, 5, 3], 2, "3d6e6 (6!✓, 2, 5✓, 3) > 4 = 2"),
        ("3d6==1", [1, 1, 2], 2, "3d6 (1✓, 1✓, 2) == 1 = 2"),
        ("2d6[hits] >= 5", [5, 6], 2, "2d6 (5✓, 6✓) [hits] >= 5 = 2"),
        ("5d10>=8>=2", [3, 8, 10, 1, 7], 1, "5d10 (3, 8✓, 10✓, 1, 7) >= 8 >= 2 = 1"),
        ("2d6+3>=8", [1, 5], 1, "2d6 (1, 5) + 3 >= 8 = 1"),
        ("(10d10)>=8", [1] * 10, 1, "(10d10 (1, 1, 1, 1, 1, 1, 1, 1, 1, 1)) >= 8 = 1"),
        ("(1d6, 1d6)>=8", [3, 4], 0, "(1d6 (3), 1d6 (4)) >= 8 = 0"),
        ("1d20>=10", [12], 1, "1d20 (12✓) >= 10 = 1"),
    ],
)
def test_rolls_count_the_dice_that_compare_true(
    text: str, faces: list[int], total: int, breakdown: str
) -> None:
    result = roll(text, EnteredSource(faces))
    assert (result.total, to_text(result)) == (total, breakdown)


def test_only_a_group_of_dice_on_the_left_counts() -> None:
    assert isinstance(parse("10d10>=8").root, Successes)
    assert isinstance(parse("2d6[x]>=8").root, Successes)
    for text in ("2d6+3>=8", "(2d6)>=8", "(1d6, 1d6)kh1>=4", "8<=2d6"):
        assert isinstance(parse(text).root, Binary), text


def test_json_marks_each_success() -> None:
    data = to_json(roll("3d6>=5", EnteredSource([6, 2, 5])))
    group = data["dice"][0]
    assert data["total"] == 2 and group["successes"] == 2
    assert [die["success"] for die in group["dice"]] == [True, False, True]
    assert "successes" not in to_json(roll("3d6", EnteredSource([6, 2, 5])))["dice"][0]


def _count(faces: tuple[int, ...], target: int) -> int:
    return sum(1 for face in faces if face >= target)


@pytest.mark.parametrize(("count", "sides", "target"), [(1, 20, 10), (4, 6, 5), (5, 10, 8), (3, 4, 1)])
def test_success_odds_match_brute_force(count: int, sides: int, target: int) -> None:
    expected = distribution([d(sides)] * count, lambda *f: _count(f, target))
    assert odds(f"{count}d{sides}>={target}").distribution == expected


def test_success_odds_after_keeping_match_brute_force() -> None:
    def kept_hits(*faces: int) -> int:
        return _count(tuple(sorted(faces)[1:]), 4)

    assert odds("4d6kh3>=4").distribution == distribution([d(6)] * 4, kept_hits)
    assert odds("(4d6kh3)kl2>=4").distribution == distribution(
        [d(6)] * 4, lambda *f: _count(tuple(sorted(f)[1:3]), 4)
    )
    assert odds("5d4k>1==4").distribution == distribution([d(4)] * 5, lambda *f: sum(x == 4 for x in f))


def test_success_odds_with_a_rolled_target_match_brute_force() -> None:
    expected = distribution([d(6), d(6), d(4)], lambda a, b, t: int(a < t) + int(b < t))
    assert odds("2d6<1d4").distribution == expected


def test_success_odds_of_exploding_dice_count_every_die_of_the_chain() -> None:
    """Each die of a chain is compared (6, 6, 2 against >4 is two successes), up to the cap."""
    weights: dict[int, Fraction] = {}
    for first, second in product(exploding_chains(6, 20), repeat=2):
        hits = sum(1 for face in first[1] + second[1] if face > 4)
        weights[hits] = weights.get(hits, Fraction(0)) + first[0] * second[0]
    assert odds("2d6e6 > 4").distribution == weights
    assert odds("2d6e6>4") == odds("2d6! > 4")


def test_counting_exploding_dice_is_cheap_enough_to_be_exact() -> None:
    """A count of 20 exploding d6 is a sum of small chain counts, not of chain totals."""
    weights = {k: float(p) for k, p in odds("20d6e6>=6").distribution.items()}
    assert odds("20d6e6>=6").minimum == 0 and abs(sum(weights.values()) - 1) < 1e-12
    assert odds("20d6e6>=6").mean == 20 * Fraction(1, 6) * sum(Fraction(1, 6) ** k for k in range(21))
