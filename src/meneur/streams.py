"""Standard output as every front end that prints uses it: JSON documents, and a reader that goes away early.

Output piped into a reader that stops early (``meneur odds 60d6 | head``) ends quietly with status 0. The
command line (:mod:`meneur.cli.output`, which exports these names with its consoles) and the translated
Typer pages (:mod:`meneur.i18n.framework`) share it; it imports nothing of meneur.
"""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from rich.console import Console

EXIT_OK = 0


def quiet_closed_readers() -> None:
    """Make every Rich console, Typer's help and error pages included, stop as :func:`reader_gone`
    says when its reader has gone (Rich's own ``on_broken_pipe`` exits with status 1)."""
    from rich.console import Console  # Rich loads with the first console: `meneur --version` needs none

    Console.on_broken_pipe = _on_broken_pipe  # type: ignore[method-assign,assignment]


def _on_broken_pipe(_console: Console) -> None:
    reader_gone()


def reader_gone(status: int = EXIT_OK) -> NoReturn:
    """Standard output was closed by its reader (``| head``): stop at once, quietly, with status 0
    (or the status the command had already chosen).

    The reader has what it asked for; there is nothing to report. Standard output is pointed at the
    null device first, so the flush at exit cannot fail again (as Python's documentation advises).
    """
    _stdout_to_null()
    raise SystemExit(status)


def _stdout_to_null() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture): nothing to flush
        pass


def print_json(data: Any) -> None:
    """Print one JSON document on standard output.

    A reader gone already (``| head``) misses the rest of it, and the command goes on: an error
    printed as JSON is still said on standard error, with its exit status.
    """
    try:
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        _stdout_to_null()
