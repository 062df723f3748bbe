"""Helpers of the INS/MV roll commands: reading a test's options, printing results and odds."""

from __future__ import annotations

from meneur.cli.output import console, print_json
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.numbers import chance_text, percent
from meneur.systems.insmv.catalogue import parse_kind, rules_for
from meneur.systems.insmv.model import KindRules
from meneur.systems.insmv.odds import TestOdds
from meneur.systems.insmv.render import odds_json
from meneur.systems.insmv.resolution import TestPlan, TestRequest, plan_test
from meneur.systems.insmv.table_um import Difficulty

_ = Translator("insmv")


def kind_rules(kind: str, max_shift: int | None) -> KindRules:
    overrides = {} if max_shift is None else {"max_voluntary_shift": max_shift}
    return rules_for(parse_kind(kind), **overrides)


def read_request(
    value: int, difficulty: str | None, shift: int, voluntary: int, untrained_malus: int | None
) -> TestRequest:
    row = None if difficulty is None else Difficulty.parse(difficulty)
    return TestRequest(value, row, shift, voluntary, untrained_malus)


def plan_of(request: TestRequest, rules: KindRules, possessed: bool) -> TestPlan | None:
    plan = plan_test(request, rules)  # checks the value and shifts even for a missing power
    return plan if possessed else None


def print_odds(plan: TestPlan | None, odds: TestOdds, as_json: bool) -> None:
    if as_json:
        print_json(odds_json(plan, odds))
        return
    out = console()
    out.print(
        _("Success: {p} ({percent})", p=chance_text(odds.success), percent=percent(odds.success)),
        markup=False,
    )
    for units, p in sorted(odds.success_units.items()):
        out.print(_("  success with units {units}: {p}", units=units, p=chance_text(p)), markup=False)
    for units, p in sorted(odds.failure_units.items()):
        out.print(_("  failure with units {units}: {p}", units=units, p=chance_text(p)), markup=False)


def print_result(title: str, body: list[str]) -> None:
    out = console()
    out.print(title, markup=False)
    for line in body:
        out.print(f"  {line}", markup=False)


def refuse_dice_with_odds(dice: str | None) -> None:
    if dice is not None:
        raise BadInputError(Message("insmv", N_("--odds rolls nothing: remove --dice.")))


def _number(text: str, spec: str) -> int:
    if not text.strip().lstrip("-").isdecimal():
        raise BadInputError(Message("insmv", N_("'{spec}' needs a whole number after '='."), {"spec": spec}))
    return int(text)


def parse_values(specs: list[str]) -> dict[str, int]:
    """``NAME=N`` options (characteristics, powers) as a mapping; a name given twice is refused."""
    found: dict[str, int] = {}
    for spec in specs:
        name, sep, number = spec.partition("=")
        if not sep or not name.strip():
            raise BadInputError(Message("insmv", N_("'{spec}' should read NAME=N."), {"spec": spec}))
        if name.strip() in found:
            raise BadInputError(Message("insmv", N_("'{name}' is given twice."), {"name": name.strip()}))
        found[name.strip()] = _number(number, spec)
    return found


def parse_talent(spec: str) -> dict[str, object]:
    """``NAME:CHARACTERISTIC:MALUS[=VALUE]``: the talent, its characteristic, its « (-X) », and its
    value when the being possesses it."""
    head, sep, number = spec.partition("=")
    parts = [part.strip() for part in head.split(":")]
    if len(parts) != 3 or not all(parts):
        raise BadInputError(
            Message(
                "insmv",
                N_(
                    "Talent '{spec}' should read NAME:CHARACTERISTIC:MALUS[=VALUE], e.g. Discussion:Présence:1=3."
                ),
                {"spec": spec},
            )
        )
    name, characteristic, malus = parts
    return {
        "name": name,
        "characteristic": characteristic,
        "malus": abs(_number(malus, spec)),
        "value": _number(number, spec) if sep else None,
    }
