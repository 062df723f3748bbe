"""Every way of crossing a terrain element pays or suffers it: small moves, charges, forced moves.

Source: 002_58e889a1abff3456.txt (tactical combat chapter, powers and archetypes chapter); readings
in docs/rulings/energy-combat.md.
"""

from __future__ import annotations

from meneur.systems.energy.combat.commands import (
    Attack,
    Charge,
    Defend,
    EndPhase,
    ForceMove,
    Move,
    UseSupport,
)
from meneur.systems.energy.combat.events import (
    AttackDeclared,
)
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.profile import PowerProfile

from .builders import DEF, MOV, OFF_C, OFF_D, foe, hero, started
from .helpers import of_type

BRANDON_WALL = PowerProfile("Maîtrise du feu", "sup", effect="terrain")

PUSH = PowerProfile("Super Force", "off_c")


def _walled(tokens: int = 4, kind: str = "hazard") -> Fight:
    fight = started(hero("b", energy=9, powers=(BRANDON_WALL, OFF_C)), foe(energy=6, at=(10.0, 0.0)))
    fight.do(UseSupport("b", 0, tokens, at=(5.0, 0.0), terrain_kind=kind))
    fight.do(EndPhase())
    return fight


def test_a_small_move_through_a_wall_of_fire_is_attacked() -> None:
    """ "Toute personne qui tenterait de le traverser subirait une attaque de feu de 4" (BRANDON,
    002_58e889a1abff3456.txt): a small move crosses it too."""
    fight = _walled()
    events = fight.do(Move("f", (6.0, 0.0), small=True, crossing=("b-t1",)))
    declared = of_type(list(events), AttackDeclared)
    assert declared and declared[0].pending.effective == 4 and declared[0].pending.target == "f"


def test_a_small_move_pays_to_cross_an_obstacle() -> None:
    """ "3 points nécessaires pour la détruire ou la franchir" (FORGE, 002_58e889a1abff3456.txt)."""
    fight = _walled(3, "obstacle")
    fight.do(Move("f", (6.0, 0.0), small=True, crossing=("b-t1",)))
    assert fight.state.get("f").energy == 6 - 3


def test_a_charge_through_a_hazard_takes_it_then_strikes() -> None:
    """BRANDON's wall "subirait une attaque de feu de 4" (002_58e889a1abff3456.txt): the charger defends
    against the wall, then the charge's attack follows."""
    fight = started(
        foe("f", energy=9, powers=(BRANDON_WALL,), at=(10.0, 0.0)),
        hero("k", energy=6, powers=(PUSH, DEF)),
        foe("g", energy=2, at=(20.0, 0.0)),
    )
    fight.do(UseSupport("f", 0, 2, at=(8.0, 0.0), terrain_kind="hazard"))
    fight.do(EndPhase())
    fight.do(Charge("k", "g", (18.0, 0.0), 3, 0, crossing=("f-t1",)))
    assert fight.state.pending is not None and fight.state.pending.terrain == "f-t1"
    events = fight.do(Defend("k", 0))
    assert fight.state.pending is not None and fight.state.pending.attacker == "k"
    assert fight.state.get("k").vigor == 5 - 2 and of_type(list(events), AttackDeclared)


def test_a_forced_move_through_a_hazard_exposes_the_victim() -> None:
    """ "il peut déplacer sa cible de force (sur une distance de 20 mètres)" and the wall attacks whoever
    crosses it (002_58e889a1abff3456.txt)."""
    fight = started(hero("b", energy=9, powers=(BRANDON_WALL, PUSH)), foe(energy=2, at=(3.0, 0.0)))
    fight.do(UseSupport("b", 0, 3, at=(6.0, 0.0), terrain_kind="hazard"))
    fight.do(ForceMove("b", "f", 4, (10.0, 0.0), 1, crossing=("b-t1",)))
    fight.do(Defend("f", 0))
    assert fight.state.get("f").position == (10.0, 0.0)
    assert fight.state.pending is not None and fight.state.pending.terrain == "b-t1"


def test_a_time_slow_zone_opposes_attacks_made_inside() -> None:
    """ "une zone de ralentissement temporel qui opposerait le nombre de points d'énergie engagé à ce qui est
    dépensé à l'intérieur (en demi-succès à cause de l'effet de zone)" (HORLOGE, 002_58e889a1abff3456.txt)."""
    zone = PowerProfile("Bulle", "sup", effect="terrain")
    fight = started(hero("h", energy=9, powers=(zone,)), foe(energy=6, powers=(OFF_D,), at=(3.0, 0.0)))
    fight.do(UseSupport("h", 0, 4, at=(3.0, 0.0), terrain_kind="slow_zone", diameter=10.0))
    assert fight.state.terrain[0].rank == 2
    fight.do(EndPhase())
    fight.do(Attack("f", "h", 5, 0))
    assert fight.state.pending is not None and fight.state.pending.countered == 2


def test_a_portal_left_open_behind_costs_one_more() -> None:
    """ "avec la possibilité de laisser un portail ouvert derrière soi en dépensant un point d'énergie
    supplémentaire" (002_58e889a1abff3456.txt)."""
    fight = started(hero("n", energy=6, powers=(MOV,)), foe(energy=2, at=(30.0, 0.0)))
    fight.do(Move("n", (15.0, 0.0), 0, leave_portal=True))
    assert fight.state.get("n").energy == 6 - 2
    assert [t.kind for t in fight.state.terrain] == ["portal"]
