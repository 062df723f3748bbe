"""Our reading of the notation against avrae's d20 (installed, pinned), roll for roll.

Issue 18 ran d20's own test expressions against meneur and found silent differences. Here d20
rolls from a seeded recorder (its module-level ``random`` swapped for one), and meneur rolls the
very same faces as entered dice: where the readings agree the totals must be equal; where they
differ on purpose (docs/rulings/dice.md, « Where d20 reads otherwise ») both totals are pinned.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import pytest

from meneur.dice import DiceError, EnteredSource, finish, parse, roll

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # d20's lark import warns
    import d20
    import d20.expression


class _Recorder:
    """Stands in for d20's ``random``: a seeded generator that remembers every face it gave."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.faces: list[int] = []

    def randrange(self, stop: int) -> int:
        value = self.rng.randrange(stop)
        self.faces.append(value + 1)
        return value


class _Scripted:
    """Stands in for d20's ``random``: gives the faces listed, in order."""

    def __init__(self, faces: list[int]) -> None:
        self.faces: Iterator[int] = iter(faces)

    def randrange(self, stop: int) -> int:
        return next(self.faces) - 1


AGREE = [
    "1d20", "3+4*2", "(2+3)*4", "2d8+1d4-3", "4d6kh3", "4d6kl1", "5d6ph1", "5d6pl2", "6d6k>3",
    "6d6p<3", "3d6rr1", "3d6ro<3", "2d6ra6", "3d6e6", "2d10e>8", "8d6mi2", "8d6ma4", "10d6mi10",
    "(1d4, 1d6, 1d8)kh1", "(1d4, 1d6)pl1", "(3, 1d6, 2d4)kh2", "1d20 >= 10", "2d6+1 > 7", "7 // 2",
    "-7 // 2", "15 / 2", "17 % 5", "--2", "-+-1", "-(1d6)", "(1d6)", "((1d6))", "(1,)", "(1, 1)",
    "(4d6)kh3", "((10d6kh5)kl2)kh1", "(2d6)kh1", "1d8+3[fire]", "2d6[poison]", "(1d6)[x]",
    "4*(3d8kh2+9[fire]+(9d2e2+3[cold])/2)", "10d6kh5kl2", "10d6ph1pl1", "1d6 == 1d6",
    "2d20kh1 + 5", "2d20kl1", "4d6rol1", "4d6ral1", "1d20 != 20", "0d6", "1 + 2 == 2",
    "(1, 2, 3, 4, 5)kh2", "(1, 2, 3, 4, 5)k>3",
]  # fmt: skip
BOTH_REFUSE = ["3d6rrl1", "1d1e1", "1d20rr<21", "1d20 adv", "1001d6", "10d6mil1", "(4d6)e6", "6d0"]


@pytest.fixture
def d20_random(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(d20.expression, "random", random.Random(0))
    yield


@pytest.mark.parametrize("text", AGREE)
def test_same_faces_same_total_as_d20(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(8):
        recorder = _Recorder(seed)
        monkeypatch.setattr(d20.expression, "random", recorder)
        theirs = d20.roll(text).total
        source = EnteredSource(recorder.faces)
        assert roll(text, source).total == theirs, (text, recorder.faces)
        finish(source)


@pytest.mark.parametrize("text", BOTH_REFUSE)
def test_refused_by_both(text: str, d20_random: None) -> None:
    with pytest.raises(d20.RollError):
        d20.roll(text)
    with pytest.raises(DiceError):
        parse(text)


@pytest.mark.parametrize(
    ("text", "faces", "theirs", "ours", "why"),
    [
        ("4d6k3", [3, 1, 5, 6], 3, 14, "k3 keeps the 3 highest (d20: the dice showing 3)"),
        ("4d6p3", [3, 1, 5, 6], 12, 6, "p3 drops the 3 lowest (d20: the dice showing 3)"),
        ("(1, 2, 3)k1k2", [], 3, 5, "k1k2 keeps the highest 1 and 2 (d20: the items 1 and 2)"),
        ("(1)k2", [], 0, 1, "k2 keeps the 2 highest of one item"),
        ("10d10>=8", [1, 1, 7, 7, 1, 8, 5, 6, 3, 10], 1, 2, "counts successes (d20: the sum)"),
        ("-7 / 2", [], -3, -4, "division rounds down (d20: towards zero)"),
        ("2d6kh1kl1", [4, 4], 4, 8, "the highest and the lowest of a double are two dice"),
        ("(1d4, 1d6)kh1kl1", [3, 3], 3, 6, "likewise for the items of a set"),
    ],
)
def test_deliberate_differences(
    text: str, faces: list[int], theirs: int, ours: int, why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(d20.expression, "random", _Scripted(faces))
    assert d20.roll(text).total == theirs, why
    source = EnteredSource(faces)
    assert roll(text, source).total == ours, why
    finish(source)


@pytest.mark.parametrize("text", ["4d6d1", "1d6r1", "3d6!", "1d6x", "4dF", "6d6k>=4", "d66", "d%"])
def test_read_here_though_d20_refuses_or_reads_otherwise(text: str, d20_random: None) -> None:
    """Roll20's and Foundry's forms (d1, r1, !, x, dF, >=) and digit dice; d% is a d100 here."""
    parse(text)


@pytest.mark.parametrize("text", ["1.5+1", ".5"])
def test_decimals_are_refused_here_though_d20_reads_them(text: str, d20_random: None) -> None:
    d20.roll(text)
    with pytest.raises(DiceError):
        parse(text)
