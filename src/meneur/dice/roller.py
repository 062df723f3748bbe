"""Roll a parsed expression with an injected :class:`DiceSource`; the result remembers everything.

Order in which dice are asked of the source (it matters for entered dice): left to right; in a
group, the N dice first, then each operation in turn; ``rr`` rerolls in rounds (every matching die,
in order, then again while some still match); explosions add their dice at the end of the group,
in rounds too. A digit die asks one d6 per digit, first digit first; a Fate die asks one Fate die
(entered as -1, 0 or 1; a generator rolls a d3 and takes 2 away). An explosion chain stops after
:data:`~meneur.dice.limits.MAX_EXPLOSIONS` explosions (the odds use the same cap).
"""

from __future__ import annotations

from meneur.dice.arithmetic import BINARY, apply_binary, apply_unary
from meneur.dice.digits import roll_digit_value
from meneur.dice.limits import MAX_EXPLOSIONS, Budget
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
from meneur.dice.parse import parse
from meneur.dice.result import (
    BinaryResult,
    DiceResult,
    LabelledResult,
    NumberResult,
    ParensResult,
    Result,
    Roll,
    RolledDie,
    SetResult,
    SuccessResult,
    UnaryResult,
)
from meneur.dice.selection import keep_or_drop, select
from meneur.dice.source import DiceSource, fate_face


def roll(expression: str | Expression, source: DiceSource) -> Roll:
    """Roll ``expression`` with dice from ``source``.

    Adapters using entered dice call :func:`meneur.dice.source.finish` afterwards to refuse
    values left over.

    Raises:
        DiceSyntaxError, DiceLimitError, DiceValueError: bad expression (see :func:`parse`).
        EnteredDiceError: entered dice that do not fit the roll.
    """
    parsed = parse(expression) if isinstance(expression, str) else expression
    return Roll(parsed.text, evaluate(parsed.root, source, Budget()))


def evaluate(node: Node, source: DiceSource, budget: Budget) -> Result:
    """Roll one node of the tree."""
    if isinstance(node, DiceTerm):
        return roll_term(node, source, budget)
    if isinstance(node, Constant):
        return NumberResult(node.value)
    if isinstance(node, Binary):
        left = evaluate(node.left, source, budget)
        right = evaluate(node.right, source, budget)
        return BinaryResult(node.op, left, right, apply_binary(node.op, left.total, right.total))
    if isinstance(node, Parens):
        inner = evaluate(node.inner, source, budget)
        return ParensResult(inner, inner.total)
    if isinstance(node, SetTerm):
        return _roll_set(node, source, budget)
    if isinstance(node, Successes):
        return _roll_successes(node, source, budget)
    if isinstance(node, Labelled):
        labelled = evaluate(node.inner, source, budget)
        return LabelledResult(labelled, node.labels, labelled.total)
    operand = evaluate(node.operand, source, budget)
    return UnaryResult(node.op, operand, apply_unary(node.op, operand.total))


def _roll_successes(node: Successes, source: DiceSource, budget: Budget) -> SuccessResult:
    counted = evaluate(node.dice, source, budget)
    target = evaluate(node.target, source, budget)
    result = SuccessResult(node.op, counted, target, (), 0)
    compare = BINARY[node.op]
    hits = tuple(die.kept and compare(die.value, target.total) == 1 for die in result.group.dice)
    return SuccessResult(node.op, counted, target, hits, sum(hits))


def _roll_set(node: SetTerm, source: DiceSource, budget: Budget) -> SetResult:
    items = tuple(evaluate(item, source, budget) for item in node.items)
    values = [item.total for item in items]
    kept = [True] * len(items)
    for operation in node.operations:
        keep_or_drop(values, kept, operation)
    total = sum(v for v, k in zip(values, kept, strict=True) if k)
    return SetResult("".join(str(o) for o in node.operations), items, tuple(kept), total)


class _Die:
    """A die while its group is being rolled (mutable; frozen into :class:`RolledDie` at the end)."""

    __slots__ = ("added_by", "exploded", "faces", "generation", "kept", "value")

    def __init__(self, face: int, generation: int = 0, added_by: str | None = None) -> None:
        self.faces = [face]
        self.value = face
        self.kept = True
        self.exploded = False
        self.generation = generation
        self.added_by = added_by


def roll_term(term: DiceTerm, source: DiceSource, budget: Budget) -> DiceResult:
    """Roll ``NdX`` then apply its operations in order."""
    sides, digits = term.sides, term.digits
    if digits:
        budget.spend(term.count * digits)
        faces = [roll_digit_value(digits, source) for _ in range(term.count)]
    elif term.fate:
        budget.spend(term.count)
        faces = [fate_face(source) for _ in range(term.count)]
    else:
        budget.spend(term.count)
        faces = [source.roll(sides) for _ in range(term.count)]
    if not term.operations:
        dice = tuple(RolledDie(sides, (f,), f, fate=term.fate) for f in faces)
        return DiceResult(term.notation, sides, dice, sum(faces))
    group = [_Die(f) for f in faces]
    for operation in term.operations:
        _OPERATIONS[operation.code](term, group, operation, source, budget)
    frozen = tuple(
        RolledDie(sides, tuple(d.faces), d.value, d.kept, d.exploded, d.added_by, term.fate) for d in group
    )
    return DiceResult(term.notation, sides, frozen, sum(d.value for d in group if d.kept))


def _face(term: DiceTerm, source: DiceSource, budget: Budget) -> int:
    if term.digits:
        budget.spend(term.digits)
        return roll_digit_value(term.digits, source)
    budget.spend()
    if term.fate:
        return fate_face(source)
    return source.roll(term.sides)


def _pick(group: list[_Die], operation: Operation, limit: int | None = None) -> list[int]:
    return select([d.value for d in group], [d.kept for d in group], operation, limit)


def _keep(
    term: DiceTerm, group: list[_Die], operation: Operation, source: DiceSource, budget: Budget
) -> None:
    kept = [d.kept for d in group]
    keep_or_drop([d.value for d in group], kept, operation)
    for die, counted in zip(group, kept, strict=True):
        die.kept = counted


def _reroll(term: DiceTerm, die: _Die, source: DiceSource, budget: Budget) -> None:
    face = _face(term, source, budget)
    die.faces.append(face)
    die.value = face


def _reroll_until(
    term: DiceTerm, group: list[_Die], operation: Operation, source: DiceSource, budget: Budget
) -> None:
    while picked := sorted(_pick(group, operation)):
        for index in picked:
            _reroll(term, group[index], source, budget)


def _reroll_once(
    term: DiceTerm, group: list[_Die], operation: Operation, source: DiceSource, budget: Budget
) -> None:
    for index in sorted(_pick(group, operation)):
        _reroll(term, group[index], source, budget)


def _reroll_and_add(
    term: DiceTerm, group: list[_Die], operation: Operation, source: DiceSource, budget: Budget
) -> None:
    for index in _pick(group, operation, limit=1):
        group[index].exploded = True
        group.append(_Die(_face(term, source, budget), 0, "ra"))


def _explode(
    term: DiceTerm, group: list[_Die], operation: Operation, source: DiceSource, budget: Budget
) -> None:
    # Explosions select by value only, so one pass in order (new dice join the end of the group)
    # gives the same dice, in the same order, as d20's rounds.
    index = 0
    while index < len(group):
        die = group[index]
        if die.kept and die.generation < MAX_EXPLOSIONS and operation.matches(die.value):
            die.exploded = True
            group.append(_Die(_face(term, source, budget), die.generation + 1, "e"))
        index += 1


def _clip(
    term: DiceTerm, group: list[_Die], operation: Operation, source: DiceSource, budget: Budget
) -> None:
    bound = operation.selectors[-1].number
    for die in group:
        if die.kept and (die.value < bound if operation.code == "mi" else die.value > bound):
            die.value = bound


_OPERATIONS = {
    "k": _keep,
    "p": _keep,
    "rr": _reroll_until,
    "ro": _reroll_once,
    "ra": _reroll_and_add,
    "e": _explode,
    "mi": _clip,
    "ma": _clip,
}
