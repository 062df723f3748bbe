"""A small real system for the kernel's tests: a tally that counts up, with one rule.

It is a complete :class:`~meneur.engine.system.System` (codec, legality, refusals with rule keys,
dice written in events), small enough that a test states every expected number by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from meneur.dice.source import DiceSource
from meneur.engine import Legal, System
from meneur.engine.codec import Codec
from meneur.engine.registry import SYSTEMS
from meneur.errors import BadInputError, Refused
from meneur.i18n import Message


@dataclass(frozen=True)
class Add:
    amount: int


@dataclass(frozen=True)
class Roll:
    sides: int = 6


@dataclass(frozen=True)
class Reset:
    pass


@dataclass(frozen=True)
class Added:
    amount: int


@dataclass(frozen=True)
class Rolled:
    face: int


LIMIT = 100
"""The rule of the tally: it never goes above 100."""


def start(setup: object) -> int:
    if not isinstance(setup, dict) or not isinstance(setup.get("start"), int):
        raise BadInputError(Message("core", "setup: start"))
    return int(setup["start"])


def decide(state: int, command: object, dice: DiceSource) -> list[object]:
    if isinstance(command, Reset):
        return [Added(-state)]
    if isinstance(command, Roll):
        return [Rolled(dice.roll(command.sides))]
    assert isinstance(command, Add)
    if state + command.amount > LIMIT:
        raise Refused(Message("core", "over the limit"), rule="limit")
    return [Added(command.amount)]


def evolve(state: int, event: object) -> int:
    return state + (event.amount if isinstance(event, Added) else event.face)  # type: ignore[attr-defined]


def legal(state: int, include_refused: bool) -> list[Legal[object]]:
    found: list[Legal[object]] = [Legal(None, "reset", Reset())]
    if state + 1 <= LIMIT:
        found.append(Legal(None, "add", Add(1), 1, LIMIT - state))
    elif include_refused:
        found.append(Legal(None, "add", Add(1), rule="limit", reason=Message("core", "over the limit")))
    return found


SYSTEM = System(
    key="tally",
    domain="core",
    codec=Codec({"add": Add, "roll": Roll, "reset": Reset}, {"added": Added, "rolled": Rolled}),
    start=start,
    decide=decide,
    evolve=evolve,
    legal=legal,
    state_json=lambda state: state,
    state_from_json=int,
    migrate=lambda data: (
        {"meneur": "tally", "format": 1, "setup": {"start": data["old_total"]}, "log": []}
        if isinstance(data, dict) and "old_total" in data
        else data
    ),
)


def register() -> None:
    """Make the tally known to the engine under the key ``tally``."""
    SYSTEMS["tally"] = __name__
