"""The chronicle as the engine drives it: ``SYSTEM``, registered under the key ``carpathes``.

* setup: ``{"options": {table options}, "characters": [characters]}`` (both optional), the table
  options ``chronicle new`` takes and the cast;
* commands and events: :mod:`.commands` and :mod:`.events`, named on the wire by their ``type``
  (``{"roll": {"pc": "Mihail", "trait": "mental"}}``, a bare ``"start_session"``);
* ``decide``/``evolve``: :mod:`.chronicle`; ``legal``: :mod:`.legality` (the same predicates);
* ``migrate``: chronicle files written before the engine (``{"options": ..., "batches": [[event,
  ...], ...]}``) become session files, each batch an entry without its command.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from meneur.engine.codec import Codec
from meneur.engine.problems import explain
from meneur.engine.system import System
from meneur.systems.carpathes.chronicle import decide, evolve
from meneur.systems.carpathes.commands import COMMANDS, Command
from meneur.systems.carpathes.events import EVENTS, Event, rolled
from meneur.systems.carpathes.legality import legal
from meneur.systems.carpathes.narration import describe
from meneur.systems.carpathes.state import ChronicleState, start

KEY = "carpathes"
FORMAT = 1


def state_json(state: ChronicleState) -> Any:
    """A snapshot of the state as JSON."""
    return state.model_dump(mode="json")


def state_from_json(data: Any) -> ChronicleState:
    """The state a snapshot holds.

    Raises:
        BadInputError: the snapshot is malformed (naming the field).
    """
    try:
        return ChronicleState.model_validate(data)
    except ValidationError as error:
        raise explain(error, "state") from None


def _event_wire(event: Any) -> Any:
    if isinstance(event, dict) and isinstance(event.get("type"), str):
        return {event["type"]: {k: v for k, v in event.items() if k != "type"}}
    return event  # left as it is: reading the log will say what is wrong


def migrate(data: Any) -> Any:
    """A chronicle file of any format as the current session file's mapping.

    The files written before the engine held ``{"options": {...}, "batches": [[{"type":
    "character_added", ...}, ...], ...]}``: each batch (one command's events) becomes an entry of
    the log; the options become the setup. Current files and anything else are returned as they are.
    """
    if not isinstance(data, dict) or "meneur" in data or "batches" not in data:
        return data
    batches = data.get("batches")
    log: Any = batches  # not a list: the store says so
    if isinstance(batches, list):
        log = [
            {"command": None, "events": [_event_wire(e) for e in batch] if isinstance(batch, list) else batch}
            for batch in batches
        ]
    return {
        "meneur": KEY,
        "format": FORMAT,
        "setup": {"options": data.get("options") or {}},
        "log": log,
        "undone": [],
    }


SYSTEM: System[ChronicleState, Command, Event] = System(
    key=KEY,
    domain="carpathes",
    codec=Codec(COMMANDS, EVENTS),
    start=start,
    decide=decide,
    evolve=evolve,
    legal=legal,
    state_json=state_json,
    state_from_json=state_from_json,
    format=FORMAT,
    describe=describe,
    rolled=rolled,
    migrate=migrate,
)
"""The Carpathian chronicle's rules for :class:`meneur.engine.Session`."""
