"""The parsed form of a dice expression: a small typed tree, free of any parsing library.

Conventions: nodes are frozen and hashable, so a parsed expression can be cached and shared by
rolls and odds. ``str(node)`` gives back canonical notation (``4d6kh3``, ``(1d4, 1d6)kh1``).
Digit dice (``d66``, ``d666``) are dice whose ``digits`` is 2 or 3; ``d%`` is a d100 that
remembers it was written ``d%``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal as TypingLiteral

from meneur.dice.digits import digit_faces

SelectorKind = TypingLiteral["h", "l", "<", ">", "="]
OperationCode = TypingLiteral["k", "p", "rr", "ro", "ra", "e", "mi", "ma"]

#: Operations that change dice one by one; ``k`` and ``p`` also work on sets.
DICE_ONLY_OPERATIONS: frozenset[str] = frozenset({"rr", "ro", "ra", "e", "mi", "ma"})
DIGIT_DICE: dict[int, int] = {66: 2, 666: 3}
FATE_FACES: tuple[int, ...] = (-1, 0, 1)


@dataclass(frozen=True, slots=True)
class Selector:
    """Which dice an operation acts on: ``h3`` (3 highest), ``l1``, ``<3``, ``>4`` or ``6`` (equal)."""

    kind: SelectorKind
    number: int

    def is_by_value(self) -> bool:
        """True for ``<N``, ``>N`` and ``N``, which look at each die alone (not at the others)."""
        return self.kind in ("<", ">", "=")

    def matches(self, value: int) -> bool:
        """Whether a die showing ``value`` is chosen (value selectors only)."""
        if self.kind == "<":
            return value < self.number
        if self.kind == ">":
            return value > self.number
        return value == self.number

    def __str__(self) -> str:
        return f"{'' if self.kind == '=' else self.kind}{self.number}"


@dataclass(frozen=True, slots=True)
class Operation:
    """One operation on a group of dice or a set: ``kh3``, ``rr1``, ``e6``, ``mi2``…"""

    code: OperationCode
    selectors: tuple[Selector, ...]

    def is_by_value(self) -> bool:
        """True when every selector looks at each die alone."""
        return all(s.is_by_value() for s in self.selectors)

    def matches(self, value: int) -> bool:
        """Whether a die showing ``value`` is chosen by one of the (value) selectors."""
        return any(s.matches(value) for s in self.selectors)

    def __str__(self) -> str:
        # keep/drop read a bare number as a count (k3 = kh3), so a face is written k=3
        equal = "=" if self.code in ("k", "p") else ""
        return "".join(f"{self.code}{equal if s.kind == '=' else ''}{s}" for s in self.selectors)


@dataclass(frozen=True, slots=True)
class Constant:
    """A whole number written in the expression."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``NdX`` followed by its operations.

    ``digits`` is how many d6 are read as digits (2 for d66, 3 for d666), 0 for an ordinary die;
    ``notation`` is the canonical text (both worked out once, as rolls read them often). A Fate
    die (``dF``, ``fate``) has three sides showing -1, 0 and +1.

    ``groups`` says where parentheses close around the dice: ``((10d6kh5)kl2)kh1`` has the
    operations ``kh5``, ``kl2``, ``kh1`` and the groups ``(1, 2)`` (a parenthesis closes after the
    first operation, another after the second). Operations always apply in order to the dice still
    kept, so ``kl2`` there picks among the 5 kept by ``kh5``; within one group, consecutive
    selectors of one kind merge into a union (``10d6kh5kl2`` keeps 7 dice).
    """

    count: int
    sides: int
    operations: tuple[Operation, ...] = ()
    percent: bool = False
    fate: bool = False
    groups: tuple[int, ...] = ()
    digits: int = field(init=False, compare=False, repr=False)
    notation: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "digits", 0 if self.fate else DIGIT_DICE.get(self.sides, 0))
        object.__setattr__(self, "notation", self._notation())

    def _notation(self) -> str:
        size = "%" if self.percent else "F" if self.fate else str(self.sides)
        text = "(" * len(self.groups) + f"{self.count}d{size}"
        done = 0
        for end in self.groups:
            text += "".join(str(o) for o in self.operations[done:end]) + ")"
            done = end
        return text + "".join(str(o) for o in self.operations[done:])

    def faces(self) -> tuple[int, ...]:
        """Every face one die of this term can show, in increasing order."""
        if self.digits:
            return digit_faces(self.digits)
        if self.fate:
            return FATE_FACES
        return tuple(range(1, self.sides + 1))

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True, slots=True)
class SetTerm:
    """A set of expressions ``(1d4, 1d6)``, each counted as one value, with keep/drop operations."""

    items: tuple[Node, ...]
    operations: tuple[Operation, ...] = ()

    def __str__(self) -> str:
        inside = ", ".join(str(i) for i in self.items)
        if len(self.items) == 1:
            inside += ","
        return f"({inside}){''.join(str(o) for o in self.operations)}"


@dataclass(frozen=True, slots=True)
class Parens:
    """An expression in parentheses."""

    inner: Node

    def __str__(self) -> str:
        return f"({self.inner})"


@dataclass(frozen=True, slots=True)
class Unary:
    """``-x`` or ``+x``."""

    op: str
    operand: Node

    def __str__(self) -> str:
        return f"{self.op}{self.operand}"


@dataclass(frozen=True, slots=True)
class Binary:
    """Arithmetic (``+ - * / // %``) or a comparison (``== != < > <= >=``, worth 1 or 0)."""

    op: str
    left: Node
    right: Node

    def __str__(self) -> str:
        return f"{self.left} {self.op} {self.right}"


@dataclass(frozen=True, slots=True)
class Labelled:
    """A value with labels, as avrae players write them: ``2d6[poison]``, ``1d8+3[fire]``.

    A label is text for the reader (a damage type, a name): it never changes a roll or the odds.
    As in d20, it belongs to what it follows (in ``1d8+3[fire]``, to the 3).
    """

    inner: Node
    labels: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.inner} {''.join(f'[{label}]' for label in self.labels)}"


@dataclass(frozen=True, slots=True)
class Successes:
    """A comparison on a group of dice, ``10d10>=8``: how many of its dice compare true.

    As Roll20 and Foundry count successes, each kept die (explosions included) is compared with
    the target; anything else compared (``2d6+3>=8``, ``(10d10)>=8``) is a :class:`Binary` worth 1
    or 0. ``dice`` is a :class:`DiceTerm`, possibly labelled.
    """

    op: str
    dice: Node
    target: Node

    @property
    def term(self) -> DiceTerm:
        """The group whose dice are counted."""
        term = dice_group(self.dice)
        assert term is not None
        return term

    def __str__(self) -> str:
        return f"{self.dice} {self.op} {self.target}"


Node = Constant | DiceTerm | SetTerm | Parens | Unary | Binary | Labelled | Successes


def dice_group(node: Node) -> DiceTerm | None:
    """The group of dice ``node`` is (labels aside), or ``None`` for anything else."""
    while isinstance(node, Labelled):
        node = node.inner
    return node if isinstance(node, DiceTerm) else None


@dataclass(frozen=True, slots=True)
class Expression:
    """A parsed, checked expression: the text as typed and its tree."""

    text: str
    root: Node

    def dice_terms(self) -> tuple[DiceTerm, ...]:
        """Every group of dice, left to right."""
        found: list[DiceTerm] = []
        stack: list[Node] = [self.root]
        while stack:
            node = stack.pop()
            if isinstance(node, DiceTerm):
                found.append(node)
            stack.extend(reversed(children(node)))
        return tuple(found)

    def __str__(self) -> str:
        return str(self.root)


def children(node: Node) -> tuple[Node, ...]:
    """The direct sub-expressions of ``node``."""
    if isinstance(node, SetTerm):
        return node.items
    if isinstance(node, Parens):
        return (node.inner,)
    if isinstance(node, Unary):
        return (node.operand,)
    if isinstance(node, Labelled):
        return (node.inner,)
    if isinstance(node, Successes):
        return (node.dice, node.target)
    if isinstance(node, Binary):
        return (node.left, node.right)
    return ()


def depth(node: Node) -> int:
    """How deeply ``node`` nests (a constant is 1), computed without recursion."""
    deepest = 0
    stack: list[tuple[Node, int]] = [(node, 1)]
    while stack:
        current, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children(current))
    return deepest
