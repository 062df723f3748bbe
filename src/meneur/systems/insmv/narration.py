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
    evolve,
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


def _tested_what(event: Tested) -> Message:
    """What a test was for: the talent, the characteristic or the power named, or its value."""
    if event.power:
        return Message(D, N_("power {power} ({value})"), {"power": event.power, "value": event.value})
    if event.talent and event.untrained_malus is not None:
        return Message(
            D,
            N_("talent {talent} not possessed ({characteristic} {value}, malus {malus})"),
            {
                "talent": event.talent,
                "characteristic": event.characteristic or "",
                "value": event.value,
                "malus": event.untrained_malus,
            },
        )
    if event.talent:
        return Message(D, N_("talent {talent} ({value})"), {"talent": event.talent, "value": event.value})
    if event.characteristic:
        return Message(
            D,
            N_("{characteristic} ({value})"),
            {"characteristic": event.characteristic, "value": event.value},
        )
    return Message(D, N_("a value of {value}"), {"value": event.value})


def _shifts(event: Tested) -> Message | None:
    """The columns shifted, the game master's and the being's own, if any."""
    if event.shift and event.voluntary:
        return Message(
            D,
            N_(", game master's shift {shift}, voluntary shift {voluntary}"),
            {"shift": signed(event.shift), "voluntary": event.voluntary},
        )
    if event.shift:
        return Message(D, N_(", game master's shift {shift}"), {"shift": signed(event.shift)})
    if event.voluntary:
        return Message(D, N_(", voluntary shift {voluntary}"), {"voluntary": event.voluntary})
    return None


def test_line(state: Table, event: Tested) -> Message:
    """A test told in full: who, what for, its row and column with the highest d66 that succeeds,
    the d666, the result with its units and the intervention 111 or 666 shows (« Le nombre à
    l'intersection de la ligne et de la colonne représente le résultat [...] à obtenir avec un
    d666 », 000_008acb24c72771e3.txt)."""
    result = test_result(state, event)
    params: dict[str, object] = {"name": event.name, "what": _tested_what(event)}
    plan = result.plan
    if plan is None:
        return Message(
            D, N_("{name} tests {what}: a power not possessed, no chance and no roll: failure."), params
        )
    params["row"] = plan.request.row.label
    params["column"] = plan.column
    params["width"] = plan.width
    params["shifts"] = _shifts(event) or ""
    params["dice"] = "".join(str(d) for d in event.dice)
    params["units"] = event.units if event.units is not None else 0
    if plan.automatic is None:
        params["threshold"] = plan.threshold
        placed = N_(
            "{name} tests {what}, {row} row{shifts}: column {column} of {width}, success on {threshold} or less;"
            " d666 {dice}: "
        )
    elif plan.automatic.value == "failure":
        placed = N_(
            "{name} tests {what}, {row} row{shifts}: beyond the first column, automatic failure; d666 {dice}: "
        )
    else:
        placed = N_(
            "{name} tests {what}, {row} row{shifts}: beyond the last column, automatic success; d666 {dice}: "
        )
    outcome = N_("success, units {units}.") if event.success else N_("failure, units {units}.")
    params["placed"] = Message(D, placed, dict(params))
    params["outcome"] = Message(D, outcome, {"units": params["units"]})
    params["intervention"] = (
        Message(D, N_(" 111: divine intervention."))
        if result.intervention is not None and result.intervention.value == "divine"
        else Message(D, N_(" 666: infernal intervention."))
        if result.intervention is not None
        else ""
    )
    return Message(D, N_("{placed}{outcome}{intervention}"), params)


def _opposed_line(state: Table, event: OpposedTested) -> Message:
    result = opposed_result(state, event)
    params: dict[str, object] = {
        "attacker": event.attacker.name,
        "defender": event.defender.name,
        "a": test_line(state, event.attacker),
        "b": test_line(state, event.defender),
    }
    if result.needs_gm_decision:
        verdict = Message(
            D, N_("{attacker} against {defender}: a tie of units, the game master decides."), params
        )
    elif result.action_succeeds:
        verdict = Message(D, N_("{attacker} against {defender}: {attacker}'s action succeeds."), params)
    else:
        verdict = Message(D, N_("{attacker} against {defender}: {attacker}'s action fails."), params)
    return Message(D, N_("{verdict} {a} {b}"), {**params, "verdict": verdict})


def describe(state: Table, event: Event) -> Message | None:
    """What one event changed, in a sentence (``state`` is the table before it, as the kernel's log
    tells each event)."""
    if isinstance(event, PowerPointsSpent):
        left = evolve(state, event).beings[event.name].current_power_points
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
        being = evolve(state, event).beings[event.name]
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
        return test_line(state, event)
    if isinstance(event, OpposedTested):
        return _opposed_line(state, event)
    assert isinstance(event, BeingAdded)
    return Message(D, N_("{name} joins the table."), {"name": event.being.name})


def event_lines(state: Table, event: Event) -> list[Message | str]:
    """The lines printed for one event (``state``: the table before it): its sentence, and a
    test's explanation step by step."""
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
