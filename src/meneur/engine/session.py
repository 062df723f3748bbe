"""A session: one game in progress, the same object for every system and every adapter.

The CLI, the table server and the AI drive a :class:`Session` and nothing else: commands in, events
out, ``legal()`` for what may be done now. The log is the truth: the state is the fold of the
events over the start (``Session.replay`` rebuilds it); each entry keeps the state before it, so
``undo`` is exact and instant (python-chess's push and pop).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from meneur.dice.source import DiceSource, RandomSource
from meneur.engine.registry import system
from meneur.engine.system import Legal, System

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")


@dataclass(frozen=True, slots=True)
class Entry(Generic[S, C, E]):
    """One command carried out: the command, the events it caused and the state before it."""

    command: C | None
    events: tuple[E, ...]
    before: S


@dataclass(frozen=True, slots=True)
class Change(Generic[C, E]):
    """What ``undo`` took back or ``redo`` replayed: the command and its events."""

    command: C | None
    events: tuple[E, ...]


class Session(Generic[S, C, E]):
    """A game in progress: the setup, the log of entries, the undone ones, and the state now.

    Build one with :meth:`new` or :meth:`replay`; never mutate ``state`` directly.
    """

    __slots__ = ("_entries", "_legal", "_redo", "_start", "setup", "state", "system")

    def __init__(self, rules: System[S, C, E], setup: Any, start: S) -> None:
        self.system = rules
        self.setup = setup
        self._start = start
        self.state = start
        self._entries: list[Entry[S, C, E]] = []
        self._redo: list[Entry[S, C, E]] = []
        self._legal: tuple[S, bool, tuple[Legal[C], ...]] | None = None

    @classmethod
    def new(cls, key: str, setup: Any) -> Session[Any, Any, Any]:
        """A session of the system ``key`` (``energy-fight``, ``carpathes``...) from its setup's JSON.

        Raises:
            BadInputError: the key is unknown or the setup is not valid for that system.
        """
        rules = system(key)
        return Session(rules, setup, rules.start(setup))

    @classmethod
    def replay(cls, key: str, setup: Any, log: Iterable[Any]) -> Session[Any, Any, Any]:
        """The session rebuilt from its setup and its log.

        Args:
            key: the system's key.
            setup: the setup's JSON, as given to :meth:`new`.
            log: events (typed or wire form), or ``(command, events)`` pairs to keep each command's
                events together for undo; a flat list of events makes one entry per event.

        Raises:
            BadInputError: an event cannot be read or does not fit the state it is folded into.
        """
        session = cls.new(key, setup)
        for item in log:
            if type(item) is tuple and len(item) == 2:  # a pair, not an event that is a named tuple
                command, events = item
                session.record(command, events)
            else:
                session.record(None, (item,))
        return session

    @property
    def key(self) -> str:
        """The system's key."""
        return self.system.key

    @property
    def start(self) -> S:
        """The state before any command."""
        return self._start

    @property
    def version(self) -> int:
        """The number of commands in the log: what a client says it has seen."""
        return len(self._entries)

    def _command(self, command: Any) -> C:
        codec = self.system.codec
        if isinstance(command, str | dict):
            reader = self.system.read_command
            typed: C = reader(self.state, command) if reader is not None else codec.command_from_json(command)
            return typed
        codec.command_name(command)  # a TypeError for an object of another system
        result: C = command
        return result

    def do(self, command: C | Any, dice: DiceSource | None = None) -> list[E]:
        """Carry out ``command`` (typed, or in its wire form) and return its events.

        Args:
            command: the command.
            dice: where dice come from, for systems that roll (a fresh random source by default).

        Raises:
            Refused: the rules forbid it now (nothing changed).
            BadInputError: the command names nothing real or is malformed (nothing changed).
        """
        typed = self._command(command)
        source = dice if dice is not None else RandomSource.from_seed(None)
        events = tuple(self.system.decide(self.state, typed, source))
        self._append(typed, events)
        self._redo.clear()
        return list(events)

    def record(self, command: C | None, events: Sequence[E | Any]) -> None:
        """Append a stored entry without deciding it again (loading a log).

        Raises:
            BadInputError: an event in wire form cannot be read.
        """
        codec = self.system.codec
        typed = tuple(e if not isinstance(e, str | dict) else codec.event_from_json(e) for e in events)
        self._append(self._command(command) if command is not None else None, typed)

    def _append(self, command: C | None, events: tuple[E, ...]) -> None:
        before = self.state
        state = before
        for event in events:
            state = self.system.evolve(state, event)
        self._entries.append(Entry(command, events, before))
        self.state = state

    def legal(self, include_refused: bool = False) -> list[Legal[C]]:
        """What may be done now (and, if asked, what may not, with the rule and the reason).

        The answer depends on the state alone (states are immutable), so the last one is kept with the
        state it was asked of: every viewer of a table asks it again of the same state.
        """
        kept = self._legal
        if kept is not None and kept[0] is self.state and kept[1] == include_refused:
            return list(kept[2])
        found = tuple(self.system.legal(self.state, include_refused))
        self._legal = (self.state, include_refused, found)
        return list(found)

    def undo(self) -> Change[C, E] | None:
        """Take back the last command; returns it with its events (``None`` when the log is empty)."""
        if not self._entries:
            return None
        entry = self._entries.pop()
        self.state = entry.before
        self._redo.append(entry)
        return Change(entry.command, entry.events)

    def redo(self) -> Change[C, E] | None:
        """Carry out again the last command taken back (``None`` when there is none)."""
        if not self._redo:
            return None
        entry = self._redo.pop()
        self._append(entry.command, entry.events)
        return Change(entry.command, entry.events)

    def entries(self) -> list[Entry[S, C, E]]:
        """The log: one entry per command."""
        return list(self._entries)

    def undone(self) -> list[Entry[S, C, E]]:
        """The commands taken back that ``redo`` would replay, the next one last."""
        return list(self._redo)

    def events(self) -> list[E]:
        """Every event of the log, in order."""
        return [event for entry in self._entries for event in entry.events]

    def snapshot(self) -> dict[str, Any]:
        """The state now as JSON, with the format version and the number of commands it folds."""
        return {
            "kind": self.key,
            "format": self.system.format,
            "version": self.version,
            "state": self.system.state_json(self.state),
        }

    def log_json(self) -> list[dict[str, Any]]:
        """The log in its wire form: ``[{"command": ..., "events": [...]}, ...]``."""
        return [self._entry_json(entry) for entry in self._entries]

    def undone_json(self) -> list[dict[str, Any]]:
        """The commands ``redo`` would replay, in the wire form of :meth:`log_json`."""
        return [self._entry_json(entry) for entry in self._redo]

    def _entry_json(self, entry: Entry[S, C, E]) -> dict[str, Any]:
        codec = self.system.codec
        return {
            "command": None if entry.command is None else codec.command_to_json(entry.command),
            "events": [codec.event_to_json(event) for event in entry.events],
        }

    def restore_undone(self, undone: Iterable[dict[str, Any]]) -> None:
        """Give back the redo stack saved by :meth:`undone_json` (a file keeps it between commands)."""
        codec = self.system.codec
        state = self.state
        for item in undone:
            events = tuple(codec.event_from_json(e) for e in item.get("events", ()))
            command = item.get("command")
            self._redo.append(
                Entry(None if command is None else codec.command_from_json(command), events, state)
            )
