"""Control (ÉCHO): "le personnage peut utiliser sa propre énergie pour utiliser les propres pouvoirs
de son adversaire à sa guise" (002_58e889a1abff3456.txt).

The controlled target is contrôlé ("ne peut plus utiliser ses points d'énergie autrement qu'en
défense"); during its controller's action phase, the controller plays it: the controller's pool is
lent to the target for one command, and what is left is given back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meneur.systems.energy.combat.events import (
    ConditionApplied,
    ControlTaken,
    EnergyLent,
    EnergyReturned,
    Event,
    LastingNoted,
)
from meneur.systems.energy.combat.state import FightState, Interruption, Lasting, PendingAttack


def on_hit(state: FightState, pending: PendingAttack, margin: int) -> list[Event]:
    """The attacker now controls the target until the next turn starts."""
    events: list[Event] = [
        ControlTaken(pending.attacker, pending.target),
        ConditionApplied(pending.target, "controlled", pending.attacker),
    ]
    if pending.power is not None:
        events.append(
            LastingNoted(Lasting(pending.attacker, pending.power, pending.target, "control", pending.tokens))
        )
    return events


def played_by(state: FightState, actor: str) -> str | None:
    """The controller playing ``actor`` now (in the controller's own action phase), if any."""
    index = state.find(actor)
    if index < 0 or state.pending is not None:
        return None
    controller = state.combatants[index].controlled_by
    return controller if controller is not None and controller == state.acting else None


def on_behalf(
    state: FightState, command: Any, controller: str, handler: Callable[[FightState, Any], list[Event]]
) -> list[Event]:
    """Decide ``command`` of a controlled character with its controller's tokens."""
    from meneur.systems.energy.combat.evolve import evolve_all

    lender = state.get(controller)
    target = state.get(command.actor)
    lent = EnergyLent(controller, target.id, lender.energy)
    # Only the controller's tokens may be spent: the view shows them as the target's whole pool.
    view = state.with_combatant(lender._replace(energy=0)).with_combatant(
        target._replace(energy=lender.energy, conditions=target.conditions - {"controlled"})
    )
    view = view._replace(interruption=Interruption(target.id, None, state.targeted, state.acted))
    events = handler(view, command)
    left = evolve_all(view, events).get(target.id).energy
    return [lent, *events, EnergyReturned(target.id, controller, left)]
