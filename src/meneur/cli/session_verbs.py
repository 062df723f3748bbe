"""The verbs every session has, added to a system's group by
:func:`meneur.cli.sessions.add_session_verbs`: ``legal`` (what may be done now and its cost),
``undo`` and ``redo`` (a step back or forth in the log), ``log`` and ``show``.

Each takes the session file first and ``--json``; errors exit as in :mod:`meneur.cli.sessions`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from meneur.cli.output import print_json
from meneur.cli.session_runner import AnySession, Lines, Presenter, fail, load_session, play, print_lines
from meneur.engine import store
from meneur.engine.session import Session
from meneur.engine.system import Legal
from meneur.errors import BadInputError, MeneurError, Refused
from meneur.i18n import N_, Message, Translator
from meneur.storage import parse_data

_ = Translator("core")

FILE_HELP = N_("The session file (JSON, or YAML if its name ends in .yaml).")
JSON_HELP = N_("Print JSON.")
ALL_HELP = N_("Also list what is refused, and why.")


def add_legal(app: typer.Typer, key: str) -> None:
    @app.command("legal", help=_("List what may be done now, with the cost of each command."))
    def legal_command(
        path: Annotated[Path, typer.Argument(help=_(FILE_HELP), metavar=_("FILE"))],
        include_refused: Annotated[bool, typer.Option("--all", help=_(ALL_HELP))] = False,
        as_json: Annotated[bool, typer.Option("--json", help=_(JSON_HELP))] = False,
    ) -> None:
        session = load_session(path, key, as_json)
        entries = session.legal(include_refused)
        if as_json:
            print_json({"version": session.version, "legal": [legal_json(session, e) for e in entries]})
        else:
            print_lines(_legal_lines(session, entries))


def read_wire(text: str, example: str) -> Any:
    """A command typed in its wire form: a name (``start``) or a mapping of one name to its arguments
    (``{attack: {actor: kitsune, ...}}``), in YAML or JSON; ``example`` is shown when it is neither.

    Raises:
        BadInputError: unreadable, empty, or neither a name nor such a mapping (``""``, ``null``, ``42``).
    """
    wire = parse_data(text, "yaml", _("the command"))
    if (isinstance(wire, str) and wire.strip()) or (
        isinstance(wire, dict) and len(wire) == 1 and isinstance(next(iter(wire)), str)
    ):
        return wire
    raise BadInputError(
        Message(
            "core",
            N_(
                "{value} is not a command: write its name, or its name and its arguments as a mapping,"
                " e.g. {example}."
            ),
            {"value": text if text.strip() else '""', "example": example},
        )
    )


def add_do(
    app: typer.Typer, key: str, presenter: Callable[[], Presenter], help_text: str, example: str
) -> None:
    """Add ``do FILE COMMAND``: one command in its wire form (``example`` shows one in the help and in
    the refusal of anything that is not a command)."""

    @app.command("do", help=help_text)
    def do_command(
        path: Annotated[Path, typer.Argument(help=_(FILE_HELP), metavar=_("FILE"))],
        command: Annotated[
            str, typer.Argument(help=_("The command, in the form legal prints."), metavar=_("COMMAND"))
        ],
        as_json: Annotated[bool, typer.Option("--json", help=_(JSON_HELP))] = False,
    ) -> None:
        try:
            wire = read_wire(command, example)
        except MeneurError as error:
            fail(error, as_json)
        play(path, key, wire, presenter(), as_json=as_json)


def add_steps(app: typer.Typer, key: str, presenter: Callable[[], Presenter]) -> None:
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


def add_views(app: typer.Typer, key: str, presenter: Callable[[], Presenter]) -> None:
    @app.command("log", help=_("Show every command of the session and what it did."))
    def log_command(
        path: Annotated[Path, typer.Argument(help=_(FILE_HELP), metavar=_("FILE"))],
        as_json: Annotated[bool, typer.Option("--json", help=_(JSON_HELP))] = False,
    ) -> None:
        session = load_session(path, key, as_json)
        if as_json:
            print_json({"version": session.version, "log": session.log_json()})
            return
        print_lines(_log_lines(path, key, session, presenter()))

    @app.command("show", help=_("Show the state of the session now."))
    def show_command(
        path: Annotated[Path, typer.Argument(help=_(FILE_HELP), metavar=_("FILE"))],
        as_json: Annotated[bool, typer.Option("--json", help=_(JSON_HELP))] = False,
    ) -> None:
        session = load_session(path, key, as_json)
        shown = presenter()
        if as_json:
            print_json({**session.snapshot(), **shown.state_json(session)})
        else:
            print_lines(shown.shown(session))


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
    print_lines([text, *presenter.state(session)])


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
