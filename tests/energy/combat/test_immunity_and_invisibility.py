"""Immunity takes a character out of the fight; any participation ends invisibility.

Source: 002_58e889a1abff3456.txt (tactical combat chapter, powers and archetypes chapter); readings
in docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import pytest

from meneur.systems.energy.combat.commands import (
    Attack,
    Counter,
    EndPhase,
    ExtendedDefense,
    Hold,
    Interpose,
    Maintain,
    UseSupport,
)
from meneur.systems.energy.combat.events import (
    InvisibilityChanged,
)
from meneur.systems.energy.combat.profile import PowerProfile
from meneur.systems.energy.combat.state import Phase

from .builders import DEF, OFF_C, SUP, foe, hero, started
from .helpers import of_type
from .test_rules import refused

IMMUNE = PowerProfile("Intangible", "sup", effect="immunity")

INVISIBLE = PowerProfile("Présence fantôme", "sup", effect="invisibility")

ARMOUR = PowerProfile("Armure", "def")


def test_an_immune_character_cannot_shield_allies() -> None:
    """ "le personnage ne peut plus agir sur le champ de bataille même s'il peut encore se déplacer"
    (002_58e889a1abff3456.txt): no extended defence, no interposition, no counter-power."""
    fight = started(
        hero("h", energy=8, powers=(IMMUNE, DEF, SUP)),
        hero("a", energy=3, at=(2.0, 0.0)),
        foe(energy=6, at=(4.0, 0.0)),
    )
    fight.do(UseSupport("h", 0, 1))
    fight.do(EndPhase())
    fight.do(Attack("f", "a", 3, 0))
    refused(fight, ExtendedDefense("h", 1, ("a",), 1), "immunity")
    refused(fight, Interpose("h", 1), "immunity")


def test_an_immune_holder_cannot_counter() -> None:
    """ "ne peut plus agir sur le champ de bataille" (002_58e889a1abff3456.txt): a counter-power neither."""
    fight = started(
        hero("h", energy=8, recovery=8, powers=(IMMUNE, SUP)),
        hero("a", energy=3, at=(2.0, 0.0)),
        foe(energy=6, at=(4.0, 0.0)),
    )
    fight.do(UseSupport("h", 0, 1))
    fight.do(EndPhase())
    fight.do(EndPhase())
    fight.do(EndPhase())
    assert fight.state.phase is Phase.MAINTENANCE
    fight.do(Maintain("h", fight.state.maintainable[0].id, 1))
    fight.do(EndPhase())
    fight.do(Hold("h"))
    fight.do(Attack("f", "a", 3, 0))
    refused(fight, Counter("h", 2, 1), "immunity")


@pytest.mark.parametrize("participation", ["extended_defense", "support"])
def test_any_participation_ends_invisibility(participation: str) -> None:
    """ "devient invisible mais ne peut plus participer au combat (via une action offensive, défensive ou
    de support) sans réapparaître" (SPECTRE, 002_58e889a1abff3456.txt)."""
    spectre = hero("s", energy=6, powers=(INVISIBLE, OFF_C, ARMOUR, SUP))
    fight = started(spectre, hero("a", energy=3, at=(2.0, 0.0)), foe(energy=2, at=(30.0, 0.0)))
    fight.do(UseSupport("s", 0, 1))
    assert fight.state.get("s").invisible
    if participation == "extended_defense":
        events = fight.do(ExtendedDefense("s", 1, ("a",), 2))
    else:
        events = fight.do(UseSupport("s", 3, 1, ("a",)))
    assert of_type(list(events), InvisibilityChanged)[-1].visible
    assert not fight.state.get("s").invisible


def test_a_second_activation_of_invisibility_is_refused_while_invisible() -> None:
    """ "Un personnage qui dépense un point d'énergie devient invisible" (002_58e889a1abff3456.txt): once."""
    fight = started(hero("s", energy=6, powers=(INVISIBLE, OFF_C)), foe(at=(30.0, 0.0)))
    fight.do(UseSupport("s", 0, 1))
    refused(fight, UseSupport("s", 0, 1), "invisibility")
