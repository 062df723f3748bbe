"""Engagement: the Off-D malus against the engager, every action beyond 5 m halved, no engagement from afar.

Source: 002_58e889a1abff3456.txt (tactical combat chapter, powers and archetypes chapter); readings
in docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import pytest

from meneur.errors import Refused
from meneur.systems.energy.combat.commands import (
    Attack,
    Defend,
    EndPhase,
    Move,
    StartFight,
    UseSupport,
)
from meneur.systems.energy.combat.events import (
    AttackDeclared,
    Engaged,
    SupportUsed,
)
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.state import FightState

from .builders import DEF, MOV, OFF_C, SUP, foe, hero, started
from .helpers import of_type


@pytest.mark.parametrize(
    ("away", "effective"),
    [
        ((0.0, 0.0), 2),  # the engager stands within 5 m: malus of 1
        ((-20.0, 0.0), 3),  # the engager moved away: no malus (and no half success either)
    ],
)
def test_off_d_malus_against_the_engager_only_while_it_engages(
    away: tuple[float, float], effective: int
) -> None:
    """ "si le pouvoir du personnage engagé est de type offensif de distance (Off-D), il subira un malus de
    1 point d'énergie s'il veut se servir de son pouvoir pour attaquer le personnage qui l'a engagé"
    (002_58e889a1abff3456.txt): only while engaged, that is while the engager stands within 5 m."""
    fight = started(hero("a", energy=6, powers=(OFF_C, DEF, MOV, SUP)), foe("b", energy=4, at=(2.0, 0.0)))
    fight.do(Attack("a", "b", 1, 0))
    fight.do(Defend("b"))
    if away != (0.0, 0.0):
        fight.do(Move("a", away, 2))
    fight.do(EndPhase())
    events = fight.do(Attack("b", "a", 3, 0))
    assert of_type(list(events), AttackDeclared)[0].pending.effective == effective


def test_engagement_halves_a_link_beyond_5_m() -> None:
    """ "le fera en demi-succès, quel que soit le type d'action et quelle que soit la cible"
    (002_58e889a1abff3456.txt): linking an ally 22 m away costs double while engaged."""
    fight = started(
        foe("f", energy=9, powers=(OFF_C,), at=(2.0, 0.0)),
        hero("h", energy=6, powers=(SUP,)),
        hero("a", energy=2, at=(22.0, 0.0)),
    )
    fight.do(Attack("f", "h", 1, 0))
    fight.do(Defend("h", 0))
    fight.do(EndPhase())
    events = fight.do(UseSupport("h", 0, 1, ("a",)))
    assert of_type(list(events), SupportUsed)[0].paid == 2


def test_no_engagement_from_beyond_5_m() -> None:
    """ "Lorsqu'un personnage est attaqué au contact ... il est considéré comme engagé et ne peut agir que sur
    les personnages se trouvant dans ses 5 mètres" (002_58e889a1abff3456.txt): no engagement from 8 m."""
    options = TableOptions(contact_reach=10.0)
    fight = Fight(FightState((hero("h", energy=6), foe(energy=2, at=(8.0, 0.0))), options=options))
    fight.do(StartFight())
    events = fight.do(Attack("h", "f", 2, 0))
    assert not of_type(list(events), Engaged)


def test_a_distance_refusal_writes_metres_as_a_reader_does() -> None:
    """ "attaqué au contact" (002_58e889a1abff3456.txt): a contact attack beyond reach is refused with
    "5 m", not "5.0 m"."""
    fight = started(hero(), foe(at=(8.0, 0.0)))
    with pytest.raises(Refused) as caught:
        fight.do(Attack("h", "f", 2, 0))
    assert "5\u00a0m" in caught.value.render("fr") and "5.0" not in caught.value.render("fr")
