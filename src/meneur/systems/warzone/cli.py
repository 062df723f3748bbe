"""``meneur warzone ...``: a thin Typer group over the `warzone` core.

Stateless commands (``cast``, ``odds``, ``violence``, ``leadership``, ``table``) roll or compute
once; the play commands (``new``, ``activate``, ``declare``, ``technique``, ``spell``...) work on a
small JSON state file holding the model and the event log. Every roll takes ``--dice`` or ``--seed``.
"""

from __future__ import annotations

import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

import typer

from meneur.cli.output import console, guarded, print_json
from meneur.dice.odds import fraction_text
from meneur.dice.source import DiceSource, finish, source_from
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.numbers import chance_text, percent
from meneur.systems.warzone import commands as c
from meneur.systems.warzone.activation import PHASE_NAMES, Phase, TurnState, decide, legal_commands
from meneur.systems.warzone.casting import Casting, cast
from meneur.systems.warzone.catalogue import VIOLENCE_TABLE
from meneur.systems.warzone.events import EVENTS, Event
from meneur.systems.warzone.leadership import leadership_test
from meneur.systems.warzone.model import PowerKind, TableOptions, TargetKind
from meneur.systems.warzone.narration import describe, effect_lines
from meneur.systems.warzone.odds import casting_odds
from meneur.systems.warzone.power_test import PowerTestSpec
from meneur.systems.warzone.reach import Target
from meneur.systems.warzone.store import Game, load_figure, load_game, read_json, save_game
from meneur.systems.warzone.violence import roll_violence

_ = Translator("warzone")
D = "warzone"

COMMAND_KEYS: dict[type, str] = {
    c.StartActivation: "activate", c.DeclareTechniques: "declare", c.TestTechnique: "technique",
    c.CastSpell: "spell", c.SpendAction: "act", c.EndActivation: "end-activation",
    c.EndTurn: "end-turn", c.TestWakeUp: "wake", c.HelpUp: "help-up"}


def _lines(messages: list[Message]) -> list[str]:
    return [m.render() for m in messages]


def _show(messages: list[Message]) -> None:
    out = console()
    for line in _lines(messages):
        out.print(line, markup=False)


def _spec(power: int, difficulty: int, order: int | None, penalty: int,
          actions: int | None) -> tuple[PowerTestSpec, PowerKind, int]:
    spec = PowerTestSpec(power, difficulty, order, penalty)
    if order is not None and actions is not None:
        raise BadInputError(Message(D, N_(
            "--actions is for spells and --technique-order for techniques: give only one of them.")))
    kind = PowerKind.TECHNIQUE if order is not None else PowerKind.SPELL
    return spec, kind, 1 if actions is None else actions


def casting_json(result: Casting) -> dict[str, Any]:
    """The JSON form of one use of a power (keys ``success``, ``critical``, ``actions_spent``...)."""
    spec = result.test.spec
    violence = None if result.violence is None else {
        "roll": result.violence.roll, "effect": result.violence.effect.value}
    leadership = None if result.leadership is None else {
        "roll": result.leadership.roll, "threshold": result.leadership.threshold,
        "success": result.leadership.success}
    return {
        "success": result.success,
        "critical": None if result.critical is None else result.critical.value,
        "actions_spent": result.actions_spent,
        "kind": result.kind.value, "roll": result.test.roll, "threshold": result.test.threshold,
        "power": spec.power, "difficulty": spec.difficulty, "technique_order": spec.order,
        "penalty": spec.penalty, "violence": violence, "leadership": leadership,
        "leadership_modifier": result.leadership_modifier, "wounds": result.wounds,
        "explanation": _lines(result.explain()),
    }


def state_json(state: TurnState) -> dict[str, Any]:
    """The JSON form of a model's state in play."""
    return {
        "model": state.figure.name, "turn": state.turn, "phase": state.phase.value,
        "activated": state.activated, "actions_left": state.actions_left,
        "declared": list(state.declared), "techniques_tested": state.techniques_tested,
        "next_technique": state.next_technique, "penalty": state.penalty,
        "cannot_concentrate": state.cannot_concentrate, "knocked_down": state.knocked_down,
        "panicked": state.panicked, "wounds": state.wounds,
        "legal": [{"command": COMMAND_KEYS[type(item.command)],
                   "power": getattr(item.command, "name", None), "actions": item.actions}
                  for item in legal_commands(state)],
    }


def _state_lines(state: TurnState) -> list[Message]:
    params: dict[str, object] = {"model": state.figure.name, "turn": state.turn,
                                 "phase": Message(D, PHASE_NAMES[state.phase]), "actions": state.actions_left,
                                 "wounds": state.wounds}
    if state.phase is Phase.READY and state.activated:
        head = N_("{model}, turn {turn}: activation over for this turn; wounds: {wounds}.")
    elif state.phase is Phase.READY or state.phase is Phase.WAKING:
        head = N_("{model}, turn {turn}: {phase}; wounds: {wounds}.")
    else:
        head = N_("{model}, turn {turn}: {phase}; actions left: {actions}; wounds: {wounds}.")
    lines = [Message(D, head, params)]
    flags = [(state.knocked_down, N_("knocked down")), (state.panicked, N_("panicked")),
             (state.cannot_concentrate, N_("cannot concentrate this turn"))]
    for flag, text in flags:
        if flag:
            lines.append(Message(D, text))
    if state.penalty:
        lines.append(Message(D, N_("Power −{penalty} for the rest of this activation."),
                             {"penalty": state.penalty}))
    legal = ", ".join(COMMAND_KEYS[type(i.command)] + (f" {i.command.name}"
                      if isinstance(i.command, c.CastSpell) else "") for i in legal_commands(state))
    lines.append(Message(D, N_("Possible now: {commands}."), {"commands": legal}) if legal
                 else Message(D, N_("Nothing is possible now.")))
    return lines


def _play(path: Path, command: c.Command, as_json: bool, source: DiceSource | None = None) -> None:
    game = load_game(path)
    dice = source if source is not None else source_from(None, None)
    events: list[Event] = decide(game.state, command, dice)
    if source is not None:
        finish(source)
    game = game.record(events)
    save_game(path, game)
    _report(game, events, as_json)


def _report(game: Game, events: list[Event], as_json: bool) -> None:
    if as_json:
        print_json({"events": EVENTS.dump_python(events, mode="json"), "state": state_json(game.state)})
        return
    told = [line for event in events for line in (describe(event), *effect_lines(game.figure, event))]
    _show(told + _state_lines(game.state))


DICE_HELP = N_("Dice rolled at the table, in order (e.g. 20,14).")
SEED_HELP = N_("Seed of the generator, for a reproducible roll.")
JSON_HELP = N_("Print JSON.")
STATE_HELP = N_("The state file (JSON).")
TARGET_HELP = N_("Check the target against the range: self, model or point.")
DISTANCE_HELP = N_("Distance to the target in inches.")
CONTACT_HELP = N_("The target model is in base contact.")
SIGHT_HELP = N_("The target is out of the user's line of sight.")
FIRE_HELP = N_("The target model is outside the user's field of fire.")
TARGETS = ("self", "model", "point")


def _target(kind: str | None, distance: float | None, contact: bool, no_sight: bool,
            outside: bool) -> Target | None:
    if kind is None and distance is None and not (contact or no_sight or outside):
        return None
    if kind is not None and kind not in TARGETS:
        raise BadInputError(Message(D, N_("Unknown target '{value}': give self, model or point."),
                                    {"value": kind}))
    if distance is not None and distance < 0:
        raise BadInputError(Message(D, N_("The distance is {value}: give 0 or more inches."),
                                    {"value": distance}))
    return Target(kind=TargetKind.POINT if kind == "point" else TargetKind.MODEL,
                  is_self=kind == "self", in_contact=contact, distance=distance,
                  in_line_of_sight=not no_sight, in_field_of_fire=not outside)


def _register_rolls(app: typer.Typer) -> None:
    @app.command("cast", help=_("Power test: d20 at most Power minus difficulty; a 20 rolls on the"
                                " violence table."))
    @guarded
    def cast_command(
        power: int = typer.Option(..., "--power", help=_("The model's Power (Moc).")),
        difficulty: int = typer.Option(..., "--difficulty", help=_("The power's difficulty.")),
        actions: int = typer.Option(None, "--actions", help=_("A spell's action cost (default 1).")),
        technique_order: int = typer.Option(
            None, "--technique-order", help=_("A technique's place in the activation: 1, 2 or 3.")),
        penalty: int = typer.Option(0, "--penalty", help=_("Violence table penalty to Power (3, 6...).")),
        leadership: int = typer.Option(
            None, "--leadership", help=_("The model's leadership, for the violence table's 20.")),
        dice: str = typer.Option(None, "--dice", help=_(DICE_HELP)),
        seed: int = typer.Option(None, "--seed", help=_(SEED_HELP)),
        as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP)),
    ) -> None:
        spec, kind, cost = _spec(power, difficulty, technique_order, penalty, actions)
        source = source_from(seed, dice)
        result = cast(spec, kind, cost, source, TableOptions(), leadership)
        finish(source)
        if as_json:
            print_json(casting_json(result))
        else:
            _show(result.explain())

    @app.command("odds", help=_("Exact odds of each outcome of a power test."))
    @guarded
    def odds_command(
        power: int = typer.Option(..., "--power", help=_("The model's Power (Moc).")),
        difficulty: int = typer.Option(..., "--difficulty", help=_("The power's difficulty.")),
        actions: int = typer.Option(None, "--actions", help=_("A spell's action cost (default 1).")),
        technique_order: int = typer.Option(
            None, "--technique-order", help=_("A technique's place in the activation: 1, 2 or 3.")),
        penalty: int = typer.Option(0, "--penalty", help=_("Violence table penalty to Power (3, 6...).")),
        leadership: int = typer.Option(
            None, "--leadership", help=_("The model's leadership, for the violence table's 20.")),
        as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP)),
    ) -> None:
        spec, kind, cost = _spec(power, difficulty, technique_order, penalty, actions)
        odds = casting_odds(spec, kind, cost, TableOptions(), leadership)
        data = {"threshold": spec.threshold,
                "outcomes": {k: fraction_text(v) for k, v in odds.outcomes.items()},
                "success": fraction_text(odds.success),
                "violence": {k: fraction_text(v) for k, v in odds.violence.items()},
                "wound": None if odds.wound is None else fraction_text(odds.wound),
                "expected_actions": fraction_text(odds.expected_actions)}
        if as_json:
            print_json(data)
            return
        names = {"absolute_success": N_("Absolute Success"), "success": N_("Success"),
                 "failure": N_("Failure"), "critical_failure": N_("Critical Failure")}
        out = console()
        out.print(_("Needed: {threshold} or less on a d20.", threshold=spec.threshold), markup=False)
        for key, value in odds.outcomes.items():
            out.print(_("{outcome}: {p} ({percent})", outcome=_(names[key]), p=chance_text(value),
                        percent=percent(value)), markup=False)
        if odds.wound is not None:
            out.print(_("Wound through the violence table: {p}.", p=chance_text(odds.wound)), markup=False)

    @app.command("violence", help=_("Roll on the violence table (after a critical failure)."))
    @guarded
    def violence_command(
        dice: str = typer.Option(None, "--dice", help=_(DICE_HELP)),
        seed: int = typer.Option(None, "--seed", help=_(SEED_HELP)),
        as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP)),
    ) -> None:
        source = source_from(seed, dice)
        result = roll_violence(source)
        finish(source)
        if as_json:
            print_json({"roll": result.roll, "effect": result.effect.value,
                        "text": Message(D, result.row.text).render()})
        else:
            _show(result.explain())

    @app.command("leadership", help=_("Leadership test: d20 at most leadership plus modifier."))
    @guarded
    def leadership_command(
        leadership: int = typer.Option(..., "--leadership", help=_("The model's leadership.")),
        modifier: int = typer.Option(0, "--modifier", help=_("Modifier, e.g. -4 to get up.")),
        dice: str = typer.Option(None, "--dice", help=_(DICE_HELP)),
        seed: int = typer.Option(None, "--seed", help=_(SEED_HELP)),
        as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP)),
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
    def table_command(as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP))) -> None:
        rows = [{"low": r.low, "high": r.high, "rows": r.label, "effect": r.effect.value,
                 "text": Message(D, r.text).render()} for r in VIOLENCE_TABLE]
        if as_json:
            print_json(rows)
            return
        for row in rows:
            console().print(_("{rows}: {text}", rows=row["rows"], text=row["text"]), markup=False)


def _register_play(app: typer.Typer) -> None:
    state_arg = typer.Argument(..., help=_(STATE_HELP))

    @app.command("new", help=_(
        "Start a state file for a model described in a JSON file: an object with name, power (Moc),"
        " leadership (Dowodzenie), actions (Akcje, default 3) and powers, a list of objects with name,"
        " kind (technique or spell), difficulty, actions (spells only), range (personal, touch,"
        " template, command_range, inches, line_of_sight) and effect. 'meneur warzone example' prints"
        " a complete file to start from."))
    @guarded
    def new_command(
        state: Path = state_arg,
        figure: Path = typer.Option(..., "--figure", help=_(  # noqa: B008
            "JSON file of the model and its powers (see 'warzone example').")),
        options: Path = typer.Option(None, "--options", help=_("JSON file of table options.")),  # noqa: B008
        force: bool = typer.Option(False, "--force", help=_("Replace an existing state file.")),
        as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP)),
    ) -> None:
        if state.exists() and not force:
            raise BadInputError(Message(D, N_("{path} exists already: add --force to replace it."),
                                        {"path": str(state)}))
        table = TableOptions() if options is None else _load_options(options)
        game = Game(figure=load_figure(figure), options=table)
        save_game(state, game)
        _report(game, [], as_json)

    @app.command("example", help=_(
        "Print an example model file (JSON) for 'warzone new --figure': save it and edit it."))
    @guarded
    def example_command() -> None:
        sys.stdout.write(example_model())

    @app.command("show", help=_("Show the model's state and what it may do now."))
    @guarded
    def show_command(state: Path = state_arg,
                     as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP))) -> None:
        _report(load_game(state), [], as_json)

    @app.command("log", help=_("Tell every event of the game so far."))
    @guarded
    def log_command(state: Path = state_arg,
                    as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP))) -> None:
        game = load_game(state)
        if as_json:
            print_json([EVENTS.dump_python(list(batch), mode="json") for batch in game.log])
            return
        _show([line for batch in game.log for event in batch
               for line in (describe(event), *effect_lines(game.figure, event))])

    @app.command("undo", help=_("Undo the last command."))
    @guarded
    def undo_command(state: Path = state_arg,
                     as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP))) -> None:
        game = load_game(state).undo()
        save_game(state, game)
        _report(game, [], as_json)

    simple: list[tuple[str, str, c.Command]] = [
        ("activate", N_("Activate the model (once per turn)."), c.StartActivation()),
        ("end-activation", N_("End the activation."), c.EndActivation()),
        ("end-turn", N_("End the turn; a knocked-down model then tests to get up."), c.EndTurn()),
        ("help-up", N_("A friendly model in contact spends an action to get the model up."), c.HelpUp()),
    ]
    for name, text, command in simple:
        _simple_command(app, name, text, command)

    @app.command("declare", help=_("Declare, in order, the techniques of this activation (at most 3)."))
    @guarded
    def declare_command(state: Path = state_arg,
                        names: list[str] = typer.Argument(None, help=_("Technique names, in order.")),  # noqa: B008
                        as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP))) -> None:
        _play(state, c.DeclareTechniques(tuple(names or ())), as_json)

    @app.command("technique", help=_("Test the next declared technique."))
    @guarded
    def technique_command(state: Path = state_arg,
                          target: str = typer.Option(None, "--target", help=_(TARGET_HELP)),
                          distance: float = typer.Option(None, "--distance", help=_(DISTANCE_HELP)),
                          contact: bool = typer.Option(False, "--contact", help=_(CONTACT_HELP)),
                          no_sight: bool = typer.Option(False, "--no-sight", help=_(SIGHT_HELP)),
                          outside: bool = typer.Option(False, "--outside-fire", help=_(FIRE_HELP)),
                          dice: str = typer.Option(None, "--dice", help=_(DICE_HELP)),
                          seed: int = typer.Option(None, "--seed", help=_(SEED_HELP)),
                          as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP))) -> None:
        aim = _target(target, distance, contact, no_sight, outside)
        _play(state, c.TestTechnique(aim), as_json, source_from(seed, dice))

    @app.command("spell", help=_("Use a spell with the actions it costs."))
    @guarded
    def spell_command(state: Path = state_arg,
                      name: str = typer.Argument(..., help=_("The spell's name.")),
                      close_combat: bool = typer.Option(
                          False, "--close-combat", help=_("The model is in close combat.")),
                      target: str = typer.Option(None, "--target", help=_(TARGET_HELP)),
                      distance: float = typer.Option(None, "--distance", help=_(DISTANCE_HELP)),
                      contact: bool = typer.Option(False, "--contact", help=_(CONTACT_HELP)),
                      no_sight: bool = typer.Option(False, "--no-sight", help=_(SIGHT_HELP)),
                      outside: bool = typer.Option(False, "--outside-fire", help=_(FIRE_HELP)),
                      dice: str = typer.Option(None, "--dice", help=_(DICE_HELP)),
                      seed: int = typer.Option(None, "--seed", help=_(SEED_HELP)),
                      as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP))) -> None:
        aim = _target(target, distance, contact, no_sight, outside)
        _play(state, c.CastSpell(name, close_combat, aim), as_json, source_from(seed, dice))

    @app.command("act", help=_("Spend one action on something other than a power."))
    @guarded
    def act_command(state: Path = state_arg,
                    concentrate: bool = typer.Option(
                        False, "--concentrate", help=_("The action is spent concentrating.")),
                    as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP))) -> None:
        _play(state, c.SpendAction(concentrate), as_json)

    @app.command("wake", help=_("Leadership test at -4 to get up, at the start of a turn."))
    @guarded
    def wake_command(state: Path = state_arg,
                     dice: str = typer.Option(None, "--dice", help=_(DICE_HELP)),
                     seed: int = typer.Option(None, "--seed", help=_(SEED_HELP)),
                     as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP))) -> None:
        _play(state, c.TestWakeUp(), as_json, source_from(seed, dice))

    @app.command("panic", help=_("Mark the model panicked (or not, with --off)."))
    @guarded
    def panic_command(state: Path = state_arg,
                      off: bool = typer.Option(False, "--off", help=_("The model is no longer panicked.")),
                      as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP))) -> None:
        _play(state, c.SetPanicked(not off), as_json)


def _simple_command(app: typer.Typer, name: str, text: str, command: c.Command) -> None:
    @app.command(name, help=_(text))
    @guarded
    def run(state: Path = typer.Argument(..., help=_(STATE_HELP)),  # noqa: B008
            as_json: bool = typer.Option(False, "--json", help=_(JSON_HELP))) -> None:
        _play(state, command, as_json)


def example_model() -> str:
    """The example model file shipped with meneur (package data ``warzone/data/example_model.json``)."""
    return files("meneur.systems.warzone").joinpath("data", "example_model.json").read_text(encoding="utf-8")


def _load_options(path: Path) -> TableOptions:
    from pydantic import ValidationError

    from meneur.systems.warzone.store import problems_of

    try:
        return TableOptions.model_validate(read_json(path))
    except ValidationError as error:
        raise BadInputError(Message(D, N_("{path} does not hold table options: {problems}"),
                                    {"path": str(path), "problems": problems_of(error)})) from None


def build_app() -> typer.Typer:
    """Build the ``warzone`` command group in the current language."""
    app = typer.Typer(no_args_is_help=True,
                      help=_("Warzone supernatural powers: power tests, techniques, violence table."))
    _register_rolls(app)
    _register_play(app)
    return app
