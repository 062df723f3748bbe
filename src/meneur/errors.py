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


class Refused(MeneurError):  # noqa: N818 - the issue names it so
    """A command the rules forbid in the current state (exit status 1 in the CLI, 422 on the server).

    ``rule`` is a stable key naming the rule broken (adapters and tests compare it); the message says
    why in the reader's language. Raising it never changes state: a core raises before it returns
    any event.
    """

    code = "illegal_action"

    def __init__(self, message: Message, *, rule: str) -> None:
        super().__init__(message, code="illegal_action")
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "rule": self.rule}


class Interruption(MeneurError):  # noqa: N818 - an event, not a failure
    """The user stopped the program (Ctrl-C, or the end of input at a prompt); nothing was written."""

    code = "interrupted"
