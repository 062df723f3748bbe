"""Read dice notation as players write it (Roll20, Foundry, French books) into our typed tree.

A small recursive-descent reader, case-insensitive, that knows where every token starts so that a
mistake is reported at its character. Grammar (loosest binding first)::

    expression  := sum (("==" | "!=" | "<=" | ">=" | "<" | ">") sum)*   (dice on the left: successes)
    sum         := product (("+" | "-") product)*
    product     := unary (("*" | "//" | "/" | "%") unary)*
    unary       := ("+" | "-") unary | (dice | set | NUMBER) label*
    label       := "[" text "]"
    set         := "(" [expression ("," expression)* [","]] ")" keep/drop*
    dice        := [NUMBER] "d" (NUMBER | "%" | "F") operation*

Operations on dice (no space inside a group): ``kh3 kl1 k3`` (keep; a bare number keeps the highest,
as on Roll20 and Foundry), ``dh1 dl1 d1`` and ``ph1 pl1 p1`` (drop; a bare number drops the lowest),
``r1``/``rr1`` (reroll while the die matches, as Roll20's ``r``), ``ro1`` (reroll once), ``ra1``
(reroll one die and add it), ``!``/``x``/``e`` (explode, on the highest face unless a value
follows), ``mi2``/``ma5`` (at least / at most). Selectors: ``h3``, ``l1``, ``<3``, ``>4``, ``<=3``,
``>=4``, ``=3`` or a bare number (for keep/drop a count, for the others a face). ``k=3`` keeps the
dice showing 3. Consecutive operations of one kind merge (``kh1kl1`` keeps both).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from meneur.dice.errors import DiceSyntaxError, NotApplicableError, syntax_error
from meneur.dice.notation import (
    Binary,
    Constant,
    DiceTerm,
    Labelled,
    Node,
    Operation,
    Parens,
    Selector,
    SetTerm,
    Successes,
    Unary,
    dice_group,
)
from meneur.i18n import N_, Message

COMPARISONS = ("==", "!=", "<=", ">=", "<", ">")
SUMS = ("+", "-")
PRODUCTS = ("*", "//", "/", "%")
#: Operation words, longest first, with the code of our tree and the default selector kind.
WORDS: tuple[tuple[str, str, str], ...] = (
    ("kh", "k", "h"),
    ("kl", "k", "l"),
    ("dh", "p", "h"),
    ("dl", "p", "l"),
    ("ph", "p", "h"),
    ("pl", "p", "l"),
    ("rr", "rr", "="),
    ("ro", "ro", "="),
    ("ra", "ra", "="),
    ("mi", "mi", "="),
    ("ma", "ma", "="),
    ("k", "k", "h"),
    ("d", "p", "l"),
    ("p", "p", "l"),
    ("r", "rr", "="),
    ("e", "e", "="),
    ("!", "e", "="),
    ("x", "e", "="),
)
SET_CODES = frozenset({"k", "p"})
ORDERED_WORDS = frozenset({"kh", "kl", "dh", "dl", "ph", "pl", "mi", "ma"})


@dataclass(slots=True)
class _Op:
    code: str
    selector: Selector
    position: int
    word: str


class Reader:
    """One pass over one expression (lower-cased copy for matching, original for messages)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.low = text.lower()
        self.at = 0

    # -- helpers -------------------------------------------------------------------------------
    def _skip(self) -> None:
        while self.at < len(self.low) and self.low[self.at] == " ":
            self.at += 1

    def _peek(self, *options: str) -> str | None:
        for option in options:
            if self.low.startswith(option, self.at):
                return option
        return None

    def _number(self) -> int | None:
        start = self.at
        while self.at < len(self.low) and self.low[self.at].isdecimal():
            self.at += 1
        return int(self.low[start : self.at]) if self.at > start else None

    def fail(self, reason: Message | None = None, position: int | None = None) -> DiceSyntaxError:
        """The error at ``position`` (default: here)."""
        where = self.at if position is None else position
        if reason is None:
            return syntax_error(self.text, where, self.text[where:])
        return DiceSyntaxError(reason, self.text, where)

    # -- grammar -------------------------------------------------------------------------------
    def read(self) -> Node:
        """The whole text as one expression."""
        self._skip()
        node = self.expression()
        if self.at < len(self.low):
            raise self.fail()
        return node

    def expression(self) -> Node:
        return self._binary(self.sum, COMPARISONS)

    def sum(self) -> Node:
        return self._binary(self.product, SUMS)

    def product(self) -> Node:
        return self._binary(self.unary, PRODUCTS)

    def _binary(self, read: Callable[[], Node], operators: tuple[str, ...]) -> Node:
        node = read()
        while (op := self._peek(*operators)) is not None:
            self.at += len(op)
            self._skip()
            right = read()
            if op in COMPARISONS and dice_group(node) is not None:
                node = Successes(op, node, right)  # 10d10>=8 counts the dice at or above 8
            else:
                node = Binary(op, node, right)
        return node

    def unary(self) -> Node:
        if (op := self._peek("+", "-")) is not None:
            self.at += 1
            self._skip()
            return Unary(op, self.unary())
        node = self.primary()
        self._skip()
        labels = self.labels()
        return Labelled(node, labels) if labels else node

    def labels(self) -> tuple[str, ...]:
        """``[fire]`` (or several, ``[a] [b]``) after a value: text kept for the reader."""
        found: list[str] = []
        while self._peek("[") is not None:
            start = self.at
            end = self.text.find("]", start)
            if end < 0:
                raise self.fail(Message("core", N_("The label is not closed: add ']' after it.")), start)
            label = self.text[start + 1 : end].strip()
            if not label or "[" in label:
                raise self.fail(
                    Message("core", N_("A label is a word or a few between '[' and ']', as in 2d6[fire].")),
                    start,
                )
            found.append(label)
            self.at = end + 1
            self._skip()
        return tuple(found)

    def primary(self) -> Node:
        if self.at >= len(self.low):
            raise self.fail()
        char = self.low[self.at]
        if char == "(":
            return self.set()
        if char.isdecimal() or char == "d":
            start = self.at
            count = self._number()
            if self._peek("d") is None:
                assert count is not None
                return Constant(count)
            return self.dice(1 if count is None else count, start)
        raise self.fail()

    def set(self) -> Node:
        self.at += 1
        self._skip()
        items: list[Node] = []
        comma = False
        while self._peek(")") is None:
            items.append(self.expression())
            comma = False
            if self._peek(",") is None:
                break
            self.at += 1
            comma = True
            self._skip()
        if self._peek(")") is None:
            raise self.fail()
        self.at += 1
        operations = self.operations(None)
        if len(items) == 1 and not comma:
            return _operated_parens(items[0], operations)
        return SetTerm(tuple(items), operations)

    def dice(self, count: int, start: int) -> DiceTerm:
        self.at += 1  # the "d"
        if self._peek("%") is not None:
            self.at += 1
            term = DiceTerm(count, 100, percent=True)
        elif self._peek("f") is not None:
            self.at += 1
            term = DiceTerm(count, 3, fate=True)
        else:
            sides = self._number()
            if sides is None:
                raise self.fail()
            term = DiceTerm(count, sides)
        return DiceTerm(term.count, term.sides, self.operations(term), term.percent, term.fate)

    def operations(self, term: DiceTerm | None) -> tuple[Operation, ...]:
        """The operations right after a group of dice (``term``) or a set (``None``)."""
        found: list[_Op] = []
        while True:
            if self._peek("!=") is not None:
                break  # "1d6!=3" compares; an explosion is "!" alone or "!>N"
            word = self._peek(*(w for w, _c, _k in WORDS))
            if word is None:
                break
            if self._peek("!!") is not None:
                raise self.fail(
                    Message(
                        "core",
                        N_(
                            "Compounding explosions ('!!') are not supported: write '!' (each explosion adds"
                            " a die)."
                        ),
                    ),
                    self.at + 1,
                )
            found.append(self._operation(word, term))
        return _merge(found)

    def _operation(self, word: str, term: DiceTerm | None) -> _Op:
        position = self.at
        code, default = next((c, k) for w, c, k in WORDS if w == word)
        if term is None and code not in SET_CODES:
            raise self.fail(
                Message(
                    "core",
                    N_("'{operation}' works on dice only; a set takes k, d or p (keep or drop)."),
                    {"operation": self.text[position : position + len(word)]},
                )
            )
        self.at += len(word)
        selector = self._selector(word, code, default, term)
        if term is not None:
            self._check_applies(term, code, selector, position)
        return _Op(code, selector, position, word)

    def _check_applies(self, term: DiceTerm, code: str, selector: Selector, position: int) -> None:
        """Refuse an operation that cannot apply to these dice (never ignore it silently)."""
        written = self.text[position : self.at]
        if term.fate and code == "e":
            raise NotApplicableError(
                Message(
                    "core",
                    N_("'{operation}': Fate dice do not explode (they show -1, 0 or +1)."),
                    {"operation": written},
                ),
                self.text,
                position,
            )
        if term.digits and code in ("e", "mi", "ma"):
            raise NotApplicableError(
                Message(
                    "core",
                    N_("'{operation}' does not apply to a {die}: its d6 are read as digits, not added."),
                    {"operation": written, "die": f"d{term.sides}"},
                ),
                self.text,
                position,
            )
        faces = term.faces()
        if (
            code != "mi"
            and code != "ma"
            and selector.is_by_value()
            and not any(selector.matches(f) for f in faces)
        ):
            die = "dF" if term.fate else "d%" if term.percent else f"d{term.sides}"
            raise NotApplicableError(
                Message(
                    "core",
                    N_("'{operation}' never applies: a {die} shows {low} to {high}."),
                    {"operation": written, "die": die, "low": faces[0], "high": faces[-1]},
                ),
                self.text,
                position,
            )

    def _selector(self, word: str, code: str, default: str, term: DiceTerm | None) -> Selector:
        kind = default
        if word in ("r", "rr", "ro", "ra", "e") and (order := self._peek("h", "l")) is not None:
            kind = order
            self.at += 1
        comparison = None
        if word in ("k", "d", "p") or (kind not in ("h", "l") and word not in ORDERED_WORDS):
            comparison = self._peek(">=", "<=", ">", "<", "=")
        if comparison is not None:
            self.at += len(comparison)
        number = self._number()
        if number is None:
            if code == "e" and comparison is None and kind == "=" and term is not None:
                return Selector("=", max(term.faces()))
            if self.at < len(self.low):
                raise self.fail()
            raise self.fail(
                Message("core", N_("'{operation}' needs a number after it."), {"operation": word})
            )
        if comparison == ">=":
            return Selector(">", number - 1)
        if comparison == "<=":
            return Selector("<", number + 1)
        if comparison in ("<", ">"):
            return Selector(comparison, number)  # type: ignore[arg-type]
        if comparison == "=":
            return Selector("=", number)
        return Selector(kind, number)  # type: ignore[arg-type]


def _merge(found: list[_Op]) -> tuple[Operation, ...]:
    merged: list[tuple[str, list[Selector]]] = []
    for op in found:
        if merged and merged[-1][0] == op.code and op.code not in ("mi", "ma"):
            merged[-1][1].append(op.selector)
        else:
            merged.append((op.code, [op.selector]))
    return tuple(Operation(code, tuple(sels)) for code, sels in merged)  # type: ignore[arg-type]


def _operated_parens(inner: Node, operations: tuple[Operation, ...]) -> Node:
    """``(x)`` alone, or a group of dice kept again: ``(4d6)kh3``, ``((10d6kh5)kl2)kh1``.

    The operations act on the dice inside still kept, after the inner ones, and are never merged
    with them: ``(10d6kh5)kl2`` keeps the 2 lowest of the 5 highest (as d20 reads it).
    """
    if not operations:
        return Parens(inner)
    while isinstance(inner, Parens) and isinstance(inner.inner, Parens | DiceTerm):
        inner = inner.inner
    if isinstance(inner, DiceTerm):
        return DiceTerm(
            inner.count,
            inner.sides,
            inner.operations + operations,
            inner.percent,
            inner.fate,
            (*inner.groups, len(inner.operations)),
        )
    return SetTerm((inner,), operations)
