"""Slowing (HORLOGE): "au tour suivant, il ne récupère que la moitié de son attribut de
récupération" (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.systems.energy.combat.events import Event, Slowed
from meneur.systems.energy.combat.state import FightState, PendingAttack


def on_hit(state: FightState, pending: PendingAttack, margin: int) -> list[Event]:
    """The target recovers half its Récupération (rounded down) at the next recovery phase."""
    return [Slowed(pending.target)]
