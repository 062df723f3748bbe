"""Rolling: every die remembered, operations read as d20 reads them, entered dice checked."""

from __future__ import annotations

import pytest

from meneur.dice import (
    DiceValueError,
    EnteredDiceError,
    EnteredSource,
    RandomSource,
    finish,
    roll,
    roll_digits,
)
from meneur.dice.limits import MAX_EXPLOSIONS
from meneur.dice.result import SetResult
from meneur.errors import BadInputError


def entered(expression: str, values: list[int]) -> tuple[int, list[tuple[int, ...]], list[bool]]:
    source = EnteredSource(values)
    result = roll(expression, source)
    finish(source)
    return result.total, [d.faces for d in result.dice()], [d.kept for d in result.dice()]


@pytest.mark.parametrize(
    ("expression", "values", "total", "kept"),
    [
        ("4d6kh3", [3, 1, 5, 6], 14, [True, False, True, True]),
        ("4d6kl1", [3, 1, 5, 6], 1, [False, True, False, False]),
        ("4d6ph1", [3, 1, 5, 6], 9, [True, True, True, False]),
        ("4d6pl1", [3, 1, 5, 6], 14, [True, False, True, True]),
        ("5d6k>4", [3, 1, 5, 6, 4], 11, [False, False, True, True, False]),
        ("5d6k<3", [3, 1, 5, 6, 2], 3, [False, True, False, False, True]),
        # Roll20 and Foundry: a bare number after k keeps that many of the highest dice (k3 = kh3),
        # after d (or p) drops that many of the lowest; a face is written k=3
        ("5d6k3", [3, 1, 3, 6, 2], 12, [True, False, True, True, False]),
        ("5d6k=3", [3, 1, 3, 6, 2], 6, [True, False, True, False, False]),
        ("4d6d1", [3, 1, 5, 6], 14, [True, False, True, True]),
        ("4D6DH1", [3, 1, 5, 6], 9, [True, True, True, False]),
        ("4d6p1", [3, 1, 5, 6], 14, [True, False, True, True]),
        ("5d6k>=5", [3, 1, 5, 6, 4], 11, [False, False, True, True, False]),
        ("5d6d<=2", [3, 1, 5, 6, 2], 14, [True, False, True, True, False]),
        ("4d6kh1kl1", [3, 1, 5, 6], 7, [False, True, False, True]),
        ("3d6kh2", [4, 4, 4], 8, [True, True, False]),
    ],
)
def test_keep_and_drop(expression: str, values: list[int], total: int, kept: list[bool]) -> None:
    """Carpathes (003_87a535c5e428c5d3.txt): "Avantage (3D6 garder les 2 meilleurs)"."""
    got_total, _faces, got_kept = entered(expression, values)
    assert (got_total, got_kept) == (total, kept)


@pytest.mark.parametrize(
    ("expression", "values", "faces", "total"),
    [
        # rr rerolls in rounds, every matching die in order, until none matches
        ("2d6rr1", [1, 1, 1, 4, 2], [(1, 1, 2), (1, 4)], 6),
        ("2d6rr<3", [2, 5, 6], [(2, 6), (5,)], 11),
        # ro rerolls once, even into the same face
        ("2d6ro1", [1, 1, 1, 3], [(1, 1), (1, 3)], 4),
        ("3d6rol1", [4, 2, 6, 5], [(4,), (2, 5), (6,)], 15),
        # mi/ma force values of kept dice
        ("3d6mi3", [1, 4, 2], [(1,), (4,), (2,)], 10),
        ("3d6ma4", [1, 6, 5], [(1,), (6,), (5,)], 9),
    ],
)
def test_rerolls_and_clips(
    expression: str, values: list[int], faces: list[tuple[int, ...]], total: int
) -> None:
    got_total, got_faces, _kept = entered(expression, values)
    assert (got_faces, got_total) == (faces, total)


def test_explosions_add_dice_at_the_end_in_rounds() -> None:
    source = EnteredSource([6, 2, 6, 6, 1, 3])
    result = roll("3d6e6", source)
    finish(source)
    dice = result.dice()
    assert [d.value for d in dice] == [6, 2, 6, 6, 1, 3]
    assert [d.exploded for d in dice] == [True, False, True, True, False, False]
    assert [d.added_by for d in dice] == [None, None, None, "e", "e", "e"]
    assert result.total == 24


def test_explosion_chain_stops_after_the_cap() -> None:
    values = [4] * (MAX_EXPLOSIONS + 1)
    source = EnteredSource(values)
    result = roll("1d4e4", source)
    finish(source)
    assert result.total == 4 * (MAX_EXPLOSIONS + 1)
    assert [d.exploded for d in result.dice()] == [True] * MAX_EXPLOSIONS + [False]


def test_reroll_and_add_adds_one_die_at_most() -> None:
    total, faces, _kept = entered("3d6ra6", [6, 6, 2, 5])
    assert (total, faces) == (19, [(6,), (6,), (2,), (5,)])


def test_keep_after_explosion_sees_the_added_dice() -> None:
    total, _faces, kept = entered("2d6e6kh1", [6, 3, 5])
    assert (total, kept) == (6, [True, False, False])


def test_forced_value_remembers_the_face() -> None:
    result = roll("1d6mi3", EnteredSource([1]))
    (die,) = result.dice()
    assert (die.faces, die.value, die.forced) == ((1,), 3, True)


@pytest.mark.parametrize(
    ("expression", "values", "total"),
    [
        ("2d4+1", [2, 3], 6),
        ("1d6-1d4", [2, 3], -1),
        ("1d6*3", [5], 15),
        ("7/2", [], 3),
        ("-7/2", [], -4),
        ("1d6//4", [5], 1),
        ("1d6%4", [5], 1),
        ("(1d6+1)*2", [2], 6),
        ("1d20>=10", [10], 1),
        ("1d20>=10", [9], 0),
        ("1d20==20", [20], 1),
        ("1d20!=20", [20], 0),
        ("1d6<1d6", [2, 3], 1),
        ("-1d4", [3], -3),
        ("+1d4", [3], 3),
        ("(1d4, 1d6)kh1", [4, 2], 4),
        ("(1d4, 1d6, 3)pl1", [1, 6], 9),
        ("(2d6)kh1", [2, 5], 5),
    ],
)
def test_arithmetic_sets_and_comparisons(expression: str, values: list[int], total: int) -> None:
    assert entered(expression, values)[0] == total


def test_set_remembers_each_item_kept_or_dropped() -> None:
    result = roll("(1d4, 1d6)kh1", EnteredSource([4, 2])).result
    assert isinstance(result, SetResult)
    assert (result.kept, result.total) == ((True, False), 4)


@pytest.mark.parametrize("expression", ["1d6/0", "1d6//(1d2-1)", "1d6%0"])
def test_division_by_zero_is_bad_input(expression: str) -> None:
    with pytest.raises(DiceValueError):
        roll(expression, EnteredSource([3, 1]))


def test_d666_reads_one_d6_per_digit() -> None:
    """INS/MV (000_008acb24c72771e3.txt): "Les unités seront utilisées ... pour quantifier"."""
    source = EnteredSource([3, 5, 1])
    result = roll("d666", source)
    finish(source)
    (die,) = result.dice()
    assert (result.total, die.digits, die.sides) == (351, (3, 5, 1), 666)


def test_d66_groups_consume_two_d6_each() -> None:
    total, faces, _kept = entered("2d66", [1, 2, 6, 6])
    assert (total, faces) == (12 + 66, [(12,), (66,)])


def test_digit_die_refuses_an_impossible_digit() -> None:
    with pytest.raises(EnteredDiceError):
        roll("d666", EnteredSource([3, 7, 1]))


def test_roll_digits_api() -> None:
    digits = roll_digits(3, EnteredSource([6, 1, 4]))
    assert (digits.value, digits.digits, digits.units) == (614, (6, 1, 4), 4)
    with pytest.raises(BadInputError):
        roll_digits(0, EnteredSource([1]))


@pytest.mark.parametrize(
    "values", [[3, 5], [3, 5, 1, 2], [3, 9, 1], [0, 5, 1]], ids=["too-few", "too-many", "impossible", "zero"]
)
def test_entered_dice_must_match_the_roll(values: list[int]) -> None:
    source = EnteredSource(values)
    with pytest.raises(EnteredDiceError):
        roll("3d6", source)
        finish(source)


def test_entered_dice_cover_rerolls_and_explosions() -> None:
    total, faces, _kept = entered("1d6rr1+1d6e6", [1, 4, 6, 2])
    assert (total, faces) == (12, [(1, 4), (6,), (2,)])


def test_same_seed_same_roll() -> None:
    first = roll("10d10kh3+1d666", RandomSource.from_seed(42))
    second = roll("10d10kh3+1d666", RandomSource.from_seed(42))
    assert first == second


def test_zero_dice_roll_nothing() -> None:
    assert entered("0d6+2", [])[0] == 2


def test_d_percent_is_a_d100() -> None:
    total, faces, _kept = entered("d%", [100])
    assert (total, faces) == (100, [(100,)])
