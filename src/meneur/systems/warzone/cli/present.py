"""How a Warzone session prints: the events told with the powers' effects, then the model's state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meneur.cli.sessions import AnySession, Lines, Presenter
from meneur.i18n import N_, Message
from meneur.systems.warzone import commands as c
from meneur.systems.warzone.activation import PHASE_NAMES, Phase, TurnState, legal
from meneur.systems.warzone.narration import describe, effect_lines

D = "warzone"


def state_json(state: TurnState) -> dict[str, Any]:
    """The JSON form of a model's state in play, with what it may do now."""
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
            for entry in legal(state)
        ],
    }


def _possible(state: TurnState) -> Message:
    shown: list[str] = []
    for entry in legal(state):
        text = entry.kind + (f" {entry.command.name}" if isinstance(entry.command, c.CastSpell) else "")
        if text not in shown:
            shown.append(text)
    if not shown:
        return Message(D, N_("Nothing is possible now."))
    return Message(D, N_("Possible now: {commands}."), {"commands": ", ".join(shown)})


def state_lines(state: TurnState) -> list[Message]:
    """The model's turn, phase, actions, wounds and conditions, and what it may do now."""
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
    lines.append(_possible(state))
    return lines


def _events(session: AnySession, events: Sequence[Any]) -> Lines:
    figure = session.state.figure
    return [line for event in events for line in (describe(event), *effect_lines(figure, event))]


def presenter() -> Presenter:
    """The Warzone presenter of the shared session runner."""
    return Presenter(
        events=_events,
        state=lambda session: state_lines(session.state),
        state_json=lambda session: {"state": state_json(session.state)},
    )
