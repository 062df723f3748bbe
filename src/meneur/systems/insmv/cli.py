"""``meneur insmv ...``: a thin Typer group over the `insmv` core.

Every roll accepts ``--dice a,b,c`` (the physical dice, in reading order) or ``--seed N``; every
command accepts ``--json``. Table files hold an event log and are written atomically.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import typer

from meneur.cli.output import console, guarded, print_json
from meneur.dice.odds import fraction_text
from meneur.dice.source import finish, source_from
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.numbers import chance_text, percent
from meneur.systems.insmv import store
from meneur.systems.insmv.catalogue import DEFAULT_KIND_RULES, kind_label, parse_kind, rules_for
from meneur.systems.insmv.commands import AddBeing, Command, RecoverPowerPoints, SpendPowerPoints, decide
from meneur.systems.insmv.events import (
    BeingAdded,
    Event,
    PowerPointsRecovered,
    PowerPointsSpent,
    Table,
    replay,
)
from meneur.systems.insmv.human_only import (
    DEFAULT_BODIES,
    human_only_reason,
    is_affected_by_human_only_power,
    parse_body,
)
from meneur.systems.insmv.model import Being, KindRules, TableOptions, build
from meneur.systems.insmv.odds import TestOdds, odds_of, opposed_odds, opposed_winner_odds
from meneur.systems.insmv.opposed import Side, oppose, settle
from meneur.systems.insmv.power_points import is_spent
from meneur.systems.insmv.render import (
    being_json,
    lines,
    odds_json,
    opposed_json,
    result_json,
    table_json,
)
from meneur.systems.insmv.resolution import TestPlan, TestRequest, no_chance, plan_test, roll_test
from meneur.systems.insmv.table_um import Difficulty, table_um
from meneur.systems.insmv.words import KIND_SHOWN, SIDE_WORDS, lookup

_ = Translator("insmv")


def _rules(kind: str, max_shift: int | None) -> KindRules:
    overrides = {} if max_shift is None else {"max_voluntary_shift": max_shift}
    return rules_for(parse_kind(kind), **overrides)


def _request(value: int, difficulty: str | None, shift: int, voluntary: int,
             untrained_malus: int | None) -> TestRequest:
    row = None if difficulty is None else Difficulty.parse(difficulty)
    return TestRequest(value, row, shift, voluntary, untrained_malus)


def _plan(request: TestRequest, rules: KindRules, possessed: bool) -> TestPlan | None:
    plan = plan_test(request, rules)  # checks the value and shifts even for a missing power
    return plan if possessed else None


def _print_odds(plan: TestPlan | None, odds: TestOdds, as_json: bool) -> None:
    if as_json:
        print_json(odds_json(plan, odds))
        return
    out = console()
    out.print(_("Success: {p} ({percent})", p=chance_text(odds.success), percent=percent(odds.success)),
              markup=False)
    for units, p in sorted(odds.success_units.items()):
        out.print(_("  success with units {units}: {p}", units=units, p=chance_text(p)), markup=False)
    for units, p in sorted(odds.failure_units.items()):
        out.print(_("  failure with units {units}: {p}", units=units, p=chance_text(p)), markup=False)


def _print_result(title: str, body: list[str]) -> None:
    out = console()
    out.print(title, markup=False)
    for line in body:
        out.print(f"  {line}", markup=False)


def _print_table(state: Table) -> None:
    out = console()
    if not state.beings:
        out.print(_("No being at the table yet."), markup=False)
    for being in state.beings.values():
        out.print(_("{name} ({kind}): {left}/{maximum} power points", name=being.name,
                    kind=kind_label(being.kind).render(), left=being.current_power_points,
                    maximum=being.max_power_points), markup=False)


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def signed(number: int) -> str:
    """A signed number with a true minus sign (``−2``, ``+1``)."""
    return f"{number:+d}".replace("-", "\u2212")


def change_line(event: Event, state: Table) -> Message:
    """What one event changed, in a sentence (printed before the table)."""
    if isinstance(event, PowerPointsSpent):
        left = state.beings[event.name].current_power_points
        if event.power:
            return Message("insmv", N_("{name} spends {cost} PP on {power}; {left} PP left."),
                           {"name": event.name, "cost": event.cost, "power": event.power, "left": left})
        return Message("insmv", N_("{name} spends {cost} PP; {left} PP left."),
                       {"name": event.name, "cost": event.cost, "left": left})
    if isinstance(event, PowerPointsRecovered):
        being = state.beings[event.name]
        params = {"name": event.name, "amount": event.amount, "days": event.days,
                  "left": being.current_power_points, "maximum": being.max_power_points}
        if event.amount == 0 and not event.at_rest and being.current_power_points < being.max_power_points:
            return Message("insmv", N_("{name} recovers 0 PP (recovery without rest is 0 for this being);"
                                       " add --rest for complete rest."), params)
        return Message("insmv", N_("{name} recovers {amount} PP; now {left}/{maximum} PP."), params)
    assert isinstance(event, BeingAdded)
    return Message("insmv", N_("{name} joins the table."), {"name": event.being.name})


def _run(path: Path, command: Command, as_json: bool) -> None:
    events = store.load(path)
    state = replay(events)
    new = decide(state, command)
    events = events + new
    store.save(path, events)
    state = replay(new, state)
    if as_json:
        print_json({**table_json(state, len(events)), "new_events": [e.model_dump(mode="json") for e in new]})
    else:
        for event in new:
            console().print(change_line(event, state).render(), markup=False)
        _print_table(state)


def build_app() -> typer.Typer:
    """Build the ``insmv`` command group in the current language."""
    app = typer.Typer(no_args_is_help=True, help=_("INS/MV: the table UM, the d666 and power points."))
    being_app = typer.Typer(no_args_is_help=True, help=_("Beings at the table (a JSON table file)."))
    pp_app = typer.Typer(no_args_is_help=True, help=_("Power points (PP): spend and recover."))
    app.add_typer(being_app, name="being")
    app.add_typer(pp_app, name="pp")

    value_opt = typer.Option(..., "--value", help=_("Value of the characteristic, talent or power (1 to 6)."))
    difficulty_opt = typer.Option(
        None, "--difficulty", help=_(
            "Row: facile, moyenne (default), difficile, « très difficile » (or tres_difficile)."))
    shift_opt = typer.Option(0, "--shift", help=_("Game master's column shift: positive right (easier),"
                                                  " negative left (harder)."))
    voluntary_opt = typer.Option(0, "--voluntary", help=_("Columns shifted left by choice, added to the"
                                                          " units on a success."))
    kind_opt = typer.Option("human", "--kind", help=_(
        "Kind of being (limits voluntary shifts): humain, ange, démon, avatar-archange,"
        " avatar-prince-démon… (see 'insmv kinds'; the English keys work too)."))
    max_shift_opt = typer.Option(None, "--max-shift", help=_("The game master's voluntary-shift limit for"
                                                             " this being, instead of its kind's."))
    untrained_opt = typer.Option(None, "--untrained-malus", help=_(
        "Talent not possessed: its malus (1 to 4); --value is then the characteristic."))
    missing_opt = typer.Option(False, "--power-not-possessed", help=_(
        "The power is not possessed: no chance, no roll."))
    dice_opt = typer.Option(None, "--dice", help=_("The dice rolled, in reading order (e.g. 3,5,1)."))
    seed_opt = typer.Option(None, "--seed", help=_("Seed of the random dice, for a reproducible roll."))
    json_opt = typer.Option(False, "--json", help=_("Print JSON."))
    odds_opt = typer.Option(False, "--odds", help=_("Print the exact odds instead of rolling."))
    file_opt = typer.Option(..., "--file", "-f", help=_("The table file (JSON, created if missing)."))
    name_opt = typer.Option(..., "--name", help=_("The being's name."))

    actor_file_opt = typer.Option(None, "--file", "-f", help=_(
        "A table file: with --being, test as that being (its kind, its PP)."))
    being_opt = typer.Option(None, "--being", help=_("The being of the table file who acts (needs --file)."))
    cost_opt = typer.Option(None, "--cost", help=_(
        "PP the power costs, spent from the being's pool (needs --being)."))
    power_opt = typer.Option(None, "--power", help=_("The power's name."))
    keep_opt = typer.Option(False, "--keep-pp-on-failure", help=_(
        "Table option: a failed power test spends no PP."))

    @app.command("test", help=_("Roll a test on the table UM (d666)."))
    @guarded
    def test_command(value: int = value_opt, difficulty: str | None = difficulty_opt,
                     shift: int = shift_opt, voluntary: int = voluntary_opt, kind: str = kind_opt,
                     max_shift: int | None = max_shift_opt, untrained_malus: int | None = untrained_opt,
                     not_possessed: bool = missing_opt,
                     file: Path | None = actor_file_opt, being: str | None = being_opt,
                     cost: int | None = cost_opt, power: str | None = power_opt,
                     keep_on_failure: bool = keep_opt,
                     dice: str | None = dice_opt, seed: int | None = seed_opt, as_json: bool = json_opt,
                     odds: bool = odds_opt) -> None:
        """Roll a test on the table UM (d666)."""
        request = _request(value, difficulty, shift, voluntary, untrained_malus)
        actor = _actor(file, being, cost, not_possessed)
        rules = _rules(kind, max_shift) if actor is None else actor.being.rules
        plan = _plan(request, rules, not not_possessed)
        if odds:
            _refuse_dice_with_odds(dice)
            _print_odds(plan, odds_of(plan), as_json)
            return
        spending = None
        if actor is not None and cost is not None:
            spending = SpendPowerPoints(name=actor.being.name, cost=cost, power=power)
            decide(actor.state, spending)  # refuses a short pool before any die is rolled
        source = source_from(seed, dice)
        result = no_chance(request) if plan is None else roll_test(plan, source)
        finish(source)
        options = TableOptions(spend_power_points_on_failure=not keep_on_failure)
        if actor is not None and spending is not None and is_spent(result.success, options):
            actor = actor.record(spending)
        if as_json:
            data = result_json(result)
            if actor is not None:
                data["being"] = being_json(actor.state.beings[actor.being.name])
            print_json(data)
        else:
            _print_result(_("Success") if result.success else _("Failure"), lines(result.explain()))
            if actor is not None:
                _print_table(Table(beings={actor.being.name: actor.state.beings[actor.being.name]}))

    @app.command("odds", help=_("Exact odds of a test: success and the distribution of the units."))
    @guarded
    def odds_command(value: int = value_opt, difficulty: str | None = difficulty_opt,
                     shift: int = shift_opt, voluntary: int = voluntary_opt, kind: str = kind_opt,
                     max_shift: int | None = max_shift_opt, untrained_malus: int | None = untrained_opt,
                     not_possessed: bool = missing_opt,
                     as_json: bool = json_opt) -> None:
        """Exact odds of a test: success and the distribution of the units."""
        request = _request(value, difficulty, shift, voluntary, untrained_malus)
        plan = _plan(request, _rules(kind, max_shift), not not_possessed)
        _print_odds(plan, odds_of(plan), as_json)

    @app.command("opposed", help=_(
        "An opposed test: A acts, B resists; the units decide. With --odds --json, 'outcomes' gives the"
        " chance of each case before the units are compared (attacker_wins: only A succeeds;"
        " higher_units: both succeed, units differ; tie: both succeed, equal units) and 'winners' the"
        " chance that each side wins in the end (attacker, defender, both_failed, tie)."))
    @guarded
    def opposed_command(
        value_a: int = typer.Option(..., "--value-a", help=_("A's value (A acts).")),
        value_b: int = typer.Option(..., "--value-b", help=_("B's value (B resists).")),
        difficulty_a: str | None = typer.Option(None, "--difficulty-a", help=_("A's row.")),
        difficulty_b: str | None = typer.Option(None, "--difficulty-b", help=_("B's row.")),
        shift_a: int = typer.Option(0, "--shift-a", help=_("Game master's shift for A.")),
        shift_b: int = typer.Option(0, "--shift-b", help=_("Game master's shift for B.")),
        voluntary_a: int = typer.Option(0, "--voluntary-a", help=_("A's voluntary shift.")),
        voluntary_b: int = typer.Option(0, "--voluntary-b", help=_("B's voluntary shift.")),
        kind_a: str = typer.Option("human", "--kind-a", help=_("A's kind of being (humain, ange, démon…).")),
        kind_b: str = typer.Option("human", "--kind-b", help=_("B's kind of being (humain, ange, démon…).")),
        max_shift_a: int | None = typer.Option(None, "--max-shift-a", help=_(
            "The game master's voluntary-shift limit for A.")),
        max_shift_b: int | None = typer.Option(None, "--max-shift-b", help=_(
            "The game master's voluntary-shift limit for B.")),
        untrained_a: int | None = typer.Option(None, "--untrained-malus-a", help=_(
            "A does not possess the talent: its malus (1 to 4); --value-a is the characteristic.")),
        untrained_b: int | None = typer.Option(None, "--untrained-malus-b", help=_(
            "B does not possess the talent: its malus (1 to 4); --value-b is the characteristic.")),
        missing_a: bool = typer.Option(False, "--power-not-possessed-a", help=_(
            "A does not possess the power: no chance, no roll.")),
        missing_b: bool = typer.Option(False, "--power-not-possessed-b", help=_(
            "B does not possess the power: no chance, no roll.")),
        tie_winner: str | None = typer.Option(None, "--tie-winner", help=_(
            "Who wins a tie of units (game master): attaquant (A) or défenseur (B).")),
        units_without_shift: bool = typer.Option(False, "--raw-units", help=_(
            "Table option: compare the bare units die (also --compare-units-without-shift).")),
        units_without_shift_long: bool = typer.Option(False, "--compare-units-without-shift", hidden=True),
        dice: str | None = typer.Option(None, "--dice", help=_(
            "A's d666 then B's (three dice for a side without a roll).")),
        seed: int | None = seed_opt, as_json: bool = json_opt, odds: bool = odds_opt,
    ) -> None:
        """An opposed test: A acts, B resists; the units decide."""
        options = TableOptions(opposed_units_include_voluntary_shift=not (
            units_without_shift or units_without_shift_long))
        winner = None if tie_winner is None else _side(tie_winner)
        request_a = _request(value_a, difficulty_a, shift_a, voluntary_a, untrained_a)
        request_b = _request(value_b, difficulty_b, shift_b, voluntary_b, untrained_b)
        plan_a = _plan(request_a, _rules(kind_a, max_shift_a), not missing_a)
        plan_b = _plan(request_b, _rules(kind_b, max_shift_b), not missing_b)
        if odds:
            _refuse_dice_with_odds(dice)
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
            _print_result(_("Opposed test"), lines(result.explain()))

    @app.command("table", help=_("Show the table UM."))
    @guarded
    def table_command(as_json: bool = json_opt) -> None:
        """Show the table UM."""
        table = table_um()
        if as_json:
            print_json({"labels": list(table.labels),
                        "rows": {d.value: list(table.cells[d]) for d in Difficulty}})
            return
        out = console()
        out.print(" ".join(f"{label or '':>3}" for label in table.labels), markup=False)
        for row in Difficulty:
            cells = " ".join(f"{cell:>3}" for cell in table.cells[row])
            out.print(f"{cells}  {row.label.render()}", markup=False)

    @app.command("kinds", help=_(
        "The kinds of being and their default rules (the game master may change them per being)."))
    @guarded
    def kinds_command(as_json: bool = json_opt) -> None:
        """The kinds of being and their default rules (the game master may change them per being)."""
        if as_json:
            print_json({kind.value: rules.model_dump() for kind, rules in DEFAULT_KIND_RULES.items()})
            return
        for kind, rules in DEFAULT_KIND_RULES.items():
            console().print(_("{kind} (type --kind {word}): voluntary shift up to {shift}, PP modifier"
                              " {modifier}, recovery without rest {recovery} PP per 24 hours",
                              kind=_capitalized(kind_label(kind).render()), word=KIND_SHOWN[kind.value],
                              shift=rules.max_voluntary_shift, modifier=signed(rules.power_point_modifier),
                              recovery=rules.recovery_per_day), markup=False)
        console().print(_("The power-point modifiers and recovery rates are not in our sources: these are"
                          " placeholders. Set each being's with 'being add --pp-modifier N --recovery N'."
                          " At complete rest (pp recover --rest) every being recovers at least 1 PP per"
                          " 24 hours."), markup=False)

    @app.command("affected", help=_(
        "Whether a power that affects only human beings affects a being of this kind."))
    @guarded
    def affected_command(
        kind: str = typer.Option(..., "--kind", help=_(
            "Kind of being (humain, ange, démon… see 'insmv kinds').")),
        body: str | None = typer.Option(None, "--body", help=_(
            "What the being is incarnated in: humain, créé, animal, objet (default: its kind's).")),
        as_json: bool = json_opt,
    ) -> None:
        """Whether a power that affects only human beings affects a being of this kind."""
        being_kind = parse_kind(kind)
        being_body = DEFAULT_BODIES[being_kind] if body is None else parse_body(body)
        affected = is_affected_by_human_only_power(being_kind, being_body)
        reason = human_only_reason(being_kind, being_body).render()
        if as_json:
            print_json({"kind": being_kind.value, "body": being_body.value, "affected": affected,
                        "reason": reason})
        else:
            console().print(reason, markup=False)

    @being_app.command("add", help=_("Bring a being to the table."))
    @guarded
    def being_add(
        file: Path = file_opt, name: str = name_opt,
        kind: str = typer.Option(..., "--kind", help=_(
            "Kind of being (humain, ange, démon… see 'insmv kinds').")),
        will: int = typer.Option(..., "--will", help=_("Volonté.")),
        pp_modifier: int | None = typer.Option(None, "--pp-modifier", help=_(
            "Added to Volonté for the PP maximum (default: the kind's).")),
        recovery: int | None = typer.Option(None, "--recovery", help=_(
            "PP recovered per 24 hours (default: the kind's).")),
        max_shift: int | None = max_shift_opt,
        power_points: int | None = typer.Option(None, "--power-points", help=_(
            "PP left now (default: the maximum).")),
        as_json: bool = json_opt,
    ) -> None:
        """Bring a being to the table."""
        overrides = {key: value for key, value in (
            ("power_point_modifier", pp_modifier), ("recovery_per_day", recovery),
            ("max_voluntary_shift", max_shift)) if value is not None}
        being_kind = parse_kind(kind)
        rules = rules_for(being_kind, **overrides)
        being = build(Being, {"name": name, "kind": being_kind, "will": will, "rules": rules,
                              "power_points": power_points})
        _run(file, AddBeing(being=being), as_json)

    @pp_app.command("spend", help=_("Spend power points on a power (refused when the pool is short)."))
    @guarded
    def pp_spend(file: Path = file_opt, name: str = name_opt,
                 cost: int = typer.Option(..., "--cost", help=_("PP the power costs.")),
                 power: str | None = typer.Option(None, "--power", help=_("The power's name.")),
                 as_json: bool = json_opt) -> None:
        """Spend power points on a power (refused when the pool is short)."""
        _run(file, SpendPowerPoints(name=name, cost=cost, power=power), as_json)

    @pp_app.command("recover", help=_("Recover power points over some days, never above the maximum."))
    @guarded
    def pp_recover(file: Path = file_opt, name: str = name_opt,
                   days: int = typer.Option(..., "--days", help=_("Periods of 24 hours.")),
                   rest: bool = typer.Option(False, "--rest", help=_(
                       "Complete rest (at least 1 PP per 24 hours).")),
                   as_json: bool = json_opt) -> None:
        """Recover power points over some days, never above the maximum."""
        _run(file, RecoverPowerPoints(name=name, days=days, at_rest=rest), as_json)

    @app.command("show", help=_("Show the beings of a table file."))
    @guarded
    def show(file: Path = file_opt, as_json: bool = json_opt) -> None:
        """Show the beings of a table file."""
        events = store.load(file)
        state = replay(events)
        if as_json:
            print_json(table_json(state, len(events)))
        else:
            _print_table(state)

    @app.command("undo", help=_("Undo the last change of a table file."))
    @guarded
    def undo(file: Path = file_opt, as_json: bool = json_opt) -> None:
        """Undo the last change of a table file."""
        events = store.load(file)
        if not events:
            raise_nothing_to_undo()
        events = events[:-1]
        store.save(file, events)
        state = replay(events)
        if as_json:
            print_json(table_json(state, len(events)))
        else:
            _print_table(state)

    return app


@dataclass(frozen=True)
class Actor:
    """A being of a table file acting in a test, with the file's events and state."""

    path: Path
    events: list[Event]
    state: Table
    being: Being

    def record(self, command: Command) -> Actor:
        """Decide ``command``, save the new events atomically and return the updated actor."""
        new = decide(self.state, command)
        events = self.events + new
        store.save(self.path, events)
        return Actor(self.path, events, replay(new, self.state), self.being)


def _actor(file: Path | None, name: str | None, cost: int | None, not_possessed: bool) -> Actor | None:
    if name is None:
        if file is not None or cost is not None:
            raise BadInputError(Message("insmv", N_("--file and --cost need --being: name who acts.")))
        return None
    if file is None:
        raise BadInputError(Message("insmv", N_("--being needs --file: the table file where the being is.")))
    if not_possessed and cost is not None:
        raise BadInputError(Message("insmv", N_(
            "A power not possessed cannot be used, so it costs nothing: remove --cost.")))
    events = store.load(file)
    state = replay(events)
    being = state.beings.get(name)
    if being is None:
        raise BadInputError(Message("insmv", N_("No being named '{name}' at the table (known: {known})."),
                                    {"name": name, "known": ", ".join(sorted(state.beings)) or _("none")}))
    return Actor(file, events, state, being)


def raise_nothing_to_undo() -> None:
    """Refuse to undo an empty table file."""
    raise BadInputError(Message("insmv", N_("Nothing to undo: the table file has no events.")))


def _refuse_dice_with_odds(dice: str | None) -> None:
    if dice is not None:
        raise BadInputError(Message("insmv", N_("--odds rolls nothing: remove --dice.")))


def _side(text: str) -> Side:
    try:
        return Side(lookup(text, SIDE_WORDS))
    except ValueError:
        raise BadInputError(Message("insmv", N_("Unknown side '{value}': choose attaquant (attacker, A) or"
                                                " défenseur (defender, B)."),
                                    {"value": text})) from None


def _print_opposed_odds(plan_a: TestPlan | None, plan_b: TestPlan | None, options: TableOptions,
                        as_json: bool) -> None:
    outcomes = opposed_odds(plan_a, plan_b, options)
    winners = opposed_winner_odds(plan_a, plan_b, options)
    if as_json:
        print_json({"outcomes": {k.value: fraction_text(p) for k, p in outcomes.items()},
                    "winners": {k: fraction_text(p) for k, p in winners.items()}})
        return
    out = console()
    for key, p in winners.items():
        out.print(_("{outcome}: {p} ({percent})", outcome=_(_WINNER_LABELS[key]), p=chance_text(p),
                    percent=percent(p)), markup=False)


_WINNER_LABELS = {"attacker": N_("A wins"), "defender": N_("B wins"), "both_failed": N_("Both fail"),
                  "tie": N_("Tie (the game master decides)")}
