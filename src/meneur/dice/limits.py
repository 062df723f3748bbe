"""The caps that keep every roll and every odds computation small and quick.

All of them are checked on the parsed expression, before a single die is rolled, except the
number of physical dice actually rolled (rerolls and explosions add dice as they happen).
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.dice.errors import DiceLimitError, DiceValueError
from meneur.dice.notation import DIGIT_DICE, DiceTerm, Expression, Operation, SetTerm, children, depth
from meneur.i18n import N_, Message

MAX_EXPRESSION_LENGTH = 500
MAX_NESTING = 20
MAX_DEPTH = 260
MAX_DICE_PER_GROUP = 1000
MAX_DICE_WRITTEN = 1000
MAX_SIDES = 10_000
MAX_DICE_ROLLED = 10_000
MAX_EXPLOSIONS = 20


@dataclass(slots=True)
class Budget:
    """Counts the physical dice rolled by one roll and stops it past :data:`MAX_DICE_ROLLED`."""

    rolled: int = 0

    def spend(self, dice: int = 1) -> None:
        """Count ``dice`` more physical dice.

        Raises:
            DiceLimitError: past the cap.
        """
        self.rolled += dice
        if self.rolled > MAX_DICE_ROLLED:
            raise DiceLimitError(
                Message(
                    "core",
                    N_(
                        "This roll needed more than {cap} dice (rerolls and explosions included):"
                        " roll fewer dice."
                    ),
                    {"cap": MAX_DICE_ROLLED},
                )
            )


def check_text(text: str) -> None:
    """Refuse an expression too long or nested too deeply, before parsing it.

    Raises:
        DiceLimitError: naming the cap.
    """
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise DiceLimitError(
            Message(
                "core",
                N_("The expression has {length} characters; at most {cap} are allowed."),
                {"length": len(text), "cap": MAX_EXPRESSION_LENGTH},
            )
        )
    level = deepest = 0
    for char in text:
        level += (char == "(") - (char == ")")
        deepest = max(deepest, level)
    if deepest > MAX_NESTING:
        raise _too_deep()


def check_expression(expression: Expression) -> None:
    """Refuse runaway or endless expressions: too deep, too many dice or sides, endless rerolls.

    Raises:
        DiceLimitError: naming the cap broken.
        DiceValueError: for a selector that an operation cannot use.
    """
    if depth(expression.root) > MAX_DEPTH:
        raise DiceLimitError(
            Message(
                "core",
                N_("The expression chains too many operations (at most {cap} levels)."),
                {"cap": MAX_DEPTH},
            )
        )
    terms = expression.dice_terms()
    for term in terms:
        _check_term(term)
    written = sum(t.count for t in terms)
    if written > MAX_DICE_WRITTEN:
        raise DiceLimitError(
            Message(
                "core",
                N_("The expression rolls {count} dice; at most {cap} in all."),
                {"count": written, "cap": MAX_DICE_WRITTEN},
            )
        )
    _check_sets(expression)


def _too_deep() -> DiceLimitError:
    return DiceLimitError(
        Message(
            "core",
            N_("The expression is nested too deeply (at most {cap} levels of parentheses)."),
            {"cap": MAX_NESTING},
        )
    )


def _check_term(term: DiceTerm) -> None:
    if term.count > MAX_DICE_PER_GROUP:
        raise DiceLimitError(
            Message(
                "core",
                N_("{notation}: {count} dice in one group; at most {cap}."),
                {"notation": f"{term.count}d{term.sides}", "count": term.count, "cap": MAX_DICE_PER_GROUP},
            )
        )
    if term.sides < 1:
        raise DiceValueError(
            Message(
                "core", N_("A die needs at least one side: d{sides} cannot be rolled."), {"sides": term.sides}
            )
        )
    if _looks_like_digits(term.sides):
        raise DiceValueError(
            Message(
                "core",
                N_(
                    "d{sides} is not rolled: d66 and d666 read 2 or 3 d6 as digits, and there is no"
                    " digit die of more d6. For four digits, roll 1d666 and 1d6."
                ),
                {"sides": term.sides},
            )
        )
    if term.sides > MAX_SIDES and term.sides not in DIGIT_DICE:
        raise DiceLimitError(
            Message(
                "core",
                N_("A d{sides} has too many sides; at most {cap} (d66 and d666 are digit dice)."),
                {"sides": term.sides, "cap": MAX_SIDES},
            )
        )
    faces = term.faces()
    for operation in term.operations:
        _check_operation(term, operation, faces)


def _looks_like_digits(sides: int) -> bool:
    """d6666, d66666...: written like a digit die, but with more d6 than any digit die has."""
    text = str(sides)
    return len(text) > max(len(str(d)) for d in DIGIT_DICE) and set(text) == {"6"}


def _check_operation(term: DiceTerm, operation: Operation, faces: tuple[int, ...]) -> None:
    name = str(operation)
    if operation.code in ("mi", "ma"):
        if any(s.kind != "=" for s in operation.selectors):
            raise DiceValueError(
                Message(
                    "core", N_("'{operation}' takes a plain number, as in mi2 or ma5."), {"operation": name}
                )
            )
        return
    if operation.code not in ("rr", "e"):
        return
    if not operation.is_by_value():
        raise DiceLimitError(
            Message(
                "core",
                N_(
                    "'{operation}' would never stop: there is always a highest and a lowest die."
                    " Use a value, as in rr1, e6 or e>5."
                ),
                {"operation": name},
            )
        )
    if all(operation.matches(face) for face in faces):
        raise DiceLimitError(
            Message(
                "core",
                N_("'{operation}' matches every face of a d{sides}: it would never stop."),
                {"operation": name, "sides": term.sides},
            )
        )


def _check_sets(expression: Expression) -> None:
    stack = [expression.root]
    while stack:
        node = stack.pop()
        if isinstance(node, SetTerm):
            for operation in node.operations:
                if operation.code not in ("k", "p"):
                    raise DiceValueError(
                        Message(
                            "core",
                            N_("'{operation}' works on dice only; a set takes k or p."),
                            {"operation": str(operation)},
                        )
                    )
        stack.extend(children(node))
