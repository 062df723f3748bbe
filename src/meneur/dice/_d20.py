"""The one place that talks to avrae's ``d20`` parser: text in, our typed tree out.

``d20`` is untyped and its roller reads the global ``random``; we only use its grammar and parser,
and translate its errors (with their position) into :class:`DiceSyntaxError`.
"""

from __future__ import annotations

import warnings
from typing import Any

with warnings.catch_warnings():
    # lark 0.9 (pinned by d20 1.1.2) imports the deprecated sre_parse module.
    warnings.simplefilter("ignore", DeprecationWarning)
    import lark
    from d20 import diceast

from meneur.dice.errors import DiceValueError, syntax_error
from meneur.dice.notation import (
    Binary,
    Constant,
    DiceTerm,
    Node,
    Operation,
    Parens,
    Selector,
    SetTerm,
    Unary,
)
from meneur.i18n import N_, Message


def parse_tree(text: str) -> Node:
    """Parse ``text`` (one line) with d20's grammar and convert it to our tree.

    Raises:
        DiceSyntaxError: with the position of the first character d20 could not read.
    """
    try:
        tree = diceast.parser.parse(text, start="expr")
    except lark.exceptions.UnexpectedInput as error:
        token = getattr(error, "token", None)
        if token is not None and getattr(token, "type", "") == "$END":
            raise syntax_error(text, len(text.rstrip()), "") from None
        position = max(int(getattr(error, "column", 1)) - 1, 0)
        raise syntax_error(text, position, text[position:]) from None
    return _convert(tree.roll)


def _convert(node: Any) -> Node:
    kind = type(node).__name__
    if kind == "Literal":
        return Constant(int(node.value))
    if kind == "Parenthetical":
        return Parens(_convert(node.value))
    if kind == "UnOp":
        return Unary(str(node.op), _convert(node.value))
    if kind == "BinOp":
        return Binary(str(node.op), _convert(node.left), _convert(node.right))
    if kind == "Dice":
        return _dice(node, ())
    if kind == "NumberSet":
        return SetTerm(tuple(_convert(v) for v in node.values))
    if kind in ("OperatedDice", "OperatedSet"):
        return _operated(node)
    raise DiceValueError(Message("core", N_("'{text}' is not supported in a dice expression."),
                                 {"text": str(node)}))


def _operated(node: Any) -> Node:
    operations = tuple(_operation(op) for op in node.operations)
    inner = node.value
    while type(inner).__name__ == "Parenthetical" and type(inner.value).__name__ in (
            "Parenthetical", "Dice", "OperatedDice"):
        inner = inner.value  # d20 applies (4d6)kh3 to the dice inside, as 4d6kh3
    if type(inner).__name__ == "Dice":
        return _dice(inner, operations)
    if type(inner).__name__ == "OperatedDice":
        return _dice(inner.value, tuple(_operation(op) for op in inner.operations) + operations)
    if type(inner).__name__ == "Parenthetical":
        return SetTerm((_convert(inner.value),), operations)
    return SetTerm(tuple(_convert(v) for v in inner.values), operations)


def _dice(node: Any, operations: tuple[Operation, ...]) -> DiceTerm:
    percent = str(node.size) == "%"
    return DiceTerm(int(node.num), 100 if percent else int(node.size), operations, percent)


def _operation(op: Any) -> Operation:
    return Operation(str(op.op), tuple(  # type: ignore[arg-type]
        Selector("=" if s.cat is None else str(s.cat), int(s.num))  # type: ignore[arg-type]
        for s in op.sels))
