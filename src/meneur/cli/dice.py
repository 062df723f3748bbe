"""``meneur roll`` and ``meneur odds``: the dice engine from the terminal.

``roll`` prints the breakdown (kept dice bold, dropped struck through) and the total, or one JSON
object; ``--dice`` takes the values of a physical roll instead of rolling. ``odds`` prints a table
and a bar chart of the exact distribution with mean and standard deviation, or one JSON object
whose ``distribution`` maps each outcome to a reduced fraction ``"n/d"``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import typer
from rich.table import Table
from rich.text import Text

from meneur.cli.output import console, guarded, print_json
from meneur.dice import odds, roll, source_from, to_json, to_markup, to_text
from meneur.dice.odds import Odds
from meneur.dice.result import Roll
from meneur.dice.source import finish
from meneur.i18n import P_, Translator
from meneur.i18n.numbers import decimal

_ = Translator("core")

BAR_WIDTH = 30
MAX_ROWS = 60
TAIL = Fraction(1, 1000)


def build_roll() -> typer.Typer:
    """``meneur roll`` alone (the root builds it when it runs)."""
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode="rich")
    register(app, with_odds=False)
    return app


def build_odds() -> typer.Typer:
    """``meneur odds`` alone (the root builds it when it runs)."""
    app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode="rich")
    register(app, with_roll=False)
    return app


def register(app: typer.Typer, *, with_roll: bool = True, with_odds: bool = True) -> None:
    """Add the dice commands to ``app``."""
    if with_roll:
        summary = _("Roll dice written in standard notation (4d6kh3, 2d6+3, d666...).")
        minus = _("An expression that starts with a minus goes after --: meneur roll -- -3/2.")
        app.command("roll", help=f"{summary}\n\n{minus}")(_roll_command())
    if with_odds:
        app.command("odds", help=_("Show the exact odds of a roll: table, bar chart, mean and deviation."))(
            _odds_command())


def _roll_command() -> Callable[..., None]:
    @guarded
    def roll_dice(
        expression: str = typer.Argument(..., help=_(
            "The dice expression, e.g. 4d6kh3 or 1d20+5 (after -- when it starts with a minus).")),
        seed: int | None = typer.Option(None, "--seed", help=_("Seed for a reproducible roll.")),
        dice: str | None = typer.Option(
            None, "--dice", help=_("Values of dice rolled by hand, in order, e.g. 3,5,1.")),
        as_json: bool = typer.Option(False, "--json", help=_("Print one JSON object.")),
    ) -> None:
        source = source_from(seed, dice)
        result = roll(expression, source)
        finish(source)
        if as_json:
            print_json(to_json(result))
            return
        _print_roll(result)

    return roll_dice


def _print_roll(result: Roll) -> None:
    out = console()
    if out.color_system is None:
        out.print(to_text(result), markup=False)
    else:
        out.print(to_markup(result), markup=True)
    for group in result.groups():
        for die in group.dice:
            if die.digits is not None:
                out.print(_("{notation}: digits {digits} (units {units})", notation=group.notation,
                            digits=" ".join(str(d) for d in die.digits), units=die.digits[-1]))
    total = f"[bold]{result.total}[/bold]"
    out.print(_("Total: {total}", total=total), markup=True)


def _odds_command() -> Callable[..., None]:
    @guarded
    def show_odds(
        expression: str = typer.Argument(..., help=_(
            "The dice expression, e.g. 4d6kh3 or 1d20+5 (after -- when it starts with a minus).")),
        as_json: bool = typer.Option(False, "--json", help=_("Print one JSON object.")),
    ) -> None:
        result = odds(expression)
        if as_json:
            print_json({"expression": expression, **result.to_json()})
            return
        _print_odds(expression, result)

    return show_odds


def _shown(result: Odds) -> list[tuple[int, Fraction]]:
    """The rows to show: all of them, or without the thinnest tails of a very wide distribution."""
    rows = list(result.distribution.items())
    if len(rows) <= MAX_ROWS:
        return rows
    below = Fraction(0)
    start = 0
    while below + rows[start][1] < TAIL:
        below += rows[start][1]
        start += 1
    above = Fraction(0)
    end = len(rows)
    while above + rows[end - 1][1] < TAIL:
        above += rows[end - 1][1]
        end -= 1
    return rows[start:end]


def _print_odds(expression: str, result: Odds) -> None:
    rows = _shown(result)
    peak = max(p for _o, p in rows)
    table = Table(title=_("Odds of {expression}", expression=expression), title_justify="left")
    table.add_column(_("Result"), justify="right")
    table.add_column(_("Probability"), justify="right")
    table.add_column("%", justify="right")
    table.add_column(_("At least"), justify="right")
    table.add_column("", justify="left", no_wrap=True, overflow="crop")
    for outcome, probability in rows:
        bar = "█" * max(1, round(BAR_WIDTH * probability / peak)) if probability else ""
        table.add_row(str(outcome), str(probability), decimal(float(probability) * 100),
                      decimal(float(result.at_least(outcome)) * 100), Text(bar, style="cyan"))
    out = console()
    out.print(table)
    if len(rows) < len(result.distribution):
        out.print(_(P_("{count} very unlikely result (less than 0.1% on each side) is not shown.",
                       "{count} very unlikely results (less than 0.1% on each side) are not shown."),
                    count=len(result.distribution) - len(rows)))
    mean, stdev = decimal(float(result.mean), "0.###"), decimal(result.stdev, "0.###")
    out.print(_("Mean: {mean} (exactly {exact})", mean=mean, exact=str(result.mean)))
    out.print(_("Standard deviation: {stdev}", stdev=stdev))
    out.print(_("From {minimum} to {maximum}.", minimum=result.minimum, maximum=result.maximum))
