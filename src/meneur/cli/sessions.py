"""The one runner of every stateful system's command line: load, do, save, print.

Every game's kind of session (each group its plugin's CLI builds on this runner) gets the same
verbs, all taking the session file first and ``--json``:

* ``new FILE ...`` (the system's own options build the setup, then :func:`create` writes the file);
* the system's commands, each a thin function that builds a command and calls :func:`play`;
* ``legal``, ``undo``, ``redo``, ``log`` and ``show``, added by :func:`add_session_verbs`.

A system's CLI says how to print (a :class:`Presenter`); the runner does the rest, so no rule and no
file handling lives in a CLI module. Exit statuses: 0 done, 1 the rules say no (nothing to undo
included), 2 bad input; with ``--json`` the error is also printed on standard output as
``{"error", "message", "rule"?}``. Nothing is written when anything fails.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import typer

from meneur.cli.session_runner import AnySession as AnySession
from meneur.cli.session_runner import Lines as Lines
from meneur.cli.session_runner import Presenter as Presenter
from meneur.cli.session_runner import create as create
from meneur.cli.session_runner import fail as fail
from meneur.cli.session_runner import load_session as load_session
from meneur.cli.session_runner import play as play
from meneur.cli.session_runner import print_lines as print_lines
from meneur.cli.session_verbs import add_legal, add_steps, add_views


def add_session_verbs(
    app: typer.Typer, key: str, presenter: Callable[[], Presenter], skip: Sequence[str] = ()
) -> None:
    """Add ``legal``, ``undo``, ``redo``, ``log`` and ``show`` to a system's group (less ``skip``,
    for a system that gives its own ``legal`` with richer words); see :mod:`meneur.cli.session_verbs`."""
    if "legal" not in skip:
        add_legal(app, key)
    add_steps(app, key, presenter)
    add_views(app, key, presenter)
