"""Second pass on the tactical combat: readings the text contradicts, general actions, GM tools.

Source: 002_58e889a1abff3456.txt (tactical combat chapter, powers and archetypes chapter);
docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import pytest

from meneur.systems.energy.combat.commands import (
    Attack,
    Counter,
    Defend,
    EndFight,
    EndPhase,
    ExtendedDefense,
    Heal,
    Hold,
    Interpose,
    Interrupt,
    KeepHold,
    Maintain,
    SpendStress,
    StartFight,
    UseSupport,
)
from meneur.systems.energy.combat.events import AttackResolved, InvisibilityChanged
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.profile import PowerProfile
from meneur.systems.energy.combat.state import FightState, Phase

from .builders import DEF, OFF_C, OFF_D, SUP, foe, hero, started
from .helpers import of_type
from .test_rules import refused

IMMUNE = PowerProfile("Intangible", "sup", effect="immunity")
INVISIBLE = PowerProfile("Présence fantôme", "sup", effect="invisibility")
DODGE = PowerProfile("Esquive", "def", dodge=True)
ARMOUR = PowerProfile("Armure", "def")


def test_an_immune_character_cannot_shield_allies() -> None:
    """"le personnage ne peut plus agir sur le champ de bataille même s'il peut encore se déplacer"
    (002_58e889a1abff3456.txt): no extended defence, no interposition, no counter-power."""
    fight = started(hero("h", energy=8, powers=(IMMUNE, DEF, SUP)), hero("a", energy=3, at=(2.0, 0.0)),
                    foe(energy=6, at=(4.0, 0.0)))
    fight.do(UseSupport("h", 0, 1))
    fight.do(EndPhase())
    fight.do(Attack("f", "a", 3, 0))
    refused(fight, ExtendedDefense("h", 1, ("a",), 1), "immunity")
    refused(fight, Interpose("h", 1), "immunity")


def test_an_immune_holder_cannot_counter() -> None:
    """"ne peut plus agir sur le champ de bataille" (002_58e889a1abff3456.txt): a counter-power neither."""
    fight = started(hero("h", energy=8, recovery=8, powers=(IMMUNE, SUP)), hero("a", energy=3, at=(2.0, 0.0)),
                    foe(energy=6, at=(4.0, 0.0)))
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
    """"devient invisible mais ne peut plus participer au combat (via une action offensive, défensive ou
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
    """"Un personnage qui dépense un point d'énergie devient invisible" (002_58e889a1abff3456.txt): once."""
    fight = started(hero("s", energy=6, powers=(INVISIBLE, OFF_C)), foe(at=(30.0, 0.0)))
    fight.do(UseSupport("s", 0, 1))
    refused(fight, UseSupport("s", 0, 1), "invisibility")


def test_the_gm_may_mark_blesse_a_character_back_from_a_second_wind() -> None:
    """"Un personnage qui a été mis hors combat durant une scène peut subir le statut blessé à la fin du
    combat" (002_58e889a1abff3456.txt), even standing again after a second souffle."""
    heal = PowerProfile("Soin", "sup", effect="heal")
    fight = started(hero("h", energy=9, powers=(heal,)), hero("a", energy=3, vigor=2, at=(2.0, 0.0)),
                    foe(energy=8, powers=(OFF_D,), at=(4.0, 0.0)))
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


def test_a_kept_hold_gives_one_action_phase_a_turn() -> None:
    """"La phase d'action en attente doit être réalisée en une fois" (002_58e889a1abff3456.txt): with
    ``hold_skips_own_slot: false`` a holder who acted in its slot cannot interrupt again this turn."""
    options = TableOptions(hold_skips_own_slot=False)
    fight = Fight(FightState((hero("h", energy=6, recovery=6), foe(energy=4, at=(3.0, 0.0))),
                             options=options))
    fight.do(StartFight())
    fight.do(Hold("h"))
    fight.do(EndPhase())  # f passes: turn 2, maintenance
    fight.do(KeepHold("h"))
    fight.do(EndPhase())
    assert fight.state.acting == "h"  # the slot of a holder comes (table option)
    fight.do(EndPhase("h"))
    fight.do(Attack("f", "h", 2, 0))
    refused(fight, Interrupt("h"), "hold")


def test_an_interposer_in_the_zone_takes_an_area_attack_once() -> None:
    """"son attaque est effectuée en demi-succès contre tous les personnages situés dans la zone" and
    "un même adversaire ne peut être pris pour cible ... qu'une seule fois" (002_58e889a1abff3456.txt)."""
    fight = started(foe("f", energy=9, powers=(OFF_D,), at=(20.0, 0.0)), hero("a", energy=4),
                    hero("b", energy=4, at=(2.0, 0.0)))
    fight.do(Attack("f", "a", 8, 0, area_targets=("b",), diameter=10.0))
    fight.do(Interpose("b", None))
    fight.do(Defend("b", 0))
    resolved = of_type(fight.events(), AttackResolved)
    assert [r.target for r in resolved] == ["b"]
    assert fight.state.pending is None
    assert fight.state.get("b").vigor == 5 - 4 and fight.state.get("a").vigor == 5


def test_an_interposer_already_hit_cannot_interpose_again() -> None:
    """"une seule fois" (002_58e889a1abff3456.txt): a character who took the area attack does not take it
    a second time for an ally."""
    fight = started(foe("f", energy=9, powers=(OFF_D,), at=(20.0, 0.0)), hero("a", energy=4),
                    hero("b", energy=4, at=(2.0, 0.0)))
    fight.do(Attack("f", "b", 8, 0, area_targets=("a",), diameter=10.0))
    fight.do(Defend("b", 0))
    refused(fight, Interpose("b", None), "interpose")


def test_a_dodge_cannot_interpose() -> None:
    """"Cela exclut donc par exemple l'utilisation d'un pouvoir d'esquive en tant que défense"
    (002_58e889a1abff3456.txt)."""
    fight = started(foe("f", energy=9, powers=(OFF_D,), at=(20.0, 0.0)), hero("a", energy=4),
                    hero("b", energy=4, powers=(DODGE, ARMOUR), at=(2.0, 0.0)))
    fight.do(Attack("f", "a", 3, 0))
    refused(fight, Interpose("b", 0), "interpose")
    fight.do(Interpose("b", 1))
    assert fight.state.pending is not None and fight.state.pending.target == "b"

