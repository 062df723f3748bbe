"""Commands of an INS/MV table and the decisions that turn them into events.

Conventions: ``(state, command) -> events`` is pure and raises on a command the rules or the input
forbid, leaving the state untouched. Legality is a query: :func:`refusal` says why a command is not
allowed now, without raising.
"""

from __future__ import annotations

from meneur.errors import BadInputError, IllegalActionError
from meneur.i18n import N_, Message
from meneur.systems.insmv.events import BeingAdded, Event, PowerPointsRecovered, PowerPointsSpent, Table
from meneur.systems.insmv.model import Being, Frozen
from meneur.systems.insmv.power_points import recovery_amount, spend_refusal


class AddBeing(Frozen):
    """Bring a being to the table."""

    being: Being


class SpendPowerPoints(Frozen):
    """Spend PP on a power."""

    name: str
    cost: int
    power: str | None = None


class RecoverPowerPoints(Frozen):
    """Let some 24-hour periods pass for a being, at complete rest or not."""

    name: str
    days: int
    at_rest: bool = False


Command = AddBeing | SpendPowerPoints | RecoverPowerPoints


def _check_name(state: Table, name: str) -> Being:
    if name not in state.beings:
        known = ", ".join(sorted(state.beings)) or "-"
        raise BadInputError(Message("insmv", N_("No being named '{name}' at the table (known: {known})."),
                                    {"name": name, "known": known}))
    return state.beings[name]


def refusal(state: Table, command: Command) -> Message | None:
    """Why the rules refuse ``command`` now (``None`` when they allow it); bad input still raises."""
    if isinstance(command, SpendPowerPoints):
        return spend_refusal(_check_name(state, command.name), command.cost)
    return None


def decide(state: Table, command: Command) -> list[Event]:
    """The events that ``command`` causes.

    Raises:
        BadInputError: for an unknown or duplicate name, a cost below 1 or negative days.
        IllegalActionError: when a being's pool is short for the power.
    """
    if isinstance(command, AddBeing):
        if command.being.name in state.beings:
            raise BadInputError(Message("insmv", N_("A being named '{name}' is already at the table."),
                                        {"name": command.being.name}))
        being = command.being
        if being.power_points is not None and being.power_points > being.max_power_points:
            raise BadInputError(Message(
                "insmv", N_("{name} cannot have {left} power points: the maximum is {maximum}."),
                {"name": being.name, "left": being.power_points, "maximum": being.max_power_points}))
        return [BeingAdded(being=being)]
    being = _check_name(state, command.name)
    if isinstance(command, SpendPowerPoints):
        if command.cost < 1:
            raise BadInputError(Message("insmv", N_("A power-point cost is 1 or more, not {cost}."),
                                        {"cost": command.cost}))
        reason = refusal(state, command)
        if reason is not None:
            raise IllegalActionError(reason, rule="power_points_short")
        return [PowerPointsSpent(name=command.name, cost=command.cost, power=command.power)]
    amount = recovery_amount(being, command.days, command.at_rest)
    return [PowerPointsRecovered(
        name=command.name, days=command.days, at_rest=command.at_rest, amount=amount)]
