"""Numbers and chances written the reader's way (``88,89 %`` in French, ``88.89%`` in English)."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

from meneur.i18n import Translator, get_language

_ = Translator("core")

# Decimal mark and thousands separator of each language, as the Unicode CLDR writes them.
SYMBOLS: dict[str, tuple[str, str]] = {"fr": (",", "\u202f"), "en": (".", ","), "pl": (",", "\u00a0")}


def decimal(value: float, pattern: str = "#,##0.00") -> str:
    """A decimal number in the current language.

    ``pattern`` is a small subset of the CLDR number patterns: a ``,`` in the integer part groups
    thousands; after the ``.``, each ``0`` is a digit always written and each ``#`` a digit written
    when it is not a trailing zero. Rounding is half to even, on the number as Python prints it.
    """
    mark, group = SYMBOLS[get_language()]
    whole, _dot, fraction = pattern.partition(".")
    least, most = fraction.count("0"), len(fraction)
    number = Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-most), rounding=ROUND_HALF_EVEN)
    sign = "-" if number.is_signed() and number != 0 else ""
    digits = f"{abs(number):f}"
    integer, _dot, decimals = digits.partition(".")
    while len(decimals) > least and decimals.endswith("0"):
        decimals = decimals[:-1]
    if "," in whole:
        head = len(integer) % 3 or 3
        integer = group.join([integer[:head], *(integer[i : i + 3] for i in range(head, len(integer), 3))])
    return sign + integer + (mark + decimals if decimals else "")


def percent(value: Fraction | float) -> str:
    """A probability as a percentage with two decimals, in the current language."""
    return _("{number}%", number=decimal(float(value) * 100))


def chance_text(value: Fraction) -> str:
    """A probability for text output: ``0`` and ``1`` plainly, otherwise ``n/d``."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
