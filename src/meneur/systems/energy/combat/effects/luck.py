"""Bad luck (DÉJÀ-VU): "forcer un adversaire à rater son prochain déplacement"
(002_58e889a1abff3456.txt)."""

from __future__ import annotations

from meneur.systems.energy.combat.events import Event, Jinxed
from meneur.systems.energy.combat.state import FightState, PendingAttack


def on_hit(state: FightState, pending: PendingAttack, margin: int) -> list[Event]:
    """The target's next move fails (its tokens are spent)."""
    return [Jinxed(pending.target)]
