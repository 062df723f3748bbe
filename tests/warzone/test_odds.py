"""Exact odds, checked against a brute-force enumeration of the d20 (001_0209eda46e4737a1.txt)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.dice.odds import fraction_text
from meneur.systems.warzone.casting import cast
from meneur.systems.warzone.model import PowerKind, TableOptions
from meneur.systems.warzone.odds import OUTCOMES, casting_odds, outcome_odds, violence_odds
from meneur.systems.warzone.power_test import PowerTestSpec
from tests.warzone.helpers import dice


def _brute(spec: PowerTestSpec, options: TableOptions) -> dict[str, Fraction]:
    counts = dict.fromkeys(OUTCOMES, 0)
    for roll in range(1, 21):
        result = cast(spec, PowerKind.TECHNIQUE, 0, dice(roll, 1), options)
        key = result.critical.value if result.critical else ("success" if result.success else "failure")
        counts[key] += 1
    return {k: Fraction(v, 20) for k, v in counts.items()}


@given(
    power=st.integers(0, 30),
    difficulty=st.integers(0, 20),
    order=st.sampled_from([None, 1, 2, 3]),
    penalty=st.sampled_from([0, 3, 6]),
    always=st.booleans(),
)
def test_outcome_odds_match_enumeration(
    power: int, difficulty: int, order: int | None, penalty: int, always: bool
) -> None:
    spec = PowerTestSpec(power, difficulty, order, penalty)
    options = TableOptions(natural_one_always_succeeds=always)
    odds = outcome_odds(spec, options)
    assert odds == _brute(spec, options)
    assert sum(odds.values()) == 1


@pytest.mark.parametrize(
    ("power", "difficulty", "order", "success"),
    [
        (12, 2, None, Fraction(10, 20)),
        (14, 3, 2, Fraction(9, 20)),
        (14, 3, 3, Fraction(7, 20)),
        (30, 0, None, Fraction(19, 20)),
        (2, 5, None, Fraction(1, 20)),
    ],
)
def test_success_odds_of_a_few_tests(
    power: int, difficulty: int, order: int | None, success: Fraction
) -> None:
    """A roll "mniejszy bądź równy jego zmodyfikowanej Mocy", the 20 always failing, the 1 always
    succeeding (001_0209eda46e4737a1.txt)."""
    odds = casting_odds(PowerTestSpec(power, difficulty, order), PowerKind.SPELL, 1)
    assert odds.success == success


def test_violence_odds_follow_the_table_widths() -> None:
    """001_0209eda46e4737a1.txt: rows 1-10, 11-17, 18-19 and 20."""
    assert violence_odds() == {
        "no_concentration": Fraction(10, 20),
        "activation_ends": Fraction(7, 20),
        "knocked_down": Fraction(2, 20),
        "leadership_test": Fraction(1, 20),
    }


def test_wound_and_expected_actions_of_a_two_action_spell() -> None:
    odds = casting_odds(PowerTestSpec(12, 2), PowerKind.SPELL, 2, leadership=10)
    # Wound: a 20, then a 20, then a leadership test at 10 - 2 = 8 failed (12 faces in 20).
    assert odds.wound == Fraction(1, 20) * Fraction(1, 20) * Fraction(12, 20)
    # 1 -> 1 action, 2..10 -> 2 actions, 11..20 -> 1 action.
    assert odds.expected_actions == Fraction(1 * 1 + 9 * 2 + 10 * 1, 20)


def test_fractions_print_reduced() -> None:
    assert fraction_text(Fraction(10, 20)) == "1/2"
