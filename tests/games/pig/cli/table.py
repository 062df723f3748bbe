"""The game file: ``new FILE``, ``do FILE roll|hold`` (for the player whose turn it is), and the
verbs of every session (``legal``, ``undo``, ``redo``, ``log``, ``show``), all through the shared
runner."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from meneur.cli.sessions import AnySession, Lines, Presenter, add_session_verbs, create, play
from meneur.i18n import Translator
from tests.games.pig.commands import Command, Hold, Roll
from tests.games.pig.engine import KEY
from tests.games.pig.model import State

_ = Translator("pig")

FileArgument = Annotated[
    Path, typer.Argument(help=_("The game file (JSON, or YAML if its name ends in .yaml)."), metavar="FILE")
]
AsJson = Annotated[bool, typer.Option("--json", help=_("Print JSON."))]


class Action(StrEnum):
    """What the player whose turn it is does."""

    roll = "roll"
    hold = "hold"


def command_for(state: State, action: Action) -> Command:
    """``action`` given by the player whose turn it is."""
    return Roll(state.current) if action is Action.roll else Hold(state.current)


def _state_lines(session: AnySession) -> Lines:
    state: State = session.state
    scores = ", ".join(f"{name} {score}" for name, score in zip(state.players, state.scores, strict=True))
    if state.winner is not None:
        return [_("Scores: {scores}. {name} won.", scores=scores, name=state.winner)]
    return [
        _("Scores: {scores} (goal {goal}).", scores=scores, goal=state.options.goal),
        _("{name} plays: {points} points this turn.", name=state.current, points=state.turn_points),
    ]


def _state_json(session: AnySession) -> dict[str, Any]:
    state: State = session.state
    return {"scores": dict(zip(state.players, state.scores, strict=True)), "winner": state.winner}


def presenter() -> Presenter:
    """How a game of pig prints: the log's lines of what happened, then the scores and whose turn."""
    return Presenter(state=_state_lines, state_json=_state_json)


def register(app: typer.Typer) -> None:
    """Add ``new``, ``do`` and the session verbs."""

    @app.command("new", help=_("Start a game file for these players, in turn order."))
    def new_command(
        file: FileArgument,
        players: Annotated[list[str], typer.Option("--player", help=_("A player (repeat: two or more)."))],
        goal: Annotated[
            int | None, typer.Option("--goal", help=_("Table option: the score that wins."))
        ] = None,
        force: Annotated[bool, typer.Option("--force", help=_("Replace an existing game file."))] = False,
        as_json: AsJson = False,
    ) -> None:
        setup: dict[str, Any] = {"players": players}
        if goal is not None:
            setup["options"] = {"goal": goal}
        create(file, KEY, setup, force=force, as_json=as_json, presenter=presenter())

    @app.command("do", help=_("Roll the die or hold, for the player whose turn it is."))
    def do_command(
        file: FileArgument,
        action: Annotated[Action, typer.Argument(help=_("roll or hold."), metavar="roll|hold")],
        seed: Annotated[int | None, typer.Option("--seed", help=_("Seed of the die."))] = None,
        dice: Annotated[str | None, typer.Option("--dice", help=_("The die rolled at the table."))] = None,
        as_json: AsJson = False,
    ) -> None:
        play(
            file,
            KEY,
            lambda session: command_for(session.state, action),
            presenter(),
            as_json=as_json,
            seed=seed,
            dice=dice,
        )

    add_session_verbs(app, KEY, presenter)
