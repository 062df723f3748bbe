"""Arithmetic between numbers of a dice expression (tabletop convention: division rounds down).

``/`` and ``//`` both divide and round down (floor); ``%`` is the remainder of that division;
comparisons give 1 (true) or 0 (false). Dividing by zero is bad input.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from meneur.dice.errors import DiceValueError
from meneur.i18n import N_, Message

BINARY: dict[str, Callable[[int, int], int]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.floordiv,
    "//": operator.floordiv,
    "%": operator.mod,
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    "<": lambda a, b: int(a < b),
    ">": lambda a, b: int(a > b),
    "<=": lambda a, b: int(a <= b),
    ">=": lambda a, b: int(a >= b),
}
DIVISIONS = frozenset({"/", "//", "%"})


def apply_binary(op: str, left: int, right: int) -> int:
    """Work out ``left op right``.

    Raises:
        DiceValueError: when dividing by zero.
    """
    if right == 0 and op in DIVISIONS:
        raise division_by_zero(op)
    return BINARY[op](left, right)


def apply_unary(op: str, value: int) -> int:
    """Work out ``-value`` or ``+value``."""
    return -value if op == "-" else value


def division_by_zero(op: str) -> DiceValueError:
    """The error for a division (or remainder) by zero, naming the operator ``op`` actually used."""
    msgid = (
        N_("Remainder of a division by zero: the divisor of '{op}' was 0.")
        if op == "%"
        else N_("Division by zero: the divisor of '{op}' was 0.")
    )
    return DiceValueError(Message("core", msgid, {"op": op}))
