"""Defects found by the combat review: engagement malus, counter-powers, blindness, the end of the fight.

Source: 002_58e889a1abff3456.txt, chapter on tactical combat; readings in docs/rulings/energy-combat.md.
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
    Hold,
    Move,
)
from meneur.systems.energy.combat.events import AttackDeclared

from .builders import DEF, MOV, OFF_C, OFF_D, SUP, foe, hero, started
from .helpers import of_type
from .test_rules import refused


@pytest.mark.parametrize(("away", "effective"), [
    ((0.0, 0.0), 2),  # the engager stands within 5 m: malus of 1
    ((-20.0, 0.0), 3),  # the engager moved away: no malus (and no half success either)
])
def test_off_d_malus_against_the_engager_only_while_it_engages(away: tuple[float, float],
                                                              effective: int) -> None:
    """"si le pouvoir du personnage engagé est de type offensif de distance (Off-D), il subira un malus de
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


def test_a_counter_power_needs_a_power() -> None:
    """"Un personnage qui s'est mis en attente peut opposer son pouvoir à l'action d'un autre personnage"
    (002_58e889a1abff3456.txt): without a power there is no counter-power, so it is refused; with one,
    its tokens are "directement retranchés des points investis par l'attaquant"."""
    fight = started(hero("w", energy=6, powers=(OFF_C, DEF, MOV, SUP)),
                    hero("c", energy=5, at=(1.0, 0.0)), foe("f", energy=4, at=(3.0, 0.0)))
    fight.do(Hold("w"))
    fight.do(EndPhase())
    fight.do(Attack("f", "c", 3, 0))
    refused(fight, Counter("w", 2, None), "counter")
    fight.do(Counter("w", 2, 3))
    assert fight.state.pending is not None and fight.state.pending.countered == 2


@pytest.mark.parametrize(("power", "at", "rule"), [
    (None, (1.0, 0.0), None),  # no power, at contact: allowed (half success)
    (0, (1.0, 0.0), None),  # Off-C at contact: allowed
    (None, (8.0, 0.0), "conditions"),  # no power, beyond contact reach (5 m): a ranged attack
    (1, (1.0, 0.0), "conditions"),  # Off-D: a ranged power, even close by
])
def test_blinded_only_ranged_attacks_are_refused(power: int | None, at: tuple[float, float],
                                                 rule: str | None) -> None:
    """"Aveuglé: ne peut plus effectuer l'attaques à distance" (002_58e889a1abff3456.txt): a blinded
    character still attacks in contact."""
    blind = hero("a", energy=6, powers=(OFF_C, OFF_D, DEF))._replace(conditions=frozenset({"blinded"}))
    fight = started(blind, foe("b", energy=4, at=at))
    command = Attack("a", "b", 2, power)
    if rule is None:
        fight.do(command)
        assert fight.state.pending is not None
    else:
        refused(fight, command, rule)


@pytest.mark.parametrize(("wounded", "exhausted", "vigor", "states"), [
    ((), (), 5, set()),
    (("h",), (), 3, {"wounded"}),
    ((), ("h",), 5, {"exhausted"}),
])
def test_the_knocked_out_are_back_after_the_fight(wounded: tuple[str, ...], exhausted: tuple[str, ...],
                                                  vigor: int, states: set[str]) -> None:
    """"un personnage peut récupérer tous ses points de vigueur (sauf s'il a été blessé)"; "Le MJ peut
    attribuer cet état après qu'un personnage ait été mis hors combat mais sans blessures"
    (002_58e889a1abff3456.txt): once Vigueur is restored the character is no longer hors combat."""
    fight = started(hero(energy=6, vigor=5), foe(energy=9, vigor=9))
    fight.do(Attack("f", "h", 9, 0))
    fight.do(Defend("h"))
    assert fight.state.get("h").out
    fight.do(EndFight(wounded=wounded, exhausted=exhausted))
    after = fight.state.get("h")
    assert (after.out, after.vigor, set(after.states)) == (False, vigor, states)


def test_an_extended_defence_counts_only_the_tokens_placed_in_it() -> None:
    """"Lorsque l'un des personnages protégés par la défense étendue sera attaqué, les jetons d'énergie
    placés en défense étendue seront pris en compte" (002_58e889a1abff3456.txt): not the protector's own
    defence. P keeps 4 of its own tokens, extends 1 to T; an attack at 5 on T meets 1 and deals 4."""
    fight = started(hero("p", energy=9, powers=(OFF_C, DEF)), hero("t", energy=5, vigor=6, at=(2.0, 0.0)),
                    foe("x", energy=10, at=(10.0, 0.0)))
    fight.do(Attack("x", "p", 1, 0))
    fight.do(Defend("p", 5, 1))
    assert fight.state.get("p").defense == 4
    fight.do(ExtendedDefense("p", 1, ("t",), 1))
    fight.do(Attack("x", "t", 5, 0))
    fight.do(Defend("t"))
    assert fight.state.get("t").vigor == 6 - 4
    protector = fight.state.get("p")  # the extended token is the one removed; its own 4 stay
    assert (protector.defense, protector.extended_defense) == (4, 0)
