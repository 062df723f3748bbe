"""Properties over random valid expressions built from the grammar (Hypothesis)."""

from __future__ import annotations

import random

from hypothesis import assume, given
from hypothesis import strategies as st

from meneur.dice import (
    DiceError,
    EnteredSource,
    RandomSource,
    finish,
    odds,
    parse,
    roll,
)
from tests.dice.brute import d, distribution


class RecordingSource:
    """A seeded source that remembers every face it gave (to replay them as entered dice)."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomSource(random.Random(seed))
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        face = self.inner.roll(sides)
        self.faces.append(face)
        return face


def _selector(draw: st.DrawFn, order: bool) -> str:
    kinds = ["h", "l", "<", ">", ""] if order else ["<", ">", ""]
    return draw(st.sampled_from(kinds)) + str(draw(st.integers(1, 6)))


@st.composite
def dice_terms(draw: st.DrawFn) -> str:
    count = draw(st.integers(0, 3))
    sides = draw(st.sampled_from([1, 2, 3, 4, 6, 8, 66]))
    text = f"{count}d{sides}"
    for _ in range(draw(st.integers(0, 2))):
        code = draw(st.sampled_from(["k", "p", "rr", "ro", "ra", "e", "mi", "ma"]))
        if code in ("mi", "ma"):
            text += code + str(draw(st.integers(1, 6)))
        else:
            text += code + _selector(draw, order=code not in ("rr", "e"))
    return text


def expressions() -> st.SearchStrategy[str]:
    leaves = st.one_of(dice_terms(), st.integers(0, 9).map(str))

    def extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        binary = st.tuples(children, st.sampled_from(["+", "-", "*", ">=", "<", "=="]), children).map(
            lambda t: f"{t[0]} {t[1]} {t[2]}"
        )
        sets = st.tuples(children, children, st.sampled_from(["", "kh1", "kl1", "ph1", "k>2"])).map(
            lambda t: f"({t[0]}, {t[1]}){t[2]}"
        )
        return st.one_of(binary, sets, children.map(lambda c: f"({c})"), children.map(lambda c: f"-{c}"))

    return st.recursive(leaves, extend, max_leaves=3)


def _valid(text: str) -> bool:
    try:
        parse(text)
    except DiceError:
        return False
    return True


@given(expressions(), st.integers(0, 2**32))
def test_roll_total_is_a_possible_outcome_and_odds_sum_to_one(text: str, seed: int) -> None:
    assume(_valid(text))
    try:
        exact = odds(text)
    except DiceError:
        assume(False)
        raise
    assert sum(exact.distribution.values()) == 1
    total = roll(text, RandomSource.from_seed(seed)).total
    assert exact.minimum <= total <= exact.maximum
    assert exact[total] > 0


@given(expressions(), st.integers(0, 2**32))
def test_entered_dice_replay_a_roll_exactly(text: str, seed: int) -> None:
    assume(_valid(text))
    recorder = RecordingSource(seed)
    first = roll(text, recorder)
    source = EnteredSource(recorder.faces)
    again = roll(text, source)
    finish(source)
    assert again == first


@given(
    st.integers(0, 12),
    st.sampled_from([4, 6, 10, 20]),
    st.sampled_from("kp"),
    st.sampled_from("hl"),
    st.integers(1, 12),
    st.integers(0, 2**32),
)
def test_kept_counts(count: int, sides: int, code: str, kind: str, n: int, seed: int) -> None:
    result = roll(f"{count}d{sides}{code}{kind}{n}", RandomSource.from_seed(seed))
    (group,) = result.groups()
    picked = min(count, n)
    assert len(group.kept) == (picked if code == "k" else count - picked)
    assert group.total == sum(d.value for d in group.kept)
    ordered = sorted(d.value for d in group.dice)
    slices = {
        ("k", "h"): ordered[count - picked :],
        ("k", "l"): ordered[:picked],
        ("p", "h"): ordered[: count - picked],
        ("p", "l"): ordered[picked:],
    }
    assert sorted(d.value for d in group.kept) == slices[code, kind]


@given(st.integers(1, 5), st.sampled_from([2, 3, 4, 6]), st.integers(0, 2**32))
def test_every_die_value_is_a_face(count: int, sides: int, seed: int) -> None:
    result = roll(f"{count}d{sides}e{sides}", RandomSource.from_seed(seed))
    for die in result.dice():
        assert all(1 <= face <= sides for face in die.faces)


@given(
    st.integers(1, 4),
    st.sampled_from([2, 3, 4, 6]),
    st.sampled_from("kp"),
    st.lists(st.tuples(st.sampled_from("hl"), st.integers(0, 4)), min_size=1, max_size=2),
)
def test_keep_drop_odds_match_brute_force(
    count: int, sides: int, code: str, selectors: list[tuple[str, int]]
) -> None:
    expression = f"{count}d{sides}" + "".join(f"{code}{kind}{n}" for kind, n in selectors)

    def total(*faces: int) -> int:
        order = sorted(range(count), key=lambda i: faces[i])
        picked: set[int] = set()
        for kind, n in selectors:
            picked.update(order[count - min(n, count) :] if kind == "h" else order[:n])
        return sum(f for i, f in enumerate(faces) if (i in picked) == (code == "k"))

    assert odds(expression).distribution == distribution([d(sides)] * count, total)
