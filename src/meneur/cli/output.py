"""Printing helpers shared by every CLI command: consoles, JSON, errors and exit statuses.

Exit statuses: 0 success, 1 a rule says no (invalid character, illegal command), 2 bad input.
Output piped into a reader that stops early (``meneur odds 60d6 | head``) ends quietly with 0
(:mod:`meneur.streams`, whose names this module also exports).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, NoReturn, ParamSpec, TypeVar

from meneur.errors import BadInputError, MeneurError
from meneur.i18n import Translator
from meneur.streams import EXIT_OK as EXIT_OK
from meneur.streams import print_json as print_json
from meneur.streams import quiet_closed_readers as quiet_closed_readers
from meneur.streams import reader_gone as reader_gone

if TYPE_CHECKING:
    from rich.console import Console

_ = Translator("core")
P = ParamSpec("P")
R = TypeVar("R")

EXIT_RULE = 1
EXIT_BAD_INPUT = 2


def console() -> Console:
    """The standard-output console (built per call so tests capture it).

    Markup and emoji codes are off: names, powers and notes typed by users may hold brackets or
    ``:vampire:``, which Rich would otherwise read as styles or turn into pictures; they are shown as
    typed. Code that styles on purpose passes ``markup=True`` (with
    :func:`rich.markup.escape` around user text) or builds :class:`rich.text.Text`.
    """
    from rich.console import Console  # loaded only by commands that print through it

    quiet_closed_readers()
    return Console(file=sys.stdout, highlight=False, soft_wrap=True, markup=False, emoji=False)


def err_console() -> Console:
    """The standard-error console (markup and emoji codes off, as for :func:`console`)."""
    from rich.console import Console

    return Console(file=sys.stderr, highlight=False, soft_wrap=True, markup=False, emoji=False)


def fail(error: MeneurError, status: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print ``error`` on standard error in the current language and exit with ``status``."""
    import typer

    err_console().print(_("Error: {message}", message=error.render()), markup=False)
    raise typer.Exit(status)


def guarded(func: Callable[P, R]) -> Callable[P, R]:
    """Turn meneur's errors raised by a command into exit status 2 (bad input) or 1 (a rule says no)
    with the message on stderr; a command called with ``--json`` (``as_json=True``) also prints the
    error as a JSON object on stdout, so a program reading its output always gets JSON."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except MeneurError as error:
            if kwargs.get("as_json") is True:
                print_json(error.to_json())
            fail(error, EXIT_BAD_INPUT if isinstance(error, BadInputError) else EXIT_RULE)

    return wrapper
