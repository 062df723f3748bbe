"""Exact odds, checked against brute-force enumeration of the 216 faces of the d666 through the core."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.dice.source import EnteredSource
from meneur.systems.insmv.catalogue import rules_for
from meneur.systems.insmv.model import BeingKind, TableOptions
from meneur.systems.insmv.odds import odds_of, opposed_odds, opposed_winner_odds
from meneur.systems.insmv.opposed import OpposedOutcome, oppose
from meneur.systems.insmv.resolution import TestPlan, TestRequest, TestResult, plan_test, roll_test
from meneur.systems.insmv.table_um import Difficulty

AVATAR = rules_for(BeingKind.ARCHANGEL_AVATAR)
FACES = list(itertools.product(range(1, 7), repeat=3))


def every_roll(plan: TestPlan) -> list[TestResult]:
    return [roll_test(plan, EnteredSource(dice)) for dice in FACES]


def brute(plan: TestPlan) -> tuple[Fraction, dict[int, Fraction], dict[int, Fraction]]:
    results = every_roll(plan)
    success = Counter(r.units for r in results if r.success)
    failure = Counter(r.units for r in results if not r.success)
    n = len(results)
    return (
        Fraction(sum(success.values()), n),
        {u: Fraction(c, n) for u, c in success.items()},
        {u: Fraction(c, n) for u, c in failure.items()},
    )


PLANS = [TestRequest(v, d) for v in range(1, 7) for d in Difficulty] + [
    TestRequest(1, gm_shift=-2),
    TestRequest(6, gm_shift=1),
    TestRequest(3, Difficulty.FACILE, -1, 4),
    TestRequest(5, voluntary_shift=10),
    TestRequest(4, untrained_malus=3),
]


@pytest.mark.parametrize("request_", PLANS)
def test_test_odds_match_brute_force(request_: TestRequest) -> None:
    """Exact success and units distribution for a cell, shift and difficulty, against all 216 d666."""
    plan = plan_test(request_, AVATAR)
    odds = odds_of(plan)
    success, success_units, failure_units = brute(plan)
    assert odds.success == success and odds.failure == 1 - success
    assert odds.success_units == success_units and odds.failure_units == failure_units
    assert odds.divine == odds.infernal == Fraction(1, 216)


def test_no_chance_has_zero_odds() -> None:
    """000_008acb24c72771e3.txt: "il n'a aucune chance de réussir": probability 0, nothing rolled."""
    odds = odds_of(None)
    assert odds.success == 0 and odds.success_units == {} and odds.divine == 0


@given(value=st.integers(1, 6), difficulty=st.sampled_from(list(Difficulty)), shift=st.integers(-19, 19))
def test_success_is_the_share_of_d66_at_most_the_cell(value: int, difficulty: Difficulty, shift: int) -> None:
    """A d66 succeeds when "inférieur ou égal" to the cell (000_008acb24c72771e3.txt)."""
    plan = plan_test(TestRequest(value, difficulty, shift), AVATAR)
    d66 = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    if plan.automatic is None:
        assert plan.threshold is not None
        expected = Fraction(sum(r <= plan.threshold for r in d66), 36)
    else:
        expected = Fraction(plan.automatic.value == "success")
    assert odds_of(plan).success == expected


@pytest.mark.parametrize(
    ("a", "b", "options"),
    [
        (TestRequest(3), TestRequest(3), TableOptions()),
        (
            TestRequest(2, Difficulty.DIFFICILE, voluntary_shift=1),
            TestRequest(4, Difficulty.FACILE),
            TableOptions(),
        ),
        (
            TestRequest(6, voluntary_shift=3),
            TestRequest(5),
            TableOptions(opposed_units_include_voluntary_shift=False),
        ),
    ],
)
def test_opposed_odds_match_brute_force(a: TestRequest, b: TestRequest, options: TableOptions) -> None:
    """Opposed odds (000_008acb24c72771e3.txt, "comparer le résultat des unités") against all 216² pairs."""
    plan_a, plan_b = plan_test(a, AVATAR), plan_test(b, AVATAR)
    rolls_a, rolls_b = every_roll(plan_a), every_roll(plan_b)
    outcomes: Counter[OpposedOutcome] = Counter()
    winners: Counter[str] = Counter()
    for ra in rolls_a:
        for rb in rolls_b:
            result = oppose(ra, rb, options)
            outcomes[result.outcome] += 1
            winners[
                "tie" if result.needs_gm_decision else result.winner.value if result.winner else "both_failed"
            ] += 1
    total = len(rolls_a) * len(rolls_b)
    assert opposed_odds(plan_a, plan_b, options) == {k: Fraction(outcomes[k], total) for k in OpposedOutcome}
    assert opposed_winner_odds(plan_a, plan_b, options) == {
        k: Fraction(winners[k], total) for k in ("attacker", "defender", "both_failed", "tie")
    }
