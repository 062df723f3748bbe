"""INS/MV as the engine drives it: a table of beings, their power points and their tests.

The setup is ``{"options": {...}, "beings": [{...}, ...]}`` (both optional); the commands are
``add_being``, ``spend``, ``recover``, ``test`` and ``opposed``. Files written before the engine
(``{"system": "insmv", "events": [...]}``) are migrated on load by :func:`migrate`.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, ValidationError

from meneur.engine.codec import Codec
from meneur.engine.problems import explain
from meneur.engine.system import System
from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.systems.insmv.commands import (
    AddBeing,
    Command,
    OpposedTest,
    RecoverPowerPoints,
    RollTest,
    SpendPowerPoints,
    check_new_being,
    decide,
    legal,
)
from meneur.systems.insmv.events import (
    BeingAdded,
    Event,
    OpposedTested,
    PowerPointsRecovered,
    PowerPointsSpent,
    Tested,
    evolve,
    rolled,
)
from meneur.systems.insmv.model import Being, Frozen, Table, TableOptions
from meneur.systems.insmv.narration import describe

FORMAT = 1

CODEC: Codec[Command, Event] = Codec(
    {
        "add_being": AddBeing,
        "spend": SpendPowerPoints,
        "recover": RecoverPowerPoints,
        "test": RollTest,
        "opposed": OpposedTest,
    },
    {
        "being_added": BeingAdded,
        "opposed_tested": OpposedTested,
        "power_points_spent": PowerPointsSpent,
        "power_points_recovered": PowerPointsRecovered,
        "tested": Tested,
    },
)


class Setup(Frozen):
    """What a table starts with: its options and its beings."""

    options: TableOptions = TableOptions()
    beings: tuple[Being, ...] = Field(default=(), max_length=1000)


def start(setup: Any) -> Table:
    """The table a setup describes (``None``: an empty table with the default options).

    Raises:
        BadInputError: a malformed setup, or two beings of the same name.
    """
    try:
        read = Setup.model_validate(setup or {})
    except ValidationError as error:
        raise explain(error, "setup") from None
    table = Table(options=read.options)
    for being in read.beings:
        check_new_being(table, being)
        table = evolve(table, BeingAdded(being=being))
    return table


def state_from_json(data: Any) -> Table:
    """A table from its snapshot."""
    try:
        return Table.model_validate(data)
    except ValidationError as error:
        raise explain(error, "state") from None


_OLD_COMMANDS = {
    "being_added": lambda e: {"add_being": {"being": e["being"]}},
    "power_points_spent": lambda e: {
        "spend": {"being": e["name"], "cost": e["cost"], "power": e.get("power")}
    },
    "power_points_recovered": lambda e: {
        "recover": {"being": e["name"], "days": e["days"], "at_rest": e["at_rest"]}
    },
}


def migrate(data: Any) -> Any:
    """A session file from a table file written before the engine: one command per old event.

    Raises:
        BadInputError: an old file whose events are not a list of tagged events.
    """
    if not (isinstance(data, dict) and data.get("system") == "insmv" and "meneur" not in data):
        return data
    events = data.get("events")
    if not isinstance(events, list) or not all(
        isinstance(e, dict) and e.get("type") in _OLD_COMMANDS for e in events
    ):
        raise BadInputError(
            Message(
                "insmv",
                N_("This INS/MV table file of an older meneur cannot be read: its 'events' are not events."),
            )
        )
    log = []
    for event in events:
        fields = {k: v for k, v in event.items() if k != "type"}
        try:
            command = _OLD_COMMANDS[event["type"]](event)
        except KeyError:
            command = None
        log.append({"command": command, "events": [{event["type"]: fields}]})
    return {"meneur": "insmv", "format": FORMAT, "setup": {}, "log": log, "undone": []}


SYSTEM: System[Table, Command, Event] = System(
    key="insmv",
    domain="insmv",
    codec=CODEC,
    start=start,
    decide=decide,
    evolve=evolve,
    legal=legal,
    state_json=lambda state: state.model_dump(mode="json"),
    state_from_json=state_from_json,
    format=FORMAT,
    describe=describe,
    rolled=rolled,
    migrate=migrate,
)
