"""Players' habits from other tables: what meneur accepts, refuses with a hint, or reads its way.

Issue 18 (« Dice habits »): « `d20 adv` / `dis` refused with no hint toward `2d20kh1` »,
« `d6666` is silently a 6666-sided die while `d66`/`d666` are digit dice ». Rulings in
docs/rulings/dice.md.
"""

from __future__ import annotations

import pytest

from meneur.dice import DiceSyntaxError, DiceValueError, parse


@pytest.mark.parametrize(
    ("text", "suggestion", "position"),
    [
        ("d20 adv", "2d20kh1", 4),
        ("1d20 dis", "2d20kl1", 5),
        ("1d20+5 adv", "2d20kh1+5", 7),
        ("d20adv", "2d20kh1", 3),
        ("D20 Avantage", "2d20kh1", 4),
        ("d20 désavantage", "2d20kl1", 4),
        ("1d20 disadvantage", "2d20kl1", 5),
    ],
)
def test_advantage_words_are_refused_with_the_notation_to_write(
    text: str, suggestion: str, position: int
) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.suggestion == suggestion
    assert caught.value.position == position
    assert "2d20kh1" in caught.value.render("en") and "2d20kl1" in caught.value.render("en")
    french = caught.value.render("fr")
    assert "avantage" in french and "2d20kh1" in french and f"« {suggestion} »" in french


@pytest.mark.parametrize("text", ["2d20 adv", "1d6 dis", "1d20+1d20 adv"])
def test_advantage_without_one_plain_d20_explains_without_guessing(text: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert caught.value.suggestion is None
    assert "2d20kh1" in caught.value.render("en")


@pytest.mark.parametrize("text", ["d6666", "2d6666", "1d66666"])
def test_more_sixes_than_a_d666_are_refused_as_a_digit_die_that_does_not_exist(text: str) -> None:
    """INS/MV (000_008acb24c72771e3.txt) reads « un d666 »: d66 and d666 are the only digit dice."""
    with pytest.raises(DiceValueError) as caught:
        parse(text)
    assert "d666" in caught.value.render("en") and "digit" in caught.value.render("en")
    assert "chiffres" in caught.value.render("fr")


@pytest.mark.parametrize(("text", "digits"), [("d66", 2), ("d666", 3), ("d6", 0), ("d600", 0)])
def test_digit_dice_stay_digit_dice(text: str, digits: int) -> None:
    term = parse(text).dice_terms()[0]
    assert term.digits == digits
