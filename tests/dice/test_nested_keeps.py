"""Keep and drop on a group in parentheses act on the dice the group kept, never merged with it.

Issue 18 (dice against avrae/d20's own test expressions): « parentheses around a kept group are
dropped, so `((10d6kh5)kl2)kh1` is printed and rolled as `10d6kh5kl2kh1` (a union of selections,
7 to 42) instead of the nested keeps it says (one die, 1 to 6) ». Exact odds are checked against a
brute-force reading written here from scratch (sort the dice still kept, pick, repeat).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meneur.dice import EnteredSource, RandomSource, finish, odds, parse, roll, to_json, to_text
from tests.dice.brute import d, distribution

Level = tuple[str, tuple[tuple[str, int], ...]]  # ("k" or "p", selectors such as ("h", 2))


def brute_total(faces: tuple[int, ...], levels: list[Level]) -> int:
    """Apply each level to the dice still kept: sort them, pick by rank or value, keep or drop."""
    kept = list(range(len(faces)))
    for code, selectors in levels:
        order = sorted(kept, key=lambda i: faces[i])
        picked: set[int] = set()
        for kind, number in selectors:
            if kind == "h":
                picked.update(order[len(order) - min(number, len(order)) :])
            elif kind == "l":
                picked.update(order[:number])
            elif kind == ">":
                picked.update(i for i in kept if faces[i] > number)
            else:
                picked.update(i for i in kept if faces[i] < number)
        kept = [i for i in kept if (i in picked) == (code == "k")]
    return sum(faces[i] for i in kept)


def written(count: int, sides: int, levels: list[Level], doubled: list[bool]) -> str:
    def level_text(level: Level) -> str:
        code, selectors = level
        return "".join(f"{code}{kind}{number}" for kind, number in selectors)

    text = f"{count}d{sides}{level_text(levels[0])}"
    for level, double in zip(levels[1:], doubled, strict=False):
        text = f"(({text})){level_text(level)}" if double else f"({text}){level_text(level)}"
    return text


@st.composite
def nested(draw: st.DrawFn) -> tuple[int, int, list[Level], str]:
    count = draw(st.integers(1, 4))
    sides = draw(st.sampled_from([2, 3, 4, 6]))
    selector = st.tuples(st.sampled_from("hl"), st.integers(0, 4)) | st.tuples(
        st.sampled_from("<>"), st.integers(1, sides)
    )
    levels = draw(
        st.lists(
            st.tuples(st.sampled_from("kp"), st.lists(selector, min_size=1, max_size=2).map(tuple)),
            min_size=2,
            max_size=4,
        )
    )
    doubled = draw(st.lists(st.booleans(), min_size=len(levels), max_size=len(levels)))
    return count, sides, levels, written(count, sides, levels, doubled)


def _never_applies(sides: int, levels: list[Level]) -> bool:
    """Selectors by value that no face can meet are refused by the parser (tested elsewhere)."""
    faces = range(1, sides + 1)
    return any(
        kind in "<>" and not any((f > n) if kind == ">" else (f < n) for f in faces)
        for _code, selectors in levels
        for kind, n in selectors
    )


@settings(max_examples=150, deadline=None)
@given(nested(), st.integers(0, 2**32))
def test_nested_keeps_match_brute_force_in_odds_and_rolls(
    case: tuple[int, int, list[Level], str], seed: int
) -> None:
    count, sides, levels, text = case
    if _never_applies(sides, levels):
        return
    expected = distribution([d(sides)] * count, lambda *faces: brute_total(faces, levels))
    assert odds(text).distribution == expected
    faces = tuple(RandomSource.from_seed(seed).roll(sides) for _ in range(count))
    source = EnteredSource(faces)
    assert roll(text, source).total == brute_total(faces, levels)
    finish(source)
    assert str(parse(str(parse(text)))) == str(parse(text))


@pytest.mark.parametrize(
    ("text", "canonical", "low", "high"),
    [
        ("((10d6kh5)kl2)kh1", "((10d6kh5)kl2)kh1", 1, 6),
        ("(2d6)kh1", "(2d6)kh1", 1, 6),
        ("((2d6))kh1", "(2d6)kh1", 1, 6),
        ("(4d6kh3)kl1", "(4d6kh3)kl1", 1, 6),
        ("10d6kh5kl2", "10d6kh5kl2", 7, 42),
        ("(4d6)kh3 + 1", "(4d6)kh3 + 1", 4, 19),
    ],
)
def test_the_group_stays_in_the_notation_and_the_odds(text: str, canonical: str, low: int, high: int) -> None:
    assert str(parse(text)) == canonical
    exact = odds(text)
    assert (exact.minimum, exact.maximum) == (low, high)


def test_d20s_nested_example_keeps_the_fourth_highest_of_ten() -> None:
    """The 2 lowest of the 5 highest, then the higher of those: the 4th highest die of the ten.

    6**10 rolls are too many to enumerate, so the reference is the order statistic's formula:
    P(7th lowest <= x) = sum over j >= 7 of C(10, j) F(x)^j (1 - F(x))^(10 - j), F(x) = x/6.
    """

    def at_most(x: int) -> Fraction:
        f = Fraction(x, 6)
        return sum((math.comb(10, j) * f**j * (1 - f) ** (10 - j) for j in range(7, 11)), Fraction(0))

    expected = {x: at_most(x) - at_most(x - 1) for x in d(6)}
    assert odds("((10d6kh5)kl2)kh1").distribution == expected
    source = EnteredSource([2, 2, 5, 4, 6, 5, 6, 3, 2, 1])
    result = roll("((10d6kh5)kl2)kh1", source)
    assert result.total == 5
    assert to_text(result) == "((10d6kh5)kl2)kh1 (~2~, ~2~, ~5~, ~4~, ~6~, 5, ~6~, ~3~, ~2~, ~1~) = 5"
    assert to_json(result)["dice"][0]["notation"] == "((10d6kh5)kl2)kh1"


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [("2d6kh1kl1", [2, 2], 4), ("3d6kh1kl1", [4, 4, 4], 8), ("(3d3k>1)ph1pl1", [1, 2, 2], 0)],
)
def test_highest_and_lowest_of_equal_dice_are_different_dice(text: str, faces: list[int], total: int) -> None:
    """Rolls agree with the exact odds, which count sorted positions: a double is two dice."""
    source = EnteredSource(faces)
    assert roll(text, source).total == total
    assert odds(text)[total] > 0
    assert odds("2d6kh1kl1") == odds("2d6")
