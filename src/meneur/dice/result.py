"""What a roll leaves behind: every die, kept or dropped, every reroll and explosion, the total.

Conventions: results are frozen trees mirroring the expression. A :class:`RolledDie` keeps all the
faces it showed (``faces[-1]`` is the last roll; earlier ones were rerolled away), its final
``value`` (the last face, or the value forced by ``mi``/``ma``), whether it counts (``kept``) and
whether it exploded. A Fate die (``fate``) shows -1, 0 or +1. Renderers (text, Rich, JSON) live
in :mod:`meneur.dice.render`.
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.dice.digits import split_digits
from meneur.dice.notation import DIGIT_DICE


@dataclass(frozen=True, slots=True)
class RolledDie:
    """One die of a group, with its history."""

    sides: int
    faces: tuple[int, ...]
    value: int
    kept: bool = True
    exploded: bool = False
    added_by: str | None = None
    fate: bool = False

    @property
    def rerolls(self) -> tuple[int, ...]:
        """The faces rolled away by ``rr``/``ro`` (oldest first)."""
        return self.faces[:-1]

    @property
    def forced(self) -> bool:
        """True when ``mi``/``ma`` replaced the face shown."""
        return self.value != self.faces[-1]

    @property
    def digits(self) -> tuple[int, ...] | None:
        """For a digit die (d66, d666), the d6 read as digits; ``None`` otherwise."""
        return split_digits(self.faces[-1]) if self.sides in DIGIT_DICE and not self.fate else None


@dataclass(frozen=True, slots=True)
class NumberResult:
    """A constant of the expression."""

    total: int


@dataclass(frozen=True, slots=True)
class DiceResult:
    """A group ``NdX`` with its operations: the dice and the sum of those kept."""

    notation: str
    sides: int
    dice: tuple[RolledDie, ...]
    total: int

    @property
    def kept(self) -> tuple[RolledDie, ...]:
        """The dice that count."""
        return tuple(d for d in self.dice if d.kept)


@dataclass(frozen=True, slots=True)
class SetResult:
    """A set ``(a, b, ...)`` with keep/drop operations: each item, whether it counts, the total."""

    operations: str
    items: tuple[Result, ...]
    kept: tuple[bool, ...]
    total: int


@dataclass(frozen=True, slots=True)
class ParensResult:
    """An expression in parentheses."""

    inner: Result
    total: int


@dataclass(frozen=True, slots=True)
class UnaryResult:
    """``-x`` or ``+x``."""

    op: str
    operand: Result
    total: int


@dataclass(frozen=True, slots=True)
class BinaryResult:
    """Arithmetic or comparison of two results."""

    op: str
    left: Result
    right: Result
    total: int


@dataclass(frozen=True, slots=True)
class LabelledResult:
    """A result with its labels (``2d6[poison]``): the labels change nothing of the total."""

    inner: Result
    labels: tuple[str, ...]
    total: int


@dataclass(frozen=True, slots=True)
class SuccessResult:
    """``10d10>=8`` rolled: the dice (``counted``, possibly labelled), the target, which dice of the
    group compared true (``hits``, one per die) and how many did (``total``)."""

    op: str
    counted: Result
    target: Result
    hits: tuple[bool, ...]
    total: int

    @property
    def group(self) -> DiceResult:
        """The group of dice counted."""
        inner = self.counted
        while isinstance(inner, LabelledResult):
            inner = inner.inner
        assert isinstance(inner, DiceResult)
        return inner


Result = (
    NumberResult
    | DiceResult
    | SetResult
    | ParensResult
    | UnaryResult
    | BinaryResult
    | LabelledResult
    | SuccessResult
)


@dataclass(frozen=True, slots=True)
class Roll:
    """A whole roll: the expression as typed, its result tree and the total."""

    expression: str
    result: Result

    @property
    def total(self) -> int:
        """The final number."""
        return self.result.total

    def groups(self) -> tuple[DiceResult, ...]:
        """Every group of dice, left to right."""
        return tuple(n for n in self._walk() if isinstance(n, DiceResult))

    def labelled(self) -> tuple[LabelledResult, ...]:
        """Every labelled part of the roll, left to right."""
        return tuple(n for n in self._walk() if isinstance(n, LabelledResult))

    def successes(self) -> tuple[SuccessResult, ...]:
        """Every success count (``10d10>=8``), left to right."""
        return tuple(n for n in self._walk() if isinstance(n, SuccessResult))

    def _walk(self) -> list[Result]:
        found: list[Result] = []
        stack: list[Result] = [self.result]
        while stack:
            node = stack.pop()
            found.append(node)
            stack.extend(reversed(_parts(node)))
        return found

    def dice(self) -> tuple[RolledDie, ...]:
        """Every die rolled, left to right."""
        return tuple(d for g in self.groups() for d in g.dice)


def _parts(node: Result) -> tuple[Result, ...]:
    if isinstance(node, SetResult):
        return node.items
    if isinstance(node, ParensResult | LabelledResult):
        return (node.inner,)
    if isinstance(node, UnaryResult):
        return (node.operand,)
    if isinstance(node, BinaryResult):
        return (node.left, node.right)
    if isinstance(node, SuccessResult):
        return (node.counted, node.target)
    return ()
