"""A model's game in a session file: ``new FILE``, the commands of a turn, and the session verbs.

Every command builds the wire form of a command and hands it to the shared runner
(:func:`meneur.cli.sessions.play`), which loads, decides, saves and prints.
"""

from __future__ import annotations

import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

import typer

from meneur.cli.output import guarded
from meneur.cli.sessions import add_session_verbs, create, fail, play
from meneur.errors import MeneurError
from meneur.i18n import N_, Translator
from meneur.i18n.words import items
from meneur.storage import read_data
from meneur.systems.warzone.cli import options as o
from meneur.systems.warzone.cli.powers import register_powers
from meneur.systems.warzone.cli.present import KEY, presenter

_ = Translator("warzone")
D = "warzone"
FIGURE_HELP = N_(
    "JSON file of a model and its powers (see 'warzone example'); repeat it for each model of a squad."
)


def example_model() -> str:
    """The example model file shipped with meneur (package data ``warzone/data/example_model.json``)."""
    return files("meneur.systems.warzone").joinpath("data", "example_model.json").read_text(encoding="utf-8")


def _named(wire: str, model: str | None, **fields: Any) -> Any:
    """The wire form of a command for the squad's ``model`` (a bare name when nothing is given)."""
    given = {k: v for k, v in {**fields, "model": model}.items() if v is not None}
    return {wire: given} if given else wire


def _register_new(app: typer.Typer) -> None:
    @app.command(
        "new",
        help=_(
            "Start a state file for a model described in a JSON file: an object with name, power (Moc),"
            " leadership (Dowodzenie), actions (Akcje, default 3) and powers, a list of objects with name,"
            " kind (technique or spell), difficulty, actions (spells only), range (personal, touch,"
            " template, command_range, inches, line_of_sight) and effect. 'meneur warzone example' prints"
            " a complete file to start from."
        ),
    )
    def new_command(
        state: Path = o.file_argument(),  # noqa: B008
        figures: list[Path] = typer.Option(  # noqa: B008
            ...,
            "--figure",
            help=_(FIGURE_HELP),  # noqa: B008
        ),
        options: Path = typer.Option(None, "--options", help=_("JSON file of table options.")),  # noqa: B008
        force: bool = typer.Option(False, "--force", help=_("Replace an existing state file.")),
        as_json: bool = o.as_json(),
    ) -> None:
        try:
            setup = {
                "figures": [read_data(figure) for figure in figures],
                "options": {} if options is None else read_data(options),
            }
        except MeneurError as error:
            fail(error, as_json)
        create(state, KEY, setup, force=force, as_json=as_json, presenter=presenter())

    @app.command(
        "example",
        help=_("Print an example model file (JSON) for 'warzone new --figure': save it and edit it."),
    )
    @guarded
    def example_command() -> None:
        sys.stdout.write(example_model())


def _simple_command(app: typer.Typer, name: str, text: str, wire: str, rolls: bool = False) -> None:
    if rolls:

        @app.command(name, help=_(text))
        def rolling(
            state: Path = o.file_argument(),  # noqa: B008
            model: str | None = o.model(),
            dice: str | None = o.dice(),
            seed: int | None = o.seed(),
            as_json: bool = o.as_json(),
        ) -> None:
            play(state, KEY, _named(wire, model), presenter(), as_json=as_json, seed=seed, dice=dice)

        return

    @app.command(name, help=_(text))
    def run(
        state: Path = o.file_argument(),  # noqa: B008
        model: str | None = o.model(),
        as_json: bool = o.as_json(),
    ) -> None:
        play(state, KEY, _named(wire, model) if wire != "end_turn" else wire, presenter(), as_json=as_json)


def _register_turn(app: typer.Typer) -> None:
    """A model's activation and the end of the turn."""
    simple: list[tuple[str, str, str]] = [
        ("activate", N_("Activate the model (once per turn)."), "activate"),
        ("end-activation", N_("End the activation."), "end_activation"),
    ]
    for name, text, wire in simple:
        _simple_command(app, name, text, wire)

    @app.command("end-turn", help=_("End the turn; a knocked-down model then tests to get up."))
    def end_turn_command(state: Path = o.file_argument(), as_json: bool = o.as_json()) -> None:  # noqa: B008
        play(state, KEY, "end_turn", presenter(), as_json=as_json)


def _register_getting_up(app: typer.Typer) -> None:
    """A knocked-down model gets up: helped by a friend, or by a Leadership test."""

    @app.command("help-up", help=_("A friendly model in contact spends an action to get the model up."))
    def help_up_command(
        state: Path = o.file_argument(),  # noqa: B008
        model: str | None = o.model(),
        helper: str | None = typer.Option(
            None,
            "--helper",
            help=_(
                "The squad's model that helps, in its activation: one of its actions is spent (left out: a"
                " model not kept in this file)."
            ),
        ),
        as_json: bool = o.as_json(),
    ) -> None:
        play(state, KEY, _named("help_up", model, helper=helper), presenter(), as_json=as_json)

    _simple_command(
        app, "wake", N_("Leadership test at -4 to get up, at the start of a turn."), "wake", rolls=True
    )


def _register_actions(app: typer.Typer) -> None:
    """What a model does in its activation: declare techniques, act otherwise, panic."""

    @app.command("declare", help=_("Declare, in order, the techniques of this activation (at most 3)."))
    def declare_command(
        state: Path = o.file_argument(),  # noqa: B008
        names: list[str] = typer.Argument(  # noqa: B008
            None,
            metavar=_("NAMES"),  # noqa: B008
            help=_("Technique names, in order, separated by commas or spaces."),  # noqa: B008
        ),
        model: str | None = o.model(),
        as_json: bool = o.as_json(),
    ) -> None:
        play(state, KEY, _named("declare", model, names=items(names)), presenter(), as_json=as_json)

    @app.command("act", help=_("Spend one action on something other than a power."))
    def act_command(
        state: Path = o.file_argument(),  # noqa: B008
        concentrate: bool = typer.Option(
            False, "--concentrate", help=_("The action is spent concentrating.")
        ),
        model: str | None = o.model(),
        as_json: bool = o.as_json(),
    ) -> None:
        play(state, KEY, _named("act", model, concentrate=concentrate), presenter(), as_json=as_json)

    @app.command("panic", help=_("Mark the model panicked (or not, with --off)."))
    def panic_command(
        state: Path = o.file_argument(),  # noqa: B008
        off: bool = typer.Option(False, "--off", help=_("The model is no longer panicked.")),
        model: str | None = o.model(),
        as_json: bool = o.as_json(),
    ) -> None:
        play(state, KEY, _named("panic", model, panicked=not off), presenter(), as_json=as_json)


def register(app: typer.Typer) -> None:
    """Add ``new``, ``example``, the commands of a turn, the powers and the session verbs."""
    _register_new(app)
    _register_turn(app)
    _register_getting_up(app)
    _register_actions(app)
    register_powers(app)
    add_session_verbs(app, KEY, presenter)
