"""Events of an INS/MV table and the fold that turns them into state.

Conventions: ``evolve(state, event) -> state`` is pure; the event log is the truth and the state is a
fold over it. A test at the table writes its three dice in :class:`Tested`, so replaying the log
rolls nothing.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from meneur.systems.insmv.model import Being, Frozen, Table
from meneur.systems.insmv.table_um import Difficulty

__all__ = [
    "BeingAdded",
    "Event",
    "OpposedTested",
    "PowerPointsRecovered",
    "PowerPointsSpent",
    "Table",
    "Tested",
    "evolve",
    "rolled",
]


class BeingAdded(Frozen):
    """A being joined the table."""

    type: Literal["being_added"] = "being_added"
    being: Being


class PowerPointsSpent(Frozen):
    """A being spent PP on a power."""

    type: Literal["power_points_spent"] = "power_points_spent"
    name: str
    cost: int
    power: str | None = None


class PowerPointsRecovered(Frozen):
    """A being recovered PP over some days."""

    type: Literal["power_points_recovered"] = "power_points_recovered"
    name: str
    days: int
    at_rest: bool
    amount: int


class Tested(Frozen):
    """A being of the table made a test on the table UM: what was tested and the d666 rolled.

    ``dice`` is empty for a power not possessed (no roll); ``success`` and ``units`` are the result.
    """

    type: Literal["tested"] = "tested"
    name: str
    value: int
    difficulty: Difficulty | None = None
    shift: int = 0
    voluntary: int = 0
    untrained_malus: int | None = None
    possessed: bool = True
    power: str | None = None
    dice: tuple[int, ...] = ()
    success: bool
    units: int | None = None
    talent: str | None = None
    characteristic: str | None = None


class OpposedTested(Frozen):
    """An opposed test between two beings of the table: A acts, B resists; both tests as rolled and
    the game master's decision on a tie (the outcome is read again from them)."""

    type: Literal["opposed_tested"] = "opposed_tested"
    attacker: Tested
    defender: Tested
    tie_winner: Literal["attacker", "defender"] | None = None


Event = Annotated[
    BeingAdded | PowerPointsSpent | PowerPointsRecovered | Tested | OpposedTested, Field(discriminator="type")
]


def rolled(event: Event) -> bool:
    """Whether ``event`` rolled the dice (a test of a power not possessed rolls none)."""
    return isinstance(event, OpposedTested) or (isinstance(event, Tested) and bool(event.dice))


def evolve(state: Table, event: Event) -> Table:
    """The state after ``event`` (events were checked when decided, so they always apply)."""
    if isinstance(event, BeingAdded):
        return state.model_copy(update={"beings": {**state.beings, event.being.name: event.being}})
    if isinstance(event, Tested | OpposedTested):
        return state
    being = state.beings[event.name]
    if isinstance(event, PowerPointsSpent):
        left = being.current_power_points - event.cost
    else:
        left = being.current_power_points + event.amount
    beings = {**state.beings, event.name: being.model_copy(update={"power_points": left})}
    return state.model_copy(update={"beings": beings})
