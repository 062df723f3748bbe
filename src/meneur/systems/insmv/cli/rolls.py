"""``insmv test``, ``insmv odds`` and ``insmv opposed``: rolls and exact odds on the table UM.

``test`` without a table file is a stateless roll; ``test FILE --being NAME`` is a command of the
table's session (the being's kind and PP count, the dice are written in its log).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from meneur.cli.output import guarded, print_json
from meneur.cli.sessions import play
from meneur.dice.source import finish, source_from
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.systems.insmv.catalogue import parse_kind
from meneur.systems.insmv.cli import common as c
from meneur.systems.insmv.cli import options as o
from meneur.systems.insmv.cli.table import presenter
from meneur.systems.insmv.odds import odds_of
from meneur.systems.insmv.render import lines, result_json
from meneur.systems.insmv.resolution import TestPlan, TestRequest, no_chance, roll_test
from meneur.systems.insmv.table_um import Difficulty

_ = Translator("insmv")


def _test_wire(being: str, fields: dict[str, Any]) -> dict[str, Any]:
    """A test at the table; options left out (``None``) are the being's or the defaults."""
    difficulty = fields.pop("difficulty", None)
    if difficulty is not None:
        fields["difficulty"] = Difficulty.parse(difficulty).value
    if fields.get("kind") is not None:
        fields["kind"] = parse_kind(fields["kind"]).value
    return {"test": {"being": being, **{key: value for key, value in fields.items() if value is not None}}}


def _check_table_options(
    file: Path | None,
    being: str | None,
    cost: int | None,
    odds: bool,
    sheet: tuple[str | None, str | None] = (None, None),
) -> None:
    if file is None and (being is not None or cost is not None or sheet != (None, None)):
        raise BadInputError(
            Message(
                "insmv",
                N_(
                    "--being, --cost, --talent and --characteristic need the table file:"
                    " 'insmv test FILE --being NAME ...'."
                ),
            )
        )
    if file is not None and being is None:
        raise BadInputError(Message("insmv", N_("A test at a table needs --being: name who acts.")))
    if file is not None and odds:
        raise BadInputError(
            Message(
                "insmv",
                N_("--odds rolls nothing and changes no table: remove the table file and give --kind."),
            )
        )


_TEST_HELP = N_(
    "Roll a test on the table UM (d666); with a table file and --being, as that being (its kind, its PP)."
)

# The fields of a test at a table, in the order of its wire form, as the command's parameters.
_TABLE_FIELDS = (
    "value",
    "difficulty",
    "shift",
    "voluntary",
    "untrained_malus",
    "possessed",
    "cost",
    "power",
    "talent",
    "characteristic",
    "kind",
    "max_shift",
)


def _sheet_options() -> dict[str, Any]:
    """The options of ``test`` that name a being of a table file and what its sheet gives."""
    return {
        "talent": typer.Option(None, "--talent", help=_("A talent of the being's sheet.")),
        "characteristic": typer.Option(
            None, "--characteristic", help=_("A characteristic of the being's sheet.")
        ),
        "being": typer.Option(None, "--being", help=_("The being of the table file who acts.")),
        "cost": typer.Option(
            None,
            "--cost",
            callback=o.within(1, 198),
            help=_("PP the power costs, spent from the being's pool (needs --being)."),
        ),
        "power": typer.Option(None, "--power", help=_("The power's name.")),
    }


def _register_test(app: typer.Typer) -> None:
    s = _sheet_options()

    @app.command("test", help=_(_TEST_HELP))
    @guarded
    def test_command(
        ctx: typer.Context,
        file: Path | None = o.file_argument(required=False),  # noqa: B008
        value: int | None = o.value(required=False),
        talent: str | None = s["talent"],
        characteristic: str | None = s["characteristic"],
        difficulty: str | None = o.difficulty(),
        shift: int = o.shift(),
        voluntary: int = o.voluntary(),
        kind: str | None = o.kind(default=None),
        max_shift: int | None = o.max_shift(),
        untrained_malus: int | None = o.untrained(),
        not_possessed: bool = o.not_possessed(),
        being: str | None = s["being"],
        cost: int | None = s["cost"],
        power: str | None = s["power"],
        dice: str | None = o.dice(),
        seed: int | None = o.seed(),
        as_json: bool = o.as_json(),
        odds: bool = o.odds(),
    ) -> None:
        _check_table_options(file, being, cost, odds, (talent, characteristic))
        if file is not None and being is not None:
            params = {**ctx.params, "possessed": not not_possessed}
            wire = _test_wire(being, {field: params[field] for field in _TABLE_FIELDS})
            play(file, "insmv", wire, presenter(), as_json=as_json, seed=seed, dice=dice)
        elif value is None:
            raise BadInputError(Message("insmv", N_("Give --value (or a table file and --being).")))
        else:
            request = c.read_request(value, difficulty, shift, voluntary, untrained_malus)
            plan = c.plan_of(request, c.kind_rules(kind or "human", max_shift), not not_possessed)
            _roll_or_odds(request, plan, odds, (dice, seed), as_json)


def _roll_or_odds(
    request: TestRequest,
    plan: TestPlan | None,
    odds: bool,
    roll: tuple[str | None, int | None],
    as_json: bool,
) -> None:
    """Print a stateless test's exact odds (``--odds``), or roll it and print the result."""
    dice, seed = roll
    if odds:
        c.refuse_dice_with_odds(dice)
        c.print_odds(plan, odds_of(plan), as_json)
        return
    source = source_from(seed, dice)
    result = no_chance(request) if plan is None else roll_test(plan, source)
    finish(source)
    if as_json:
        print_json(result_json(result))
    else:
        c.print_result(_("Success") if result.success else _("Failure"), lines(result.explain()))


def _register_odds(app: typer.Typer) -> None:
    @app.command("odds", help=_("Exact odds of a test: success and the distribution of the units."))
    @guarded
    def odds_command(
        value: int = o.value(),
        difficulty: str | None = o.difficulty(),
        shift: int = o.shift(),
        voluntary: int = o.voluntary(),
        kind: str = o.kind(),
        max_shift: int | None = o.max_shift(),
        untrained_malus: int | None = o.untrained(),
        not_possessed: bool = o.not_possessed(),
        as_json: bool = o.as_json(),
    ) -> None:
        request = c.read_request(value, difficulty, shift, voluntary, untrained_malus)
        plan = c.plan_of(request, c.kind_rules(kind, max_shift), not not_possessed)
        c.print_odds(plan, odds_of(plan), as_json)


def register(app: typer.Typer) -> None:
    """Add ``test``, ``odds`` and ``opposed``."""
    from meneur.systems.insmv.cli.opposed import register_opposed

    _register_test(app)
    _register_odds(app)
    register_opposed(app)
