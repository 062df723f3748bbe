"""A fight in progress for code that holds states and typed commands (rule tests, the benchmark): the
engine's :class:`meneur.engine.Session` of the fight, built from a state rather than a setup.
"""

from __future__ import annotations

from typing import Any

from meneur.dice.source import DiceSource
from meneur.engine.session import Session
from meneur.systems.energy.combat.commands import Command
from meneur.systems.energy.combat.engine import NO_DICE, SYSTEM
from meneur.systems.energy.combat.events import Event
from meneur.systems.energy.combat.state import FightState


class Fight(Session[FightState, Command, Event]):
    """The session of a fight from ``initial`` (``setup`` is kept for files): every method is the
    :class:`~meneur.engine.Session`'s; ``do`` needs no dice (a fight rolls none)."""

    __slots__ = ()

    def __init__(self, initial: FightState, setup: Any = None) -> None:
        super().__init__(SYSTEM, setup, initial)

    def do(self, command: Command | Any, dice: DiceSource | None = None) -> list[Event]:
        """Decide and carry out ``command``; raises Refused (state unchanged) when illegal."""
        return super().do(command, NO_DICE if dice is None else dice)
