"""``warzone cast``, ``odds``, ``violence``, ``leadership`` and ``table``: stateless rolls and odds.

Their JSON keys are stable (``success``, ``critical``, ``actions_spent``, ``roll``, ``threshold``...).
"""

from __future__ import annotations

from typing import Any

import typer

from meneur.cli.output import console, guarded, print_json
from meneur.dice.odds import fraction_text
from meneur.dice.source import finish, source_from
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.numbers import chance_text, percent
from meneur.systems.warzone.casting import Casting, cast
from meneur.systems.warzone.catalogue import VIOLENCE_TABLE, ViolenceRow
from meneur.systems.warzone.cli import options as o
from meneur.systems.warzone.leadership import leadership_test
from meneur.systems.warzone.model import MAX_ACTIONS, MAX_DIFFICULTY, MAX_STAT, PowerKind, TableOptions
from meneur.systems.warzone.odds import CastingOdds, casting_odds
from meneur.systems.warzone.power_test import MAX_TECHNIQUES, PowerTestSpec
from meneur.systems.warzone.violence import roll_violence

_ = Translator("warzone")
D = "warzone"


def _lines(messages: list[Message]) -> list[str]:
    return [m.render() for m in messages]


def _show(messages: list[Message]) -> None:
    out = console()
    for line in _lines(messages):
        out.print(line, markup=False)


def _spec(
    power: int, difficulty: int, order: int | None, penalty: int, actions: int | None
) -> tuple[PowerTestSpec, PowerKind, int]:
    spec = PowerTestSpec(power, difficulty, order, penalty)
    if order is not None and actions is not None:
        raise BadInputError(
            Message(
                D, N_("--actions is for spells and --technique-order for techniques: give only one of them.")
            )
        )
    kind = PowerKind.TECHNIQUE if order is not None else PowerKind.SPELL
    return spec, kind, 1 if actions is None else actions


def casting_json(result: Casting) -> dict[str, Any]:
    """The JSON form of one use of a power (keys ``success``, ``critical``, ``actions_spent``...)."""
    spec = result.test.spec
    violence = (
        None
        if result.violence is None
        else {"roll": result.violence.roll, "effect": result.violence.effect.value}
    )
    leadership = (
        None
        if result.leadership is None
        else {
            "roll": result.leadership.roll,
            "threshold": result.leadership.threshold,
            "success": result.leadership.success,
        }
    )
    return {
        "success": result.success,
        "critical": None if result.critical is None else result.critical.value,
        "actions_spent": result.actions_spent,
        "kind": result.kind.value,
        "roll": result.test.roll,
        "threshold": result.test.threshold,
        "power": spec.power,
        "difficulty": spec.difficulty,
        "technique_order": spec.order,
        "penalty": spec.penalty,
        "violence": violence,
        "leadership": leadership,
        "leadership_modifier": result.leadership_modifier,
        "wounds": result.wounds,
        "explanation": _lines(result.explain()),
    }


def _power_options() -> dict[str, Any]:
    """The options of a power test, shared by ``cast`` and ``odds``, in the current language."""
    return {
        "power": typer.Option(
            ..., "--power", callback=o.within(0, MAX_STAT), help=_("The model's Power (Moc).")
        ),
        "difficulty": typer.Option(
            ..., "--difficulty", callback=o.within(0, MAX_DIFFICULTY), help=_("The power's difficulty.")
        ),
        "actions": typer.Option(
            None, "--actions", callback=o.within(1, MAX_ACTIONS), help=_("A spell's action cost (default 1).")
        ),
        "order": typer.Option(
            None,
            "--technique-order",
            callback=o.within(1, MAX_TECHNIQUES),
            help=_("A technique's place in the activation: 1, 2 or 3."),
        ),
        "penalty": typer.Option(
            0,
            "--penalty",
            callback=o.within(0, MAX_STAT),
            help=_("Violence table penalty to Power (3, 6...)."),
        ),
        "leadership": typer.Option(
            None,
            "--leadership",
            callback=o.within(0, MAX_STAT),
            help=_("The model's leadership, for the violence table's 20."),
        ),
    }


_OUTCOMES = {
    "absolute_success": N_("Absolute Success"),
    "success": N_("Success"),
    "failure": N_("Failure"),
    "critical_failure": N_("Critical Failure"),
}


def _odds_json(spec: PowerTestSpec, odds: CastingOdds) -> dict[str, Any]:
    return {
        "threshold": spec.threshold,
        "outcomes": {k: fraction_text(v) for k, v in odds.outcomes.items()},
        "success": fraction_text(odds.success),
        "violence": {k: fraction_text(v) for k, v in odds.violence.items()},
        "wound": None if odds.wound is None else fraction_text(odds.wound),
        "expected_actions": fraction_text(odds.expected_actions),
    }


def _print_odds(spec: PowerTestSpec, odds: CastingOdds, as_json: bool) -> None:
    if as_json:
        print_json(_odds_json(spec, odds))
        return
    out = console()
    out.print(_("Needed: {threshold} or less on a d20.", threshold=spec.threshold), markup=False)
    for key, value in odds.outcomes.items():
        out.print(
            _(
                "{outcome}: {p} ({percent})",
                outcome=_(_OUTCOMES[key]),
                p=chance_text(value),
                percent=percent(value),
            ),
            markup=False,
        )
    if odds.wound is not None:
        out.print(_("Wound through the violence table: {p}.", p=chance_text(odds.wound)), markup=False)


def _register_power_test(app: typer.Typer) -> None:
    p = _power_options()

    @app.command(
        "cast", help=_("Power test: d20 at most Power minus difficulty; a 20 rolls on the violence table.")
    )
    @guarded
    def cast_command(
        power: int = p["power"],
        difficulty: int = p["difficulty"],
        actions: int = p["actions"],
        technique_order: int = p["order"],
        penalty: int = p["penalty"],
        leadership: int = p["leadership"],
        odds: bool = typer.Option(False, "--odds", help=_("Add the exact odds of each outcome.")),
        dice: str = o.dice(),
        seed: int = o.seed(),
        as_json: bool = o.as_json(),
    ) -> None:
        spec, kind, cost = _spec(power, difficulty, technique_order, penalty, actions)
        source = source_from(seed, dice)
        result = cast(spec, kind, cost, source, TableOptions(), leadership)
        finish(source)
        chances = casting_odds(spec, kind, cost, TableOptions(), leadership) if odds else None
        if as_json:
            extra = {} if chances is None else {"odds": _odds_json(spec, chances)}
            print_json({**casting_json(result), **extra})
            return
        _show(result.explain())
        if chances is not None:
            _print_odds(spec, chances, as_json=False)

    @app.command("odds", help=_("Exact odds of each outcome of a power test."))
    @guarded
    def odds_command(
        power: int = p["power"],
        difficulty: int = p["difficulty"],
        actions: int = p["actions"],
        technique_order: int = p["order"],
        penalty: int = p["penalty"],
        leadership: int = p["leadership"],
        as_json: bool = o.as_json(),
    ) -> None:
        spec, kind, cost = _spec(power, difficulty, technique_order, penalty, actions)
        _print_odds(spec, casting_odds(spec, kind, cost, TableOptions(), leadership), as_json)


def _row_text(row: ViolenceRow) -> str:
    """A row of the violence table in the book's words, in the reader's language."""
    return Message(D, row.text).render()


def _row_json(row: ViolenceRow) -> dict[str, Any]:
    return {
        "low": row.low,
        "high": row.high,
        "rows": row.label,
        "effect": row.effect.value,
        "text": _row_text(row),
    }


def _register_tables(app: typer.Typer) -> None:
    @app.command("violence", help=_("Roll on the violence table (after a critical failure)."))
    @guarded
    def violence_command(
        dice: str = o.dice(),
        seed: int = o.seed(),
        as_json: bool = o.as_json(),
    ) -> None:
        source = source_from(seed, dice)
        result = roll_violence(source)
        finish(source)
        if as_json:
            print_json({"roll": result.roll, "effect": result.effect.value, "text": _row_text(result.row)})
        else:
            _show(result.explain())

    @app.command("leadership", help=_("Leadership test: d20 at most leadership plus modifier."))
    @guarded
    def leadership_command(
        leadership: int = typer.Option(
            ..., "--leadership", callback=o.within(0, MAX_STAT), help=_("The model's leadership.")
        ),
        modifier: int = typer.Option(
            0, "--modifier", callback=o.within(-MAX_STAT, MAX_STAT), help=_("Modifier, e.g. -4 to get up.")
        ),
        dice: str = o.dice(),
        seed: int = o.seed(),
        as_json: bool = o.as_json(),
    ) -> None:
        source = source_from(seed, dice)
        result = leadership_test(leadership, modifier, source)
        finish(source)
        if as_json:
            print_json({"roll": result.roll, "threshold": result.threshold, "success": result.success})
        else:
            _show(result.explain())

    @app.command("table", help=_("Show the violence table."))
    @guarded
    def table_command(as_json: bool = o.as_json()) -> None:
        rows = [_row_json(row) for row in VIOLENCE_TABLE]
        if as_json:
            print_json(rows)
            return
        for row in rows:
            console().print(_("{rows}: {text}", rows=row["rows"], text=row["text"]), markup=False)


def register(app: typer.Typer) -> None:
    """Add the stateless rolls: ``cast``, ``odds``, ``violence``, ``leadership`` and ``table``."""
    _register_power_test(app)
    _register_tables(app)
