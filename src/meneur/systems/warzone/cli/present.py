"""How a Warzone session prints: the events told with the powers' effects, then each model's state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meneur.cli.sessions import AnySession, Lines, Presenter
from meneur.i18n import N_, Message
from meneur.systems.warzone import commands as c
from meneur.systems.warzone.engine import describe
from meneur.systems.warzone.narration import effect_lines
from meneur.systems.warzone.squad import SquadState, legal
from meneur.systems.warzone.turn import PHASE_NAMES, Phase, TurnState

D = "warzone"
KEY = "warzone"
"""The kind of session these commands play (its registry key)."""


def state_json(squad: SquadState, name: str) -> dict[str, Any]:
    """The JSON form of a model's state in play, with what it may do now."""
    state = squad.models[name]
    return {
        "model": state.figure.name,
        "turn": state.turn,
        "phase": state.phase.value,
        "activated": state.activated,
        "actions_left": state.actions_left,
        "declared": list(state.declared),
        "techniques_tested": state.techniques_tested,
        "next_technique": state.next_technique,
        "penalty": state.penalty,
        "cannot_concentrate": state.cannot_concentrate,
        "knocked_down": state.knocked_down,
        "panicked": state.panicked,
        "wounds": state.wounds,
        "legal": [
            {"command": entry.kind, "power": getattr(entry.command, "name", None), "actions": entry.cost_min}
            for entry in legal(squad)
            if entry.actor == name or getattr(entry.command, "model", None) == name
        ],
    }


def _possible(squad: SquadState) -> Message:
    shown: list[str] = []
    several = len(squad.models) > 1
    for entry in legal(squad):
        if several and entry.actor is not None:
            text = f"{entry.actor}: {entry.kind}"
            if isinstance(entry.command, c.CastSpell):
                text += f" {entry.command.name}"
            if isinstance(entry.command, c.HelpUp):
                text += f" {entry.command.model}"
            if text not in shown:
                shown.append(text)
            continue
        text = entry.kind + (f" {entry.command.name}" if isinstance(entry.command, c.CastSpell) else "")
        if text not in shown:
            shown.append(text)
    if not shown:
        return Message(D, N_("Nothing is possible now."))
    return Message(D, N_("Possible now: {commands}."), {"commands": ", ".join(shown)})


def squad_lines(squad: SquadState) -> list[Message]:
    """Each model's turn, phase, actions, wounds and conditions, then what may be done now."""
    lines = [line for state in squad.models.values() for line in state_lines(state)]
    lines.append(_possible(squad))
    return lines


def state_lines(state: TurnState) -> list[Message]:
    """The model's turn, phase, actions, wounds and conditions."""
    params: dict[str, object] = {
        "model": state.figure.name,
        "turn": state.turn,
        "phase": Message(D, PHASE_NAMES[state.phase]),
        "actions": state.actions_left,
        "wounds": state.wounds,
    }
    if state.phase is Phase.READY and state.activated:
        head = N_("{model}, turn {turn}: activation over for this turn; wounds: {wounds}.")
    elif state.phase is Phase.READY or state.phase is Phase.WAKING:
        head = N_("{model}, turn {turn}: {phase}; wounds: {wounds}.")
    else:
        head = N_("{model}, turn {turn}: {phase}; actions left: {actions}; wounds: {wounds}.")
    lines = [Message(D, head, params)]
    flags = [
        (state.knocked_down, N_("knocked down")),
        (state.panicked, N_("panicked")),
        (state.cannot_concentrate, N_("cannot concentrate this turn")),
    ]
    lines.extend(Message(D, text) for flag, text in flags if flag)
    if state.penalty:
        lines.append(
            Message(D, N_("Power −{penalty} for the rest of this activation."), {"penalty": state.penalty})
        )
    return lines


def _events(session: AnySession, events: Sequence[Any]) -> Lines:
    squad: SquadState = session.state
    lines: list[Message | str] = []
    for event in events:
        figure = squad.models[getattr(event, "model", None) or squad.first].figure
        lines += [describe(squad, event), *effect_lines(figure, event)]
    return lines


def _json(squad: SquadState) -> dict[str, Any]:
    """``state``: the model being activated (or the first); ``models``: every model by name."""
    return {
        "state": state_json(squad, squad.active or squad.first),
        "models": {name: state_json(squad, name) for name in squad.models},
    }


def presenter() -> Presenter:
    """The Warzone presenter of the shared session runner."""
    return Presenter(
        events=_events,
        state=lambda session: squad_lines(session.state),
        state_json=lambda session: _json(session.state),
    )
