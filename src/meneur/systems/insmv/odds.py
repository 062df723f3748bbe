"""Exact odds of tests and opposed tests, computed with icepool.

Conventions: probabilities are :class:`fractions.Fraction`; a test's outcomes are encoded as one
signed number, ``+units`` for a success and ``-units`` for a failure, so icepool can combine tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import icepool  # type: ignore[import-untyped, unused-ignore]

from meneur.systems.insmv.model import TableOptions
from meneur.systems.insmv.opposed import OpposedOutcome
from meneur.systems.insmv.resolution import TestPlan, final_units, is_success

D66 = 10 * icepool.d6 + icepool.d6


def _fractions(die: icepool.Die[int]) -> dict[int, Fraction]:
    total = die.denominator()
    return {outcome: Fraction(quantity, total) for outcome, quantity in die.items() if quantity}


def signed_units(plan: TestPlan | None) -> icepool.Die[int]:
    """The die of a test's signed units (``+units`` success, ``-units`` failure).

    ``None`` is a power not possessed: a certain failure without units, encoded 0.
    """
    if plan is None:
        return icepool.Die([0])

    def outcome(roll: int, units_die: int) -> int:
        success = is_success(plan, roll)
        units = final_units(plan, units_die, success)
        return units if success else -units

    return icepool.map(outcome, D66, icepool.d6)


@dataclass(frozen=True)
class TestOdds:
    """The exact distribution of a test.

    Attributes:
        success: probability of success.
        success_units: probability of each final units value together with a success.
        failure_units: probability of each units value together with a failure.
        divine: probability of 111; infernal: probability of 666 (0 when nothing is rolled).
    """

    __test__ = False  # not a pytest test class

    success: Fraction
    success_units: dict[int, Fraction]
    failure_units: dict[int, Fraction]
    divine: Fraction
    infernal: Fraction

    @property
    def failure(self) -> Fraction:
        """Probability of failure."""
        return 1 - self.success


def odds_of(plan: TestPlan | None) -> TestOdds:
    """The exact odds of a planned test (``None``: a power not possessed, no chance)."""
    if plan is None:
        return TestOdds(Fraction(0), {}, {}, Fraction(0), Fraction(0))
    dist = _fractions(signed_units(plan))
    success = {u: p for u, p in dist.items() if u > 0}
    failure = {-u: p for u, p in dist.items() if u < 0}
    one_in = Fraction(1, 216)
    return TestOdds(sum(success.values(), Fraction(0)), success, failure, one_in, one_in)


def _bonus(plan: TestPlan | None, options: TableOptions) -> int:
    """The voluntary-shift bonus to take off a success's units before comparing, by table option."""
    if plan is None or options.opposed_units_include_voluntary_shift:
        return 0
    return plan.request.voluntary_shift


def _opposed_die(
    attacker: TestPlan | None,
    defender: TestPlan | None,
    options: TableOptions | None,
    judge: Callable[[int, int, int], str],
) -> dict[str, Fraction]:
    """Map ``judge(a, b, compared_difference)`` over both tests' signed units."""
    options = options or TableOptions()
    a_bonus, b_bonus = _bonus(attacker, options), _bonus(defender, options)

    def outcome(a: int, b: int) -> str:
        return judge(a, b, (a - a_bonus) - (b - b_bonus))

    die = icepool.map(outcome, signed_units(attacker), signed_units(defender))
    total = die.denominator()
    return {key: Fraction(quantity, total) for key, quantity in die.items() if quantity}


def _outcome(a: int, b: int, difference: int) -> str:
    if (a > 0) != (b > 0):
        return OpposedOutcome.ATTACKER_WINS.value if a > 0 else OpposedOutcome.DEFENDER_WINS.value
    if a <= 0:
        return OpposedOutcome.BOTH_FAILED.value
    return OpposedOutcome.TIE.value if difference == 0 else OpposedOutcome.HIGHER_UNITS.value


def _winner(a: int, b: int, difference: int) -> str:
    if (a > 0) != (b > 0):
        return "attacker" if a > 0 else "defender"
    if a <= 0:
        return "both_failed"
    return "tie" if difference == 0 else "attacker" if difference > 0 else "defender"


WINNER_KEYS = ("attacker", "defender", "both_failed", "tie")


def opposed_odds(
    attacker: TestPlan | None, defender: TestPlan | None, options: TableOptions | None = None
) -> dict[OpposedOutcome, Fraction]:
    """The exact probability of each way an opposed test can be decided."""
    found = _opposed_die(attacker, defender, options, _outcome)
    return {key: found.get(key.value, Fraction(0)) for key in OpposedOutcome}


def opposed_winner_odds(
    attacker: TestPlan | None, defender: TestPlan | None, options: TableOptions | None = None
) -> dict[str, Fraction]:
    """Probability that A wins, that B wins, that both fail, and of a tie for the game master."""
    found = _opposed_die(attacker, defender, options, _winner)
    return {key: found.get(key, Fraction(0)) for key in WINNER_KEYS}
