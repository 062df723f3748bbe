"""JSON renderings of INS/MV results and tables (used by the CLI; stable keys documented here).

A test's stable keys are ``success``, ``threshold``, ``units`` and ``automatic``; probabilities are
reduced fractions written ``"n/d"``.
"""

from __future__ import annotations

from typing import Any

from meneur.dice.odds import fraction_text
from meneur.i18n import Message
from meneur.systems.insmv.events import Table
from meneur.systems.insmv.model import Being
from meneur.systems.insmv.odds import TestOdds
from meneur.systems.insmv.opposed import OpposedResult
from meneur.systems.insmv.resolution import TestPlan, TestResult


def lines(messages: list[Message]) -> list[str]:
    """Render messages in the current language."""
    return [message.render() for message in messages]


def result_json(result: TestResult) -> dict[str, Any]:
    """The JSON of a test; ``success``, ``threshold``, ``units`` and ``automatic`` are stable keys."""
    plan, request = result.plan, result.request
    return {
        "success": result.success,
        "threshold": result.threshold,
        "units": result.units,
        "automatic": None if result.automatic is None else result.automatic.value,
        "no_chance": result.no_chance,
        "value": request.value,
        "difficulty": request.row.value,
        "start_column": None if plan is None else plan.start_column,
        "column": None if plan is None else plan.column,
        "shifts": {
            "gm": request.gm_shift,
            "voluntary": request.voluntary_shift,
            "untrained_malus": request.untrained_malus,
        },
        "dice": list(result.dice),
        "roll": result.roll,
        "units_die": result.units_die,
        "intervention": None if result.intervention is None else result.intervention.value,
        "explanation": lines(result.explain()),
    }


def odds_json(plan: TestPlan | None, odds: TestOdds) -> dict[str, Any]:
    """The JSON of a test's exact odds."""
    return {
        "success": fraction_text(odds.success),
        "failure": fraction_text(odds.failure),
        "success_units": {str(u): fraction_text(p) for u, p in sorted(odds.success_units.items())},
        "failure_units": {str(u): fraction_text(p) for u, p in sorted(odds.failure_units.items())},
        "divine_intervention": fraction_text(odds.divine),
        "infernal_intervention": fraction_text(odds.infernal),
        "threshold": None if plan is None else plan.threshold,
        "column": None if plan is None else plan.column,
        "automatic": None if plan is None or plan.automatic is None else plan.automatic.value,
        "no_chance": plan is None,
    }


def opposed_json(result: OpposedResult) -> dict[str, Any]:
    """The JSON of an opposed test."""
    return {
        "outcome": result.outcome.value,
        "winner": None if result.winner is None else result.winner.value,
        "units": result.units,
        "action_succeeds": result.action_succeeds,
        "needs_gm_decision": result.needs_gm_decision,
        "gm_decision": None if result.gm_decision is None else result.gm_decision.value,
        "compared_units": None if result.compared is None else list(result.compared),
        "attacker": result_json(result.attacker),
        "defender": result_json(result.defender),
        "explanation": lines(result.explain()),
    }


def being_json(being: Being) -> dict[str, Any]:
    """The JSON of a being at the table."""
    return {
        "name": being.name,
        "kind": being.kind.value,
        "will": being.will,
        "max_power_points": being.max_power_points,
        "power_points": being.current_power_points,
        "rules": being.rules.model_dump(),
        "characteristics": dict(being.characteristics),
        "talents": [t.model_dump() for t in being.talents],
        "powers": dict(being.powers),
    }


def table_json(state: Table, events: int) -> dict[str, Any]:
    """The JSON of a table file's current state."""
    return {"beings": {name: being_json(b) for name, b in sorted(state.beings.items())}, "events": events}
