"""Energy System CLI for the tactical AI: ``fight suggest``, ``fight auto`` and the simulated
``balance`` (``--simulate``, ``--target``). Thin adapters over :mod:`meneur.systems.energy.ai`."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
import yaml

from meneur.cli.option_table import Declared, OptionTable
from meneur.cli.output import console, guarded, print_json
from meneur.errors import BadInputError
from meneur.i18n import N_, Message, Translator
from meneur.i18n.words import fold
from meneur.storage import read_data, write_text_atomically
from meneur.systems.energy.ai import POLICIES, Policy, make_policy, next_move
from meneur.systems.energy.ai.adapter import SIDES, step, winner
from meneur.systems.energy.ai.fightfile import moved, wire
from meneur.systems.energy.ai.play import MAX_COMMANDS, MAX_TURNS, Move
from meneur.systems.energy.ai.policy import Choice
from meneur.systems.energy.combat.state import FightState, Phase

DOMAIN = "energy_ai"
_ = Translator(DOMAIN)


def policy_named(name: str, nodes: int | None = None, budget_ms: float | None = None) -> Policy:
    if name not in POLICIES:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("--policy: {value!r} is not one of {known}."),
                {"value": name, "known": ", ".join(POLICIES)},
            )
        )
    return make_policy(name, nodes=nodes, budget_ms=budget_ms)


# The AI commands' options, one home each.
AI_OPTIONS = OptionTable(
    _,
    {
        "policy": Declared(("--policy",), N_("random, heuristic or search.")),
        "seed": Declared(("--seed",), N_("Seed of the policy's random choices.")),
        "budget_ms": Declared(("--budget-ms",), N_("Search policy: thinking time per move in milliseconds.")),
        "nodes": Declared(
            ("--nodes",), N_("Search policy: simulated moves per decision (reproducible, unlike a time).")
        ),
        "sides": Declared(("--sides",), N_("Sides to play: foes, heroes or all.")),
        "out": Declared(
            ("--out",), N_("Where to write the completed fight file (default: the fight file itself).")
        ),
    },
)


def _fight_file() -> Any:
    return typer.Argument(help=_("Fight file (YAML or JSON)."), metavar=_("FILE"))


def _choice_json(choice: Choice) -> dict[str, Any]:
    return {
        "command": wire(choice.command),
        "score": round(choice.score, 3),
        "explanation": choice.explanation.render(),
    }


def _line(command_wire: Any) -> str:
    return json.dumps(command_wire, ensure_ascii=False)


def _gm_words(state: FightState, command: Any) -> str:
    from meneur.systems.energy.cli.fight_words import action_words

    return _("The fight itself: {what}", what=action_words(state, command))


def suggest_command(
    file: Annotated[Path, _fight_file()],
    policy: Annotated[str, AI_OPTIONS("policy")] = "heuristic",
    seed: Annotated[int, AI_OPTIONS("seed")] = 0,
    budget_ms: Annotated[float | None, AI_OPTIONS("budget_ms")] = None,
    nodes: Annotated[int | None, AI_OPTIONS("nodes")] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help=_("Print JSON: side, command (fight-file form), score, explanation, alternatives.")
        ),
    ] = False,
) -> None:
    """Suggest the command for whoever must act now, with its reasons and the best two alternatives."""
    from meneur.systems.energy.cli.fight import played as play_file

    chosen = policy_named(policy, nodes, budget_ms)
    state = play_file(file, True).state
    move = next_move(state, dict.fromkeys(SIDES, chosen), random.Random(seed))
    if move is None:
        if as_json:
            print_json(None)
        else:
            console().print(_("The fight is over: nothing to suggest."), markup=False)
    elif as_json:
        print_json(_suggestion_json(state, move))
    else:
        _print_suggestion(state, move)


def _suggestion_json(state: FightState, move: Move) -> dict[str, Any]:
    """The suggested move as JSON; a move of the fight itself (no side acts) has no score."""
    if move.suggestion is None:
        return {
            "side": None,
            "command": wire(move.command),
            "score": 0,
            "explanation": _gm_words(state, move.command),
            "alternatives": [],
        }
    return {
        "side": move.side,
        **_choice_json(move.suggestion.best),
        "alternatives": [_choice_json(c) for c in move.suggestion.alternatives],
    }


def _print_suggestion(state: FightState, move: Move) -> None:
    """The suggested move in words, its command, then the alternatives."""
    out = console()
    if move.suggestion is None:
        out.print(_gm_words(state, move.command), markup=False)
        out.print(_("Command: {command}", command=_line(wire(move.command))), markup=False)
        return
    out.print(move.suggestion.best.explanation.render(), markup=False)
    out.print(_("Command: {command}", command=_line(wire(move.command))), markup=False)
    for alternative in move.suggestion.alternatives:
        out.print(
            _(
                "Alternative: {explanation} ({command})",
                explanation=alternative.explanation.render(),
                command=_line(wire(alternative.command)),
            ),
            markup=False,
        )


def _write(path: Path, data: dict[str, Any]) -> None:
    if path.suffix.lower() == ".json":
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    else:
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None)
    write_text_atomically(path, text)


SIDE_WORDS = {
    "foes": "foes",
    "adversaires": "foes",
    "ennemis": "foes",
    "heroes": "heroes",
    "heros": "heroes",
    "all": "all",
    "tous": "all",
}
"""What ``--sides`` reads (folded): the keys and the book's words."""


def auto_command(
    file: Annotated[Path, _fight_file()],
    policy: Annotated[str, AI_OPTIONS("policy")] = "heuristic",
    sides: Annotated[str, AI_OPTIONS("sides")] = "foes",
    seed: Annotated[int, AI_OPTIONS("seed")] = 0,
    budget_ms: Annotated[float | None, AI_OPTIONS("budget_ms")] = None,
    nodes: Annotated[int | None, AI_OPTIONS("nodes")] = None,
    out_file: Annotated[Path | None, AI_OPTIONS("out")] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help=_(
                "Print JSON: played (number of commands), commands (fight-file form), winner, phase, file."
            ),
        ),
    ] = False,
) -> None:
    """Play the chosen sides to the end of the fight, or until a side not played must act."""
    from meneur.systems.energy.cli.fight import played as play_file

    played = _sides_played(sides)
    chosen = policy_named(policy, nodes, budget_ms)
    data = read_data(file)
    start: FightState = play_file(file, True).state
    outcome = _play_out(start, dict.fromkeys(SIDES, chosen), random.Random(seed), played)
    target = out_file or file
    data = moved(data, file, target)
    data["commands"] = [*(data.get("commands") or []), *outcome.commands]
    _write(target, data)
    if as_json:
        print_json(
            {
                "played": len(outcome.commands),
                "commands": outcome.commands,
                "winner": outcome.won,
                "phase": outcome.state.phase.value,
                "file": str(target),
            }
        )
    else:
        _print_played(outcome, target)


def _sides_played(text: str) -> frozenset[str]:
    """What ``--sides`` names: ``foes``, ``heroes`` or ``all`` (or the book's words)."""
    sides = SIDE_WORDS.get(fold(text), text)
    if sides not in ("foes", "heroes", "all"):
        raise BadInputError(
            Message(DOMAIN, N_("--sides: {value!r} is not one of foes, heroes, all."), {"value": sides})
        )
    return frozenset(SIDES if sides == "all" else (sides,))


@dataclass
class _PlayedOut:
    """What ``auto`` did: the state reached, the commands played, why each was chosen, the winner."""

    state: FightState
    commands: list[Any] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    won: str | None = None


def _play_out(
    state: FightState, policies: dict[str, Policy], rng: random.Random, played: frozenset[str]
) -> _PlayedOut:
    """Play the ``played`` sides until the fight ends, another side must act, or a limit is reached."""
    outcome = _PlayedOut(state)
    while state.phase is not Phase.ENDED and len(outcome.commands) < MAX_COMMANDS and state.turn <= MAX_TURNS:
        move = next_move(state, policies, rng, played)
        if move is None:
            break
        if move.suggestion is not None:
            outcome.lines.append(move.suggestion.best.explanation.render())
        if state.phase is not Phase.SETUP and winner(state) is not None:
            outcome.won = winner(state)
        state = step(state, move.command)
        outcome.commands.append(wire(move.command))
    outcome.state = state
    return outcome


def _print_played(outcome: _PlayedOut, target: Path) -> None:
    out = console()
    for line in outcome.lines:
        out.print(line, markup=False)
    if outcome.won is not None:
        out.print(
            _("The {side} win.", side=_("heroes") if outcome.won == "heroes" else _("foes")), markup=False
        )
    elif outcome.state.phase is not Phase.ENDED:
        out.print(_("Stopped: a side not played must act."), markup=False)
    count = len(outcome.commands)
    out.print(_("{count} commands played, written to {file}.", count=count, file=str(target)), markup=False)


def register_fight(group: typer.Typer) -> None:
    """Add ``suggest`` and ``auto`` to the ``fight`` group."""
    group.command("suggest", help=_("Suggest the command for whoever must act now, with its reasons."))(
        guarded(suggest_command)
    )
    group.command("auto", help=_("Play NPCs (or any side) to the end and write the completed fight file."))(
        guarded(auto_command)
    )
