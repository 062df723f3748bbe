"""The questions of ``meneur energy new``: one answer read at a time, ``<`` to go back.

Each parser returns the value or raises :class:`~meneur.errors.BadInputError` saying what to type;
``ask`` asks again until an answer is read, and raises :class:`Back` on ``<``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import typer

from meneur.cli.output import console
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator, translate
from meneur.systems.energy import builder
from meneur.systems.energy.catalogue import name_key
from meneur.systems.energy.names import APTITUDE_NAMES, DOMAIN, LIVING_STANDARD_NAMES, MATURITY_NAMES

_ = Translator(DOMAIN)
T = TypeVar("T")

BACK = "<"
"""The answer that goes back to the previous question."""


class Back(Exception):  # noqa: N818 (a signal, not an error)
    """The player typed :data:`BACK`: the previous question is asked again."""


def ask(question: str, parse: Callable[[str], T], default: str | None = None) -> T:
    """Ask until ``parse`` accepts the answer; its BadInputError explains what is wrong."""
    while True:
        # An empty answer reaches ``parse`` (which says what is missing) instead of a silent re-prompt;
        # the suffix is the reader's punctuation ("Nom : ", "Name: ").
        answer = typer.prompt(
            question,
            default="" if default is None else default,
            show_default=bool(default),
            prompt_suffix=_(": (prompt suffix)"),
        )
        if str(answer).strip() == BACK:
            raise Back
        try:
            return parse(str(answer).strip())
        except BadInputError as error:
            console().print(_("Invalid: {message}", message=error.render()), markup=False)


def integer_in(allowed: builder.Range) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value not in allowed:
            raise BadInputError(
                Message(
                    DOMAIN,
                    N_("{value!r}: give a whole number from {low} to {high}."),
                    {"value": text, "low": allowed.low, "high": allowed.high},
                )
            )
        return value

    return parse


def choice(options: Sequence[T], names: Callable[[T], Sequence[str]]) -> Callable[[str], T]:
    """An option named by the book's word in either language or by its key (``adulte`` in English)."""

    def parse(text: str) -> T:
        for option in options:
            words = {name_key(n) for n in names(option)}
            words |= {name_key(translate(DOMAIN, n, lang)) for n in _msgids(option) for lang in ("fr", "en")}
            if name_key(text) in words:
                return option
        raise BadInputError(
            Message(
                DOMAIN,
                N_("{value!r}: choose one of {choices}."),
                {"value": text, "choices": ", ".join(names(o)[0] for o in options)},
            )
        )

    return parse


def _msgids(option: object) -> tuple[str, ...]:
    """The book's words (msgids) of an option, for reading them in both languages."""
    for table in (MATURITY_NAMES, LIVING_STANDARD_NAMES, APTITUDE_NAMES):
        if option in table:
            return (table[option],)  # type: ignore[index]
    return ()


def text(required: bool, what: str = N_("an answer")) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if required and not text:
            raise BadInputError(
                Message(
                    DOMAIN,
                    N_("{what} is required: type it, then press Enter."),
                    {"what": Message(DOMAIN, what)},
                )
            )
        return text

    return parse


def items(text: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in text.split(";") if item.strip())


def say(text: str) -> None:
    console().print(text, markup=False)


def show_left(label: str, left: int) -> None:
    say(_("{label} left: {left}", label=label, left=left))
