"""Digit dice: ``d66`` and ``d666``, one d6 per digit read as a number (3, 5, 1 -> 351).

INS/MV reads a d666 this way: "le nombre ... à obtenir avec un d666" and "Les unités seront
utilisées ... pour quantifier une éventuelle réussite" (000_008acb24c72771e3.txt), so a digit roll
keeps each digit: the first two are compared with the table, the third is the *units* die.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product

from meneur.dice.source import DiceSource
from meneur.errors import BadInputError
from meneur.i18n import N_, Message


@dataclass(frozen=True, slots=True)
class DigitRoll:
    """The d6 read as digits, first (most significant) first."""

    digits: tuple[int, ...]

    @property
    def value(self) -> int:
        """The digits read as one number: (3, 5, 1) -> 351."""
        return read_digits(self.digits)

    @property
    def units(self) -> int:
        """The last digit (the *units* die of INS/MV)."""
        return self.digits[-1]


def read_digits(digits: tuple[int, ...]) -> int:
    """Read d6 faces as the digits of one number."""
    value = 0
    for digit in digits:
        value = value * 10 + digit
    return value


def split_digits(value: int) -> tuple[int, ...]:
    """The digits of a digit-die value: 351 -> (3, 5, 1)."""
    return tuple(int(c) for c in str(value))


@cache
def digit_faces(n_digits: int) -> tuple[int, ...]:
    """Every value of a digit die with ``n_digits`` d6, in increasing order (d66: 11..66, 36 faces)."""
    return tuple(read_digits(d) for d in product(range(1, 7), repeat=n_digits))


def roll_digit_value(n_digits: int, source: DiceSource) -> int:
    """Roll ``n_digits`` d6 from ``source`` (first digit first) and read them as a number."""
    value = 0
    for _ in range(n_digits):
        value = value * 10 + source.roll(6)
    return value


def roll_digits(n_digits: int, source: DiceSource) -> DigitRoll:
    """Roll a digit die of ``n_digits`` d6 (3 for a d666), one d6 per digit, first digit first.

    Raises:
        BadInputError: when ``n_digits`` is not between 1 and 6.
    """
    if not 1 <= n_digits <= 6:
        raise BadInputError(
            Message("core", N_("A digit die has 1 to 6 digits, not {count}."), {"count": n_digits})
        )
    return DigitRoll(tuple(source.roll(6) for _ in range(n_digits)))
