"""Damage: "le nombre de points de vigueur perdus par l'adversaire est égal à la différence"
(002_58e889a1abff3456.txt). A duplicate's loss is also the original's (LEGION)."""

from __future__ import annotations

from meneur.systems.energy.combat.events import Event, VigorLost
from meneur.systems.energy.combat.state import FightState, PendingAttack


def lose_vigor(state: FightState, target: str, amount: int) -> list[Event]:
    """Events for ``target`` losing ``amount`` Vigueur (knocked out at 0), mirrored on its original."""
    if amount <= 0:
        return []
    who = state.get(target)
    lost = min(amount, who.vigor)
    events: list[Event] = [VigorLost(target, lost, who.vigor - lost <= 0)]
    if who.original is not None and state.has(who.original) and not state.get(who.original).out:
        events += lose_vigor(state, who.original, lost)
    return events


def on_hit(state: FightState, pending: PendingAttack, margin: int) -> list[Event]:
    """The target loses ``margin`` Vigueur."""
    return lose_vigor(state, pending.target, margin)
