"""Stealing a power (SOLARIS): "priver la cible de son pouvoir et de le mettre à disposition du
personnage jusqu'à la fin du tour" (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.systems.energy.combat.events import Event, LastingNoted, PowerStolen
from meneur.systems.energy.combat.state import FightState, Lasting, PendingAttack


def on_hit(state: FightState, pending: PendingAttack, margin: int) -> list[Event]:
    """The target loses the named power for the turn; the attacker may use it (no modifier)."""
    if pending.target_power is None:
        return []
    events: list[Event] = [PowerStolen(pending.attacker, pending.target, pending.target_power)]
    if pending.power is not None:
        events.append(
            LastingNoted(
                Lasting(
                    pending.attacker,
                    pending.power,
                    pending.target,
                    "steal",
                    pending.tokens,
                    target_power=pending.target_power,
                )
            )
        )
    return events
