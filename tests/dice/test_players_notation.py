"""Dice as players write them (Roll20, Foundry, French books): case, shorthand, Fate dice, refusals.

Exact odds of the new forms are checked against brute-force enumeration (tests/dice/brute.py);
Hypothesis rolls random expressions in the new forms within the bounds of their odds.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.dice import (
    DiceSyntaxError,
    EnteredDiceError,
    EnteredSource,
    OddsUnavailableError,
    RandomSource,
    finish,
    odds,
    parse,
    roll,
    to_text,
)
from meneur.dice.errors import NotApplicableError
from meneur.dice.limits import MAX_EXPLOSIONS
from tests.dice.brute import d, distribution, exploding_chains

FATE: tuple[int, ...] = (-1, 0, 1)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("2D6", "2d6"),
        ("1D20+3", "1d20 + 3"),
        ("D66", "1d66"),
        ("D666", "1d666"),
        ("4D6KH3", "4d6kh3"),
        ("4d6k3", "4d6kh3"),
        ("4d6K3", "4d6kh3"),
        ("4d6d1", "4d6pl1"),
        ("4d6dl1", "4d6pl1"),
        ("4d6dh1", "4d6ph1"),
        ("4d6p1", "4d6pl1"),
        ("4d6k=3", "4d6k=3"),
        ("5d6k>=5", "5d6k>4"),
        ("5d6d<=2", "5d6p<3"),
        ("1d6!", "1d6e6"),
        ("1d6x", "1d6e6"),
        ("1d6e", "1d6e6"),
        ("1d10!>8", "1d10e>8"),
        ("1d10X>=9", "1d10e>8"),
        ("3d6r1", "3d6rr1"),
        ("3d6R<3", "3d6rr<3"),
        ("3d6ro1", "3d6ro1"),
        ("4dF", "4dF"),
        ("4df", "4dF"),
        ("dF", "1dF"),
        ("4dFkh2", "4dFkh2"),
        ("(1d4, 1d6)d1", "(1d4, 1d6)pl1"),
        ("1d6! > 4", "1d6e6 > 4"),
        ("1d6!=3", "1d6 != 3"),
    ],
)
def test_players_notation_reads_as_on_roll20_and_foundry(text: str, canonical: str) -> None:
    assert str(parse(text)) == canonical


def entered(expression: str, values: list[int]) -> tuple[int, str]:
    source = EnteredSource(values)
    result = roll(expression, source)
    finish(source)
    return result.total, to_text(result)


def test_k3_keeps_the_three_highest_not_the_dice_showing_3() -> None:
    assert entered("4d6k3", [3, 1, 5, 6]) == (14, "4d6kh3 (3, ~1~, 5, 6) = 14")
    assert entered("4d6k=3", [3, 1, 5, 6]) == (3, "4d6k=3 (3, ~1~, ~5~, ~6~) = 3")


def test_d1_drops_the_lowest() -> None:
    assert entered("4d6d1", [3, 1, 5, 6]) == (14, "4d6pl1 (3, ~1~, 5, 6) = 14")


def test_bang_and_x_explode_on_the_highest_face() -> None:
    assert entered("1d6!", [6, 6, 2]) == (14, "1d6e6 (6!, 6!, 2) = 14")
    assert entered("1D6X", [6, 3]) == (9, "1d6e6 (6!, 3) = 9")


def test_r_rerolls_again_while_the_die_matches_as_roll20() -> None:
    """Roll20's r rerolls as long as the condition holds (Foundry's r, once, is written ro)."""
    assert entered("1d6r1", [1, 1, 4]) == (4, "1d6rr1 (1>1>4) = 4")
    assert entered("1d6ro1", [1, 1]) == (1, "1d6ro1 (1>1) = 1")


def test_fate_dice_show_minus_blank_plus_and_take_entered_minus_one_zero_one() -> None:
    assert entered("4dF", [-1, 0, 1, 1]) == (1, "4dF (\u2212,  , +, +) = 1")
    source = EnteredSource.parse("-,0,+,+")
    assert roll("4dF", source).total == 1


@pytest.mark.parametrize("values", [[2], [-2]])
def test_fate_dice_refuse_other_entered_values(values: list[int]) -> None:
    with pytest.raises(EnteredDiceError) as caught:
        roll("1dF", EnteredSource(values))
    assert "Fate" in caught.value.render("en")


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("d666e6", 4, "does not apply to a d666"),
        ("2d66!", 4, "does not apply to a d66"),
        ("d66mi20", 3, "does not apply to a d66"),
        ("4dF!", 3, "Fate dice do not explode"),
        ("4dFx", 3, "Fate dice do not explode"),
        ("1d6rr7", 3, "never applies: a d6 shows 1 to 6"),
        ("1d6k>6", 3, "never applies"),
        ("4dFr>1", 3, "never applies: a dF shows -1 to 1"),
    ],
)
def test_an_operation_that_cannot_apply_is_refused_at_its_character(
    text: str, position: int, words: str
) -> None:
    with pytest.raises(NotApplicableError) as caught:
        parse(text)
    assert caught.value.position == position
    rendered = caught.value.render("en")
    assert words in rendered
    assert rendered.endswith(f"{text}\n{' ' * position}^")
    assert "Did you mean" not in rendered


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("4d6kx3", "4d6kh3"),
        ("(1d6", "(1d6)"),
        ("1d6)", "1d6"),
        ("3d6r", "3d6r1"),
        ("4d6+", "4d6+1"),
        ("2d", "2d6"),
        ("4d6!!", "4d6!"),
    ],
)
def test_syntax_errors_suggest_the_nearest_valid_form(text: str, suggestion: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.suggestion == suggestion
    assert f"Did you mean {suggestion}?" in caught.value.render("en")
    assert f"Vouliez-vous dire « {suggestion} » ?" in caught.value.render("fr")
    parse(suggestion)


def _exploding(sides: int) -> dict[int, Fraction]:
    weights: dict[int, Fraction] = defaultdict(Fraction)
    for probability, faces in exploding_chains(sides, MAX_EXPLOSIONS):
        weights[sum(faces)] += probability
    return dict(weights)


def _sum_of(first: dict[int, Fraction], second: dict[int, Fraction]) -> dict[int, Fraction]:
    total: dict[int, Fraction] = defaultdict(Fraction)
    for (a, p), (b, q) in product(first.items(), second.items()):
        total[a + b] += p * q
    return dict(sorted(total.items()))


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("3dF", distribution([FATE] * 3, lambda *f: sum(f))),
        ("4dF", distribution([FATE] * 4, lambda *f: sum(f))),
        ("4dFkh2", distribution([FATE] * 4, lambda *f: sum(sorted(f)[-2:]))),
        ("4dF+2", distribution([FATE] * 4, lambda *f: sum(f) + 2)),
        ("4d6k3", distribution([d(6)] * 4, lambda *f: sum(sorted(f)[-3:]))),
        ("3d4k2", distribution([d(4)] * 3, lambda *f: sum(sorted(f)[-2:]))),
        ("4d6d1", distribution([d(6)] * 4, lambda *f: sum(f) - min(f))),
        ("3d8dh1", distribution([d(8)] * 3, lambda *f: sum(f) - max(f))),
        ("1d6!", _exploding(6)),
        ("2d4x", _sum_of(_exploding(4), _exploding(4))),
        # rerolling 1s while they come up leaves each die uniform on its other faces
        ("3d6r1", distribution([range(2, 7)] * 3, lambda *f: sum(f))),
        ("2d4r<3", distribution([range(3, 5)] * 2, lambda *f: sum(f))),
    ],
)
def test_exact_odds_of_the_new_forms_match_brute_force(
    expression: str, expected: dict[int, Fraction]
) -> None:
    assert odds(expression).distribution == expected


def test_k3_and_kh3_have_the_same_odds_and_d1_and_dl1_too() -> None:
    assert odds("4d6k3") == odds("4d6kh3")
    assert odds("4d6d1") == odds("4d6dl1") == odds("4d6kh3")
    assert odds("1d6!") == odds("1d6x") == odds("1d6e6")
    assert odds("3d6r1") == odds("3d6rr1")


@st.composite
def players_terms(draw: st.DrawFn) -> str:
    count = draw(st.integers(1, 4))
    if draw(st.booleans()):
        die, faces = "dF", FATE
    else:
        sides = draw(st.sampled_from([2, 4, 6, 8, 10, 12, 20]))
        die, faces = f"d{sides}", tuple(range(1, sides + 1))
    text = f"{draw(st.sampled_from(['', str(count)]))}{die}"
    if draw(st.booleans()):
        text = text.upper()
    shorthand = draw(st.sampled_from(["", "k", "kh", "kl", "d", "dl", "dh", "!", "x", "r"]))
    if shorthand in ("k", "kh", "kl", "d", "dl", "dh"):
        text += f"{shorthand}{draw(st.integers(0, count))}"
    elif shorthand in ("!", "x") and die != "dF":
        text += shorthand
    elif shorthand == "r":
        text += f"r{faces[0]}" if die != "dF" else "r<0"
    return text


@given(players_terms(), st.sampled_from(["", "+1", "-2", "*2"]), st.integers(0, 2**32))
def test_random_expressions_in_the_new_forms_roll_within_their_odds(term: str, tail: str, seed: int) -> None:
    text = term + tail
    total = roll(text, RandomSource.from_seed(seed)).total
    try:
        exact = odds(text)
    except OddsUnavailableError:  # refused up front as too costly (4d20!): the roll still works
        return
    assert exact.minimum <= total <= exact.maximum
    assert exact[total] > 0
