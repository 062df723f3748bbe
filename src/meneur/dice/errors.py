"""The dice engine's exception family, all bad input (CLI exit status 2).

Syntax errors carry the position of the offending character and render the expression with a
caret under it; limit errors name the cap and how to stay under it.
"""

from __future__ import annotations

from meneur.errors import BadInputError
from meneur.i18n import N_, Message


class DiceError(BadInputError):
    """Any problem with a dice expression."""

    code = "dice"


class DiceSyntaxError(DiceError):
    """An expression that does not follow the notation; ``position`` is 0-based."""

    code = "dice_syntax"

    def __init__(
        self, reason: Message, expression: str, position: int, suggestion: str | None = None
    ) -> None:
        self.reason = reason
        self.expression = expression
        self.position = position
        self.suggestion = suggestion
        if suggestion is not None:
            reason = Message(
                "core",
                N_("{reason} Did you mean {suggestion}?"),
                {"reason": reason, "suggestion": suggestion},
            )
        super().__init__(
            Message(
                "core",
                N_("{reason}\n{expression}\n{caret}"),
                {"reason": reason, "expression": expression, "caret": " " * position + "^"},
            )
        )

    def suggesting(self, suggestion: str) -> DiceSyntaxError:
        """The same error, followed by « did you mean ``suggestion``? »."""
        return DiceSyntaxError(self.reason, self.expression, self.position, suggestion)


class NotApplicableError(DiceSyntaxError):
    """An operation written correctly that cannot apply to these dice (``d666e6``, ``4dF!``)."""

    code = "dice_not_applicable"


class DiceLimitError(DiceError):
    """An expression that would run away: too many dice, too many sides, too long, endless."""

    code = "dice_limit"


class DiceValueError(DiceError):
    """A well-formed expression that cannot be worked out (division by zero, bad selector)."""

    code = "dice_value"


class OddsUnavailableError(DiceError):
    """Exact odds that cannot be computed within the caps."""

    code = "odds_unavailable"


def syntax_error(expression: str, position: int, got: str) -> DiceSyntaxError:
    """The error for an unexpected ``got`` at ``position`` (``got`` empty: the text ended too early)."""
    if not got.strip():
        reason = Message("core", N_("The expression ends too early: something is missing at the end."))
    else:
        reason = Message(
            "core",
            N_("Unexpected '{text}' at position {position}."),
            {"text": got.strip()[:10], "position": position + 1},
        )
    return DiceSyntaxError(reason, expression, position)
