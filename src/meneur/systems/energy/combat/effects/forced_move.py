"""Forced movement: "l'agresseur doit battre la défense de la victime avec une attaque en
demi-succès. S'il réussit, il peut déplacer sa cible de force (sur une distance de 20 mètres)"
(002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.systems.energy.combat.effects.terrain import hazards_after
from meneur.systems.energy.combat.events import Event, Moved
from meneur.systems.energy.combat.state import FightState, PendingAttack


def on_hit(state: FightState, pending: PendingAttack, margin: int) -> list[Event]:
    """The target is moved to the destination chosen when the attack was declared."""
    if pending.destination is None:
        return []
    return [
        Moved(pending.target, pending.destination, 0, forced_by=pending.attacker),
        *hazards_after(state, pending.target, pending.crossing),
    ]
