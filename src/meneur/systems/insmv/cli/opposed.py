"""``insmv opposed``: an opposed test, A acts and B resists; the units decide (stateless)."""

from __future__ import annotations

from typing import Any

import typer

from meneur.cli.output import console, guarded, print_json
from meneur.dice.odds import fraction_text
from meneur.dice.source import finish, source_from
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.numbers import chance_text, percent
from meneur.systems.insmv.cli import common as c
from meneur.systems.insmv.cli import options as o
from meneur.systems.insmv.model import MAX_NUMBER, MAX_SHIFT, TableOptions
from meneur.systems.insmv.odds import opposed_odds, opposed_winner_odds
from meneur.systems.insmv.opposed import Side, oppose, settle
from meneur.systems.insmv.render import lines, opposed_json
from meneur.systems.insmv.resolution import TestPlan, no_chance, roll_test
from meneur.systems.insmv.words import SIDE_WORDS, lookup

_ = Translator("insmv")


def _side(text: str) -> Side:
    try:
        return Side(lookup(text, SIDE_WORDS))
    except ValueError:
        raise BadInputError(
            Message(
                "insmv",
                N_("Unknown side '{value}': choose attaquant (attacker, A) or défenseur (defender, B)."),
                {"value": text},
            )
        ) from None


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


def _side_options() -> dict[str, Any]:
    """The options of each side, A (who acts) and B (who resists), in the current language."""
    return {
        "value_a": typer.Option(
            ..., "--value-a", callback=o.within(0, MAX_NUMBER), help=_("A's value (A acts).")
        ),
        "value_b": typer.Option(
            ..., "--value-b", callback=o.within(0, MAX_NUMBER), help=_("B's value (B resists).")
        ),
        "difficulty_a": typer.Option(None, "--difficulty-a", help=_("A's row.")),
        "difficulty_b": typer.Option(None, "--difficulty-b", help=_("B's row.")),
        "shift_a": typer.Option(
            0, "--shift-a", callback=o.within(-MAX_SHIFT, MAX_SHIFT), help=_("Game master's shift for A.")
        ),
        "shift_b": typer.Option(
            0, "--shift-b", callback=o.within(-MAX_SHIFT, MAX_SHIFT), help=_("Game master's shift for B.")
        ),
        "voluntary_a": typer.Option(
            0, "--voluntary-a", callback=o.within(0, MAX_SHIFT), help=_("A's voluntary shift.")
        ),
        "voluntary_b": typer.Option(
            0, "--voluntary-b", callback=o.within(0, MAX_SHIFT), help=_("B's voluntary shift.")
        ),
        "kind_a": typer.Option("human", "--kind-a", help=_("A's kind of being (humain, ange, démon…).")),
        "kind_b": typer.Option("human", "--kind-b", help=_("B's kind of being (humain, ange, démon…).")),
        "max_shift_a": typer.Option(
            None,
            "--max-shift-a",
            callback=o.within(0, MAX_SHIFT),
            help=_("The game master's voluntary-shift limit for A."),
        ),
        "max_shift_b": typer.Option(
            None,
            "--max-shift-b",
            callback=o.within(0, MAX_SHIFT),
            help=_("The game master's voluntary-shift limit for B."),
        ),
        "untrained_a": typer.Option(
            None,
            "--untrained-malus-a",
            callback=o.within(1, 4),
            help=_("A does not possess the talent: its malus (1 to 4); --value-a is the characteristic."),
        ),
        "untrained_b": typer.Option(
            None,
            "--untrained-malus-b",
            callback=o.within(1, 4),
            help=_("B does not possess the talent: its malus (1 to 4); --value-b is the characteristic."),
        ),
        "missing_a": typer.Option(
            False, "--power-not-possessed-a", help=_("A does not possess the power: no chance, no roll.")
        ),
        "missing_b": typer.Option(
            False, "--power-not-possessed-b", help=_("B does not possess the power: no chance, no roll.")
        ),
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


def register_opposed(app: typer.Typer) -> None:
    """Add ``opposed``."""
    s = _side_options()

    @app.command(
        "opposed",
        help=_(
            "An opposed test: A acts, B resists; the units decide. With --odds --json, 'outcomes' gives the"
            " chance of each case before the units are compared (attacker_wins: only A succeeds;"
            " higher_units: both succeed, units differ; tie: both succeed, equal units) and 'winners' the"
            " chance that each side wins in the end (attacker, defender, both_failed, tie)."
        ),
    )
    @guarded
    def opposed_command(
        value_a: int = s["value_a"],
        value_b: int = s["value_b"],
        difficulty_a: str | None = s["difficulty_a"],
        difficulty_b: str | None = s["difficulty_b"],
        shift_a: int = s["shift_a"],
        shift_b: int = s["shift_b"],
        voluntary_a: int = s["voluntary_a"],
        voluntary_b: int = s["voluntary_b"],
        kind_a: str = s["kind_a"],
        kind_b: str = s["kind_b"],
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
        options = TableOptions(opposed_units_include_voluntary_shift=not (raw_units or raw_units_long))
        winner = None if tie_winner is None else _side(tie_winner)
        request_a = c.read_request(value_a, difficulty_a, shift_a, voluntary_a, untrained_a)
        request_b = c.read_request(value_b, difficulty_b, shift_b, voluntary_b, untrained_b)
        plan_a = c.plan_of(request_a, c.kind_rules(kind_a, max_shift_a), not missing_a)
        plan_b = c.plan_of(request_b, c.kind_rules(kind_b, max_shift_b), not missing_b)
        if odds:
            c.refuse_dice_with_odds(dice)
            _print_opposed_odds(plan_a, plan_b, options, as_json)
            return
        source = source_from(seed, dice)
        result_a = no_chance(request_a) if plan_a is None else roll_test(plan_a, source)
        result_b = no_chance(request_b) if plan_b is None else roll_test(plan_b, source)
        result = oppose(result_a, result_b, options)
        finish(source)
        if winner is not None and result.needs_gm_decision:
            result = settle(result, winner)
        if as_json:
            print_json(opposed_json(result))
        else:
            c.print_result(_("Opposed test"), lines(result.explain()))
