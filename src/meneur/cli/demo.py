"""``meneur demo``: a short tour of the engine, run by the README's first command.

The tour runs real commands of the same command tree, in the current language, and shows each
command line before its output, so a new user sees what to type next: the dice first, then each
listed game's own steps (its plugin's :attr:`~meneur.engine.plugin.Game.tour`).
"""

from __future__ import annotations

from importlib.resources import files

import typer
from rich.rule import Rule

from meneur.cli.app import build_app
from meneur.cli.output import console
from meneur.engine.plugin import TourStep
from meneur.engine.registry import games
from meneur.i18n import N_, Message, Translator

_ = Translator("core")

# (caption, arguments); fixed seeds and entered dice keep the tour the same every time.
TOUR: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("A roll: kept dice in bold, dropped dice struck through"), ("roll", "4d6kh3", "--seed", "7")),
    (N_("Dice rolled at the table: a d666, digit by digit"), ("roll", "d666", "--dice", "3,5,1")),
    (N_("Exact odds, mean and standard deviation"), ("odds", "3d6kh2")),
)
"""The dice's steps, before the games'."""


def _args(step: TourStep) -> tuple[str, ...] | None:
    """The step's command line, with the file it names (``None``: the game does not ship it)."""
    if step.resource is None:
        return step.args
    package, _sep, path = step.resource.partition(":")
    found = files(package).joinpath(*path.split("/"))
    return (*step.args, str(found)) if found.is_file() else None


def steps() -> list[tuple[Message, tuple[str, ...]]]:
    """Every step of the tour: the dice's, then each listed game's."""
    found = [(Message("core", caption), args) for caption, args in TOUR]
    for game in games():
        for step in game.tour:
            args = _args(step)
            if args is not None:
                found.append((step.caption, args))
    return found


def run_tour() -> int:
    """Run every step of the tour; return how many steps failed."""
    command = typer.main.get_command(build_app())
    out = console()
    failures = 0
    for caption, args in steps():
        out.print(Rule(caption.render(), style="cyan"))
        out.print("[bold]$ meneur " + " ".join(args) + "[/bold]", markup=True)
        try:
            code = command.main(list(args), prog_name="meneur", standalone_mode=False)
        except SystemExit as stop:
            code = stop.code
        except typer.Exit as stop:
            code = stop.exit_code
        failures += isinstance(code, int) and code != 0
        out.print()
    return failures


def build_demo() -> typer.Typer:
    """``meneur demo`` alone (the root builds it when it runs)."""
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode="rich")
    register(app)
    return app


def register(app: typer.Typer) -> None:
    """Add the demo command to ``app``."""

    @app.command("demo", help=_("A short tour of meneur: dice, odds, the four game systems."))
    def demo() -> None:
        failures = run_tour()
        console().print(Rule(style="cyan"))
        console().print(_("Next: meneur --help, or any command above with --help."))
        if failures:
            raise typer.Exit(1)
