"""Events and the table told in the reader's language: the lines the command line prints.

Conventions: pure functions of the state (after the event) and the event, giving
:class:`~meneur.i18n.Message` values (or already rendered lines for a test's explanation).
"""

from __future__ import annotations

from meneur.i18n import N_, Message
from meneur.systems.insmv.catalogue import kind_label
from meneur.systems.insmv.commands import request_of
from meneur.systems.insmv.events import (
    BeingAdded,
    Event,
    OpposedTested,
    PowerPointsRecovered,
    PowerPointsSpent,
    Tested,
)
from meneur.systems.insmv.model import Table
from meneur.systems.insmv.opposed import OpposedResult, Side, oppose, settle
from meneur.systems.insmv.resolution import TestResult, plan_test

D = "insmv"


def signed(number: int) -> str:
    """A signed number with a true minus sign (``−2``, ``+1``)."""
    return f"{number:+d}".replace("-", "\u2212")


def test_result(state: Table, event: Tested) -> TestResult:
    """The result a :class:`Tested` event records, rebuilt from its dice (nothing is rolled)."""
    request = request_of(event)
    plan = plan_test(request, state.beings[event.name].rules) if event.possessed else None
    return TestResult(request, plan, event.dice, event.success, event.units)


def opposed_result(state: Table, event: OpposedTested) -> OpposedResult:
    """The opposition an :class:`OpposedTested` event records, read again from its dice."""
    result = oppose(test_result(state, event.attacker), test_result(state, event.defender), state.options)
    if event.tie_winner is not None and result.needs_gm_decision:
        result = settle(result, Side(event.tie_winner))
    return result


def _opposed_line(state: Table, event: OpposedTested) -> Message:
    result = opposed_result(state, event)
    params = {"attacker": event.attacker.name, "defender": event.defender.name}
    if result.needs_gm_decision:
        return Message(
            D, N_("{attacker} against {defender}: a tie of units, the game master decides."), params
        )
    if result.action_succeeds:
        return Message(D, N_("{attacker} against {defender}: {attacker}'s action succeeds."), params)
    return Message(D, N_("{attacker} against {defender}: {attacker}'s action fails."), params)


def describe(state: Table, event: Event) -> Message | None:
    """What one event changed, in a sentence (``state`` is the table after it)."""
    if isinstance(event, PowerPointsSpent):
        left = state.beings[event.name].current_power_points
        if event.power:
            return Message(
                D,
                N_("{name} spends {cost} PP on {power}; {left} PP left."),
                {"name": event.name, "cost": event.cost, "power": event.power, "left": left},
            )
        return Message(
            D,
            N_("{name} spends {cost} PP; {left} PP left."),
            {"name": event.name, "cost": event.cost, "left": left},
        )
    if isinstance(event, PowerPointsRecovered):
        being = state.beings[event.name]
        params = {
            "name": event.name,
            "amount": event.amount,
            "days": event.days,
            "left": being.current_power_points,
            "maximum": being.max_power_points,
        }
        if event.amount == 0 and not event.at_rest and being.current_power_points < being.max_power_points:
            return Message(
                D,
                N_(
                    "{name} recovers 0 PP (recovery without rest is 0 for this being);"
                    " add --rest for complete rest."
                ),
                params,
            )
        return Message(D, N_("{name} recovers {amount} PP; now {left}/{maximum} PP."), params)
    if isinstance(event, Tested):
        return Message(D, N_("Success") if event.success else N_("Failure"))
    if isinstance(event, OpposedTested):
        return _opposed_line(state, event)
    assert isinstance(event, BeingAdded)
    return Message(D, N_("{name} joins the table."), {"name": event.being.name})


def event_lines(state: Table, event: Event) -> list[Message | str]:
    """The lines printed for one event: its sentence, and a test's explanation step by step."""
    head = describe(state, event)
    lines: list[Message | str] = [] if head is None else [head]
    if isinstance(event, Tested):
        lines.extend(f"  {line.render()}" for line in test_result(state, event).explain())
    if isinstance(event, OpposedTested):
        lines.extend(f"  {line.render()}" for line in opposed_result(state, event).explain())
    return lines


def table_lines(state: Table, names: list[str] | None = None) -> list[Message]:
    """One line per being (or only those named): its kind and its PP."""
    shown = sorted(state.beings) if names is None else names
    if not shown:
        return [Message(D, N_("No being at the table yet."))]
    lines = []
    for name in shown:
        being = state.beings[name]
        lines.append(
            Message(
                D,
                N_("{name} ({kind}): {left}/{maximum} power points"),
                {
                    "name": being.name,
                    "kind": kind_label(being.kind),
                    "left": being.current_power_points,
                    "maximum": being.max_power_points,
                },
            )
        )
    return lines
