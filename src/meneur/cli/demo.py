"""``meneur demo``: a short tour of the engine, run by the README's first command.

The tour runs real commands of the same command tree, in the current language, and shows each
command line before its output, so a new user sees what to type next.
"""

from __future__ import annotations

from importlib.resources import files

import typer
from rich.rule import Rule

from meneur.cli.app import build_app
from meneur.cli.output import console
from meneur.i18n import N_, Translator

_ = Translator("core")

# (caption, arguments); fixed seeds and entered dice keep the tour the same every time.
TOUR: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("A roll: kept dice in bold, dropped dice struck through"), ("roll", "4d6kh3", "--seed", "7")),
    (N_("Dice rolled at the table: a d666, digit by digit"), ("roll", "d666", "--dice", "3,5,1")),
    (N_("Exact odds, mean and standard deviation"), ("odds", "3d6kh2")),
    (
        N_("INS/MV: a test on the table UM"),
        ("insmv", "test", "--value", "4", "--difficulty", "difficile", "--shift", "-1", "--dice", "2,3,5"),
    ),
    (
        N_("Carpathes: 2D6 + Trait with advantage, and the odds of each tier"),
        ("carpathes", "roll", "--trait", "2", "--advantage", "--seed", "3", "--odds"),
    ),
    (
        N_("Warzone: casting a power with the d20"),
        ("warzone", "cast", "--power", "14", "--difficulty", "2", "--seed", "5"),
    ),
    (N_("Energy System: the rulebook's heroes"), ("energy", "library")),
    (N_("Energy System: WINK against every creation rule"), ("energy", "check", "WINK")),
)


def _demo_fight() -> str | None:
    """The packaged example fight, when the combat engine ships one."""
    resource = files("meneur.systems.energy").joinpath("combat", "examples", "demo.yaml")
    return str(resource) if resource.is_file() else None


def run_tour() -> int:
    """Run every step of the tour; return how many steps failed."""
    command = typer.main.get_command(build_app())
    steps = list(TOUR)
    fight = _demo_fight()
    if fight:
        steps.append((N_("Energy System: a fight, every token explained"), ("energy", "fight", "run", fight)))
    out = console()
    failures = 0
    for caption, args in steps:
        out.print(Rule(_(caption), style="cyan"))
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
