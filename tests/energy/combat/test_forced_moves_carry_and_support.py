"""Forced moves at half success, carrying within the paid legs, support extended to several allies.

Source: 002_58e889a1abff3456.txt (tactical combat chapter, powers and archetypes chapter); readings
in docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import pytest

from meneur.errors import Refused
from meneur.systems.energy.combat.commands import (
    Attack,
    Defend,
    ForceMove,
    GiveEnergy,
    Heal,
)
from meneur.systems.energy.combat.events import (
    AttackDeclared,
)
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.profile import PowerProfile

from .builders import DEF, MOV, OFF_C, SUP, foe, hero, started
from .helpers import of_type

CARRY = PowerProfile("Attaque en vol", "off_c", effect="carry")

PUSH = PowerProfile("Super Force", "off_c")

TELEPORT = PowerProfile("Téléportation d'objets", "sup")

HEALING = PowerProfile("Soin tactile", "sup", effect="heal")


@pytest.mark.parametrize(("power", "effective"), [(None, 2), (0, 2), (1, 2)])
def test_a_forced_move_is_half_success_whatever_moves_the_victim(power: int | None, effective: int) -> None:
    """ "l'agresseur doit battre la défense de la victime avec une attaque en demi-succès" and a Sup
    teleport of an unwilling person "(en demi-succès offensif)" (002_58e889a1abff3456.txt): half, never
    quarter."""
    fight = started(hero("h", energy=9, powers=(PUSH, TELEPORT)), foe(energy=2, at=(3.0, 0.0)))
    events = fight.do(ForceMove("h", "f", 4, (20.0, 0.0), power))
    assert of_type(list(events), AttackDeclared)[0].pending.effective == effective


@pytest.mark.parametrize(
    ("destination", "legs", "attack", "landing", "vigor_lost"),
    [
        ((3.0, 40.0), 2, 4, (3.0, 20.0), 1),  # margin 3 pays one 20 m leg only, the last token drops him
        ((3.0, 40.0), 2, 6, (3.0, 40.0), 1),  # margin 5 pays both legs
        ((3.0, 20.0), None, 4, (3.0, 20.0), 1),  # the book's numbers: 4 against 1, 20 m, 1 Vigueur
        ((3.0, 40.0), 2, 2, (3.0, 0.0), 1),  # margin 1 pays no leg: the target stays and takes 1
    ],
)
def test_carrying_flies_only_the_legs_the_margin_pays(
    destination: tuple[float, float],
    legs: int | None,
    attack: int,
    landing: tuple[float, float],
    vigor_lost: int,
) -> None:
    """ "peut utiliser 2 de ses points d'énergie non bloqués pour se déplacer avec sa cible de 20 mètres ...
    puis utilise le dernier point pour lâcher le garde" (ALTAIR, 002_58e889a1abff3456.txt): a target is
    never carried farther than 20 m per 2 tokens past its defence, whatever destination was declared."""
    fight = started(hero(energy=8, vigor=5, powers=(CARRY, DEF, MOV)), foe(energy=3, vigor=3, at=(3.0, 0.0)))
    fight.do(Attack("h", "f", attack, 0, destination=destination, carry_legs=legs))
    fight.do(Defend("f", 1, 1))
    carried = fight.state.get("f")
    assert carried.position == pytest.approx(landing)
    assert 3 - carried.vigor == vigor_lost
    if landing != (3.0, 0.0):
        assert fight.state.get("h").position == pytest.approx(landing)


def test_healing_two_willing_allies_costs_one_more() -> None:
    """ "Un pouvoir de support peut s'étendre pour prendre effet sur plusieurs personnages consentants ...
    chaque personne en plus de la première augmente le coût du pouvoir de 1 jeton" (SUTURE's 4 tokens
    heal 2, 002_58e889a1abff3456.txt)."""
    fight = started(
        hero("s", energy=6, powers=(HEALING,)),
        hero("a", energy=2, vigor=5, at=(1.0, 0.0)),
        hero("b", energy=2, vigor=5, at=(2.0, 0.0)),
        foe(energy=1, at=(30.0, 0.0)),
    )
    fight = Fight(
        fight.state._replace(
            combatants=tuple(c._replace(vigor=2) if c.id in ("a", "b") else c for c in fight.state.combatants)
        )
    )
    fight.do(Heal("s", 0, 4, "a", also=("b",)))
    assert (fight.state.get("a").vigor, fight.state.get("b").vigor) == (4, 4)
    assert fight.state.get("s").energy == 6 - 5


@pytest.mark.parametrize("command", [GiveEnergy("h", 3, 2, "a"), Heal("h", 3, 2, "a")])
def test_giving_or_healing_with_another_power_names_no_raw_key(command: GiveEnergy | Heal) -> None:
    """ "Un pouvoir permettant de donner de l'énergie"; "Les pouvoirs qui rendent des points de vigueur"
    (002_58e889a1abff3456.txt): only such a power gives or heals; the refusal says so in words."""
    fight = started(hero(powers=(OFF_C, DEF, MOV, SUP)), hero("a", at=(1.0, 0.0)), foe())
    before = fight.state
    with pytest.raises(Refused) as caught:
        fight.do(command)
    assert fight.state == before
    for lang in ("fr", "en"):
        text = caught.value.render(lang)
        assert "Bricolage" in text and "give_energy" not in text and "(heal)" not in text


def test_the_gm_modifier_applies_to_a_heal() -> None:
    """ "Le MJ est libre d'ajouter un modificateur aux points d'énergie engagés" (002_58e889a1abff3456.txt):
    every action that engages tokens."""
    fight = started(hero("s", energy=6, powers=(HEALING,)), foe(energy=1, at=(30.0, 0.0)))
    fight = Fight(
        fight.state._replace(
            combatants=tuple(c._replace(vigor=1) if c.id == "s" else c for c in fight.state.combatants)
        )
    )
    fight.do(Heal("s", 0, 2, "s", gm_modifier=2))
    assert fight.state.get("s").vigor == 1 + 2
