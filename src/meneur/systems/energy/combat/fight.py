"""A fight in progress for code that holds states and typed commands (rule tests, the benchmark): a thin
face of :class:`meneur.engine.Session`, which keeps the one event log, ``undo`` and ``redo``.
"""

from __future__ import annotations

from typing import Any

from meneur.engine.session import Entry, Session
from meneur.systems.energy.combat.commands import Command
from meneur.systems.energy.combat.engine import NO_DICE, new_session
from meneur.systems.energy.combat.events import Event
from meneur.systems.energy.combat.evolve import evolve_all
from meneur.systems.energy.combat.state import FightState


class Fight:
    """A fight from ``initial``: ``do``, ``undo``, ``redo``, ``events``, ``replay`` on its session."""

    __slots__ = ("session",)

    def __init__(self, initial: FightState, setup: Any = None) -> None:
        self.session: Session[FightState, Command, Event] = new_session(initial, setup)

    @property
    def initial(self) -> FightState:
        """The state before the first command."""
        return self.session.start

    @property
    def state(self) -> FightState:
        """The state now."""
        return self.session.state

    @property
    def log(self) -> list[Entry[FightState, Command, Event]]:
        """The session's entries: each command, its events and the state before it."""
        return self.session.entries()

    def do(self, command: Command) -> tuple[Event, ...]:
        """Decide and carry out ``command``; raises Refused (state unchanged) when illegal."""
        return tuple(self.session.do(command, NO_DICE))

    def undo(self) -> Command | None:
        """Take back the last command; returns it (None when the log is empty)."""
        change = self.session.undo()
        return None if change is None else change.command

    def redo(self) -> Command | None:
        """Carry out again the last command taken back."""
        change = self.session.redo()
        return None if change is None else change.command

    def events(self) -> list[Event]:
        """Every event of the log, in order."""
        return self.session.events()

    def replay(self, log: list[Event] | None = None) -> FightState:
        """The state rebuilt from the initial state and an event log (this fight's by default)."""
        return evolve_all(self.initial, self.events() if log is None else log)
