"""Opposed tests: A acts, B resists (000_008acb24c72771e3.txt, « Lorsqu'il y a conflit réel »)."""

from __future__ import annotations

import pytest

from meneur.dice.source import EnteredSource
from meneur.errors import Refused
from meneur.systems.insmv.catalogue import rules_for
from meneur.systems.insmv.model import BeingKind, TableOptions
from meneur.systems.insmv.opposed import OpposedOutcome, Side, oppose, settle
from meneur.systems.insmv.resolution import TestRequest, TestResult, plan_test, roll_test

ANGEL = rules_for(BeingKind.ANGEL)


def rolled(value: int, dice: tuple[int, int, int], voluntary: int = 0) -> TestResult:
    """A rolled test with entered dice (value 6 on moyenne succeeds on any d66)."""
    return roll_test(plan_test(TestRequest(value, voluntary_shift=voluntary), ANGEL), EnteredSource(dice))


SUCCESS = 6  # value 6 on the moyenne row: the cell is 66 in the data
FAIL_ROLL = (6, 5)  # above the cell of value 1 on moyenne


@pytest.mark.parametrize(
    ("a", "b", "outcome", "winner", "units", "action"),
    [
        ((SUCCESS, (1, 1, 4)), (1, (*FAIL_ROLL, 6)), OpposedOutcome.ATTACKER_WINS, Side.ATTACKER, 4, True),
        ((1, (*FAIL_ROLL, 6)), (SUCCESS, (2, 2, 3)), OpposedOutcome.DEFENDER_WINS, Side.DEFENDER, 3, False),
        ((1, (*FAIL_ROLL, 6)), (1, (*FAIL_ROLL, 2)), OpposedOutcome.BOTH_FAILED, None, None, False),
        ((SUCCESS, (1, 1, 6)), (SUCCESS, (3, 3, 2)), OpposedOutcome.HIGHER_UNITS, Side.ATTACKER, 4, True),
        ((SUCCESS, (1, 1, 1)), (SUCCESS, (3, 3, 5)), OpposedOutcome.HIGHER_UNITS, Side.DEFENDER, 4, False),
    ],
)
def test_who_wins(
    a: tuple[int, tuple[int, int, int]],
    b: tuple[int, tuple[int, int, int]],
    outcome: OpposedOutcome,
    winner: Side | None,
    units: int | None,
    action: bool,
) -> None:
    """000_008acb24c72771e3.txt: "Le résultat le plus important indique le vainqueur du conflit. Si c'est
    l'attaquant, l'action est réussie, si c'est le défenseur, l'action est ratée."
    """
    result = oppose(rolled(*a), rolled(*b))
    assert (result.outcome, result.winner, result.units, result.action_succeeds) == (
        outcome,
        winner,
        units,
        action,
    )
    assert not result.needs_gm_decision
    assert result.explain()[-1].render("en")


@pytest.mark.parametrize(("a_units", "b_units"), [(6, 1), (5, 3), (2, 1), (4, 6)])
def test_final_units_are_the_difference(a_units: int, b_units: int) -> None:
    """000_008acb24c72771e3.txt: "le résultat final des unités est la différence entre les deux"."""
    result = oppose(rolled(SUCCESS, (1, 1, a_units)), rolled(SUCCESS, (1, 2, b_units)))
    assert result.units == abs(a_units - b_units)
    assert result.compared == (a_units, b_units)


@pytest.mark.parametrize("units", range(1, 7))
def test_equal_units_are_a_tie_for_the_gm(units: int) -> None:
    """000_008acb24c72771e3.txt: "Si le résultat des unités est identique, c'est le maître de jeu
    qui décide".
    """
    result = oppose(rolled(SUCCESS, (1, 1, units)), rolled(SUCCESS, (2, 1, units)))
    assert result.outcome is OpposedOutcome.TIE and result.needs_gm_decision
    assert result.winner is None and result.action_succeeds is None
    for side, action in ((Side.ATTACKER, True), (Side.DEFENDER, False)):
        settled = settle(result, side)
        assert settled.winner is side and settled.gm_decision is side and settled.units == 0
        assert settled.action_succeeds is action and not settled.needs_gm_decision
        assert any("game master" in m.render("en") for m in settled.explain())


def test_only_an_open_tie_is_settled() -> None:
    """Only the tie is the game master's ("c'est le maître de jeu qui décide"), and only once."""
    result = oppose(rolled(SUCCESS, (1, 1, 6)), rolled(SUCCESS, (2, 1, 2)))
    with pytest.raises(Refused):
        settle(result, Side.DEFENDER)
    tie = settle(oppose(rolled(SUCCESS, (1, 1, 2)), rolled(SUCCESS, (2, 1, 2))), Side.ATTACKER)
    with pytest.raises(Refused):
        settle(tie, Side.DEFENDER)


def test_voluntary_bonus_counts_in_the_comparison_by_default() -> None:
    """Ruling "Units compared in opposed tests include the voluntary-shift bonus" (docs/rulings/insmv.md)."""
    a = rolled(SUCCESS, (1, 1, 2), voluntary=3)
    b = rolled(SUCCESS, (1, 1, 4))
    assert a.units == 5
    default = oppose(a, b)
    assert (default.winner, default.units, default.compared) == (Side.ATTACKER, 1, (5, 4))
    without = oppose(a, b, TableOptions(opposed_units_include_voluntary_shift=False))
    assert (without.winner, without.units, without.compared) == (Side.DEFENDER, 2, (2, 4))
