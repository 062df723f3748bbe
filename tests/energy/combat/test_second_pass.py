"""Second pass on the tactical combat: readings the text contradicts, general actions, GM tools.

Source: 002_58e889a1abff3456.txt (tactical combat chapter, powers and archetypes chapter);
docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import pytest

from meneur.errors import BadInputError
from meneur.systems.energy.combat.commands import (
    Adjust,
    Arrive,
    Attack,
    Charge,
    Counter,
    Defend,
    EndFight,
    EndPhase,
    ExtendedDefense,
    ForceMove,
    Heal,
    Hold,
    Interpose,
    Interrupt,
    KeepHold,
    Leave,
    Maintain,
    Move,
    PlaceTerrain,
    Regenerate,
    SpendStress,
    StartFight,
    UseSupport,
)
from meneur.systems.energy.combat.events import (
    AttackDeclared,
    AttackResolved,
    Engaged,
    InvisibilityChanged,
    SupportUsed,
)
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.options import TableOptions
from meneur.systems.energy.combat.profile import PowerProfile
from meneur.systems.energy.combat.state import FightState, Phase

from .builders import DEF, MOV, OFF_C, OFF_D, SUP, foe, hero, started
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



BRANDON_WALL = PowerProfile("Maîtrise du feu", "sup", effect="terrain")
PUSH = PowerProfile("Super Force", "off_c")
TELEPORT = PowerProfile("Téléportation d'objets", "sup")
HEALING = PowerProfile("Soin tactile", "sup", effect="heal")
GIVING = PowerProfile("Accélération", "sup", effect="give_energy")


def _walled(tokens: int = 4, kind: str = "hazard") -> Fight:
    fight = started(hero("b", energy=9, powers=(BRANDON_WALL, OFF_C)), foe(energy=6, at=(10.0, 0.0)))
    fight.do(UseSupport("b", 0, tokens, at=(5.0, 0.0), terrain_kind=kind))
    fight.do(EndPhase())
    return fight


def test_a_small_move_through_a_wall_of_fire_is_attacked() -> None:
    """"Toute personne qui tenterait de le traverser subirait une attaque de feu de 4" (BRANDON,
    002_58e889a1abff3456.txt): a small move crosses it too."""
    fight = _walled()
    events = fight.do(Move("f", (6.0, 0.0), small=True, crossing=("b-t1",)))
    declared = of_type(list(events), AttackDeclared)
    assert declared and declared[0].pending.effective == 4 and declared[0].pending.target == "f"


def test_a_small_move_pays_to_cross_an_obstacle() -> None:
    """"3 points nécessaires pour la détruire ou la franchir" (FORGE, 002_58e889a1abff3456.txt)."""
    fight = _walled(3, "obstacle")
    fight.do(Move("f", (6.0, 0.0), small=True, crossing=("b-t1",)))
    assert fight.state.get("f").energy == 6 - 3


def test_a_charge_through_a_hazard_takes_it_then_strikes() -> None:
    """BRANDON's wall "subirait une attaque de feu de 4" (002_58e889a1abff3456.txt): the charger defends
    against the wall, then the charge's attack follows."""
    fight = started(foe("f", energy=9, powers=(BRANDON_WALL,), at=(10.0, 0.0)),
                    hero("k", energy=6, powers=(PUSH, DEF)), foe("g", energy=2, at=(20.0, 0.0)))
    fight.do(UseSupport("f", 0, 2, at=(8.0, 0.0), terrain_kind="hazard"))
    fight.do(EndPhase())
    fight.do(Charge("k", "g", (18.0, 0.0), 3, 0, crossing=("f-t1",)))
    assert fight.state.pending is not None and fight.state.pending.terrain == "f-t1"
    events = fight.do(Defend("k", 0))
    assert fight.state.pending is not None and fight.state.pending.attacker == "k"
    assert fight.state.get("k").vigor == 5 - 2 and of_type(list(events), AttackDeclared)


def test_a_forced_move_through_a_hazard_exposes_the_victim() -> None:
    """"il peut déplacer sa cible de force (sur une distance de 20 mètres)" and the wall attacks whoever
    crosses it (002_58e889a1abff3456.txt)."""
    fight = started(hero("b", energy=9, powers=(BRANDON_WALL, PUSH)), foe(energy=2, at=(3.0, 0.0)))
    fight.do(UseSupport("b", 0, 3, at=(6.0, 0.0), terrain_kind="hazard"))
    fight.do(ForceMove("b", "f", 4, (10.0, 0.0), 1, crossing=("b-t1",)))
    fight.do(Defend("f", 0))
    assert fight.state.get("f").position == (10.0, 0.0)
    assert fight.state.pending is not None and fight.state.pending.terrain == "b-t1"


@pytest.mark.parametrize(("power", "effective"), [(None, 2), (0, 2), (1, 2)])
def test_a_forced_move_is_half_success_whatever_moves_the_victim(power: int | None, effective: int) -> None:
    """"l'agresseur doit battre la défense de la victime avec une attaque en demi-succès" and a Sup
    teleport of an unwilling person "(en demi-succès offensif)" (002_58e889a1abff3456.txt): half, never
    quarter."""
    fight = started(hero("h", energy=9, powers=(PUSH, TELEPORT)), foe(energy=2, at=(3.0, 0.0)))
    events = fight.do(ForceMove("h", "f", 4, (20.0, 0.0), power))
    assert of_type(list(events), AttackDeclared)[0].pending.effective == effective


def test_engagement_halves_a_link_beyond_5_m() -> None:
    """"le fera en demi-succès, quel que soit le type d'action et quelle que soit la cible"
    (002_58e889a1abff3456.txt): linking an ally 22 m away costs double while engaged."""
    fight = started(foe("f", energy=9, powers=(OFF_C,), at=(2.0, 0.0)), hero("h", energy=6, powers=(SUP,)),
                    hero("a", energy=2, at=(22.0, 0.0)))
    fight.do(Attack("f", "h", 1, 0))
    fight.do(Defend("h", 0))
    fight.do(EndPhase())
    events = fight.do(UseSupport("h", 0, 1, ("a",)))
    assert of_type(list(events), SupportUsed)[0].paid == 2


def test_healing_two_willing_allies_costs_one_more() -> None:
    """"Un pouvoir de support peut s'étendre pour prendre effet sur plusieurs personnages consentants ...
    chaque personne en plus de la première augmente le coût du pouvoir de 1 jeton" (SUTURE's 4 tokens
    heal 2, 002_58e889a1abff3456.txt)."""
    fight = started(hero("s", energy=6, powers=(HEALING,)), hero("a", energy=2, vigor=5, at=(1.0, 0.0)),
                    hero("b", energy=2, vigor=5, at=(2.0, 0.0)), foe(energy=1, at=(30.0, 0.0)))
    fight = Fight(fight.state._replace(combatants=tuple(
        c._replace(vigor=2) if c.id in ("a", "b") else c for c in fight.state.combatants)))
    fight.do(Heal("s", 0, 4, "a", also=("b",)))
    assert (fight.state.get("a").vigor, fight.state.get("b").vigor) == (4, 4)
    assert fight.state.get("s").energy == 6 - 5


def test_the_gm_modifier_applies_to_a_heal() -> None:
    """"Le MJ est libre d'ajouter un modificateur aux points d'énergie engagés" (002_58e889a1abff3456.txt):
    every action that engages tokens."""
    fight = started(hero("s", energy=6, powers=(HEALING,)), foe(energy=1, at=(30.0, 0.0)))
    fight = Fight(fight.state._replace(combatants=tuple(
        c._replace(vigor=1) if c.id == "s" else c for c in fight.state.combatants)))
    fight.do(Heal("s", 0, 2, "s", gm_modifier=2))
    assert fight.state.get("s").vigor == 1 + 2


def test_pointless_attack_options_are_bad_input() -> None:
    """Options that make no sense for an attack are refused, never ignored."""
    fight = started(hero("h", energy=9, powers=(OFF_D,)), foe(energy=2, at=(3.0, 0.0)))
    with pytest.raises(BadInputError):
        fight.do(Attack("h", "f", 2, 0, target_power=0))
    with pytest.raises(BadInputError):
        fight.do(Attack("h", "f", 2, 0, portal="h-t1"))


def test_no_engagement_from_beyond_5_m() -> None:
    """"Lorsqu'un personnage est attaqué au contact ... il est considéré comme engagé et ne peut agir que sur
    les personnages se trouvant dans ses 5 mètres" (002_58e889a1abff3456.txt): no engagement from 8 m."""
    options = TableOptions(contact_reach=10.0)
    fight = Fight(FightState((hero("h", energy=6), foe(energy=2, at=(8.0, 0.0))), options=options))
    fight.do(StartFight())
    events = fight.do(Attack("h", "f", 2, 0))
    assert not of_type(list(events), Engaged)


def test_gm_commands_are_events_and_undo_exactly() -> None:
    """"un nouvel ennemi arrive" (002_58e889a1abff3456.txt): the GM's commands are in the log."""
    fight = started(hero("h", energy=6), foe(energy=4, at=(3.0, 0.0)))
    fight.do(Arrive("boss", "foes", npc=8, position=(10.0, 0.0)))
    # Énergie 8 acts first in the order, from the next turn: h keeps its action phase.
    assert fight.state.order.index("boss") == 0 and fight.state.acting == "h"
    fight.do(Adjust("f", "éboulement", vigor=2, add_condition="stunned"))
    assert fight.state.get("f").vigor == 2 and "stunned" in fight.state.get("f").conditions
    fight.do(PlaceTerrain("hazard", 3, (5.0, 0.0), "incendie"))
    fight.do(Leave("f", fled=True))
    assert fight.state.get("f").left
    assert fight.undo() is not None and not fight.state.get("f").left
    refused(fight, Adjust("f", " "), "gm")


def test_a_brise_character_cannot_start_a_fight(tmp_path: object) -> None:
    """"le personnage ne sera plus jouable tant qu'il n'aura pas été ramené" (002_58e889a1abff3456.txt)."""
    from meneur.systems.energy.combat.rules import may_fight

    assert not may_fight(frozenset({"broken"})) and may_fight(frozenset({"wounded"}))


def test_regeneration_in_maintenance_needs_the_table_option() -> None:
    """"La régénération peut aussi s'appliquer lors de la phase d'entretien si le MJ l'autorise"
    (002_58e889a1abff3456.txt)."""
    for allowed in (False, True):
        healer = hero("s", energy=6, recovery=6, powers=(HEALING,))
        state = FightState((healer, foe(energy=4, at=(30.0, 0.0))),
                           options=TableOptions(regeneration_in_maintenance=allowed))
        fight = Fight(state)
        fight.do(StartFight())
        fight.do(EndPhase())
        fight.do(EndPhase())
        fight = Fight(fight.state.with_combatant(fight.state.get("s")._replace(vigor=1)))
        if allowed:
            fight.do(Regenerate("s", 0, 2))
            assert fight.state.get("s").vigor == 2
        else:
            refused(fight, Regenerate("s", 0, 2), "regeneration")


def test_a_portal_left_open_behind_costs_one_more() -> None:
    """"avec la possibilité de laisser un portail ouvert derrière soi en dépensant un point d'énergie
    supplémentaire" (002_58e889a1abff3456.txt)."""
    fight = started(hero("n", energy=6, powers=(MOV,)), foe(energy=2, at=(30.0, 0.0)))
    fight.do(Move("n", (15.0, 0.0), 0, leave_portal=True))
    assert fight.state.get("n").energy == 6 - 2
    assert [t.kind for t in fight.state.terrain] == ["portal"]


def test_a_time_slow_zone_opposes_attacks_made_inside() -> None:
    """"une zone de ralentissement temporel qui opposerait le nombre de points d'énergie engagé à ce qui est
    dépensé à l'intérieur (en demi-succès à cause de l'effet de zone)" (HORLOGE, 002_58e889a1abff3456.txt)."""
    zone = PowerProfile("Bulle", "sup", effect="terrain")
    fight = started(hero("h", energy=9, powers=(zone,)), foe(energy=6, powers=(OFF_D,), at=(3.0, 0.0)))
    fight.do(UseSupport("h", 0, 4, at=(3.0, 0.0), terrain_kind="slow_zone", diameter=10.0))
    assert fight.state.terrain[0].rank == 2
    fight.do(EndPhase())
    fight.do(Attack("f", "h", 5, 0))
    assert fight.state.pending is not None and fight.state.pending.countered == 2
