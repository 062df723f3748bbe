"""``insmv opposed``: an opposed test, A acts and B resists; the units decide.

Stateless with ``--value-a``/``--value-b``; with a table file, ``opposed FILE --being-a A --being-b B``
takes both beings from the table (their kinds, sheets and PP) and writes the test in its log.
"""

from __future__ import annotations

from dataclasses import dataclass
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
from meneur.systems.insmv.catalogue import parse_kind
from meneur.systems.insmv.cli import common as c
from meneur.systems.insmv.cli import options as o
from meneur.systems.insmv.cli.table import presenter
from meneur.systems.insmv.model import MAX_NUMBER, MAX_SHIFT, TableOptions
from meneur.systems.insmv.odds import opposed_odds, opposed_winner_odds
from meneur.systems.insmv.opposed import Side, oppose, settle
from meneur.systems.insmv.render import lines, opposed_json
from meneur.systems.insmv.resolution import TestPlan, TestRequest, no_chance, roll_test
from meneur.systems.insmv.table_um import Difficulty
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
            None, "--value-a", callback=o.within(0, MAX_NUMBER), help=_("A's value (A acts).")
        ),
        "value_b": typer.Option(
            None, "--value-b", callback=o.within(0, MAX_NUMBER), help=_("B's value (B resists).")
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
        "kind_a": typer.Option(None, "--kind-a", help=_("A's kind of being (humain, ange, démon…).")),
        "kind_b": typer.Option(None, "--kind-b", help=_("B's kind of being (humain, ange, démon…).")),
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


def _table_side_options() -> dict[str, Any]:
    """The options naming each side at a table file: the being, what its sheet gives, its PP."""
    return {
        "being_a": typer.Option(None, "--being-a", help=_("A, a being of the table file (who acts).")),
        "being_b": typer.Option(None, "--being-b", help=_("B, a being of the table file (who resists).")),
        "sheet_a": typer.Option(None, "--talent-a", help=_("A's talent, from A's sheet (table file).")),
        "sheet_b": typer.Option(None, "--talent-b", help=_("B's talent, from B's sheet (table file).")),
        "trait_a": typer.Option(None, "--characteristic-a", help=_("A's characteristic, from A's sheet.")),
        "trait_b": typer.Option(None, "--characteristic-b", help=_("B's characteristic, from B's sheet.")),
        "power_a": typer.Option(None, "--power-a", help=_("A's power, from A's sheet (table file).")),
        "power_b": typer.Option(None, "--power-b", help=_("B's power, from B's sheet (table file).")),
        "cost_a": typer.Option(
            None,
            "--cost-a",
            callback=o.within(1, 2 * MAX_NUMBER),
            help=_("PP A's power costs, spent from A's pool (table file)."),
        ),
        "cost_b": typer.Option(
            None,
            "--cost-b",
            callback=o.within(1, 2 * MAX_NUMBER),
            help=_("PP B's power costs, spent from B's pool (table file)."),
        ),
    }


def register_opposed(app: typer.Typer) -> None:
    """Add ``opposed``."""
    s = {**_side_options(), **_table_side_options()}

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
        a = _Side(
            being_a,
            value_a,
            difficulty_a,
            shift_a,
            voluntary_a,
            kind_a,
            max_shift_a,
            untrained_a,
            missing_a,
            (sheet_a, trait_a, power_a),
            cost_a,
        )
        b = _Side(
            being_b,
            value_b,
            difficulty_b,
            shift_b,
            voluntary_b,
            kind_b,
            max_shift_b,
            untrained_b,
            missing_b,
            (sheet_b, trait_b, power_b),
            cost_b,
        )
        winner = None if tie_winner is None else _side(tie_winner)
        if file is not None:
            _at_table(file, (a, b), winner, (raw_units or raw_units_long, odds), (dice, seed), as_json)
            return
        options = TableOptions(opposed_units_include_voluntary_shift=not (raw_units or raw_units_long))
        plan_a, plan_b = a.plan(), b.plan()
        if odds:
            c.refuse_dice_with_odds(dice)
            _print_opposed_odds(plan_a, plan_b, options, as_json)
            return
        source = source_from(seed, dice)
        result_a = no_chance(a.request()) if plan_a is None else roll_test(plan_a, source)
        result_b = no_chance(b.request()) if plan_b is None else roll_test(plan_b, source)
        result = oppose(result_a, result_b, options)
        finish(source)
        if winner is not None and result.needs_gm_decision:
            result = settle(result, winner)
        if as_json:
            print_json(opposed_json(result))
        else:
            c.print_result(_("Opposed test"), lines(result.explain()))


@dataclass(frozen=True)
class _Side:
    """One side's options as typed."""

    being: str | None
    value: int | None
    difficulty: str | None
    shift: int
    voluntary: int
    kind: str | None
    max_shift: int | None
    untrained: int | None
    missing: bool
    sheet: tuple[str | None, str | None, str | None]
    """The talent, characteristic and power named on the being's sheet."""
    cost: int | None

    def request(self) -> TestRequest:
        if self.value is None:
            raise BadInputError(
                Message(
                    "insmv", N_("Give --value-a and --value-b, or a table file with --being-a and --being-b.")
                )
            )
        return c.read_request(self.value, self.difficulty, self.shift, self.voluntary, self.untrained)

    def plan(self) -> TestPlan | None:
        if self.being is not None or self.sheet != (None, None, None) or self.cost:
            raise BadInputError(
                Message(
                    "insmv",
                    N_(
                        "--being, --talent, --characteristic, --power and --cost need the table file:"
                        " 'insmv opposed FILE --being-a A --being-b B'."
                    ),
                )
            )
        return c.plan_of(self.request(), c.kind_rules(self.kind or "human", self.max_shift), not self.missing)

    def wire(self) -> dict[str, Any]:
        if self.being is None:
            raise BadInputError(
                Message("insmv", N_("An opposed test at a table needs --being-a and --being-b."))
            )
        fields = {
            "being": self.being,
            "value": self.value,
            "shift": self.shift,
            "voluntary": self.voluntary,
            "difficulty": None if self.difficulty is None else Difficulty.parse(self.difficulty).value,
            "untrained_malus": self.untrained,
            "possessed": not self.missing,
            "cost": self.cost,
            "talent": self.sheet[0],
            "characteristic": self.sheet[1],
            "power": self.sheet[2],
            "kind": None if self.kind is None else parse_kind(self.kind).value,
            "max_shift": self.max_shift,
        }
        return {k: v for k, v in fields.items() if v is not None}


def _at_table(
    file: Path,
    sides: tuple[_Side, _Side],
    winner: Side | None,
    flags: tuple[bool, bool],
    roll: tuple[str | None, int | None],
    as_json: bool,
) -> None:
    raw_units, odds = flags
    if raw_units or odds:
        raise BadInputError(
            Message(
                "insmv",
                N_(
                    "At a table the units rule is the table's option and --odds rolls nothing: remove --raw-units"
                    " and --odds, or the table file."
                ),
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
