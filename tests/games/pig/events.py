"""What happens in a game of pig, and how each event changes the state (``evolve``)."""

from __future__ import annotations

from dataclasses import dataclass

from tests.games.pig.model import State


@dataclass(frozen=True, slots=True)
class Rolled:
    """``actor`` rolled the die: ``face`` adds to the turn's points, or a 1 loses them and passes."""

    actor: str
    face: int


@dataclass(frozen=True, slots=True)
class Held:
    """``actor`` banked ``points``, the turn's points, and passed the turn."""

    actor: str
    points: int


@dataclass(frozen=True, slots=True)
class Won:
    """``actor`` banked the goal: the game is over."""

    actor: str
    score: int


Event = Rolled | Held | Won


def _passed(state: State) -> State:
    return state.model_copy(update={"turn": (state.turn + 1) % len(state.players), "turn_points": 0})


def evolve(state: State, event: Event) -> State:
    """The state after ``event``."""
    if isinstance(event, Rolled):
        if event.face == 1:
            return _passed(state)
        return state.model_copy(update={"turn_points": state.turn_points + event.face})
    if isinstance(event, Held):
        index = state.players.index(event.actor)
        scores = tuple(s + event.points if i == index else s for i, s in enumerate(state.scores))
        return _passed(state.model_copy(update={"scores": scores}))
    return state.model_copy(update={"winner": event.actor})
