"""Control (ÉCHO): "le personnage peut utiliser sa propre énergie pour utiliser les propres pouvoirs
de son adversaire à sa guise" (002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.systems.energy.combat.events import ControlTaken, Event, LastingNoted
from meneur.systems.energy.combat.state import FightState, Lasting, PendingAttack


def on_hit(state: FightState, pending: PendingAttack, margin: int) -> list[Event]:
    """The attacker now controls the target until the next turn starts."""
    events: list[Event] = [ControlTaken(pending.attacker, pending.target)]
    if pending.power is not None:
        events.append(LastingNoted(Lasting(pending.attacker, pending.power, pending.target, "control",
                                           pending.tokens)))
    return events
