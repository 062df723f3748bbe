"""Effect kinds of a power, one module each, as chosen with the GM when the power is made.

An offensive kind answers ``on_hit(state, pending, margin) -> events`` for an attack that passed the
defence by ``margin`` tokens (:data:`ON_HIT`); a support kind answers
``use(state, actor, command) -> events`` (:data:`meneur.systems.energy.combat.support.USES`).
Scene interactions (``interact``) are the :class:`~meneur.systems.energy.combat.commands.Interact`
command; a power without a kind is plain damage (offensive) or a generic support use.
"""

from __future__ import annotations

from collections.abc import Callable

from meneur.systems.energy.combat.effects import (
    carry,
    condition,
    control,
    damage,
    forced_move,
    luck,
    slow,
    steal,
)
from meneur.systems.energy.combat.events import Event
from meneur.systems.energy.combat.state import FightState, PendingAttack

OnHit = Callable[[FightState, PendingAttack, int], list[Event]]

ON_HIT: dict[str, OnHit] = {
    "damage": damage.on_hit,
    "condition": condition.on_hit,
    "forced_move": forced_move.on_hit,
    "carry": carry.on_hit,
    "steal": steal.on_hit,
    "control": control.on_hit,
    "slow": slow.on_hit,
    "luck": luck.on_hit,
}
"""Offensive effect kinds (an attack that beats the defence)."""

SUPPORT_KINDS = (
    "give_energy",
    "heal",
    "terrain",
    "portal",
    "immunity",
    "invisibility",
    "duplicates",
    "interact",
)
"""Kinds used with :class:`~meneur.systems.energy.combat.commands.UseSupport`."""
