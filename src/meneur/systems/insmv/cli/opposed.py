"""``insmv opposed``: an opposed test, A acts and B resists; the units decide.

Stateless with ``--value-a``/``--value-b``; with a table file, ``opposed FILE --being-a A --being-b B``
takes both beings from the table (their kinds, sheets and PP) and writes the test in its log.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from meneur.cli.output import console, guarded, print_json
from meneur.cli.sessions import play
from meneur.dice.odds import fraction_text
from meneur.dice.source import finish, source_from
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.numbers import chance_text, percent
from meneur.systems.insmv.cli import common as c
from meneur.systems.insmv.cli import options as o
from meneur.systems.insmv.cli.sides import OpposedSide, parse_side, side_options
from meneur.systems.insmv.cli.table import presenter
from meneur.systems.insmv.model import TableOptions
from meneur.systems.insmv.odds import opposed_odds, opposed_winner_odds
from meneur.systems.insmv.opposed import Side, oppose, settle
from meneur.systems.insmv.render import lines, opposed_json
from meneur.systems.insmv.resolution import TestPlan, no_chance, roll_test

_ = Translator("insmv")


_WINNER_LABELS = {
    "attacker": N_("A wins"),
    "defender": N_("B wins"),
    "both_failed": N_("Both fail"),
    "tie": N_("Tie (the game master decides)"),
}


def _print_opposed_odds(
    plan_a: TestPlan | None, plan_b: TestPlan | None, options: TableOptions, as_json: bool
) -> None:
    outcomes = opposed_odds(plan_a, plan_b, options)
    winners = opposed_winner_odds(plan_a, plan_b, options)
    if as_json:
        print_json(
            {
                "outcomes": {k.value: fraction_text(p) for k, p in outcomes.items()},
                "winners": {k: fraction_text(p) for k, p in winners.items()},
            }
        )
        return
    out = console()
    for key, p in winners.items():
        out.print(
            _(
                "{outcome}: {p} ({percent})",
                outcome=_(_WINNER_LABELS[key]),
                p=chance_text(p),
                percent=percent(p),
            ),
            markup=False,
        )


def _test_options() -> dict[str, Any]:
    """The options of the test as a whole: the tie, the units rule, the dice."""
    return {
        "tie_winner": typer.Option(
            None,
            "--tie-winner",
            help=_("Who wins a tie of units (game master): attaquant (A) or défenseur (B)."),
        ),
        "raw_units": typer.Option(
            False,
            "--raw-units",
            help=_("Table option: compare the bare units die (also --compare-units-without-shift)."),
        ),
        "raw_units_long": typer.Option(False, "--compare-units-without-shift", hidden=True),
        "dice": typer.Option(
            None, "--dice", help=_("A's d666 then B's (three dice for a side without a roll).")
        ),
    }


_OPPOSED_HELP = N_(
    "An opposed test: A acts, B resists; the units decide. With --odds --json, 'outcomes' gives the"
    " chance of each case before the units are compared (attacker_wins: only A succeeds;"
    " higher_units: both succeed, units differ; tie: both succeed, equal units) and 'winners' the"
    " chance that each side wins in the end (attacker, defender, both_failed, tie)."
)


def register_opposed(app: typer.Typer) -> None:
    """Add ``opposed``."""
    s = {**side_options(), **_test_options()}

    @app.command("opposed", help=_(_OPPOSED_HELP))
    @guarded
    def opposed_command(
        ctx: typer.Context,
        file: Path | None = o.file_argument(required=False),  # noqa: B008
        being_a: str | None = s["being_a"],
        being_b: str | None = s["being_b"],
        sheet_a: str | None = s["sheet_a"],
        sheet_b: str | None = s["sheet_b"],
        trait_a: str | None = s["trait_a"],
        trait_b: str | None = s["trait_b"],
        power_a: str | None = s["power_a"],
        power_b: str | None = s["power_b"],
        cost_a: int | None = s["cost_a"],
        cost_b: int | None = s["cost_b"],
        value_a: int | None = s["value_a"],
        value_b: int | None = s["value_b"],
        difficulty_a: str | None = s["difficulty_a"],
        difficulty_b: str | None = s["difficulty_b"],
        shift_a: int = s["shift_a"],
        shift_b: int = s["shift_b"],
        voluntary_a: int = s["voluntary_a"],
        voluntary_b: int = s["voluntary_b"],
        kind_a: str | None = s["kind_a"],
        kind_b: str | None = s["kind_b"],
        max_shift_a: int | None = s["max_shift_a"],
        max_shift_b: int | None = s["max_shift_b"],
        untrained_a: int | None = s["untrained_a"],
        untrained_b: int | None = s["untrained_b"],
        missing_a: bool = s["missing_a"],
        missing_b: bool = s["missing_b"],
        tie_winner: str | None = s["tie_winner"],
        raw_units: bool = s["raw_units"],
        raw_units_long: bool = s["raw_units_long"],
        dice: str | None = s["dice"],
        seed: int | None = o.seed(),
        as_json: bool = o.as_json(),
        odds: bool = o.odds(),
    ) -> None:
        """An opposed test: A acts, B resists; the units decide."""
        sides = OpposedSide.read(ctx.params, "a"), OpposedSide.read(ctx.params, "b")
        winner = None if tie_winner is None else parse_side(tie_winner)
        raw = raw_units or raw_units_long
        if file is not None:
            flag = "--raw-units" if raw_units else "--compare-units-without-shift" if raw_units_long else None
            _at_table(file, sides, winner, (flag, odds), (dice, seed), as_json)
        elif odds:
            plans = sides[0].plan(), sides[1].plan()
            c.refuse_dice_with_odds(dice)
            _print_opposed_odds(*plans, _units_rule(raw), as_json)
        else:
            _roll(sides, winner, _units_rule(raw), (dice, seed), as_json)


def _units_rule(raw_units: bool) -> TableOptions:
    """The table options of a test without a table: only how the units compare."""
    return TableOptions(opposed_units_include_voluntary_shift=not raw_units)


def _roll(
    sides: tuple[OpposedSide, OpposedSide],
    winner: Side | None,
    options: TableOptions,
    roll: tuple[str | None, int | None],
    as_json: bool,
) -> None:
    """Roll a stateless opposed test and print it."""
    plan_a, plan_b = sides[0].plan(), sides[1].plan()
    dice, seed = roll
    source = source_from(seed, dice)
    result_a = no_chance(sides[0].request()) if plan_a is None else roll_test(plan_a, source)
    result_b = no_chance(sides[1].request()) if plan_b is None else roll_test(plan_b, source)
    result = oppose(result_a, result_b, options)
    finish(source)
    if winner is not None and result.needs_gm_decision:
        result = settle(result, winner)
    if as_json:
        print_json(opposed_json(result))
    else:
        c.print_result(_("Opposed test"), lines(result.explain()))


def _at_table(
    file: Path,
    sides: tuple[OpposedSide, OpposedSide],
    winner: Side | None,
    flags: tuple[str | None, bool],
    roll: tuple[str | None, int | None],
    as_json: bool,
) -> None:
    raw_units, odds = flags
    if odds:
        raise BadInputError(
            Message(
                "insmv",
                N_(
                    "At a table --odds rolls nothing: remove --odds, or the table file to see the odds of"
                    " values given as options."
                ),
            )
        )
    if raw_units:
        raise BadInputError(
            Message(
                "insmv",
                N_(
                    "At a table the units rule is the table's option (insmv new --raw-units): remove"
                    " {flag}, or the table file."
                ),
                {"flag": raw_units},
            )
        )
    wire = {
        "opposed": {
            "attacker": sides[0].wire(),
            "defender": sides[1].wire(),
            "tie_winner": None if winner is None else winner.value,
        }
    }
    dice, seed = roll
    play(file, "insmv", wire, presenter(), as_json=as_json, seed=seed, dice=dice)
