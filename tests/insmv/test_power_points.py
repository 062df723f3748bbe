"""Power points: maximum, spending, recovery; and the table's commands and events."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.engine import Session
from meneur.errors import BadInputError, Refused
from meneur.systems.insmv.catalogue import DEFAULT_KIND_RULES, rules_for
from meneur.systems.insmv.commands import AddBeing, RecoverPowerPoints, SpendPowerPoints, refusal
from meneur.systems.insmv.model import Being, BeingKind, KindRules, build
from meneur.systems.insmv.power_points import recover, recovery_amount, spend


def being(
    will: int = 4,
    modifier: int = 0,
    rate: int = 0,
    left: int | None = None,
    kind: BeingKind = BeingKind.DEMON,
) -> Being:
    rules = rules_for(kind, power_point_modifier=modifier, recovery_per_day=rate)
    return Being(name="Andromalius", kind=kind, will=will, rules=rules, power_points=left)


@pytest.mark.parametrize(("will", "modifier"), [(4, 0), (4, 3), (2, -1), (6, 10), (1, -5)])
def test_maximum_is_will_plus_the_kind_modifier(will: int, modifier: int) -> None:
    """000_008acb24c72771e3.txt: "un nombre de points de pouvoir maximum égal à sa volonté.Ajoutez à cela
    un modificateur qui dépend du type de personnage".
    """
    b = being(will, modifier)
    assert b.max_power_points == max(0, will + modifier)
    assert b.current_power_points == b.max_power_points


def test_defaults_are_placeholders_of_zero() -> None:
    """Ruling "Power-point maximum and recovery by kind of being" (docs/rulings/insmv.md): 0 and 0."""
    for rules in DEFAULT_KIND_RULES.values():
        assert (rules.power_point_modifier, rules.recovery_per_day) == (0, 0)


@pytest.mark.parametrize(("left", "cost"), [(5, 5), (5, 1), (1, 1)])
def test_spending(left: int, cost: int) -> None:
    """000_008acb24c72771e3.txt: PP are spent as "carburant" for powers."""
    assert spend(being(6, left=left), cost).current_power_points == left - cost


@pytest.mark.parametrize(("left", "cost"), [(0, 1), (3, 4), (4, 9)])
def test_spending_is_refused_when_the_pool_is_short(left: int, cost: int) -> None:
    """000_008acb24c72771e3.txt: PP are the "carburant" of powers: no fuel, no power."""
    with pytest.raises(Refused) as caught:
        spend(being(6, left=left), cost)
    assert caught.value.rule == "power_points_short"
    assert str(left) in caught.value.render("fr") and str(cost) in caught.value.render("en")


@pytest.mark.parametrize(
    ("rate", "left", "days", "at_rest", "gained"),
    [
        (2, 0, 1, False, 2),
        (2, 0, 2, False, 4),
        (2, 5, 3, False, 1),
        (0, 0, 3, False, 0),
        (0, 0, 3, True, 3),
        (0, 5, 3, True, 1),
        (3, 0, 1, True, 3),
        (0, 0, 0, True, 0),
        (1, 6, 5, True, 0),
    ],
)
def test_recovery(rate: int, left: int, days: int, at_rest: bool, gained: int) -> None:
    """000_008acb24c72771e3.txt: "la créature ne peut dépasser son nombre maximum de points de pouvoir"; "au
    repos complet en récupère 1 toutes les 24 heures".
    """
    b = being(6, rate=rate, left=left)
    assert recovery_amount(b, days, at_rest) == gained
    assert recover(b, days, at_rest).current_power_points == left + gained <= b.max_power_points


def test_bad_amounts() -> None:
    """Bad input (cost 0, negative days, negative limit) is refused with the field named."""
    with pytest.raises(BadInputError):
        spend(being(), 0)
    with pytest.raises(BadInputError):
        recovery_amount(being(), -1, True)
    with pytest.raises(BadInputError) as caught:
        build(KindRules, {"max_voluntary_shift": -1})
    assert "max_voluntary_shift" in caught.value.render("fr")


def table_with(b: Being) -> Session[Any, Any, Any]:
    return Session.new("insmv", {"beings": [b.model_dump(mode="json")]})


def test_spending_then_recovering_at_the_table() -> None:
    """000_008acb24c72771e3.txt: PP spent as "carburant", then recovered per 24 hours."""
    session = table_with(being(5, rate=1))
    session.do(SpendPowerPoints(being="Andromalius", cost=4, power="Charme"))
    assert session.state.beings["Andromalius"].current_power_points == 1
    session.do(RecoverPowerPoints(being="Andromalius", days=2, at_rest=False))
    assert session.state.beings["Andromalius"].current_power_points == 3


def test_commands_refused_leave_the_state_alone() -> None:
    session = table_with(being(3))
    before = session.state
    with pytest.raises(Refused) as caught:
        session.do(SpendPowerPoints(being="Andromalius", cost=4))
    assert caught.value.rule == "power_points_short"
    assert refusal(session.state, SpendPowerPoints(being="Andromalius", cost=3)) is None
    with pytest.raises(BadInputError):
        session.do(SpendPowerPoints(being="Nobody", cost=1))
    with pytest.raises(BadInputError):
        session.do(AddBeing(being=being(3)))
    with pytest.raises(BadInputError):
        Session.new("insmv", {"beings": [being(3, left=4).model_dump(mode="json")]})
    assert session.state == before and session.version == 0


COMMANDS = st.one_of(
    st.builds(SpendPowerPoints, being=st.just("Andromalius"), cost=st.integers(1, 8)),
    st.builds(
        RecoverPowerPoints, being=st.just("Andromalius"), days=st.integers(0, 4), at_rest=st.booleans()
    ),
)


@given(will=st.integers(0, 6), rate=st.integers(0, 3), commands=st.lists(COMMANDS, max_size=15))
def test_power_points_stay_between_zero_and_the_maximum(
    will: int, rate: int, commands: list[SpendPowerPoints | RecoverPowerPoints]
) -> None:
    """000_008acb24c72771e3.txt: "ne peut dépasser son nombre maximum de points de pouvoir"."""
    session = table_with(being(will, rate=rate))
    for command in commands:
        try:
            session.do(command)
        except Refused:
            continue
        b = session.state.beings["Andromalius"]
        assert 0 <= b.current_power_points <= b.max_power_points
