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
from meneur.systems.energy.ai.adapter import SIDES, winner
from meneur.systems.energy.ai.fightfile import moved, wire
from meneur.systems.energy.ai.play import MAX_COMMANDS, MAX_TURNS, Move
from meneur.systems.energy.ai.policy import Choice
from meneur.systems.energy.combat.state import FightState, Phase

DOMAIN = "energy_ai"
KEY = "energy-fight"
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
    from meneur.systems.energy.combat.fight_words import action_words

    return _("The fight itself: {what}", what=action_words(state, command))


def _is_fight_file(data: Any) -> bool:
    """Whether ``data`` is a book-style fight file (combatants, then commands), not a session file."""
    return isinstance(data, dict) and "combatants" in data


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
    from meneur.systems.energy.cli.fight_setup import played as play_file

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
        _print_suggestion(Paste(file, _is_fight_file(read_data(file))), state, move)


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


@dataclass(frozen=True)
class Paste:
    """How a suggested command is written for the GM to paste: a command line for a session file,
    the fight-file form (a line to add under ``commands:``) for a fight file."""

    file: Path
    fight_file: bool

    def line(self, state: FightState, command: Any) -> str:
        from meneur.systems.energy.cli.fight_paste import paste_line

        if self.fight_file:
            return _(
                "{command} (to add under commands: in {file})",
                command=_line(wire(command)),
                file=str(self.file),
            )
        return paste_line(self.file, state, command)


def _print_suggestion(paste: Paste, state: FightState, move: Move) -> None:
    """The suggested move in words, its command, then the alternatives."""
    out = console()
    if move.suggestion is None:
        out.print(_gm_words(state, move.command), markup=False)
        out.print(_("Command: {command}", command=paste.line(state, move.command)), markup=False)
        return
    out.print(move.suggestion.best.explanation.render(), markup=False)
    out.print(_("Command: {command}", command=paste.line(state, move.command)), markup=False)
    for alternative in move.suggestion.alternatives:
        out.print(_("Alternative: {explanation}", explanation=alternative.explanation.render()), markup=False)
        out.print(f"  {paste.line(state, alternative.command)}", markup=False)


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
                "Print JSON: played (number of commands), commands (fight-file form), winner, phase,"
                " stopped (ended, waiting, turns or commands), file."
            ),
        ),
    ] = False,
) -> None:
    """Play the chosen sides to the end of the fight, or until a side not played must act.

    On a session file (made by ``fight new``) the commands go into its log, each one undoable; on a
    fight file they are added to its ``commands``."""
    played = _sides_played(sides)
    chosen = policy_named(policy, nodes, budget_ms)
    policies, rng = dict.fromkeys(SIDES, chosen), random.Random(seed)
    target = out_file or file
    data = read_data(file)
    if _is_fight_file(data):
        outcome = _auto_fight_file(file, data, target, policies, rng, played)
    else:
        outcome = _auto_session(file, target, policies, rng, played)
    if as_json:
        print_json(
            {
                "played": len(outcome.commands),
                "commands": outcome.commands,
                "winner": outcome.won,
                "phase": outcome.state.phase.value,
                "stopped": outcome.stopped,
                "file": str(target),
            }
        )
    else:
        _print_played(outcome, target)


def _auto_fight_file(
    file: Path,
    data: dict[str, Any],
    target: Path,
    policies: dict[str, Policy],
    rng: random.Random,
    played: frozenset[str],
) -> _PlayedOut:
    """``auto`` on a fight file: its commands played in a session, the new ones added to the file."""
    from meneur.systems.energy.cli.fight_setup import played as play_file

    outcome = _play_out(play_file(file, True), policies, rng, played)
    data = moved(data, file, target)
    data["commands"] = [*(data.get("commands") or []), *outcome.commands]
    _write(target, data)
    return outcome


def _auto_session(
    file: Path, target: Path, policies: dict[str, Policy], rng: random.Random, played: frozenset[str]
) -> _PlayedOut:
    """``auto`` on a session file: each command carried out by the session and kept in its log."""
    from meneur.engine import store

    if target == file:
        with store.transaction(file, KEY) as session:
            return _play_out(session, policies, rng, played)
    session = store.load(file, KEY)
    outcome = _play_out(session, policies, rng, played)
    store.save(target, session)
    return outcome


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
    """What ``auto`` did: the state reached, the commands played, why each was chosen, the winner, and
    why it stopped (``ended``, ``waiting`` for a side not played, the ``turns`` or ``commands`` limit)."""

    state: FightState
    commands: list[Any] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    won: str | None = None
    stopped: str = "ended"


def _play_out(
    session: Any, policies: dict[str, Policy], rng: random.Random, played: frozenset[str]
) -> _PlayedOut:
    """Play the ``played`` sides through ``session`` until the fight ends, another side must act, or a
    limit is reached (:data:`MAX_TURNS` turns, :data:`MAX_COMMANDS` commands)."""
    from meneur.systems.energy.combat.engine import NO_DICE

    outcome = _PlayedOut(session.state)
    while session.state.phase is not Phase.ENDED:
        state = session.state
        if len(outcome.commands) >= MAX_COMMANDS or state.turn > MAX_TURNS:
            outcome.stopped = "commands" if len(outcome.commands) >= MAX_COMMANDS else "turns"
            break
        move = next_move(state, policies, rng, played)
        if move is None:
            outcome.stopped = "waiting"
            break
        if move.suggestion is not None:
            outcome.lines.append(move.suggestion.best.explanation.render())
        if state.phase is not Phase.SETUP and winner(state) is not None:
            outcome.won = winner(state)
        session.do(move.command, NO_DICE)
        outcome.commands.append(wire(move.command))
    outcome.state = session.state
    return outcome


_STOPPED = {
    "waiting": N_("Stopped: a side not played must act."),
    "turns": N_("Stopped: the fight is still going after {turns} turns, the most auto plays."),
    "commands": N_("Stopped: {count} commands played, the most auto plays at once."),
}


def _print_played(outcome: _PlayedOut, target: Path) -> None:
    out = console()
    for line in outcome.lines:
        out.print(line, markup=False)
    if outcome.won is not None:
        out.print(
            _("The {side} win.", side=_("heroes") if outcome.won == "heroes" else _("foes")), markup=False
        )
    elif outcome.stopped in _STOPPED:
        out.print(_(_STOPPED[outcome.stopped], turns=MAX_TURNS, count=MAX_COMMANDS), markup=False)
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
