"""Weakening and removing terrain elements (BRANDON's wall of fire) and scene interactions' limits.

Source: 002_58e889a1abff3456.txt: « un cône de froid pour affaiblir un mur de feu créé par un ennemi »;
« Pour l'éteindre, il faudrait qu'un autre personnage engage 4 points d'énergie avec un pouvoir comme une
attaque de froid ou d'eau »; readings in docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import pytest

from meneur.systems.energy.combat.commands import EndPhase, Interact, Move, UseSupport
from meneur.systems.energy.combat.events import AttackDeclared, InteractionProgressed, TerrainWeakened
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.legal import legal_actions
from meneur.systems.energy.combat.profile import PowerProfile

from .builders import DEF, MOV, foe, hero, started
from .helpers import of_type
from .test_rules import refused

FIRE = PowerProfile("Maîtrise du feu", "sup", effect="terrain")
COLD = PowerProfile("Cône de froid", "off_d")
ICE = PowerProfile("Contrôle de la glace", "sup")


def wall(rank: int = 4) -> Fight:
    """BRANDON's wall of fire of ``rank`` at (5, 0); the foe ``f`` (cold, defence, movement) acts next."""
    fight = started(
        hero("h", energy=6, powers=(FIRE,)),
        foe("f", energy=5, powers=(COLD, DEF, MOV, ICE), at=(10.0, 0.0)),
        foe("g", energy=3, at=(12.0, 0.0)),
    )
    fight.do(UseSupport("h", 0, rank, at=(5.0, 0.0), terrain_kind="hazard"))
    fight.do(EndPhase())
    assert fight.state.acting == "f"
    return fight


def test_cold_weakens_a_wall_of_fire_and_crossing_it_is_then_a_smaller_attack() -> None:
    """« un cône de froid pour affaiblir un mur de feu » (002_58e889a1abff3456.txt): 2 tokens of cold on
    the rank-4 wall leave it at rank 2, and crossing it is an attack of 2, not of 4."""
    fight = wall()
    fight.do(Interact("f", "h-t1", 2, power=0))
    assert of_type(fight.events(), TerrainWeakened)[-1].rank == 2
    element = fight.state.terrain_element("h-t1")
    assert element is not None and element.rank == 2
    fight.do(EndPhase())
    fight.do(Move("g", (0.0, 0.0), crossing=("h-t1",)))
    assert of_type(fight.events(), AttackDeclared)[-1].pending.effective == 2


@pytest.mark.parametrize(
    ("power", "rank_left"),
    [
        (0, 0),  # an offensive power, « comme une attaque de froid »: in full, the wall is out
        (3, 0),  # a support power (« un cône de froid pour affaiblir »): in full
        (None, 2),  # no power: half success, 4 tokens worth 2
        (1, 2),  # a Def power is not made to put out a fire: half success
        (2, 2),  # nor a Mov power
    ],
)
def test_removing_a_terrain_element_needs_a_power_that_opposes_it(power: int | None, rank_left: int) -> None:
    """« Pour l'éteindre, il faudrait qu'un autre personnage engage 4 points d'énergie avec un pouvoir
    comme une attaque de froid ou d'eau » (002_58e889a1abff3456.txt): without such a power the tokens count
    in half success (« ne possède pas de pouvoir ... en demi-succès »)."""
    fight = wall()
    fight.do(Interact("f", "h-t1", 4, power=power))
    weakened = of_type(fight.events(), TerrainWeakened)[-1]
    assert (weakened.paid, weakened.rank) == (4, rank_left)
    assert fight.state.get("f").energy == 5 - 4
    assert (fight.state.terrain_element("h-t1") is None) == (rank_left == 0)


def test_no_more_tokens_than_the_element_needs() -> None:
    """« il faudrait qu'un autre personnage engage 4 points » (002_58e889a1abff3456.txt): 4 tokens on a
    rank-3 element (« 4 sur 3 ») are refused, and the legality query offers at most 3."""
    fight = wall(rank=3)
    refused(fight, Interact("f", "h-t1", 4, power=0), "interact")
    offered = [a for a in legal_actions(fight.state) if a.kind == "interact"]
    assert {(a.command.power, a.cost_max) for a in offered} == {(None, 5), (0, 3), (3, 3)}
    fight.do(Interact("f", "h-t1", 3, power=0))
    assert fight.state.terrain_element("h-t1") is None


def test_without_a_power_the_query_offers_twice_the_rank() -> None:
    """« en demi-succès » without a fitting power (002_58e889a1abff3456.txt): 6 tokens for a rank-3
    element, each worth half; the query says so."""
    fight = wall(rank=3)
    offered = [a for a in legal_actions(fight.state) if a.kind == "interact"]
    assert [(a.cost_max, a.halving) for a in offered if a.command.power is None] == [(5, 1)]  # the pool
    fight.do(Interact("f", "h-t1", 5))
    assert of_type(fight.events(), TerrainWeakened)[-1].rank == 3 - 2


def test_a_scene_interaction_takes_no_more_than_it_needs() -> None:
    """KITSUNE's valve: a scene interaction costs « 1 point d'énergie (mais peut en coûter davantage selon
    le jugement du MJ) » (002_58e889a1abff3456.txt); engaging 4 where 3 are required is refused."""
    fight = wall()
    refused(fight, Interact("f", "valve", 4, required=3), "interact")
    fight.do(Interact("f", "valve", 2, required=3))
    assert of_type(fight.events(), InteractionProgressed)[-1].total == 2


def test_a_weakened_obstacle_costs_less_to_cross() -> None:
    """« 3 points nécessaires pour la détruire ou la franchir » (FORGE) and « affaiblir »
    (002_58e889a1abff3456.txt): a rank-3 barrier weakened by 1 costs 2 more tokens to cross, not 3."""
    forge = PowerProfile("Sculpture de combat", "sup", effect="terrain")
    fight = started(
        hero("h", energy=6, powers=(forge,)),
        foe("f", energy=5, powers=(COLD, DEF), at=(10.0, 0.0)),
        foe("g", energy=4, at=(12.0, 0.0)),
    )
    fight.do(UseSupport("h", 0, 3, at=(5.0, 0.0), terrain_kind="obstacle"))
    fight.do(EndPhase())
    fight.do(Interact("f", "h-t1", 1, power=0))
    fight.do(EndPhase())
    fight.do(Move("g", (0.0, 0.0), crossing=("h-t1",)))
    assert fight.state.get("g").energy == 4 - (1 + 2)
