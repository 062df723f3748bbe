"""Read a dice expression: checks, then d20's parser, then our caps; cached by text.

Accepted: ``NdX``, ``d%`` (a d100), digit dice ``d66``/``d666``, keep/drop (``kh3``, ``pl1``,
``k>4``), rerolls (``rr``, ``ro``, ``ra``), explosions (``e``), ``mi``/``ma``, sets
``(1d4, 1d6)kh1``, ``+ - * / // %`` with parentheses and unary minus, comparisons (1 or 0).
Refused with a message: decimals, labels in brackets, anything past the caps of
:mod:`meneur.dice.limits`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from meneur.dice._d20 import parse_tree
from meneur.dice.errors import DiceSyntaxError
from meneur.dice.limits import check_expression, check_text
from meneur.dice.notation import Expression
from meneur.i18n import N_, Message

_DECIMAL = re.compile(r"\d*\.\d*")
_WHITESPACE = str.maketrans("\t\n\r\f\v", "     ")


def parse(text: str) -> Expression:
    """Parse and check ``text`` (cached: the same text always gives the same tree).

    Raises:
        DiceSyntaxError: with the position of the mistake.
        DiceLimitError: past a cap (length, nesting, dice, sides, endless rerolls or explosions).
        DiceValueError: for a selector an operation cannot take, or a die without sides.
    """
    found = _SEEN.get(text)
    if found is None:
        found = _parse(text.translate(_WHITESPACE).strip())
        if len(_SEEN) < _SEEN_SIZE:
            _SEEN[text] = found
    return found


_SEEN: dict[str, Expression] = {}  # text as typed -> expression: the hot path of repeated rolls
_SEEN_SIZE = 4096


@lru_cache(maxsize=1024)
def _parse(text: str) -> Expression:
    check_text(text)
    _refuse_unsupported(text)
    expression = Expression(text, parse_tree(text))
    check_expression(expression)
    return expression


def _refuse_unsupported(text: str) -> None:
    decimal = _DECIMAL.search(text)
    if decimal:
        raise DiceSyntaxError(Message(
            "core", N_("Decimal numbers are not allowed ('{text}'): dice use whole numbers."),
            {"text": decimal.group()}), text, decimal.start())
    bracket = text.find("[")
    if bracket >= 0:
        raise DiceSyntaxError(Message(
            "core", N_("Labels in brackets are not supported: remove '[...]'.")), text, bracket)
