"""Small fights built directly from numbers for rule tests."""

from __future__ import annotations

from meneur.systems.energy.combat.commands import StartFight
from meneur.systems.energy.combat.fight import Fight
from meneur.systems.energy.combat.profile import Combatant, PowerProfile, make_combatant
from meneur.systems.energy.combat.state import FightState

OFF_C = PowerProfile("Coup", "off_c")
OFF_D = PowerProfile("Tir", "off_d")
DEF = PowerProfile("Esquive", "def")
MOV = PowerProfile("Course", "mov")
SUP = PowerProfile("Bricolage", "sup")


def hero(
    id: str = "h",
    energy: int = 6,
    powers: tuple[PowerProfile, ...] = (OFF_C, DEF, MOV, SUP),
    at: tuple[float, float] = (0.0, 0.0),
    recovery: int = 4,
    vigor: int = 5,
    states: frozenset[str] = frozenset(),
) -> Combatant:
    """A player character of the heroes' side."""
    return make_combatant(
        id, id.upper(), "heroes", energy, recovery, vigor, powers, pc=True, position=at, states=states
    )


def foe(
    id: str = "f",
    energy: int = 4,
    powers: tuple[PowerProfile, ...] = (OFF_D, DEF),
    at: tuple[float, float] = (3.0, 0.0),
    vigor: int = 4,
) -> Combatant:
    """An NPC of the foes' side."""
    return make_combatant(id, id.upper(), "foes", energy, energy, vigor, powers, position=at)


def started(*combatants: Combatant) -> Fight:
    """A fight with ``combatants`` after StartFight."""
    fight = Fight(FightState(tuple(combatants)))
    fight.do(StartFight())
    return fight
