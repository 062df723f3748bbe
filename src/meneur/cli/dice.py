"""``meneur roll`` and ``meneur odds``: the dice engine from the terminal.

``roll`` prints the breakdown (kept dice bold, dropped struck through) and the total, or one JSON
object; ``--dice`` takes the values of a physical roll instead of rolling. ``odds`` prints a table
and a bar chart of the exact distribution with mean and standard deviation, or one JSON object
whose ``distribution`` maps each outcome to a reduced fraction ``"n/d"``; exact odds too costly
are refused at once, and ``--estimate`` samples them instead (see :mod:`meneur.dice.estimate`).
With exploding dice, ``odds`` also says what the cap on explosion chains leaves out and, when it
can, the mean without the cap (JSON ``explosion_cap``, ``null`` without explosions; see
:mod:`meneur.dice.explosions`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from meneur.cli.output import console, guarded, print_json
from meneur.cli.quick_roll import OPTIONS, print_roll
from meneur.dice import OddsUnavailableError, odds, parse, roll, source_from, to_json
from meneur.dice.estimate import Estimate, estimate
from meneur.dice.explosions import ExplosionCap, explosion_cap
from meneur.dice.odds import Odds
from meneur.dice.source import finish
from meneur.errors import BadInputError
from meneur.i18n import N_, P_, Message, Translator
from meneur.i18n.numbers import decimal

_ = Translator("core")

SEED, DICE, JSON = OPTIONS
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


def roll_help() -> str:
    """The whole notation, in the interface's language (``meneur roll --help``)."""
    return "\n\n".join(
        [
            _("Roll dice written in standard notation (4d6kh3, 2d6+3, d666...)."),
            _(
                "Dice, in capitals or not: 2D6, 1D20+3, d% (a d100), D66 and D666 (d6 read as digits),"
                " 4dF (Fate dice: \u2212, blank, +; entered as -1, 0, 1)."
            ),
            _(
                "Keep and drop: 4d6kh3 or 4d6k3 keep the 3 highest, 2d20kl1 the lowest; 4d6dl1 or 4d6d1"
                " drop the lowest, 4d6dh1 the highest; 5d6k>4 keeps the dice above 4, 5d6k=3 those"
                " showing 3."
            ),
            _(
                "Rerolls and explosions: 3d6r1 (or rr1) rerolls 1s again as long as they come up, as"
                " Roll20's r (Foundry's r rerolls once: write ro1 for that); 2d6ra1 rerolls one die and"
                " adds it; 1d6! or 1d6x explode on the highest face, 1d10!>8 above 8; mi2 and ma5 give"
                " each die at least 2, at most 5."
            ),
            _(
                "Where the d20 (Avrae) notation reads differently, meneur follows Roll20 and Foundry:"
                " k3 and d3 count dice (the 3 highest kept, the 3 lowest dropped), never a face. < and >"
                " are strict, as in Foundry (Roll20's >4 is written >=4 here). An operation that cannot"
                " apply (d666e6, 4dF!) is refused, never ignored."
            ),
            escape(  # the help is Rich markup: "[fire]" would be read as a style
                _(
                    "Also: + - * / (rounded down) %, parentheses, sets (1d4, 1d6)kh1, labels 2d6[fire]."
                    " A comparison on dice counts successes (10d10>=8: the dice at 8 or more); after"
                    " arithmetic it is worth 1 or 0 (2d6+3>=8). Advantage is 2d20kh1. The whole"
                    " notation: docs/dice.md."
                )
            ),
            _("An expression that starts with a minus goes after --: meneur roll -- -3/2."),
        ]
    )


def odds_help() -> str:
    """``meneur odds --help``."""
    return "\n\n".join(
        [
            _("Show the exact odds of a roll: table, bar chart, mean and deviation."),
            _(
                "Exact odds too long to work out are refused at once, with the reason; --estimate then"
                " rolls the expression many times (--samples, --seed) and shows each figure with its"
                " margin of error."
            ),
        ]
    )


def register(app: typer.Typer, *, with_roll: bool = True, with_odds: bool = True) -> None:
    """Add the dice commands to ``app``."""
    if with_roll:
        app.command("roll", help=roll_help())(_roll_command())
    if with_odds:
        app.command("odds", help=odds_help())(_odds_command())


def _roll_command() -> Callable[..., None]:
    @guarded
    def roll_dice(
        expression: str = typer.Argument(
            ...,
            metavar=_("EXPRESSION"),
            help=_("The dice expression, e.g. 4d6kh3 or 1d20+5 (after -- when it starts with a minus)."),
        ),
        seed: int | None = typer.Option(None, SEED.flag, help=_(SEED.help)),
        dice: str | None = typer.Option(None, DICE.flag, help=_(DICE.help)),
        as_json: bool = typer.Option(False, JSON.flag, help=_(JSON.help)),
    ) -> None:
        source = source_from(seed, dice)
        result = roll(expression, source)
        finish(source)
        if as_json:
            print_json(to_json(result))
            return
        print_roll(result)

    return roll_dice


def _odds_command() -> Callable[..., None]:
    @guarded
    def show_odds(
        expression: str = typer.Argument(
            ...,
            metavar=_("EXPRESSION"),
            help=_("The dice expression, e.g. 4d6kh3 or 1d20+5 (after -- when it starts with a minus)."),
        ),
        as_json: bool = typer.Option(False, "--json", help=_("Print one JSON object.")),
        estimated: bool = typer.Option(
            False,
            "--estimate",
            help=_("Estimate the odds by rolling many times instead (labelled as an estimate)."),
        ),
        samples: int | None = typer.Option(
            None,
            "--samples",
            help=_("How many rolls an estimate makes (default 10000, fewer for many dice)."),
        ),
        seed: int | None = typer.Option(None, "--seed", help=_("Seed of an estimate, to repeat it.")),
    ) -> None:
        if not estimated:
            if samples is not None or seed is not None:
                raise BadInputError(Message("core", N_("--samples and --seed go with --estimate.")))
            result = _exact(expression)
            cap = explosion_cap(parse(expression))
            if as_json:
                capped = None if cap is None else cap.to_json(result.mean)
                print_json({"expression": expression, **result.to_json(), "explosion_cap": capped})
                return
            _print_odds(expression, result)
            if cap is not None:
                print_cap(cap, result.mean)
            return
        guess = estimate(expression, samples, seed)
        if as_json:
            print_json({"expression": expression, **guess.to_json()})
            return
        print_estimate(expression, guess)

    return show_odds


def _exact(expression: str) -> Odds:
    try:
        return odds(expression)
    except OddsUnavailableError as error:
        raise OddsUnavailableError(
            Message("core", N_("{reason}\nAdd --estimate for an estimate."), {"reason": error.message})
        ) from None


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
        table.add_row(
            str(outcome),
            str(probability),
            decimal(float(probability) * 100),
            decimal(float(result.at_least(outcome)) * 100),
            Text(bar, style="cyan"),
        )
    out = console()
    out.print(table)
    if len(rows) < len(result.distribution):
        out.print(
            _(
                P_(
                    "{count} very unlikely result (less than 0.1% on each side) is not shown.",
                    "{count} very unlikely results (less than 0.1% on each side) are not shown.",
                ),
                count=len(result.distribution) - len(rows),
            )
        )
    mean, stdev = decimal(float(result.mean), "0.###"), decimal(result.stdev, "0.###")
    out.print(_("Mean: {mean} (exactly {exact})", mean=mean, exact=str(result.mean)))
    out.print(_("Standard deviation: {stdev}", stdev=stdev))
    out.print(_("From {minimum} to {maximum}.", minimum=result.minimum, maximum=result.maximum))


def print_cap(cap: ExplosionCap, mean: Fraction) -> None:
    """Say that explosion chains stop at the cap, how rarely that matters, and the mean without it."""
    once_in = decimal(round(1 / cap.beyond), "#,##0")
    words = (
        N_(
            "Exploding dice stop after {cap} explosions in a chain, in rolls as in these odds: a chain"
            " would go further at most once in {rolls} rolls."
        )
        if cap.bound
        else N_(
            "Exploding dice stop after {cap} explosions in a chain, in rolls as in these odds: a chain"
            " would go further about once in {rolls} rolls."
        )
    )
    out = console()
    out.print(_(words, cap=cap.explosions, rolls=once_in), markup=False)
    if cap.mean_difference is not None:
        uncapped = mean + cap.mean_difference
        out.print(
            _(
                "Without that cap, the mean would be {mean} (exactly {exact}).",
                mean=decimal(float(uncapped), "0.###"),
                exact=str(uncapped),
            ),
            markup=False,
        )


def print_estimate(expression: str, guess: Estimate) -> None:
    """The estimate as a table like the exact odds, each figure with its 95 % margin of error."""
    table = Table(
        title=_(
            "Estimated odds of {expression} ({samples} rolls, seed {seed})",
            expression=expression,
            samples=guess.samples,
            seed=guess.seed,
        ),
        title_justify="left",
    )
    table.add_column(_("Result"), justify="right")
    table.add_column("%", justify="right")
    table.add_column("\u00b1", justify="right")
    table.add_column(_("At least"), justify="right")
    table.add_column("", justify="left", no_wrap=True, overflow="crop")
    rows = guess.binned(MAX_ROWS // 2)
    peak = max(c for _l, _h, c in rows)
    for low, high, count in rows:
        probability = count / guess.samples
        bar = "\u2588" * max(1, round(BAR_WIDTH * count / peak))
        table.add_row(
            str(low) if low == high else f"{low}\u2013{high}",
            decimal(probability * 100, "0.##"),
            decimal(guess.half_width(probability) * 100, "0.##"),
            decimal(guess.at_least(low) * 100, "0.##"),
            Text(bar, style="cyan"),
        )
    out = console()
    out.print(table)
    out.print(
        _(
            "This is an estimate, not the exact odds: each percentage is within the margin shown"
            " (\u00b1) 95 times out of 100."
        )
    )
    out.print(
        _(
            "Mean: about {mean} (\u00b1 {margin})",
            mean=decimal(guess.mean, "0.###"),
            margin=decimal(guess.mean_half_width, "0.###"),
        )
    )
    out.print(_("Standard deviation: about {stdev}", stdev=decimal(guess.stdev, "0.###")))
    out.print(_("Seen from {minimum} to {maximum}.", minimum=guess.counts[0][0], maximum=guess.counts[-1][0]))
