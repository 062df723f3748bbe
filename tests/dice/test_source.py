"""Dice sources: a seeded generator or the dice a player typed in, never both."""

from __future__ import annotations

import pytest

from meneur.dice.source import EnteredDiceError, EnteredSource, RandomSource, finish, source_from


def test_seed_and_entered_dice_together_are_refused() -> None:
    with pytest.raises(EnteredDiceError) as error:
        source_from(3, "4")
    assert "--seed" in error.value.render("en")
    assert "--dice" in error.value.render("fr")


def test_the_same_seed_gives_the_same_dice() -> None:
    first, second = source_from(7), source_from(7)
    assert [first.roll(20) for _ in range(10)] == [second.roll(20) for _ in range(10)]
    assert isinstance(first, RandomSource)


def test_entered_dice_are_used_in_order_and_must_be_used_up() -> None:
    source = source_from(None, "3, 5;1")
    assert isinstance(source, EnteredSource)
    assert [source.roll(6), source.roll(6)] == [3, 5]
    with pytest.raises(EnteredDiceError) as error:
        finish(source)
    assert "(1)" in error.value.render("en")
    assert source.roll(6) == 1
    finish(source)


@pytest.mark.parametrize(
    ("text", "sides", "fragment"),
    [("7", 6, "impossible on a d6"), ("x", 6, "not a whole number"), ("0", 20, "impossible on a d20")],
)
def test_impossible_entered_dice_are_named(text: str, sides: int, fragment: str) -> None:
    with pytest.raises(EnteredDiceError) as error:
        source_from(None, text).roll(sides)
    assert fragment in error.value.render("en")


def test_missing_entered_dice_name_the_die_asked_for() -> None:
    source = source_from(None, "2")
    source.roll(6)
    with pytest.raises(EnteredDiceError) as error:
        source.roll(20)
    assert "d20" in error.value.render("en")


def test_no_module_reads_the_global_random() -> None:
    """Every roll takes an injected source: only dice/source.py touches `random`, for random.Random."""
    import re
    from pathlib import Path

    src = Path(__file__).resolve().parents[2] / "src" / "meneur"
    offenders = []
    for path in src.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        uses = re.findall(r"\brandom\.(\w+)", text) + re.findall(r"from random import (\w+)", text)
        if any(name != "Random" for name in uses):
            offenders.append(path.name)
    assert offenders == []


@pytest.mark.parametrize("text", ["3,,4", "3;;4", "3, ,4", ",3", "3,4,"])
def test_an_empty_place_between_entered_dice_is_refused(text: str) -> None:
    with pytest.raises(EnteredDiceError) as error:
        EnteredSource.parse(text)
    assert "missing" in error.value.render("en")


@pytest.mark.parametrize("text", ["3,4", "3, 4", "3 4", "3 ; 4", " 3,4 "])
def test_one_separator_between_entered_dice_with_spaces_around(text: str) -> None:
    assert EnteredSource.parse(text).values == (3, 4)
