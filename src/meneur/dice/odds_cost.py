"""Decide, before any work, whether the exact odds of an expression can be computed quickly.

The decision reads the parsed tree only (no icepool, no timer): it follows the plan of
:mod:`meneur.dice.odds_plan` node by node, estimates the size of each intermediate distribution
and the work icepool will do for it, in estimated microseconds measured on icepool 2.1.3, and
refuses when the whole goes past :data:`MAX_WORK` (about 1.5 s) or when icepool would recurse too
deeply. The costs (``n`` dice of ``f`` faces, ``s`` = f - 1 the span of one die, ``k`` kept):

* keep or drop by order (``4d6kh3``): icepool walks the faces one by one, keeping every partial
  total of the kept dice for every number of dice seen: ``1 µs × f × (k·s + 1) × (n + 1)``
  (measured from 0.2 to 1.5 µs per step: 20d100kh10 is 2.1 M steps, 1.1 s); it also recurses once
  per face, so a pool with more than :data:`MAX_POOL_FACES` faces is refused;
* an explosion (``1d100!``): ``50 µs × f × m × (depth + 1)`` with ``m`` exploding faces (d1000!
  takes 1 s, d100 exploding on 10 faces 1 s);
* a sum of ``n`` dice (``10d10``): ``0.5 µs × n(n-1)/2 × span × f`` (100d100: 49 M steps, 16 s);
* two sub-results combined (``1d20 + 1d6``): ``1 µs`` per pair of outcomes;
* an enumeration (rerolls after keeps, several orderings): ``50 µs`` per sequence of dice.

Typical verdicts: ``4d6kh3`` 0.5 ms, ``20d20kh10`` 0.08 s, ``2d400kh1`` 0.5 s (allowed);
``3d1000kh2`` and ``4d999kh3`` (pools of more than 400 faces: icepool would recurse past Python's
limit), ``100d100kh50`` (50 M steps, about 50 s) refused at once, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.dice.limits import MAX_EXPLOSIONS
from meneur.dice.notation import (
    Binary,
    Constant,
    DiceTerm,
    Expression,
    Labelled,
    Node,
    Operation,
    Parens,
    SetTerm,
    Successes,
)
from meneur.i18n import N_, Message

MAX_WORK = 1_500_000  # estimated microseconds
MAX_POOL_FACES = 400  # icepool recurses once per face of a pool (3d1000kh2: RecursionError)
MAX_POOL_DICE = 100
MAX_PATHS = 5_000
POOL_STEP = 1.0
EXPLOSION_STEP = 50.0
SUM_STEP = 0.5
PAIR_STEP = 1.0
PATH_STEP = 50.0


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether exact odds are computed (``exact``), the estimated work in µs, and if not, why."""

    exact: bool
    work: float
    reason: Message | None = None


@dataclass(frozen=True, slots=True)
class _Shape:
    """What the plan holds for a node: how many outcomes, the lowest and highest."""

    size: int
    low: int
    high: int


class _TooBigError(Exception):
    def __init__(self, reason: Message) -> None:
        super().__init__()
        self.reason = reason


def verdict(expression: Expression) -> Verdict:
    """Decide from the tree alone whether :func:`meneur.dice.odds` may compute the exact odds."""
    counter = _Counter()
    try:
        counter.shape(expression.root)
    except _TooBigError as refused:
        return Verdict(False, counter.work, refused.reason)
    if counter.work > MAX_WORK:
        return Verdict(False, counter.work, _too_long(counter.work))
    return Verdict(True, counter.work)


def _too_long(work: float) -> Message:
    return Message(
        "core",
        N_("working them out would take about {seconds} seconds, too long to wait."),
        {"seconds": max(2, round(work / 1_000_000))},
    )


class _Counter:
    __slots__ = ("work",)

    def __init__(self) -> None:
        self.work = 0.0

    def add(self, work: float) -> None:
        self.work += work
        if self.work > MAX_WORK * 1000:  # already hopeless: stop counting
            raise _TooBigError(_too_long(self.work))

    def shape(self, node: Node) -> _Shape:
        if isinstance(node, Constant):
            return _Shape(1, node.value, node.value)
        if isinstance(node, DiceTerm):
            return self.term(node)
        if isinstance(node, Parens | Labelled):
            return self.shape(node.inner)
        if isinstance(node, Successes):
            return self.successes(node)
        if isinstance(node, SetTerm):
            return self.set(node)
        if isinstance(node, Binary):
            return self.binary(node.op, self.shape(node.left), self.shape(node.right))
        inner = self.shape(node.operand)
        return _Shape(inner.size, -inner.high, -inner.low) if node.op == "-" else inner

    def binary(self, op: str, left: _Shape, right: _Shape) -> _Shape:
        self.add(PAIR_STEP * left.size * right.size)
        corners = [left.low + right.low, left.high + right.high]
        if op == "-":
            corners = [left.low - right.high, left.high - right.low]
        elif op not in ("+",):
            ends = [a * b for a in (left.low, left.high) for b in (right.low, right.high)]
            corners = [min(*ends, 0, 1), max(*ends, 0, 1)]
        low, high = min(corners), max(corners)
        return _Shape(min(left.size * right.size, high - low + 1), low, high)

    def term(self, term: DiceTerm) -> _Shape:
        faces = term.faces()
        low, high, size = faces[0], faces[-1], len(faces)
        operations = term.operations
        rest = operations
        if operations and operations[0].code == "e" and operations[0].is_by_value():
            matching = sum(1 for f in faces if operations[0].matches(f))
            self.add(EXPLOSION_STEP * size * matching * (MAX_EXPLOSIONS + 1))
            high = high * (MAX_EXPLOSIONS + 1)
            size = high - low + 1
            rest = operations[1:]
        elif operations and operations[0].code in ("rr", "ro") and operations[0].is_by_value():
            self.add(size)
            rest = operations[1:]
        rest = tuple(o for o in rest if o.code not in ("mi", "ma"))
        if not rest:
            return self.sum(term.count, _Shape(size, low, high))
        if by_order(rest) and operations[0].code != "e":
            return self.pool(term.count, _Shape(size, low, high), sum(positions(term.count, rest)))
        if (
            len(rest) == 1
            and rest[0].code in ("k", "p")
            and rest[0].is_by_value()
            and operations[0].code != "e"
        ):
            return self.sum(term.count, _Shape(size + 1, min(low, 0), max(high, 0)))
        paths = path_bound(term)
        if paths is None:
            raise _TooBigError(
                Message(
                    "core",
                    N_(
                        "{notation} mixes an endless reroll ('rr') with other operations; exact odds need"
                        " 'rr' first, followed only by mi, ma and one keep or drop."
                    ),
                    {"notation": str(term)},
                )
            )
        if paths > MAX_PATHS:
            raise _TooBigError(too_many_paths(str(term)))
        self.add(PATH_STEP * paths)
        return self.sum(term.count, _Shape(size, min(low, 0), high * (MAX_EXPLOSIONS + 1)))

    def successes(self, node: Successes) -> _Shape:
        """A count of successes: the group's own work once per outcome of the target."""
        target = self.shape(node.target)
        term = node.term
        before = self.work
        self._count(term)
        self.add((self.work - before) * (target.size - 1))
        most = term.count * (MAX_EXPLOSIONS + 1)
        return _Shape(most + 1, 0, most)

    def _count(self, term: DiceTerm) -> None:
        """The work of one count: a sum of 1/0 dice (or of chain counts) when no keep comes in."""
        codes = [o.code for o in term.operations]
        if codes == ["e"] and term.operations[0].is_by_value():
            faces = term.faces()
            matching = sum(1 for f in faces if term.operations[0].matches(f))
            self.add(EXPLOSION_STEP * len(faces) * matching * (MAX_EXPLOSIONS + 1))
            self.sum(term.count, _Shape(MAX_EXPLOSIONS + 2, 0, MAX_EXPLOSIONS + 1))
        elif not codes or (codes[0] in ("rr", "ro") and set(codes[1:]) <= {"mi", "ma"}):
            self.add(len(term.faces()))
            self.sum(term.count, _Shape(2, 0, 1))
        else:
            self.term(term)

    def sum(self, count: int, die: _Shape) -> _Shape:
        if count == 0:
            return _Shape(1, 0, 0)
        span = die.high - die.low
        self.add(SUM_STEP * count * (count - 1) / 2 * max(span, 1) * die.size)
        return _Shape(count * span + 1, count * die.low, count * die.high)

    def pool(self, count: int, die: _Shape, kept: int, *, faces: int | None = None) -> _Shape:
        if kept == 0 or count == 0:
            return _Shape(1, 0, 0)
        if kept == count:
            return self.sum(count, die)
        faces = die.size if faces is None else faces
        if count > MAX_POOL_DICE:
            raise _TooBigError(
                Message("core", N_("keeping or dropping among more than {cap} dice."), {"cap": MAX_POOL_DICE})
            )
        if faces > MAX_POOL_FACES:
            raise _TooBigError(
                Message(
                    "core",
                    N_("keeping or dropping among dice of more than {cap} faces."),
                    {"cap": MAX_POOL_FACES},
                )
            )
        span = die.high - die.low
        self.add(POOL_STEP * faces * (kept * span + 1) * (count + 1))
        return _Shape(kept * span + 1, kept * die.low, kept * die.high)

    def set(self, node: SetTerm) -> _Shape:
        items = [self.shape(item) for item in node.items]
        if not items:
            return _Shape(1, 0, 0)
        total = items[0]
        if len(node.operations) == 1 and not any(s.is_by_value() for s in node.operations[0].selectors):
            kept = kept_count(len(items), node.operations[0])
            low, high = min(i.low for i in items), max(i.high for i in items)
            faces = sum(i.size for i in items)
            return self.pool(len(items), _Shape(high - low + 1, low, high), kept, faces=faces)
        for item in items[1:]:
            total = self.binary("+", total, item)
        if node.operations:
            size = 1
            for item in items:
                size *= item.size
            if size > MAX_PATHS:
                raise _TooBigError(too_many_paths(str(node)))
            self.add(PATH_STEP * size)
        return total


def by_order(operations: tuple[Operation, ...]) -> bool:
    """True for keeps and drops that only pick the highest or lowest (``kh3``, ``(4d6kh3)kl1``)."""
    return all(o.code in ("k", "p") and not any(s.is_by_value() for s in o.selectors) for o in operations)


def too_many_paths(notation: str) -> Message:
    """Why an enumeration is refused."""
    return Message(
        "core",
        N_("{notation} has more than {cap} sequences of dice to go through."),
        {"notation": notation, "cap": MAX_PATHS},
    )


def kept_count(count: int, operation: Operation) -> int:
    """How many of ``count`` dice a keep/drop by order (``kh3``, ``pl1``...) leaves counted."""
    return sum(positions(count, (operation,)))


def positions(count: int, operations: tuple[Operation, ...]) -> tuple[int, ...]:
    """After keeps and drops by order applied in turn, which sorted positions count (lowest first).

    Each operation picks among the positions the previous ones kept, as rolls do, so
    ``(10d6kh5)kl2`` keeps the 2 lowest of the 5 highest; the selectors of one operation pick the
    union (``kh1kl1``). Ties do not matter: the kept values are the same whichever equal die is kept.
    """
    kept = list(range(count))
    for operation in operations:
        size = len(kept)
        picked: set[int] = set()
        for selector in operation.selectors:
            number = min(selector.number, size)
            picked.update(range(size - number, size) if selector.kind == "h" else range(number))
        keep = operation.code == "k"
        kept = [position for index, position in enumerate(kept) if (index in picked) == keep]
    chosen = set(kept)
    return tuple(int(i in chosen) for i in range(count))


def path_bound(term: DiceTerm) -> int | None:
    """An upper bound of the sequences of dice a group can roll (``None``: unbounded)."""
    faces = len(term.faces()) if not term.digits else 6**term.digits
    per_die = faces
    extra = 1
    for operation in term.operations:
        if operation.code == "rr":
            return None
        if operation.code == "ro" and operation.is_by_value():
            per_die *= faces
        elif operation.code == "ro":
            extra *= faces ** min(term.count, sum(s.number for s in operation.selectors))
        elif operation.code == "ra":
            extra *= faces
        elif operation.code == "e":
            matching = sum(1 for f in term.faces() if operation.matches(f))
            per_die *= sum(matching**k for k in range(MAX_EXPLOSIONS + 1))
    return int(per_die**term.count) * extra
