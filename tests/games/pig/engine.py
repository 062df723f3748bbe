"""Pig as the engine drives it.

The setup is ``{"players": ["Ayla", "Bren"], "options": {"goal": 20}}`` (the options optional: the
table's are put in by the server); the commands are ``roll`` and ``hold``, each naming its actor.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, ValidationError

from meneur.engine.codec import Codec
from meneur.engine.problems import explain
from meneur.engine.system import System
from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from tests.games.pig.commands import Command, Hold, Roll, decide, legal
from tests.games.pig.events import Event, Held, Rolled, Won, evolve
from tests.games.pig.model import DOMAIN, MAX_PLAYERS, Frozen, State, TableOptions
from tests.games.pig.narration import describe

KEY = "pig"

CODEC: Codec[Command, Event] = Codec(
    {"roll": Roll, "hold": Hold}, {"rolled": Rolled, "held": Held, "won": Won}
)


Name = Annotated[str, Field(min_length=1, max_length=40, pattern=r"\S")]
"""A player's name: some text, not only spaces."""


class Setup(Frozen):
    """What a game starts with: its players in turn order and the table's options."""

    players: tuple[Name, ...] = Field(min_length=2, max_length=MAX_PLAYERS)
    options: TableOptions = TableOptions()


def start(setup: Any) -> State:
    """The first state of the game ``setup`` describes.

    Raises:
        BadInputError: a malformed setup, naming the field.
    """
    try:
        read = Setup.model_validate(setup)
    except ValidationError as error:
        raise explain(error, "setup") from None
    twice = sorted({name for name in read.players if read.players.count(name) > 1})
    if twice:
        raise BadInputError(
            Message(
                DOMAIN,
                N_("setup.players: each player needs a name of their own; twice: {names}."),
                {"names": ", ".join(twice)},
            )
        )
    return State(options=read.options, players=read.players, scores=(0,) * len(read.players))


def state_json(state: State) -> Any:
    """The state as JSON."""
    return state.model_dump(mode="json")


def state_from_json(data: Any) -> State:
    """The state written by :func:`state_json`."""
    return State.model_validate(data)


SYSTEM: System[State, Command, Event] = System(
    key=KEY,
    domain=DOMAIN,
    codec=CODEC,
    start=start,
    decide=decide,
    evolve=evolve,
    legal=legal,
    state_json=state_json,
    state_from_json=state_from_json,
    describe=describe,
)
