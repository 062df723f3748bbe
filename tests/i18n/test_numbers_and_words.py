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


@pytest.mark.parametrize(("value", "text"), [
    (Fraction(2, 4), "1/2"), (Fraction(0), "0/1"), (Fraction(1), "1/1"), (Fraction(61, 216), "61/216")])
def test_json_chances_are_reduced_fractions(value: Fraction, text: str) -> None:
    assert fraction_text(value) == text


@pytest.mark.parametrize(("value", "text"), [(Fraction(0), "0"), (Fraction(1), "1"), (Fraction(3, 6), "1/2")])
def test_text_chances_write_zero_and_one_plainly(value: Fraction, text: str) -> None:
    assert chance_text(value) == text


@pytest.mark.parametrize(("lang", "number", "chance"), [
    ("fr", "8,46", "88,89\u00a0%"), ("en", "8.46", "88.89%"), ("pl", "8,46", "88,89%")])
def test_numbers_follow_the_language(lang: str, number: str, chance: str) -> None:
    set_language(lang)
    assert decimal(8.458) == number
    assert percent(Fraction(8, 9)).replace(" ", "\u00a0") == chance


@pytest.mark.parametrize(("typed", "key"), [
    ("Très difficile", "tres_difficile"), ("mort-vivant", "mort_vivant"), ("Avatar d\u2019Archange",
     "avatar_d_archange"), ("  AISÉ ", "aise"), ("well_off", "well_off"), ("notoriété de super",
                                                                       "notoriete_de_super")])
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
