"""Exact odds of power tests and of the violence table, computed with icepool.

Every probability is a :class:`fractions.Fraction`. Outcome keys are the stable ones used in JSON:
``absolute_success``, ``success``, ``failure``, ``critical_failure`` (``success`` and ``failure`` are
the non-critical ones).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool  # type: ignore[import-untyped]

from meneur.systems.warzone.casting import actions_spent, leadership_modifier
from meneur.systems.warzone.catalogue import ViolenceEffect
from meneur.systems.warzone.model import PowerKind, TableOptions
from meneur.systems.warzone.power_test import Critical, PowerTestSpec, outcome_of
from meneur.systems.warzone.violence import row_for

OUTCOMES: tuple[str, ...] = ("absolute_success", "success", "failure", "critical_failure")


def outcome_key(roll: int, threshold: int, options: TableOptions) -> str:
    """The outcome key of one d20 result."""
    success, critical = outcome_of(roll, threshold, options)
    if critical is not None:
        return critical.value
    return "success" if success else "failure"


def _distribution(die: Any, keys: tuple[str, ...]) -> dict[str, Fraction]:
    total = die.denominator()
    return {key: Fraction(die.quantity(key), total) for key in keys}


def outcome_odds(spec: PowerTestSpec, options: TableOptions | None = None) -> dict[str, Fraction]:
    """Probability of each outcome of a power test (keys of :data:`OUTCOMES`)."""
    opts = options or TableOptions()
    die = icepool.d20.map(lambda roll: outcome_key(roll, spec.threshold, opts))
    return _distribution(die, OUTCOMES)


def violence_odds() -> dict[str, Fraction]:
    """Probability of each effect of the violence table for one d20."""
    die = icepool.d20.map(lambda roll: row_for(roll).effect.value)
    return _distribution(die, tuple(effect.value for effect in ViolenceEffect))


def leadership_odds(threshold: int) -> Fraction:
    """Probability of passing a leadership test against a modified leadership."""
    die = icepool.d20.map(lambda roll: roll <= threshold)
    return Fraction(die.quantity(True), die.denominator())


@dataclass(frozen=True)
class CastingOdds:
    """Exact odds of one use of a power.

    Attributes:
        outcomes: each outcome key's probability.
        success: probability the power takes effect.
        violence: probability of each violence effect over the whole use (critical failure included).
        wound: probability of a wound through the violence table's "20" (None without leadership).
        expected_actions: the mean number of actions spent.
    """

    outcomes: dict[str, Fraction]
    success: Fraction
    violence: dict[str, Fraction]
    wound: Fraction | None
    expected_actions: Fraction


def casting_odds(
    spec: PowerTestSpec,
    kind: PowerKind,
    actions: int,
    options: TableOptions | None = None,
    leadership: int | None = None,
) -> CastingOdds:
    """Exact odds of a whole use of a power (see :func:`meneur.systems.warzone.casting.cast`)."""
    opts = options or TableOptions()
    outcomes = outcome_odds(spec, opts)
    crit = outcomes["critical_failure"]
    violence = {key: crit * p for key, p in violence_odds().items()}
    wound = None
    if leadership is not None:
        threshold = leadership + leadership_modifier(spec, opts)
        wound = violence[ViolenceEffect.LEADERSHIP_TEST.value] * (1 - leadership_odds(threshold))
    cost = actions if kind is PowerKind.SPELL else 0
    spent = {
        "absolute_success": actions_spent(kind, cost, True, Critical.ABSOLUTE_SUCCESS, opts),
        "success": actions_spent(kind, cost, True, None, opts),
        "failure": actions_spent(kind, cost, False, None, opts),
        "critical_failure": actions_spent(kind, cost, False, Critical.CRITICAL_FAILURE, opts),
    }
    expected = sum((p * spent[key] for key, p in outcomes.items()), Fraction(0))
    return CastingOdds(
        outcomes, outcomes["absolute_success"] + outcomes["success"], violence, wound, expected
    )
