"""The log's line for each event of a game of pig."""

from __future__ import annotations

from meneur.i18n import N_, Message
from tests.games.pig.events import Event, Held, Rolled
from tests.games.pig.model import DOMAIN, State


def describe(state: State, event: Event) -> Message | None:
    """The line of the log for ``event`` (``state`` is the state before it)."""
    if isinstance(event, Rolled):
        if event.face == 1:
            return Message(
                DOMAIN,
                N_("{actor} rolls a 1 and loses the turn's {points} points."),
                {"actor": event.actor, "points": state.turn_points},
            )
        return Message(
            DOMAIN,
            N_("{actor} rolls a {face} (turn: {points})."),
            {"actor": event.actor, "face": event.face, "points": state.turn_points + event.face},
        )
    if isinstance(event, Held):
        return Message(
            DOMAIN,
            N_("{actor} banks {points} points (score: {score})."),
            {
                "actor": event.actor,
                "points": event.points,
                "score": state.score_of(event.actor) + event.points,
            },
        )
    return Message(
        DOMAIN, N_("{actor} wins with {score} points."), {"actor": event.actor, "score": event.score}
    )
