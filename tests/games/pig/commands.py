"""What a player may do on their turn (``roll``, ``hold``), checked once by :func:`refusal` for both
``decide`` and ``legal``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from meneur.dice.source import DiceSource
from meneur.engine.system import Legal
from meneur.errors import BadInputError, Refused
from meneur.i18n import N_, Message
from tests.games.pig.events import Event, Held, Rolled, Won
from tests.games.pig.model import DOMAIN, State

SIDES = 6
"""The one die of the game."""


@dataclass(frozen=True, slots=True)
class Roll:
    """``actor`` rolls the die once more this turn."""

    actor: str


@dataclass(frozen=True, slots=True)
class Hold:
    """``actor`` banks the turn's points and passes the turn."""

    actor: str


Command = Roll | Hold


def _seated(state: State, actor: str) -> None:
    if actor not in state.players:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("No player is called '{name}'; the players are: {players}."),
                {"name": actor, "players": ", ".join(state.players)},
            )
        )


def refusal(state: State, command: Command) -> Refused | None:
    """Why the rules forbid ``command`` now (``None``: they allow it)."""
    if state.winner is not None:
        return Refused(
            Message(DOMAIN, N_("The game is over: {name} won."), {"name": state.winner}), rule="pig.over"
        )
    if command.actor != state.current:
        return Refused(
            Message(
                DOMAIN,
                N_("It is {name}'s turn, not {actor}'s."),
                {"name": state.current, "actor": command.actor},
            ),
            rule="pig.not_your_turn",
        )
    if isinstance(command, Hold) and state.turn_points == 0:
        return Refused(
            Message(DOMAIN, N_("{actor} has no points to bank yet: roll first."), {"actor": command.actor}),
            rule="pig.roll_first",
        )
    return None


def decide(state: State, command: Command, dice: DiceSource) -> list[Event]:
    """The events of ``command``; the one die comes from ``dice``.

    Raises:
        BadInputError: the command names no player of the game.
        Refused: the rules forbid it now (see :func:`refusal`).
    """
    _seated(state, command.actor)
    refused = refusal(state, command)
    if refused is not None:
        raise refused
    if isinstance(command, Roll):
        return [Rolled(command.actor, dice.roll(SIDES))]
    events: list[Event] = [Held(command.actor, state.turn_points)]
    score = state.score_of(command.actor) + state.turn_points
    if score >= state.options.goal:
        events.append(Won(command.actor, score))
    return events


def legal(state: State, include_refused: bool) -> Sequence[Legal[Command]]:
    """Each player's ``roll`` and ``hold``: the ones allowed now (and, if asked, the refused ones
    with their rule and reason)."""
    found: list[Legal[Command]] = []
    for player in state.players:
        for kind, command in (("roll", Roll(player)), ("hold", Hold(player))):
            refused = refusal(state, command)
            if refused is None:
                found.append(Legal(player, kind, command, details={"turn_points": state.turn_points}))
            elif include_refused:
                found.append(Legal(player, kind, command, rule=refused.rule, reason=refused.message))
    return found
