"""Shared writing of chances and numbers, and the one way typed words are read."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from meneur.dice.odds import fraction_text
from meneur.i18n import set_language
from meneur.i18n.numbers import chance_text, decimal, percent
from meneur.i18n.words import fold


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(2, 4), "1/2"),
        (Fraction(0), "0"),
        (Fraction(1), "1"),
        (Fraction(7), "7"),
        (Fraction(61, 216), "61/216"),
    ],
)
def test_json_chances_are_reduced_fractions(value: Fraction, text: str) -> None:
    assert fraction_text(value) == text


@pytest.mark.parametrize(("value", "text"), [(Fraction(0), "0"), (Fraction(1), "1"), (Fraction(3, 6), "1/2")])
def test_text_chances_write_zero_and_one_plainly(value: Fraction, text: str) -> None:
    assert chance_text(value) == text


@pytest.mark.parametrize(
    ("lang", "number", "chance"),
    [("fr", "8,46", "88,89\u00a0%"), ("en", "8.46", "88.89%"), ("pl", "8,46", "88,89%")],
)
def test_numbers_follow_the_language(lang: str, number: str, chance: str) -> None:
    set_language(lang)
    assert decimal(8.458) == number
    assert percent(Fraction(8, 9)).replace(" ", "\u00a0") == chance


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("Très difficile", "tres_difficile"),
        ("mort-vivant", "mort_vivant"),
        ("Avatar d\u2019Archange", "avatar_d_archange"),
        ("  AISÉ ", "aise"),
        ("well_off", "well_off"),
        ("notoriété de super", "notoriete_de_super"),
    ],
)
def test_typed_words_fold_alike(typed: str, key: str) -> None:
    assert fold(typed) == key


@pytest.mark.parametrize("lang", ["fr", "en", "pl"])
@pytest.mark.parametrize("pattern", ["#,##0.00", "0.###"])
@given(value=st.floats(min_value=-1e12, max_value=1e12, allow_nan=False))
def test_decimals_are_written_as_the_cldr_writes_them(lang: str, pattern: str, value: float) -> None:
    """The run time writes numbers without Babel; Babel (a development tool) checks it."""
    from babel.numbers import format_decimal

    expected = format_decimal(value, format=pattern, locale=lang)
    assume(expected.strip("-0,.") != "")  # Babel writes "-0,00" for a tiny negative; meneur writes "0,00"
    set_language(lang)
    assert decimal(value, pattern) == expected


def test_match_finds_a_name_without_regard_to_case_and_accents() -> None:
    from meneur.i18n.words import match

    assert match("ioana", ["Ioana", "Mihail"]) == "Ioana"
    assert match("lumiere", ["LUMIÈRE"]) == "LUMIÈRE"
    assert match("KITSUNE", ["kitsune"]) == "kitsune"
    assert match("Bob", ["Ioana"]) is None
    assert match("ioana", ["Ioana", "IOANA"]) is None  # two names alike: none is guessed
    assert match("IOANA", ["Ioana", "IOANA"]) == "IOANA"  # written exactly wins


@pytest.mark.parametrize(
    ("lang", "words"),
    [("fr", ["inconnu", "« Bob »", "Ioana, Mihail"]), ("en", ["Unknown", "'Bob'", "Ioana, Mihail"])],
)
def test_find_refuses_an_unknown_name_listing_the_known(lang: str, words: list[str]) -> None:
    from meneur.errors import BadInputError
    from meneur.i18n import Message
    from meneur.i18n.words import find

    with pytest.raises(BadInputError) as raised:
        find("Bob", ["Ioana", "Mihail"], Message("core", "character"))
    text = raised.value.render(lang)
    assert all(word in text for word in words), text
    assert find("mihail", ["Ioana", "Mihail"], Message("core", "character")) == "Mihail"


def test_items_reads_commas_and_repetitions_alike() -> None:
    from meneur.i18n.words import items

    assert items(["a,b", " c ", ""]) == ["a", "b", "c"]
    assert items("Force=3, Agilité=2") == ["Force=3", "Agilité=2"]
    assert items(None) == []


def test_member_reads_keys_and_words() -> None:
    from meneur.i18n.words import member
    from meneur.systems.insmv.table_um import Difficulty

    assert member(Difficulty, "Très difficile") is Difficulty.TRES_DIFFICILE
    assert Difficulty("hard") is Difficulty.DIFFICILE
    assert member(Difficulty, "impossible") is None
    assert member(Difficulty, 3) is None
