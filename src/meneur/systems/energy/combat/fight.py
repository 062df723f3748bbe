"""A fight session: the event log, ``do``, ``undo``, ``redo`` and ``replay``.

The log is the truth: :meth:`Fight.replay` folds it over the initial state and gives back the
current state exactly. Undo removes the last command's events; redo re-applies them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from meneur.systems.energy.combat.apply import apply_all
from meneur.systems.energy.combat.commands import Command
from meneur.systems.energy.combat.decide import decide
from meneur.systems.energy.combat.events import Event
from meneur.systems.energy.combat.state import FightState


@dataclass(frozen=True, slots=True)
class Entry:
    """One command of the log, the events it caused and the state before it."""

    command: Command
    events: tuple[Event, ...]
    before: FightState


@dataclass(slots=True)
class Fight:
    """A fight in progress: ``initial`` state, the log of entries and the current state."""

    initial: FightState
    state: FightState = field(init=False)
    log: list[Entry] = field(default_factory=list)
    undone: list[Entry] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = self.initial

    def do(self, command: Command) -> tuple[Event, ...]:
        """Decide and apply ``command``; raises IllegalActionError (state unchanged) when illegal."""
        events = tuple(decide(self.state, command))
        self.log.append(Entry(command, events, self.state))
        self.state = apply_all(self.state, events)
        self.undone.clear()
        return events

    def undo(self) -> Command | None:
        """Remove the last command's events; returns that command (None when the log is empty)."""
        if not self.log:
            return None
        entry = self.log.pop()
        self.state = entry.before
        self.undone.append(entry)
        return entry.command

    def redo(self) -> Command | None:
        """Re-apply the last undone command's events."""
        if not self.undone:
            return None
        entry = self.undone.pop()
        self.log.append(entry)
        self.state = apply_all(self.state, entry.events)
        return entry.command

    def events(self) -> list[Event]:
        """Every event of the log, in order."""
        return [event for entry in self.log for event in entry.events]

    def replay(self, log: list[Event] | None = None) -> FightState:
        """The state rebuilt from the initial state and an event log (this fight's by default)."""
        return apply_all(self.initial, self.events() if log is None else log)
