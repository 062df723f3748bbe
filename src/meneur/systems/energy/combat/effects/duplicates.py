"""Duplicates (LEGION): "Chaque point d'énergie investi dans une copie offre à la copie 1 point
d'énergie et 1 point de vigueur"; "Lorsqu'une copie perd un point de vigueur, l'original perd lui
aussi un point de vigueur" (002_58e889a1abff3456.txt).

A copy remembers the category of the power that made it (``made_by``): copies made by a support power
use Off, Def and Mov "en demi-succès"; copies made by an offensive power "ne peuvent utiliser que les
pouvoirs offensifs"; copies made by a defensive power only protect (they cannot attack).
"""

from __future__ import annotations

from meneur.systems.energy.combat import checks
from meneur.systems.energy.combat.commands import UseSupport
from meneur.systems.energy.combat.events import CopyCreated, Event
from meneur.systems.energy.combat.profile import Combatant
from meneur.systems.energy.combat.state import FightState


def use(state: FightState, who: Combatant, cmd: UseSupport) -> list[Event]:
    """A copy of rank tokens + reinforcement: that many tokens and Vigueur, the same powers."""
    rank = max(1, cmd.tokens + checks.first_use_modifier(who, cmd.power))
    n = who.copies + 1
    copy = who._replace(
        id=f"{who.id}#{n}",
        name=f"{who.name} #{n}",
        energy_max=rank,
        energy=rank,
        vigor_max=rank,
        vigor=rank,
        recovery=min(who.recovery, rank),
        defense=0,
        position=cmd.at or who.position,
        original=who.id,
        made_by=who.power(cmd.power).category,
        copies=0,
        copy_targets=frozenset(),
        used=frozenset(),
        hold=False,
        hold_kept=False,
        protecting=frozenset(),
        moves=0,
        small_move=False,
        charged=False,
        conditions=frozenset(),
        engaged_by=frozenset(),
    )
    return [CopyCreated(copy, cmd.tokens)]
