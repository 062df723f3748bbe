"""Stress and states, 002_58e889a1abff3456.txt, chapter on stress and états."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.errors import BadInputError, Refused
from meneur.systems.energy import library_hero
from meneur.systems.energy.campaign import states
from meneur.systems.energy.campaign.states import effective_attributes
from meneur.systems.energy.campaign.stress import (
    StressUse,
    at_level,
    bring_back,
    check_gm_stress,
    relieve_stress,
    spend_box,
    stress_level,
    take_stress,
)
from meneur.systems.energy.model import Attributes, State
from tests.energy.campaign.helpers import mecanus

MENTAL = {State.TROUBLED, State.DEMORALIZED, State.BROKEN}


@pytest.mark.parametrize(
    ("before", "boxes", "stress", "mental"),
    [
        (0, 1, 1, set()),
        (8, 1, 9, set()),
        (9, 1, 10, {State.TROUBLED}),
        (8, 2, 10, {State.TROUBLED}),
        (10, 1, 10, {State.TROUBLED, State.DEMORALIZED}),
        (10, 2, 10, {State.TROUBLED, State.DEMORALIZED, State.BROKEN}),
        (9, 2, 10, {State.TROUBLED, State.DEMORALIZED}),
    ],
)
def test_the_gauge_fills_then_troubled_demoralized_broken(
    before: int, boxes: int, stress: int, mental: set[State]
) -> None:
    """002_58e889a1abff3456.txt: "Lorsque le personnage atteint 10 cases de stress, il coche l'état
    troublé. S'il doit subir davantage de stress (ce qui l'amènerait à 11 cases), il coche l'état
    démoralisé, puis brisé(l'équivalent de 12 cases)"."""
    hero = take_stress(at_level(library_hero("KITSUNE"), before), boxes)
    assert (hero.stress, hero.states & MENTAL) == (stress, mental)


def test_relief_goes_back_below_ten() -> None:
    """002_58e889a1abff3456.txt: troublé "tant qu'il n'est pas redescendu en dessous des 10 cases"."""
    hero = at_level(library_hero("KITSUNE"), 11)
    once = relieve_stress(hero)
    twice = relieve_stress(once)
    assert (once.stress, once.states & MENTAL) == (10, {State.TROUBLED})
    assert (twice.stress, twice.states & MENTAL) == (9, set())
    assert relieve_stress(at_level(hero, 1), 2).stress == 0


def test_broken_is_out_of_play_until_brought_back_at_the_minimum() -> None:
    """002_58e889a1abff3456.txt: "le personnage ne sera plus jouable tant qu'il n'aura pas été ramené
    [...] ses cases de stress seront de nouveau à leur minimum"."""
    broken = at_level(library_hero("KITSUNE"), 12)
    assert not states.is_playable(broken)
    for action in (
        lambda: take_stress(broken),
        lambda: relieve_stress(broken),
        lambda: spend_box(broken, StressUse.DETERMINATION),
    ):
        with pytest.raises(Refused):
            action()
    back = bring_back(broken)
    assert (back.stress, back.states & MENTAL, states.is_playable(back)) == (0, set(), True)
    with pytest.raises(Refused):
        bring_back(back)


@pytest.mark.parametrize(
    ("given_before", "boxes", "allowed"),
    [(0, 1, True), (0, 2, True), (1, 1, True), (1, 2, False), (2, 1, False), (0, 3, False)],
)
def test_at_most_two_gm_boxes_in_a_scene(given_before: int, boxes: int, allowed: bool) -> None:
    """002_58e889a1abff3456.txt: "le MJ peut même attribuer deux cases de stress en une fois, mais jamais
    plus durant une scène"."""
    hero = library_hero("WINK")
    if allowed:
        check_gm_stress(hero, given_before, boxes)
    else:
        with pytest.raises(Refused) as error:
            check_gm_stress(hero, given_before, boxes)
        assert error.value.rule == "gm_stress_per_scene"


@pytest.mark.parametrize("use", list(StressUse))
def test_spending_a_box_checks_one(use: StressUse) -> None:
    """002_58e889a1abff3456.txt: "il peut cocher une case de stress pour obtenir l'un des avantages
    ci-dessous": action d'éclat, détermination, se dépasser."""
    assert spend_box(at_level(library_hero("WINK"), 3), use).stress == 4


def test_spending_needs_an_empty_box_and_surpass_a_player() -> None:
    """002_58e889a1abff3456.txt: "Les personnages joueurs peuvent cocher un point de stress" to se dépasser;
    a gauge of 10 has no box left."""
    with pytest.raises(Refused):
        spend_box(at_level(library_hero("WINK"), 10), StressUse.FEAT)
    with pytest.raises(Refused):
        spend_box(mecanus(), StressUse.SURPASS)
    assert spend_box(mecanus(), StressUse.DETERMINATION).stress == 1


def test_zero_boxes_is_bad_input() -> None:
    """Stress comes in boxes ("une case de stress"): at least one."""
    with pytest.raises(BadInputError):
        take_stress(library_hero("WINK"), 0)


@given(st.lists(st.tuples(st.sampled_from(["take", "relieve"]), st.integers(1, 3)), max_size=30))
def test_the_gauge_stays_between_0_and_10(moves: list[tuple[str, int]]) -> None:
    """002_58e889a1abff3456.txt: "une jauge de stress comportant 10 cases"; troublé exactly from 10."""
    hero = library_hero("KITSUNE")
    for move, boxes in moves:
        if not states.is_playable(hero):
            hero = bring_back(hero)
        hero = take_stress(hero, boxes) if move == "take" else relieve_stress(hero, boxes)
        assert 0 <= hero.stress <= 10
        assert (State.TROUBLED in hero.states) == (stress_level(hero) >= 10)


# --- états ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "extra", "attributes"),
    [
        (0, set(), (6, 4, 4)),
        (0, {State.EXHAUSTED}, (5, 4, 4)),
        (11, set(), (5, 4, 4)),
        (11, {State.EXHAUSTED}, (4, 4, 4)),
        (0, {State.WOUNDED}, (6, 4, 2)),
        (0, {State.INCAPACITATED}, (6, 4, 2)),
    ],
)
def test_effective_attributes(level: int, extra: set[State], attributes: tuple[int, int, int]) -> None:
    """002_58e889a1abff3456.txt: épuisé "malus de 1 point à sa valeur d'énergie"; démoralisé "un malus de
    -1 en énergie"; blessé "ne peut récupérer que la moitié de sa vigueur (arrondie au supérieur)"."""
    hero = at_level(library_hero("KITSUNE"), level)
    hero = hero.model_copy(update={"states": hero.states | extra})
    assert effective_attributes(hero) == Attributes(
        energy=attributes[0], recovery=attributes[1], vigor=attributes[2]
    )


@pytest.mark.parametrize(("vigor", "half"), [(5, 3), (4, 2), (1, 1), (7, 4)])
def test_wounded_vigor_is_half_rounded_up(vigor: int, half: int) -> None:
    """002_58e889a1abff3456.txt: "la moitié de sa vigueur (arrondie au supérieur)"."""
    hero = library_hero("WINK")
    hero = hero.model_copy(update={"attributes": hero.attributes.model_copy(update={"vigor": vigor})})
    assert states.recoverable_vigor(states.wound(hero)) == half


def test_energy_never_below_one_and_recovery_never_above_energy() -> None:
    """002_58e889a1abff3456.txt: "Un attribut ne peut jamais être inférieur à 1"; "La récupération ne peut
    pas être supérieure à l'énergie"."""
    hero = library_hero("KITSUNE")
    hero = hero.model_copy(
        update={
            "attributes": Attributes(energy=1, recovery=1, vigor=3),
            "states": frozenset({State.EXHAUSTED}),
        }
    )
    assert effective_attributes(hero) == Attributes(energy=1, recovery=1, vigor=3)
    tired = library_hero("WINK").model_copy(update={"states": frozenset({State.EXHAUSTED})})
    assert effective_attributes(tired) == Attributes(energy=4, recovery=4, vigor=5)


def test_wounded_twice_is_incapacitated_and_healing() -> None:
    """002_58e889a1abff3456.txt: "Un personnage blessé qui subit une nouvelle fois le statut blessé subit
    à la place l'état incapacité"; "Un pouvoir de soin peut ramener un personnage incapacité au statut de
    personnage blessé, mais il ne pourra pas le ramener indemne le temps d'un scénario"."""
    hero = states.wound(states.wound(library_hero("WINK")))
    assert hero.states == {State.INCAPACITATED} and not states.can_continue_adventure(hero)
    raised = states.heal_with_power(hero)
    assert raised.states == {State.WOUNDED}
    with pytest.raises(Refused):
        states.heal_with_power(raised, raised_this_scenario=True)
    assert states.heal_with_power(raised).states == frozenset()
    assert states.infirmary(hero).states == frozenset()


def test_sleep_ends_exhaustion() -> None:
    """002_58e889a1abff3456.txt: épuisé "tant qu'il ne se sera pas reposé (au moins 7h de sommeil)"."""
    hero = states.exhaust(library_hero("WINK"))
    assert State.EXHAUSTED in hero.states
    assert states.sleep(hero).states == frozenset()
    with pytest.raises(Refused):
        states.sleep(states.sleep(hero))
    with pytest.raises(Refused):
        states.infirmary(hero)
