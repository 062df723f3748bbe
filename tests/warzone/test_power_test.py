"""The power test: 001_0209eda46e4737a1.txt, "Używanie Mocy" and "Rzuty Krytyczne"."""

from __future__ import annotations

import pytest

from meneur.errors import BadInputError
from meneur.systems.warzone.model import TableOptions
from meneur.systems.warzone.power_test import Critical, PowerTestSpec, order_increase, power_test
from tests.warzone.helpers import dice


@pytest.mark.parametrize(
    ("power", "difficulty", "roll", "success"),
    [
        (12, 2, 10, True),
        (12, 2, 11, False),
        (12, 0, 12, True),
        (12, 0, 13, False),
        (8, 5, 3, True),
        (8, 5, 4, False),
    ],
)
def test_roll_at_most_power_minus_difficulty(power: int, difficulty: int, roll: int, success: bool) -> None:
    """001_0209eda46e4737a1.txt: "wyrzucić na K20 wynik mniejszy bądź równy jego zmodyfikowanej Mocy.
    Przy teście, Moc modelu modyfikowana jest o Trudność Mocy"."""
    result = power_test(PowerTestSpec(power, difficulty), dice(roll))
    assert result.threshold == power - difficulty
    assert result.success is success
    assert result.critical is None


@pytest.mark.parametrize(("order", "increase"), [(None, 0), (1, 0), (2, 2), (3, 4)])
def test_second_technique_two_harder_third_four(order: int | None, increase: int) -> None:
    """001_0209eda46e4737a1.txt: "druga w danej aktywacji technika ma trudność o 2 większą. Trzecia
    technika ... ma trudność o 4 większą"."""
    assert order_increase(order) == increase
    assert PowerTestSpec(14, 3, order).threshold == 14 - 3 - increase


@pytest.mark.parametrize("order", [0, 4, -1])
def test_more_than_three_techniques_is_bad_input(order: int) -> None:
    """001_0209eda46e4737a1.txt: "model może próbować użyć maksymalnie 3 technik"."""
    with pytest.raises(BadInputError, match="1, 2"):
        PowerTestSpec(14, 0, order)


@pytest.mark.parametrize(("power", "difficulty"), [(14, 0), (25, 0), (1, 0)])
def test_natural_twenty_is_critical_failure_whatever_the_power(power: int, difficulty: int) -> None:
    """001_0209eda46e4737a1.txt: "Przy wyrzuceniu “20” zamierzona Moc nie odnosi efektu"."""
    result = power_test(PowerTestSpec(power, difficulty), dice(20))
    assert (result.success, result.critical) == (False, Critical.CRITICAL_FAILURE)


@pytest.mark.parametrize(
    ("power", "difficulty", "always", "success", "critical"),
    [
        (14, 2, True, True, Critical.ABSOLUTE_SUCCESS),
        (3, 5, True, True, Critical.ABSOLUTE_SUCCESS),
        (3, 5, False, False, None),
        (3, 2, False, True, Critical.ABSOLUTE_SUCCESS),
    ],
)
def test_natural_one_is_absolute_success(
    power: int, difficulty: int, always: bool, success: bool, critical: Critical | None
) -> None:
    """001_0209eda46e4737a1.txt: "Rzuty Krytyczne: Absolutny Sukces" (a natural 1; the option
    ``natural_one_always_succeeds`` decides when the modified Moc is below 1)."""
    options = TableOptions(natural_one_always_succeeds=always)
    result = power_test(PowerTestSpec(power, difficulty), dice(1), options)
    assert (result.success, result.critical) == (success, critical)


def test_violence_penalty_lowers_the_threshold() -> None:
    """001_0209eda46e4737a1.txt: "należy uwzględnić karny modyfikator -3 do Mocy"."""
    assert PowerTestSpec(14, 2, 2, penalty=3).threshold == 14 - 2 - 2 - 3


@pytest.mark.parametrize(
    ("power", "difficulty", "penalty", "match"),
    [
        (31, 0, 0, "30"),
        (-1, 0, 0, "30"),
        (10, 21, 0, "20"),
        (10, -1, 0, "20"),
        (10, 0, -3, "0"),
    ],
)
def test_values_out_of_range_are_bad_input(power: int, difficulty: int, penalty: int, match: str) -> None:
    with pytest.raises(BadInputError, match=match):
        PowerTestSpec(power, difficulty, penalty=penalty)


def test_result_explains_every_step_in_french_and_english() -> None:
    result = power_test(PowerTestSpec(14, 3, 2, penalty=3), dice(6))
    english = [m.render("en") for m in result.explain()]
    assert english == [
        "Power 14 − difficulty 3 = 11.",
        "Technique number 2 of the activation: difficulty +2.",
        "Violence table penalty in this activation: −3.",
        "d20 rolled 6, needed 6 or less.",
        "Success.",
    ]
    french = [m.render("fr") for m in result.explain()]
    assert all(f and f != e for f, e in zip(french, english, strict=True))
