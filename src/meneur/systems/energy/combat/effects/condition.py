"""Conditions: "la condition s'applique entièrement et ce jusqu'au début du prochain tour"
(002_58e889a1abff3456.txt); it may be maintained in the maintenance phase."""

from __future__ import annotations

from meneur.systems.energy.combat.events import ConditionApplied, Event, LastingNoted
from meneur.systems.energy.combat.state import FightState, Lasting, PendingAttack


def on_hit(state: FightState, pending: PendingAttack, margin: int) -> list[Event]:
    """The target suffers the power's condition until the next turn starts."""
    condition = pending.condition or "stunned"
    events: list[Event] = [ConditionApplied(pending.target, condition, pending.attacker)]
    if pending.power is not None:
        events.append(
            LastingNoted(
                Lasting(
                    pending.attacker,
                    pending.power,
                    pending.target,
                    "condition",
                    pending.tokens,
                    condition=condition,
                )
            )
        )
    return events
