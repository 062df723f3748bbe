"""Energy System CLI: ``fight run FILE`` and ``fight legal FILE`` (a thin adapter over the engine)."""

from __future__ import annotations

from dataclasses import asdict, fields
from pathlib import Path
from typing import Annotated, Any

import typer

from meneur.cli.output import console, guarded, print_json
from meneur.errors import IllegalActionError
from meneur.i18n import N_, Message, Translator
from meneur.systems.energy.combat.commands import COMMAND_TYPES, Command, Maintain
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.files import load_fight
from meneur.systems.energy.combat.legal import VARIABLE, LegalAction, legal_actions
from meneur.systems.energy.combat.render import explain, state_json, state_line
from meneur.systems.energy.combat.state import FightState
from meneur.systems.energy.combat.words import word

_ = Translator("energy_combat")
NAMES = {kind: name for name, kind in reversed(COMMAND_TYPES.items())}


def command_json(command: Command) -> dict[str, Any]:
    """A command as ``{"name": ..., "args": {...}}`` (only the arguments that are set)."""
    defaults = {f.name: f.default for f in fields(command)}
    args = {k: v for k, v in asdict(command).items() if v != defaults.get(k)}
    return {"name": NAMES[type(command)], "args": args}


def play(path: Path, quiet: bool) -> Fight:
    """Play the file's commands, printing each explanation; an illegal command stops with its reason."""
    initial, commands = load_fight(path)
    fight = Fight(initial)
    out = console()
    for number, command in enumerate(commands, start=1):
        try:
            events = fight.do(command)
        except IllegalActionError as error:
            raise IllegalActionError(Message("energy_combat", N_("Command {number} ({command}): {reason}"),
                                             {"number": number, "command": NAMES[type(command)],
                                              "reason": error.message}), rule=error.rule) from None
        if not quiet:
            for event in events:
                out.print(explain(fight.state, event).render(), markup=False)
    return fight


def action_json(action: LegalAction) -> dict[str, Any]:
    """One action as JSON: who, what, costs and values, or the rule that refuses it."""
    head = {"actor": action.actor, "kind": action.kind, "command": command_json(action.command)}
    if not action.legal:
        reason = action.reason.render() if action.reason else ""
        return {**head, "legal": False, "rule": action.rule, "reason": reason}
    return {**head, "legal": True, "cost_min": action.cost_min, "cost_max": action.cost_max,
            "effective_min": action.effective(action.cost_min),
            "effective_max": action.effective(action.cost_max)}


def _args_text(state: FightState, action: LegalAction) -> str:
    """The command's arguments in words, the power by its name rather than its number."""
    args = command_json(action.command)["args"]
    actor = args.pop("actor", None)
    power = args.get("power")
    if isinstance(power, int) and isinstance(actor, str) and state.has(actor):
        who = state.get(actor)
        if 0 <= power < len(who.powers) + len(who.borrowed):
            args["power"] = who.power(power).name
    return ", ".join(f"{k}={v}" for k, v in args.items())


def action_line(state: FightState, action: LegalAction) -> str:
    """One action in words: what it costs and is worth, or why it is refused (a greyed-out button)."""
    name = command_json(action.command)["name"]
    head = _("{actor}: {name}({args})", actor=action.actor or _("GM"), name=name,
             args=_args_text(state, action))
    if not action.legal:
        return _("{action} refused [{rule}]: {reason}", action=head, rule=action.rule or "-",
                 reason=action.reason.render() if action.reason else "")
    if action.cost_min == action.cost_max:
        cost = _("costs {cost} token(s)", cost=action.cost_min)
    else:
        cost = _("costs {low} to {high} tokens", low=action.cost_min, high=action.cost_max)
    if not isinstance(action.command, VARIABLE) or isinstance(action.command, Maintain):
        return _("{action} {cost}", action=head, cost=cost)
    return _("{action} {cost}, worth {low} to {high} effective", action=head, cost=cost,
             low=action.effective(action.cost_min), high=action.effective(action.cost_max))


def register(app: typer.Typer) -> None:
    """Add the ``fight`` commands to the ``energy`` group."""
    group = typer.Typer(no_args_is_help=True, help=_("Tactical combat: play fight files."))

    @group.command("run", help=_("Play a fight file and explain every resolution."))
    @guarded
    def run(file: Annotated[Path, typer.Argument(help=_("Fight file (YAML or JSON)."))],
            as_json: Annotated[bool, typer.Option(
                "--json", help=_("Print the final state as JSON."))] = False,
            ) -> None:
        fight = play(file, as_json)
        if as_json:
            print_json(state_json(fight.state))
            return
        out = console()
        phase = word(fight.state.phase.value)
        out.print(_("Turn {turn}, phase {phase}.", turn=fight.state.turn, phase=phase), markup=False)
        for combatant in fight.state.combatants:
            out.print(state_line(fight.state, combatant.id).render(), markup=False)
        if fight.state.pending is not None:
            pending = fight.state.pending
            out.print(_("{target} must first react to the attack of {attacker}.",
                        target=fight.state.get(pending.target).name,
                        attacker=fight.state.get(pending.attacker).name), markup=False)

    @group.command("legal", help=_("List the legal actions at the end of a fight file."))
    @guarded
    def legal(file: Annotated[Path, typer.Argument(help=_("Fight file (YAML or JSON)."))],
              as_json: Annotated[bool, typer.Option("--json", help=_("Print the actions as JSON."))] = False,
              refused: Annotated[bool, typer.Option(
                  "--all", help=_("Also list the refused actions with the rule they break."))] = False,
              ) -> None:
        fight = play(file, True)
        actions = legal_actions(fight.state, include_refused=refused)
        if as_json:
            print_json([action_json(a) for a in actions])
            return
        out = console()
        for action in actions:
            out.print(action_line(fight.state, action), markup=False)

    app.add_typer(group, name="fight")
