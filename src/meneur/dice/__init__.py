"""The shared dice engine: standard notation, digit dice, entered dice, exact odds.

Typical use::

    from meneur.dice import roll, odds, RandomSource
    result = roll("4d6kh3", RandomSource.from_seed(7))
    result.total, to_text(result)
    odds("4d6kh3").at_least(15)

Everything is pure: the dice come from an injected :class:`DiceSource`.
"""

from meneur.dice.digits import DigitRoll, roll_digits
from meneur.dice.errors import (
    DiceError,
    DiceLimitError,
    DiceSyntaxError,
    DiceValueError,
    OddsUnavailableError,
)
from meneur.dice.odds import Odds, odds
from meneur.dice.parse import parse
from meneur.dice.render import to_json, to_markup, to_text
from meneur.dice.result import DiceResult, Roll, RolledDie
from meneur.dice.roller import roll
from meneur.dice.source import DiceSource, EnteredDiceError, EnteredSource, RandomSource, finish, source_from

__all__ = [
    "DiceError",
    "DiceLimitError",
    "DiceResult",
    "DiceSource",
    "DiceSyntaxError",
    "DiceValueError",
    "DigitRoll",
    "EnteredDiceError",
    "EnteredSource",
    "Odds",
    "OddsUnavailableError",
    "RandomSource",
    "Roll",
    "RolledDie",
    "finish",
    "odds",
    "parse",
    "roll",
    "roll_digits",
    "source_from",
    "to_json",
    "to_markup",
    "to_text",
]
