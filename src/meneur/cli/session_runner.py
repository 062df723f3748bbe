"""The runner under every stateful system's command line: create a session file, play a command on it,
load it, print what came of it, fail in the user's language (see :mod:`meneur.cli.sessions`, which
exports these names with the shared verbs)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import typer

from meneur.cli.output import EXIT_BAD_INPUT, EXIT_RULE, console, err_console, print_json
from meneur.dice.source import DiceSource, finish, source_from
from meneur.engine import store
from meneur.engine.session import Session
from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message, Translator

_ = Translator("core")

Lines = Sequence[Message | str]
AnySession = Session[Any, Any, Any]


def _no_lines(session: AnySession, events: Sequence[Any]) -> Lines:
    return [line for event in events if (line := session.system.describe(session.state, event)) is not None]


def _no_state(session: AnySession) -> Lines:
    return []


@dataclass(frozen=True)
class Presenter:
    """How one system's command line prints, in the book's words.

    ``events(session, events)``: the lines telling what just happened (the session is already
    past the events); ``state(session)``: the lines of the end of each command (who acts next, what
    is left), and of ``show`` unless ``show`` says more (a fight's ids and positions);
    ``state_json(session)``: extra JSON beside the snapshot.
    """

    events: Callable[[AnySession, Sequence[Any]], Lines] = _no_lines
    state: Callable[[AnySession], Lines] = _no_state
    state_json: Callable[[AnySession], dict[str, Any]] = field(default=lambda session: {})
    show: Callable[[AnySession], Lines] | None = None

    def shown(self, session: AnySession) -> Lines:
        """The lines of ``show``."""
        return (self.show or self.state)(session)


def fail(error: MeneurError, as_json: bool) -> NoReturn:
    """Print ``error`` (on stderr, and as JSON on stdout with ``--json``) and exit 1 or 2."""
    if as_json:
        print_json(error.to_json())
    err_console().print(_("Error: {message}", message=error.render()), markup=False)
    raise typer.Exit(EXIT_BAD_INPUT if isinstance(error, BadInputError) else EXIT_RULE)


def print_lines(lines: Lines) -> None:
    out = console()
    for line in lines:
        out.print(str(line), markup=False)


def _result_json(session: AnySession, events: Sequence[Any], presenter: Presenter) -> dict[str, Any]:
    codec = session.system.codec
    return {
        "events": [codec.event_to_json(event) for event in events],
        "version": session.version,
        **presenter.state_json(session),
    }


def create(
    path: Path,
    key: str,
    setup: Any,
    *,
    force: bool,
    as_json: bool,
    presenter: Presenter,
    prepare: Callable[[AnySession], None] | None = None,
) -> None:
    """``new``: write a session file for ``setup`` (refusing to overwrite unless ``force``).

    ``prepare(session)`` may carry out first commands before anything is written (a fight file's).
    """
    try:
        if path.exists() and not force:
            raise BadInputError(
                Message(
                    "core",
                    N_("{path} already exists; choose another name or add --force to replace it."),
                    {"path": str(path)},
                )
            )
        session = Session.new(key, setup)
        if prepare is not None:
            prepare(session)
        store.save(path, session)
    except MeneurError as error:
        fail(error, as_json)
    if as_json:
        print_json({"file": str(path), "version": session.version, **presenter.state_json(session)})
    else:
        print_lines([_("Written: {path}", path=str(path)), *presenter.state(session)])


def play(
    path: Path,
    key: str,
    command: Any,
    presenter: Presenter,
    *,
    as_json: bool = False,
    seed: int | None = None,
    dice: str | None = None,
) -> None:
    """Carry out ``command`` on the session file ``path`` and print what happened.

    Args:
        path: the session file.
        key: the kind of session expected in it.
        command: a typed command, or a function of the session giving one (for commands that
            read the state, such as names resolved against it).
        presenter: how to print.
        as_json: print JSON.
        seed: seed of the dice, for a reproducible roll.
        dice: dice rolled at the table, in order ("3,5,1"); all must be used.
    """
    try:
        source: DiceSource = source_from(seed, dice)
        with store.transaction(path, key) as session:
            typed = command(session) if callable(command) else command
            events = session.do(typed, source)
            finish(source)  # left-over entered dice: refused before anything is saved
    except MeneurError as error:
        fail(error, as_json)
    if as_json:
        print_json(_result_json(session, events, presenter))
    else:
        print_lines([*presenter.events(session, events), *presenter.state(session)])


def load_session(path: Path, key: str, as_json: bool) -> AnySession:
    try:
        return store.load(path, key)
    except MeneurError as error:
        fail(error, as_json)
