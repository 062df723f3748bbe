"""A test on the table UM: columns, rows, shifts, the d666 and its units (000_008acb24c72771e3.txt)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.dice.source import EnteredDiceError, EnteredSource, RandomSource, finish
from meneur.errors import BadInputError, Refused
from meneur.systems.insmv.catalogue import rules_for
from meneur.systems.insmv.model import BeingKind, KindRules, Talent
from meneur.systems.insmv.resolution import (
    Automatic,
    Intervention,
    TestRequest,
    attempt,
    no_chance,
    plan_test,
    roll_test,
    voluntary_shift_refusal,
    voluntary_shifts,
)
from meneur.systems.insmv.table_um import Difficulty
from meneur.systems.insmv.talents import talent_request
from tests.insmv.helpers import cell, column_of_label

HUMAN = rules_for(BeingKind.HUMAN)
ANGEL = rules_for(BeingKind.ANGEL)
AVATAR = rules_for(BeingKind.DEMON_PRINCE_AVATAR)


def digits(roll: int) -> tuple[int, int]:
    """The two dice that read ``roll``."""
    return roll // 10, roll % 10


def next_d66(roll: int) -> int:
    """The smallest d66 reading above ``roll``."""
    return roll + 5 if roll % 10 == 6 else roll + 1


def run(request: TestRequest, dice: tuple[int, ...], rules: KindRules = HUMAN):
    source = EnteredSource(dice)
    result = roll_test(plan_test(request, rules), source)
    finish(source)
    return result


CELLS = [(value, difficulty) for value in range(1, 7) for difficulty in Difficulty]


@pytest.mark.parametrize(("value", "difficulty"), CELLS)
def test_success_on_the_cell_or_less(value: int, difficulty: Difficulty) -> None:
    """000_008acb24c72771e3.txt: "le résultat . inférieur ou égal) à obtenir avec un d666 pour réussir"."""
    threshold = cell(difficulty.value, column_of_label(value))
    at = run(TestRequest(value, difficulty), (*digits(threshold), 4))
    assert at.success and at.threshold == threshold and at.roll == threshold and at.units == 4
    if threshold < 66:
        above = run(TestRequest(value, difficulty), (*digits(next_d66(threshold)), 4))
        assert not above.success and above.units == 4


@pytest.mark.parametrize("value", range(1, 7))
def test_default_difficulty_is_moyenne(value: int) -> None:
    """000_008acb24c72771e3.txt: "l'utilisation d'un pouvoir ou d'un talent est toujours associé à une
    difficulté «moyenne»".
    """
    plan = plan_test(TestRequest(value), HUMAN)
    assert plan.request.row is Difficulty.MOYENNE
    assert plan.threshold == cell("moyenne", column_of_label(value))


@pytest.mark.parametrize("units_die", range(1, 7))
def test_third_die_is_the_units(units_die: int) -> None:
    """000_008acb24c72771e3.txt: "Les unités seront utilisées [...] pour quantifier une éventuelle réussite
    (ou un échec".
    """
    success = run(TestRequest(3), (1, 2, units_die))
    failure = run(TestRequest(1, Difficulty.TRES_DIFFICILE), (6, 5, units_die))
    assert (success.success, success.units, success.units_die) == (True, units_die, units_die)
    assert (failure.success, failure.units, failure.units_die) == (False, units_die, units_die)


@pytest.mark.parametrize(("value", "shift"), [(1, -1), (3, 2), (3, -4), (4, 5), (2, -2), (6, -17)])
def test_gm_shift_moves_the_column(value: int, shift: int) -> None:
    """000_008acb24c72771e3.txt: "Une modification vers la gauche représente un malus, vers la droi te un
    bonus".
    """
    plan = plan_test(TestRequest(value, gm_shift=shift), HUMAN)
    column = column_of_label(value) + shift
    assert plan.column == column and plan.threshold == cell("moyenne", column)


@pytest.mark.parametrize(("value", "shift"), [(1, -2), (1, -3), (2, -3), (6, -18), (3, -10)])
def test_left_of_the_first_column_fails_automatically(value: int, shift: int) -> None:
    """000_008acb24c72771e3.txt: "la colonne utilisée dépasse la colonne (la plus à gauche), l'action est
    obligatoirement ratée".
    """
    result = run(TestRequest(value, Difficulty.FACILE, gm_shift=shift), (1, 1, 2))
    assert result.automatic is Automatic.FAILURE and not result.success and result.threshold is None
    assert result.units == 2


@pytest.mark.parametrize(("value", "shift"), [(6, 1), (5, 5), (1, 17), (3, 20)])
def test_right_of_the_column_labelled_6_succeeds_automatically(value: int, shift: int) -> None:
    """000_008acb24c72771e3.txt: "Si, au contraire, elle dépasse la colonne “6” (vers la droite), l'action
    est obligatoire ment réussie".
    """
    result = run(TestRequest(value, Difficulty.TRES_DIFFICILE, gm_shift=shift), (6, 6, 3))
    assert result.automatic is Automatic.SUCCESS and result.success and result.units == 3


def test_edges_are_not_automatic() -> None:
    """Column 1 and column 18 themselves are read on the table."""
    assert plan_test(TestRequest(1, gm_shift=-1), HUMAN).automatic is None
    assert plan_test(TestRequest(6), HUMAN).automatic is None


@pytest.mark.parametrize(
    ("rules", "limit"),
    [
        (rules_for(BeingKind.ANGEL), 5),
        (rules_for(BeingKind.DEMON), 5),
        (rules_for(BeingKind.ARCHANGEL_AVATAR), 10),
        (rules_for(BeingKind.DEMON_PRINCE_AVATAR), 10),
        (rules_for(BeingKind.HUMAN), 0),
        (rules_for(BeingKind.UNDEAD), 0),
        (rules_for(BeingKind.FAMILIAR), 0),
        (rules_for(BeingKind.SUCCUBUS), 0),
        (rules_for(BeingKind.SON_OF_GOD), 0),
        (rules_for(BeingKind.OTHER), 0),
    ],
)
def test_voluntary_shift_limits_by_kind(rules: KindRules, limit: int) -> None:
    """000_008acb24c72771e3.txt: "Un Ange ou un Démon ne peut pas décaler volontairement son jet de plus de
    5 colonnes".
    """
    assert plan_test(TestRequest(6, voluntary_shift=limit), rules).column == 18 - limit
    with pytest.raises(Refused) as caught:
        plan_test(TestRequest(6, voluntary_shift=limit + 1), rules)
    assert caught.value.rule == "voluntary_shift_limit"
    assert caught.value.render("en")


@pytest.mark.parametrize(
    ("kind", "allowed"), [(BeingKind.ANGEL, 6), (BeingKind.ARCHANGEL_AVATAR, 11), (BeingKind.HUMAN, 1)]
)
def test_legal_voluntary_shifts_are_a_query(kind: BeingKind, allowed: int) -> None:
    """Every shift the query offers is accepted, the next one is refused."""
    rules = rules_for(kind)
    assert len(voluntary_shifts(rules)) == allowed
    for columns in voluntary_shifts(rules):
        assert voluntary_shift_refusal(rules, columns) is None
    assert voluntary_shift_refusal(rules, allowed) is not None


def test_a_gm_may_set_another_limit_per_being() -> None:
    """The limit is per-being data (docs/rulings/insmv.md, Voluntary shift)."""
    plan = plan_test(TestRequest(6, voluntary_shift=2), rules_for(BeingKind.HUMAN, max_voluntary_shift=2))
    assert plan.column == 16


@pytest.mark.parametrize("columns", [1, 2, 3, 5])
def test_voluntary_shift_adds_to_the_units_on_a_success(columns: int) -> None:
    """000_008acb24c72771e3.txt: "le nombre de colonnes décalées vers la gauche est ajouté au résultat des
    unités du d666 en cas de jet réussi".
    """
    request = TestRequest(6, voluntary_shift=columns)
    threshold = cell("moyenne", 18 - columns)
    success = run(request, (*digits(threshold), 3), ANGEL)
    assert success.success and success.units == 3 + columns and success.units_die == 3
    if threshold < 66:
        failure = run(request, (*digits(next_d66(threshold)), 3), ANGEL)
        assert not failure.success and failure.units == 3


def test_voluntary_shift_is_in_addition_to_the_gm_shift() -> None:
    """000_008acb24c72771e3.txt: "ce décalage est en sus de celui préalablement signalé par le maître de
    jeu".
    """
    plan = plan_test(TestRequest(4, Difficulty.DIFFICILE, gm_shift=-2, voluntary_shift=3), ANGEL)
    assert plan.column == column_of_label(4) - 5
    assert plan.threshold == cell("difficile", column_of_label(4) - 5)


def test_avatar_shift_of_ten_columns() -> None:
    """000_008acb24c72771e3.txt: "Les avatars d'Archanges et de Princes-Démons ont la possibilité de
    décaler leurs jets de 10 colonnes".
    """
    result = run(TestRequest(5, voluntary_shift=10), (1, 1, 6), AVATAR)
    assert result.plan is not None and result.plan.column == column_of_label(5) - 10
    assert result.success and result.units == 16


@pytest.mark.parametrize(("characteristic", "malus"), [(3, 1), (3, 2), (4, 4), (6, 3), (2, 1)])
def test_untrained_talent(characteristic: int, malus: int) -> None:
    """000_008acb24c72771e3.txt: "il utilise sa caractéristique associée, mais (1) décalée d'un nombre de
    colonnes égal au malus [...] (2) toujours en rapport avec la ligne « très difficile »".
    """
    talent = Talent(name="Discrétion", characteristic="Agilité", malus=malus)
    for asked in (None, Difficulty.TRES_DIFFICILE):
        plan = plan_test(talent_request(talent, characteristic, asked), HUMAN)
        column = column_of_label(characteristic) - malus
        assert plan.request.row is Difficulty.TRES_DIFFICILE and plan.column == column
        assert plan.threshold == (cell("tres_difficile", column) if column >= 1 else None)


def test_untrained_talent_refuses_another_row() -> None:
    """The row is always très difficile; asking for facile is an error, not silently ignored."""
    talent = Talent(name="Discrétion", characteristic="Agilité", malus=2)
    with pytest.raises(BadInputError):
        plan_test(talent_request(talent, 4, Difficulty.FACILE), HUMAN)


def test_untrained_talent_can_fall_off_the_table() -> None:
    """An untrained talent shifted left of column 1 fails automatically."""
    talent = Talent(name="Discrétion", characteristic="Agilité", malus=2)
    assert plan_test(talent_request(talent, 1), HUMAN).automatic is Automatic.FAILURE


def test_trained_talent_uses_its_own_value() -> None:
    talent = Talent(name="Discrétion", characteristic="Agilité", malus=2, value=3)
    plan = plan_test(talent_request(talent, 5, Difficulty.FACILE), HUMAN)
    assert plan.column == column_of_label(3) and plan.request.row is Difficulty.FACILE


@pytest.mark.parametrize("value", [1, 6])
def test_power_not_possessed_has_no_chance(value: int) -> None:
    """000_008acb24c72771e3.txt: "un pouvoir qu'il ne possède pas, il n'a aucune chance de réussir"."""
    source = EnteredSource([1, 1, 1])
    result = attempt(TestRequest(value, Difficulty.FACILE, gm_shift=20), HUMAN, source, possessed=False)
    assert result.no_chance and not result.success and result.dice == () and result.units is None
    assert result.automatic is Automatic.FAILURE and result.threshold is None
    assert source.used == 0
    assert any("no roll" in m.render("en") for m in result.explain())
    assert no_chance(TestRequest(value)).explain()[0].render("fr").startswith("Pouvoir")


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ((1, 1, 1), Intervention.DIVINE),
        ((6, 6, 6), Intervention.INFERNAL),
        ((1, 1, 2), None),
        ((6, 6, 5), None),
        ((2, 1, 1), None),
    ],
)
def test_111_and_666_are_interventions(dice: tuple[int, int, int], expected: Intervention | None) -> None:
    """../shared/data/README.md: 111 and 666 "shown as divine / infernal interventions"."""
    for value in (1, 6):
        assert run(TestRequest(value), dice).intervention is expected


def test_666_fails_on_a_column_below_66() -> None:
    result = run(TestRequest(1), (6, 6, 6))
    assert not result.success and result.intervention is Intervention.INFERNAL
    assert any("666" in m.render("fr") for m in result.explain())


@pytest.mark.parametrize("dice", [[1, 2], [1, 2, 3, 4], [0, 1, 1], [7, 1, 1], [1, 1, 9]])
def test_entered_dice_that_do_not_match_the_d666(dice: list[int]) -> None:
    """A d666 is exactly three d6: too few, too many or impossible faces are refused."""
    source = EnteredSource(dice)
    with pytest.raises(EnteredDiceError):
        roll_test(plan_test(TestRequest(3), HUMAN), source)
        finish(source)


@pytest.mark.parametrize(
    "request_",
    [
        TestRequest(3, voluntary_shift=-1),
        TestRequest(3, untrained_malus=0),
        TestRequest(3, untrained_malus=5),
    ],
)
def test_malformed_requests(request_: TestRequest) -> None:
    with pytest.raises(BadInputError):
        plan_test(request_, ANGEL)


@given(
    value=st.integers(1, 6),
    difficulty=st.sampled_from(list(Difficulty)),
    shift=st.integers(-20, 20),
    voluntary=st.integers(0, 5),
    seed=st.integers(0, 10**6),
)
def test_any_seeded_test_is_consistent(
    value: int, difficulty: Difficulty, shift: int, voluntary: int, seed: int
) -> None:
    """Invariants: the success follows the column and the cell; units stay the die plus the bonus."""
    result = roll_test(
        plan_test(TestRequest(value, difficulty, shift, voluntary), ANGEL), RandomSource.from_seed(seed)
    )
    column = column_of_label(value) + shift - voluntary
    assert result.roll is not None and result.units_die is not None
    if column < 1:
        assert not result.success
    elif column > 18:
        assert result.success
    else:
        assert result.success == (result.roll <= cell(difficulty.value, column))
    assert result.units == result.units_die + (voluntary if result.success else 0)
    assert all(m.render("fr") and m.render("en") for m in result.explain())
