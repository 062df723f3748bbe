"""The log's line for each event of a game of pig.

A line is made from the event alone: the adapters hand ``describe`` the state before the event (the
server's log) or after the whole command (the command line), so the line must not read it.
"""

from __future__ import annotations

from meneur.i18n import N_, Message
from tests.games.pig.events import Event, Held, Rolled
from tests.games.pig.model import DOMAIN, State


def describe(state: State, event: Event) -> Message | None:
    """The line of the log for ``event``."""
    del state
    if isinstance(event, Rolled):
        if event.face == 1:
            return Message(
                DOMAIN, N_("{actor} rolls a 1 and loses the turn's points."), {"actor": event.actor}
            )
        return Message(DOMAIN, N_("{actor} rolls a {face}."), {"actor": event.actor, "face": event.face})
    if isinstance(event, Held):
        return Message(
            DOMAIN, N_("{actor} banks {points} points."), {"actor": event.actor, "points": event.points}
        )
    return Message(
        DOMAIN, N_("{actor} wins with {score} points."), {"actor": event.actor, "score": event.score}
    )
