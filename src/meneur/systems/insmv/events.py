"""Events of an INS/MV table and the fold that turns them into state.

Conventions: ``(state, event) -> state`` is pure; the event log is the truth and the state is a fold
over it (:func:`replay`), so undo is dropping the last event.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field

from meneur.systems.insmv.model import Being, Frozen


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


Event = Annotated[BeingAdded | PowerPointsSpent | PowerPointsRecovered, Field(discriminator="type")]


class Table(Frozen):
    """The beings at the table, by name."""

    beings: dict[str, Being] = Field(default_factory=dict)


def apply(state: Table, event: Event) -> Table:
    """The state after ``event`` (events were checked when decided, so they always apply)."""
    if isinstance(event, BeingAdded):
        return Table(beings={**state.beings, event.being.name: event.being})
    being = state.beings[event.name]
    if isinstance(event, PowerPointsSpent):
        left = being.current_power_points - event.cost
    else:
        left = being.current_power_points + event.amount
    return Table(beings={**state.beings, event.name: being.model_copy(update={"power_points": left})})


def replay(events: Iterable[Event], state: Table | None = None) -> Table:
    """Fold ``events`` over ``state`` (an empty table by default)."""
    state = state or Table()
    for event in events:
        state = apply(state, event)
    return state
