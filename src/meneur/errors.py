"""The root of meneur's exception families.

Each layer raises its own family (dice syntax and limits, illegal actions, invalid characters,
unreadable files); all of them derive from :class:`MeneurError`, carry a translatable
:class:`~meneur.i18n.Message` and a stable ``code`` that adapters may print or map to an exit status.
Domain errors become exit codes in the CLI only.
"""

from __future__ import annotations

from typing import Any

from meneur.i18n import Message


class MeneurError(Exception):
    """An error caused by what the user asked, explained in the user's language."""

    code = "error"

    def __init__(self, message: Message, *, code: str | None = None) -> None:
        super().__init__(message.msgid)
        self.message = message
        if code is not None:
            self.code = code

    def render(self, lang: str | None = None) -> str:
        """The explanation in ``lang`` (the current language by default)."""
        return self.message.render(lang)

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready description: ``{"error": code, "message": text}``."""
        return {"error": self.code, "message": self.render()}


class BadInputError(MeneurError):
    """Input that is malformed or out of range (exit status 2 in the CLI)."""

    code = "bad_input"


class IllegalActionError(MeneurError):
    """A command the rules forbid in the current state; ``rule`` names the rule broken."""

    code = "illegal_action"

    def __init__(self, message: Message, *, rule: str) -> None:
        super().__init__(message, code="illegal_action")
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "rule": self.rule}
