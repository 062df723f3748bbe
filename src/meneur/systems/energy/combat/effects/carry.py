"""Carrying a target in flight (ALTAIR): "déplacer un adversaire de 20 mètres pour chaque 2 points
d'énergie au delà de la défense de sa cible", the rest falls as damage ("utilise le dernier point
pour lâcher le garde ... pour 1 point de vigueur", 002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.systems.energy.combat.checks import distance
from meneur.systems.energy.combat.effects.damage import lose_vigor
from meneur.systems.energy.combat.effects.terrain import hazards_after
from meneur.systems.energy.combat.events import Event, Moved
from meneur.systems.energy.combat.profile import Point
from meneur.systems.energy.combat.state import FightState, PendingAttack

METRES_PER_LEG = 20.0
TOKENS_PER_LEG = 2


def legs(pending: PendingAttack, margin: int) -> int:
    """20 m legs flown with the target: the declared number, at most what the margin pays."""
    most = margin // TOKENS_PER_LEG
    return most if pending.carry_legs is None else min(pending.carry_legs, most)


def on_hit(state: FightState, pending: PendingAttack, margin: int) -> list[Event]:
    """Fly with the target for 2 tokens per 20 m, then drop it for the remaining tokens as damage."""
    flown = legs(pending, margin) if pending.destination is not None else 0
    events: list[Event] = []
    if flown and pending.destination is not None:
        start = state.get(pending.target).position
        events.append(
            Moved(
                pending.attacker,
                reach(start, pending.destination, METRES_PER_LEG * flown),
                0,
                carried=(pending.target,),
                forced_by=pending.attacker,
            )
        )
    events += lose_vigor(state, pending.target, margin - TOKENS_PER_LEG * flown)
    if flown:  # both fly through what lies on the way
        events += hazards_after(state, pending.attacker, pending.crossing, (pending.target,))
    return events


def reach(start: Point, destination: Point, most: float) -> Point:
    """How far towards ``destination`` the paid legs fly: the destination, or ``most`` metres on the way."""
    gap = distance(start, destination)
    if gap <= most:
        return destination
    ratio = most / gap
    return (start[0] + (destination[0] - start[0]) * ratio, start[1] + (destination[1] - start[1]) * ratio)
