"""The end of the fight: who is blessé, épuisé or incapacité, and who stands again.

Source: 002_58e889a1abff3456.txt (tactical combat chapter, powers and archetypes chapter); readings
in docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import pytest

from meneur.systems.energy.combat.commands import (
    Attack,
    Defend,
    EndFight,
    EndPhase,
    Heal,
    SpendStress,
)
from meneur.systems.energy.combat.profile import PowerProfile

from .builders import OFF_D, foe, hero, started
from .test_rules import refused


@pytest.mark.parametrize(
    ("before", "after", "vigor"),
    [
        (frozenset(), {"wounded"}, 3),
        (frozenset({"wounded"}), {"incapacitated"}, 3),
        (frozenset({"incapacitated"}), {"incapacitated"}, 3),
    ],
)
def test_a_wounded_character_wounded_again_is_incapacitated(
    before: frozenset[str], after: set[str], vigor: int
) -> None:
    """ "Un personnage blessé qui subit une nouvelle fois le statut blessé subit à la place l'état
    incapacité"; "ne peut récupérer que la moitié de sa vigueur (arrondie au supérieur)"
    (002_58e889a1abff3456.txt): Vigueur 5 gives 3, and an incapacité character is no better off."""
    fight = started(hero(energy=6, vigor=5, states=before), foe(energy=9, vigor=9))
    fight.do(Attack("f", "h", 9, 0))
    fight.do(Defend("h"))
    assert fight.state.get("h").out
    fight.do(EndFight(wounded=("h",)))
    assert (set(fight.state.get("h").states), fight.state.get("h").vigor) == (after, vigor)


def test_a_knocked_out_character_is_not_both_wounded_and_exhausted() -> None:
    """ "Le MJ peut attribuer cet état après qu'un personnage ait été mis hors combat mais sans blessures"
    (épuisé, 002_58e889a1abff3456.txt): blessé and épuisé exclude each other at the end of a fight."""
    fight = started(hero(energy=6, vigor=5), foe(energy=9, vigor=9))
    fight.do(Attack("f", "h", 9, 0))
    fight.do(Defend("h"))
    from .test_rules import refused

    refused(fight, EndFight(wounded=("h",), exhausted=("h",)), "end_of_fight")


@pytest.mark.parametrize(
    ("wounded", "exhausted", "vigor", "states"),
    [
        ((), (), 5, set()),
        (("h",), (), 3, {"wounded"}),
        ((), ("h",), 5, {"exhausted"}),
    ],
)
def test_the_knocked_out_are_back_after_the_fight(
    wounded: tuple[str, ...], exhausted: tuple[str, ...], vigor: int, states: set[str]
) -> None:
    """ "un personnage peut récupérer tous ses points de vigueur (sauf s'il a été blessé)"; "Le MJ peut
    attribuer cet état après qu'un personnage ait été mis hors combat mais sans blessures"
    (002_58e889a1abff3456.txt): once Vigueur is restored the character is no longer hors combat."""
    fight = started(hero(energy=6, vigor=5), foe(energy=9, vigor=9))
    fight.do(Attack("f", "h", 9, 0))
    fight.do(Defend("h"))
    assert fight.state.get("h").out
    fight.do(EndFight(wounded=wounded, exhausted=exhausted))
    after = fight.state.get("h")
    assert (after.out, after.vigor, set(after.states)) == (False, vigor, states)


def test_the_gm_may_mark_blesse_a_character_back_from_a_second_wind() -> None:
    """ "Un personnage qui a été mis hors combat durant une scène peut subir le statut blessé à la fin du
    combat" (002_58e889a1abff3456.txt), even standing again after a second souffle."""
    heal = PowerProfile("Soin", "sup", effect="heal")
    fight = started(
        hero("h", energy=9, powers=(heal,)),
        hero("a", energy=3, vigor=2, at=(2.0, 0.0)),
        foe(energy=8, powers=(OFF_D,), at=(4.0, 0.0)),
    )
    fight.do(EndPhase())
    fight.do(Attack("f", "a", 4, 0))
    fight.do(Defend("a", 0))
    assert fight.state.get("a").out
    fight.do(SpendStress("a", "second_wind"))
    fight.do(EndPhase())
    fight.do(EndPhase())  # maintenance
    fight.do(Heal("h", 0, 2, "a"))
    assert not fight.state.get("a").out
    fight.do(EndFight(wounded=("a",)))
    assert "wounded" in fight.state.get("a").states
    fight2 = started(hero("h", energy=9), foe(energy=8, at=(4.0, 0.0)))
    refused(fight2, EndFight(wounded=("f",)), "end_of_fight")
