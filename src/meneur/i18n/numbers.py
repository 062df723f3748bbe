"""Numbers and chances written the reader's way (``88,89 %`` in French, ``88.89%`` in English)."""

from __future__ import annotations

from fractions import Fraction

from babel.numbers import format_decimal

from meneur.i18n import Translator, get_language

_ = Translator("core")


def decimal(value: float, pattern: str = "#,##0.00") -> str:
    """A decimal number in the current language (Babel pattern, two decimals by default)."""
    return format_decimal(value, format=pattern, locale=get_language())


def percent(value: Fraction | float) -> str:
    """A probability as a percentage with two decimals, in the current language."""
    return _("{number}%", number=decimal(float(value) * 100))


def chance_text(value: Fraction) -> str:
    """A probability for text output: ``0`` and ``1`` plainly, otherwise ``n/d``."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
