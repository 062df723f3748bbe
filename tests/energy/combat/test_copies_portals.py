"""Duplicates (LEGION), portals (NEXUS) and DÉJÀ-VU's energy: the archetype chapter's effects in combat.

Source: 002_58e889a1abff3456.txt, power-archetype chapter (duplication, portails, précognition).
"""

from __future__ import annotations

import pytest

from meneur.systems.energy.catalogue import library_hero
from meneur.systems.energy.combat.commands import (
    Attack,
    Defend,
    EndPhase,
    GiveEnergy,
    Interpose,
    Maintain,
    Move,
    UseSupport,
)
from meneur.systems.energy.combat.events import (
    AttackDeclared,
    AttackJoined,
    AttackResolved,
    DefensePlaced,
    EnergyGiven,
    Moved,
)
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.profile import PowerProfile, combatant_from_character

from .builders import DEF, MOV, OFF_C, foe, hero, started
from .helpers import of_type, play
from .test_rules import refused

AGGRESSIVE = PowerProfile("Copie agressive", "off_c", effect="duplicates")
CLONES = PowerProfile("Clones", "sup", effect="duplicates")
PORTAL = PowerProfile("Portails", "sup", modifier=1, effect="portal")
PULL = PowerProfile("Attraction", "off_d", effect="forced_move")


def two_copies(first: int = 3, second: int = 3) -> Fight:
    """A hero who made two copies with an offensive power; the copies stand next to the foe."""
    fight = started(hero(energy=9, powers=(AGGRESSIVE, DEF)), foe(energy=4, at=(4.0, 0.0)))
    fight.do(UseSupport("h", 0, first, at=(3.0, 0.0)))
    fight.do(UseSupport("h", 0, second, at=(3.0, 1.0)))
    fight.do(EndPhase())
    assert fight.state.acting == "h#2"
    return fight


def test_legion_copies_attacking_one_adversary_make_one_attack() -> None:
    """ "leurs points d'énergie doivent être additionnés et considérés comme une seule attaque contre leur
    cible (qui ne perdra donc qu'un point de défense après l'attaque)" (002_58e889a1abff3456.txt)."""
    fight = play("legion_together")
    declared = of_type(fight.events(), AttackDeclared)[0]
    assert (declared.pending.tokens, declared.pending.effective) == (4, 4)
    assert [(j.actor, j.paid) for j in of_type(fight.events(), AttackJoined)] == [("legion#1", 2)]
    resolved = of_type(fight.events(), AttackResolved)[0]
    assert (resolved.attack, resolved.defense, resolved.margin) == (4, 2, 2)
    brute = fight.state.get("brute")
    assert (brute.vigor, brute.defense) == (4 - 2, 2 - 1)
    assert [fight.state.get(i).energy for i in ("legion", "legion#1", "legion#2")] == [5 - 4, 0, 0]


def test_a_copy_cannot_attack_again_an_adversary_its_fellow_copies_attacked() -> None:
    """ "Si elles attaquent un même adversaire ... une seule attaque" (002_58e889a1abff3456.txt): a copy
    that did not join cannot make a second attack on that adversary in the turn."""
    fight = two_copies()
    fight.do(Attack("h#2", "f", 2, 0))
    fight.do(Defend("f"))
    fight.do(EndPhase())
    assert fight.state.acting == "h#1"
    refused(fight, Attack("h#1", "f", 2, 0), "copies_together")


@pytest.mark.parametrize(
    ("attacker", "joined"),
    [
        ("h", (("h#1", 1),)),  # the original is not a copy made by an offensive power
        ("h#2", (("h#2", 1),)),  # a copy joins once, and not its own attack
        ("h#2", (("f", 1),)),  # only a fellow copy
        ("h#2", (("h#1", 4),)),  # the joining copy pays from its own pool (3 tokens)
    ],
)
def test_joining_an_attack_is_refused_for_others(attacker: str, joined: tuple[tuple[str, int], ...]) -> None:
    """ "Les copiées créées depuis un pouvoir offensif ... Si elles attaquent un même adversaire"
    (002_58e889a1abff3456.txt): only the offensive copies of one original pool their tokens."""
    fight = two_copies()
    if attacker == "h":
        fight = started(hero(energy=9, powers=(AGGRESSIVE, DEF)), foe(energy=4, at=(4.0, 0.0)))
        fight.do(UseSupport("h", 0, 3, at=(3.0, 0.0)))
    rule = "energy_pool" if joined == (("h#1", 4),) else "copies_together"
    refused(fight, Attack(attacker, "f", 1, 0, joined=joined), rule)


def support_copy() -> Fight:
    """A hero who made a copy of 6 with a support power; the copy acts next."""
    fight = started(hero(energy=9, powers=(CLONES, OFF_C, DEF, MOV)), foe(energy=4, at=(2.0, 0.0)))
    fight.do(UseSupport("h", 0, 6, at=(1.0, 0.0)))
    fight.do(EndPhase())
    assert fight.state.acting == "h#1"
    return fight


@pytest.mark.parametrize(("power", "effective"), [(1, 4 // 2), (None, 4 // 2), (0, 4 // 2)])
def test_a_support_copy_attacks_at_half_with_off_powers_only_once_halved(
    power: int | None, effective: int
) -> None:
    """ "si elles utilisent des pouvoirs Off, Def ou Mov, elles se retrouvent en demi-succès"
    (002_58e889a1abff3456.txt): an Off power at half; without a power or with a Sup power the action is
    already at half and is not halved twice (the copy does not use an Off power then)."""
    fight = support_copy()
    fight.do(Attack("h#1", "f", 4, power))
    assert of_type(fight.events(), AttackDeclared)[-1].pending.effective == effective


@pytest.mark.parametrize(("power", "level"), [(2, 1), (None, 1)])
def test_a_support_copy_defends_at_half(power: int | None, level: int) -> None:
    """ "si elles utilisent des pouvoirs Off, Def ou Mov, elles se retrouvent en demi-succès"
    (002_58e889a1abff3456.txt): its Def power counts at half, as does defending without one."""
    fight = support_copy()
    fight.do(EndPhase())
    fight.do(Attack("f", "h#1", 2, 0))
    fight.do(Defend("h#1", 4, power))
    assert of_type(fight.events(), DefensePlaced)[-1].level == level
    assert of_type(fight.events(), AttackResolved)[-1].defense == 4 // 2


def test_a_support_copy_moves_at_half_with_a_mov_power() -> None:
    """ "si elles utilisent des pouvoirs Off, Def ou Mov, elles se retrouvent en demi-succès"
    (002_58e889a1abff3456.txt): a 20 m move with its Mov power costs 2 tokens."""
    fight = support_copy()
    fight.do(Move("h#1", (20.0, 0.0), 3))
    assert of_type(fight.events(), Moved)[-1].paid == 2


def test_an_offensive_copy_cannot_use_a_movement_or_defence_power() -> None:
    """ "Les copiées créées depuis un pouvoir offensif ne peuvent utiliser que les pouvoirs offensifs de
    leur original" (002_58e889a1abff3456.txt)."""
    fight = started(hero(energy=9, powers=(AGGRESSIVE, DEF, MOV)), foe(energy=4, at=(4.0, 0.0)))
    fight.do(UseSupport("h", 0, 3, at=(3.0, 0.0)))
    fight.do(EndPhase())
    refused(fight, Move("h#1", (10.0, 0.0), 2), "duplicates")
    fight.do(Move("h#1", (10.0, 0.0)))  # a move without a power stays possible
    assert fight.state.get("h#1").energy == 3 - 1


def portal_fight() -> Fight:
    """NEXUS-like: a portal from (1, 0) to (79, 0); an Off-C ally at (0, 2), a foe at (82, 0)."""
    fight = started(
        hero("n", energy=6, powers=(PORTAL, PULL)),
        hero("m", energy=5, powers=(OFF_C, DEF), at=(0.0, 2.0)),
        foe(energy=3, at=(82.0, 0.0)),
    )
    fight.do(UseSupport("n", 0, 1, at=(1.0, 0.0), exit=(79.0, 0.0)))
    return fight


def test_attacks_transit_through_a_portal() -> None:
    """ "des attaques peuvent transiter" (002_58e889a1abff3456.txt): a contact attack made within 5 m of
    one end reaches a target within 5 m of the other end."""
    fight = portal_fight()
    fight.do(EndPhase())
    assert fight.state.acting == "m"
    refused(fight, Attack("m", "f", 2, 0), "contact_reach")
    fight.do(Attack("m", "f", 2, 0, portal="n-t1"))
    assert fight.state.pending is not None and fight.state.get("m").position == (0.0, 2.0)


def test_enemies_are_pulled_through_a_portal() -> None:
    """ "des ennemis peuvent être attirés à travers"; forced movement "en demi-succès ... (sur une distance
    de 20 mètres)" (002_58e889a1abff3456.txt): the target within 20 m of an end ends at the other end."""
    fight = portal_fight()
    fight.do(Attack("n", "f", 4, 1, portal="n-t1"))
    assert of_type(fight.events(), AttackDeclared)[-1].pending.effective == 4 // 2
    fight.do(Defend("f"))
    assert fight.state.get("f").position == (1.0, 0.0)


def test_a_portal_is_also_a_retreat_corridor() -> None:
    """ "Le portail sert aussi de couloir de retraite"; "Quiconque passe à travers est téléporté à l'autre
    extrémité" for "un seul point d'énergie" (002_58e889a1abff3456.txt): it works both ways."""
    fight = portal_fight()
    fight.do(EndPhase())
    fight.do(Move("m", (79.0, 0.0), portal="n-t1"))
    assert fight.state.get("m").position == (79.0, 0.0)
    refused(fight, Move("m", (1.0, 0.0), portal="n-t1"), "movement")  # without a Mov power: once a turn
    fight.do(EndPhase())
    fight.do(EndPhase())  # the foe passes
    fight.do(EndPhase())  # turn 2: maintenance (nothing kept but the portal, which closes unpaid)
    assert fight.state.terrain_element("n-t1") is None


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        (Attack("n", "f", 4, 1, portal="nowhere"), "portal"),
        (Attack("n", "f", 4, 1, portal="n-t1", destination=(70.0, 0.0)), "portal"),
        (Move("n", (0.0, 0.0), portal="nowhere"), "portal"),
    ],
)
def test_bad_portal_uses_are_refused(command: object, rule: str) -> None:
    """ "Quiconque passe à travers est téléporté à l'autre extrémité" (002_58e889a1abff3456.txt): only
    through a portal that stands, from near one of its ends."""
    refused(portal_fight(), command, rule)


def test_a_portal_beyond_reach_is_refused() -> None:
    """ "Quiconque passe à travers" (002_58e889a1abff3456.txt): the mover stands within 5 m of an end."""
    fight = portal_fight()
    fight.do(Move("n", (20.0, 0.0)))
    refused(fight, Move("n", (0.0, 0.0), portal="n-t1"), "portal")


def test_deja_vu_gives_energy_at_half_with_her_reinforcement() -> None:
    """ "prévenir un allié à l'avance de ce qu'il doit faire (et donc lui transférer des points d'énergie
    en demi-succès" (002_58e889a1abff3456.txt): Lecture du futur (Sup) +1, 3 tokens give (3 + 1) / 2."""
    dejavu = combatant_from_character(library_hero("DÉJÀ-VU"), "dejavu", "heroes")
    ally = hero("a", energy=6)
    fight = started(dejavu, ally._replace(energy=2))
    assert fight.state.acting == "dejavu"  # equal Énergie: player characters in the file's order
    fight.do(GiveEnergy("dejavu", 2, 3, "a"))
    given = of_type(fight.events(), EnergyGiven)[0]
    assert (given.paid, given.amount) == (3, 2)
    assert fight.state.get("a").energy == 2 + 2 and fight.state.get("dejavu").energy == 6 - 3


def test_legion_blocking_copy_takes_attacks_for_its_allies() -> None:
    """ "une copie de rang 4 qui bloque l'accès et absorbe les attaques ennemies"; "Les copies créées depuis
    un pouvoir défensif n'ont pour vocation que de protéger ... L'utilisation de la règle s'interposer";
    "Lorsqu'une copie perd un point de vigueur, l'original perd lui aussi" (002_58e889a1abff3456.txt)."""
    legion = combatant_from_character(library_hero("LEGION"), "legion", "heroes")
    fight = started(legion, hero("mate", energy=4, at=(3.0, 0.0)), foe("f", energy=4, at=(10.0, 0.0)))
    fight.do(UseSupport("legion", 0, 3, at=(5.0, 0.0)))  # Multiplication (Def) +1: a copy of rank 4
    copy = fight.state.get("legion#1")
    assert (copy.energy, copy.vigor, copy.made_by) == (4, 4, "def")
    fight.do(EndPhase())
    fight.do(EndPhase())  # the copy acts after LEGION and passes
    fight.do(EndPhase())  # the mate passes
    fight.do(Attack("f", "mate", 4, 0))
    fight.do(Interpose("legion#1", 0))
    fight.do(Defend("legion#1", 2, 0))
    resolved = of_type(fight.events(), AttackResolved)[-1]
    # the copy's own first use of Multiplication (Def) +1 adds its reinforcement: 2 paid, 3 placed
    assert (resolved.target, resolved.attack, resolved.defense) == ("legion#1", 4, 2 + 1)
    assert fight.state.get("legion#1").vigor == 4 - 1 and fight.state.get("legion").vigor == 5 - 1
    assert fight.state.get("mate").vigor == 5


@pytest.mark.parametrize(("modifier", "maintained", "second"), [(1, 0, 1), (-1, 2, 1)])
def test_maintaining_a_portal_is_the_first_use_of_the_turn(
    modifier: int, maintained: int, second: int
) -> None:
    """ "apporte autant de points d'énergie que sa valeur de renforcement lors de son utilisation, une seule
    fois par tour" (002_58e889a1abff3456.txt): NEXUS's portal maintained in the maintenance phase (which
    belongs to the new turn) spends the power's +X or -X, so a second portal opened in the same turn pays
    its rank with no modifier."""
    portals = PowerProfile("Portails", "sup", modifier=modifier, effect="portal")
    fight = started(hero("n", energy=6, powers=(portals, PULL)), foe(energy=3, at=(82.0, 0.0)))
    fight.do(UseSupport("n", 0, 1, at=(1.0, 0.0), exit=(79.0, 0.0)))
    fight.do(EndPhase())
    fight.do(EndPhase())  # turn 2, maintenance phase
    before = fight.state.get("n").energy
    fight.do(Maintain("n", "n/portal/n-t1/0", 1))
    assert before - fight.state.get("n").energy == maintained
    fight.do(EndPhase())
    before = fight.state.get("n").energy
    fight.do(UseSupport("n", 0, 1, at=(1.0, 5.0), exit=(79.0, 5.0)))
    assert before - fight.state.get("n").energy == second
    assert 0 in fight.state.get("n").used
