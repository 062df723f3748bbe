"""The one runner of every stateful system's command line: load, do, save, print.

Every system with a session (``energy fight``, ``energy campaign``, ``insmv``, ``warzone``,
``carpathes``) gets the same verbs, all taking the session file first and ``--json``:

* ``new FILE ...`` (the system's own options build the setup, then :func:`create` writes the file);
* the system's commands, each a thin function that builds a command and calls :func:`play`;
* ``legal``, ``undo``, ``redo``, ``log`` and ``show``, added by :func:`add_session_verbs`.

A system's CLI says how to print (a :class:`Presenter`); the runner does the rest, so no rule and no
file handling lives in a CLI module. Exit statuses: 0 done, 1 the rules say no (nothing to undo
included), 2 bad input; with ``--json`` the error is also printed on standard output as
``{"error", "message", "rule"?}``. Nothing is written when anything fails.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from meneur.cli.output import EXIT_BAD_INPUT, EXIT_RULE, console, err_console, print_json
from meneur.dice.source import DiceSource, finish, source_from
from meneur.engine import store
from meneur.engine.session import Session
from meneur.engine.system import Legal
from meneur.errors import BadInputError, MeneurError, Refused
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
    past the events); ``state(session)``: the lines of ``show`` and of the end of each command
    (who acts next, what is left); ``state_json(session)``: extra JSON beside the snapshot.
    """

    events: Callable[[AnySession, Sequence[Any]], Lines] = _no_lines
    state: Callable[[AnySession], Lines] = _no_state
    state_json: Callable[[AnySession], dict[str, Any]] = field(default=lambda session: {})


def fail(error: MeneurError, as_json: bool) -> NoReturn:
    """Print ``error`` (on stderr, and as JSON on stdout with ``--json``) and exit 1 or 2."""
    if as_json:
        print_json(error.to_json())
    err_console().print(_("Error: {message}", message=error.render()), markup=False)
    raise typer.Exit(EXIT_BAD_INPUT if isinstance(error, BadInputError) else EXIT_RULE)


def _print(lines: Lines) -> None:
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
        _print([_("Written: {path}", path=str(path)), *presenter.state(session)])


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
        _print([*presenter.events(session, events), *presenter.state(session)])


def _load(path: Path, key: str, as_json: bool) -> AnySession:
    try:
        return store.load(path, key)
    except MeneurError as error:
        fail(error, as_json)


def _step_back(path: Path, key: str, presenter: Presenter, as_json: bool, redo: bool) -> None:
    try:
        with store.transaction(path, key) as session:
            change = session.redo() if redo else session.undo()
            if change is None:
                raise Refused(
                    Message("core", N_("Nothing to redo.") if redo else N_("Nothing to undo.")),
                    rule="nothing_to_redo" if redo else "nothing_to_undo",
                )
    except MeneurError as error:
        fail(error, as_json)
    codec = session.system.codec
    name = "-" if change.command is None else codec.command_name(change.command)
    if as_json:
        print_json(
            {
                "redone" if redo else "undone": None
                if change.command is None
                else codec.command_to_json(change.command),
                "version": session.version,
                **presenter.state_json(session),
            }
        )
        return
    text = _("Redone: {command}.", command=name) if redo else _("Undone: {command}.", command=name)
    _print([text, *presenter.state(session)])


def legal_json(session: AnySession, entry: Legal[Any]) -> dict[str, Any]:
    """One entry of the legality query as JSON."""
    data: dict[str, Any] = {
        "actor": entry.actor,
        "kind": entry.kind,
        "command": session.system.codec.command_to_json(entry.command),
        "cost_min": entry.cost_min,
        "cost_max": entry.cost_max,
        **dict(entry.details),
    }
    if not entry.is_legal:
        data["rule"] = entry.rule
        data["reason"] = entry.reason.render() if entry.reason is not None else None
    return data


def _legal_lines(session: AnySession, entries: Sequence[Legal[Any]]) -> Lines:
    if not entries:
        return [_("Nothing may be done now.")]
    lines: list[Message | str] = []
    codec = session.system.codec
    for entry in entries:
        wire = json.dumps(codec.command_to_json(entry.command), ensure_ascii=False)
        low, high = entry.cost_min, entry.cost_max
        cost = "" if high == 0 else (f" ({low})" if low == high else f" ({low}-{high})")
        who = f"{entry.actor}: " if entry.actor else ""
        line = f"{who}{entry.kind}{cost}  {wire}"
        if not entry.is_legal and entry.reason is not None:
            line += "  ✗ " + entry.reason.render()
        lines.append(line)
    return lines


FILE_HELP = N_("The session file (JSON, or YAML if its name ends in .yaml).")
JSON_HELP = N_("Print JSON.")
ALL_HELP = N_("Also list what is refused, and why.")


def add_session_verbs(
    app: typer.Typer, key: str, presenter: Callable[[], Presenter], skip: Sequence[str] = ()
) -> None:
    """Add ``legal``, ``undo``, ``redo``, ``log`` and ``show`` to a system's group (less ``skip``,
    for a system that gives its own ``legal`` with richer words)."""
    if "legal" not in skip:
        _add_legal(app, key)
    _add_steps(app, key, presenter)
    _add_views(app, key, presenter)


def _add_legal(app: typer.Typer, key: str) -> None:
    @app.command("legal", help=_("List what may be done now, with the cost of each command."))
    def legal_command(
        path: Annotated[Path, typer.Argument(help=_(FILE_HELP), metavar=_("FILE"))],
        include_refused: Annotated[bool, typer.Option("--all", help=_(ALL_HELP))] = False,
        as_json: Annotated[bool, typer.Option("--json", help=_(JSON_HELP))] = False,
    ) -> None:
        session = _load(path, key, as_json)
        entries = session.legal(include_refused)
        if as_json:
            print_json({"version": session.version, "legal": [legal_json(session, e) for e in entries]})
        else:
            _print(_legal_lines(session, entries))


def _add_steps(app: typer.Typer, key: str, presenter: Callable[[], Presenter]) -> None:
    @app.command("undo", help=_("Take back the last command."))
    def undo_command(
        path: Annotated[Path, typer.Argument(help=_(FILE_HELP), metavar=_("FILE"))],
        as_json: Annotated[bool, typer.Option("--json", help=_(JSON_HELP))] = False,
    ) -> None:
        _step_back(path, key, presenter(), as_json, redo=False)

    @app.command("redo", help=_("Carry out again the last command taken back."))
    def redo_command(
        path: Annotated[Path, typer.Argument(help=_(FILE_HELP), metavar=_("FILE"))],
        as_json: Annotated[bool, typer.Option("--json", help=_(JSON_HELP))] = False,
    ) -> None:
        _step_back(path, key, presenter(), as_json, redo=True)


def _add_views(app: typer.Typer, key: str, presenter: Callable[[], Presenter]) -> None:
    @app.command("log", help=_("Show every command of the session and what it did."))
    def log_command(
        path: Annotated[Path, typer.Argument(help=_(FILE_HELP), metavar=_("FILE"))],
        as_json: Annotated[bool, typer.Option("--json", help=_(JSON_HELP))] = False,
    ) -> None:
        session = _load(path, key, as_json)
        if as_json:
            print_json({"version": session.version, "log": session.log_json()})
            return
        _print(_log_lines(path, key, session, presenter()))

    @app.command("show", help=_("Show the state of the session now."))
    def show_command(
        path: Annotated[Path, typer.Argument(help=_(FILE_HELP), metavar=_("FILE"))],
        as_json: Annotated[bool, typer.Option("--json", help=_(JSON_HELP))] = False,
    ) -> None:
        session = _load(path, key, as_json)
        shown = presenter()
        if as_json:
            print_json({**session.snapshot(), **shown.state_json(session)})
        else:
            _print(shown.state(session))


def _log_lines(path: Path, key: str, session: AnySession, presenter: Presenter) -> Lines:
    """Each command, numbered, with the lines its events gave when it was carried out."""
    replayed = Session.new(key, session.setup)
    codec = session.system.codec
    lines: list[Message | str] = []
    for number, entry in enumerate(session.entries(), start=1):
        replayed.record(entry.command, entry.events)
        name = "-" if entry.command is None else codec.command_name(entry.command)
        lines.append(f"{number}. {name}")
        lines.extend(f"   {line}" for line in presenter.events(replayed, entry.events))
    if not lines:
        lines.append(_("The log is empty: {path} holds no command yet.", path=os.fspath(path)))
    return lines
