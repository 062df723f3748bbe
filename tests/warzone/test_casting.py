"""Using a power: actions spent and the chain of a critical failure (001_0209eda46e4737a1.txt)."""

from __future__ import annotations

import pytest

from meneur.dice.source import EnteredDiceError
from meneur.errors import BadInputError
from meneur.systems.warzone.casting import cast
from meneur.systems.warzone.catalogue import ViolenceEffect
from meneur.systems.warzone.model import PowerKind, TableOptions
from meneur.systems.warzone.power_test import Critical, PowerTestSpec
from tests.warzone.helpers import dice

SPELL, TECHNIQUE = PowerKind.SPELL, PowerKind.TECHNIQUE


@pytest.mark.parametrize(
    ("actions", "roll", "spent"),
    [
        (1, 5, 1),
        (2, 5, 2),
        (3, 10, 3),  # success: the actions of the description
        (1, 11, 1),
        (2, 15, 1),
        (3, 19, 1),  # failure: only one action, whatever the cost
        (1, 1, 0),
        (2, 1, 1),
        (3, 1, 2),  # absolute success: one action less
    ],
)
def test_actions_spent_by_a_spell(actions: int, roll: int, spent: int) -> None:
    """001_0209eda46e4737a1.txt: "Jeżeli test się uda Model poświęca podaną ilość akcji"; "zmarnowana
    zostaje tylko jedna akcja (niezależnie ile akcji jest wymaganych"; Absolutny Sukces "zużywa jedną
    akcję mniej"."""
    result = cast(PowerTestSpec(12, 2), SPELL, actions, dice(roll))
    assert result.actions_spent == spent


@pytest.mark.parametrize(
    ("roll", "wastes", "spent"), [(5, False, 0), (15, False, 0), (1, False, 0), (15, True, 1), (5, True, 0)]
)
def test_techniques_spend_no_action(roll: int, wastes: bool, spent: int) -> None:
    """001_0209eda46e4737a1.txt: Technika "nie wymaga zużycia akcji" (a failure wastes one only with
    the table option ``failed_technique_wastes_action``)."""
    options = TableOptions(failed_technique_wastes_action=wastes)
    assert cast(PowerTestSpec(12, 2, 1), TECHNIQUE, 0, dice(roll), options).actions_spent == spent


def test_critical_failure_rolls_the_violence_table_and_wastes_one_action() -> None:
    """001_0209eda46e4737a1.txt: "gracz musi rzucić ponownie K20 i sprawdzić wynik w tabeli"."""
    result = cast(PowerTestSpec(12, 2), SPELL, 2, dice(20, 14))
    assert (result.success, result.critical, result.actions_spent) == (False, Critical.CRITICAL_FAILURE, 1)
    assert result.violence is not None and result.violence.effect is ViolenceEffect.ACTIVATION_ENDS
    assert result.leadership is None and result.leadership_modifier is None


@pytest.mark.parametrize(
    ("leadership", "difficulty", "order", "use_test", "roll", "threshold", "wounds"),
    [
        (12, 3, None, False, 9, 9, 0),
        (12, 3, None, False, 10, 9, 1),
        (12, 3, 3, False, 9, 9, 0),
        (12, 3, 3, True, 9, 5, 1),
        (12, 3, 3, True, 5, 5, 0),
    ],
)
def test_violence_twenty_leadership_minus_difficulty(
    leadership: int,
    difficulty: int,
    order: int | None,
    use_test: bool,
    roll: int,
    threshold: int,
    wounds: int,
) -> None:
    """001_0209eda46e4737a1.txt: "20 Model musi wykonać test DW pomniejszonego o Stopień Trudności
    nieudanej Mocy. Porażka oznacza odniesienie jednej rany"."""
    options = TableOptions(leadership_uses_test_difficulty=use_test)
    kind = SPELL if order is None else TECHNIQUE
    result = cast(PowerTestSpec(14, difficulty, order), kind, 1, dice(20, 20, roll), options, leadership)
    assert result.leadership is not None
    assert result.leadership.threshold == threshold
    assert result.wounds == wounds


def test_violence_twenty_without_leadership_says_the_test_is_due() -> None:
    result = cast(PowerTestSpec(14, 3), SPELL, 1, dice(20, 20))
    assert result.leadership is None and result.leadership_modifier == -3
    assert "leadership test at −3" in result.explain()[-1].render("en")


def test_missing_die_is_entered_dice_error() -> None:
    with pytest.raises(EnteredDiceError):
        cast(PowerTestSpec(14, 3), SPELL, 1, dice(20))


@pytest.mark.parametrize("actions", [0, 11, -1])
def test_spell_cost_out_of_range_is_bad_input(actions: int) -> None:
    with pytest.raises(BadInputError, match="10"):
        cast(PowerTestSpec(14, 3), SPELL, actions, dice(5))
