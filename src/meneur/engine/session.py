"""A session: one game in progress, the same object for every system and every adapter.

The CLI, the table server and the AI drive a :class:`Session` and nothing else: commands in, events
out, ``legal()`` for what may be done now. The log is the truth: the state is the fold of the
events over the start (``Session.replay`` rebuilds it); each entry keeps the state before it, so
``undo`` is exact and instant (python-chess's push and pop).

One entry belongs to the kernel rather than to a game: a :class:`Rewind` (``rewind(n)``), whose
state is the state before entry ``n`` and which has no events. Going back is thus one step of the
log like any command: ``undo`` takes it back exactly (the entry keeps the state before it), ``redo``
records it again, a replay folds it (the state before entry ``n`` of the log replayed so far), and
the entries it went back over stay in the log, told as they were. The state is the fold of the
events over the start, each rewind setting it back to the state before its target.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from meneur.dice.source import DiceSource, RandomSource
from meneur.engine.registry import system
from meneur.engine.system import Legal, System
from meneur.errors import BadInputError
from meneur.i18n import N_, Message

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")


REWIND = "meneur:rewind"
"""The wire name of :class:`Rewind`: ``{"meneur:rewind": {"before": n}}`` (no game's command has a
name with a colon: a game's wire names are its classes' names)."""


@dataclass(frozen=True, slots=True)
class Rewind:
    """The kernel's own command: the session goes back to the state before its entry ``before``
    (numbered from 1, as :attr:`Session.version` counts them)."""

    before: int

    def to_json(self) -> dict[str, Any]:
        return {REWIND: {"before": self.before}}


def rewind_of(wire: Any) -> Rewind | None:
    """The :class:`Rewind` a command's wire form (or typed command) is, ``None`` for a game's
    command.

    Raises:
        BadInputError: the wire form names the rewind but its target is not a whole number.
    """
    if isinstance(wire, Rewind):
        return wire
    if not isinstance(wire, dict) or REWIND not in wire:
        return None
    body = wire[REWIND]
    target = body.get("before") if isinstance(body, dict) else None
    if type(target) is not int or len(wire) != 1:
        raise BadInputError(
            Message("core", N_("A rewind names the number of the entry it goes back before."))
        )
    return Rewind(target)


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
        rewind = rewind_of(command)
        if rewind is not None:
            self._rewind(rewind)
            return
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

    def state_before(self, number: int) -> S:
        """The state before the entry ``number`` (1 is the first command: the start).

        Raises:
            BadInputError: there is no entry ``number`` in the log.
            LookupError: the entry is older than the log this session holds (a session restored
                from a snapshot): replay it in full to reach it.
        """
        if type(number) is not int or not 1 <= number <= self.version:
            raise BadInputError(
                Message(
                    "core",
                    N_("There is no entry {number} in the log: give a number from 1 to {last}."),
                    {"number": number, "last": self.version},
                )
            )
        index = number - 1 - (self.version - len(self._entries))
        if index < 0:
            raise LookupError(number)
        return self._entries[index].before

    def rewind(self, before: int) -> Rewind:
        """Go back to the state before the entry ``before``, as one more entry of the log (``undo``
        takes it back; the entries it went back over stay in the log).

        Raises:
            BadInputError: there is no such entry.
            LookupError: the entry is older than the log this session holds (see
                :meth:`state_before`).
        """
        step = Rewind(before)
        self._rewind(step)
        self._redo.clear()
        return step

    def _rewind(self, step: Rewind) -> None:
        state = self.state_before(step.before)
        self._entries.append(Entry(cast(Any, step), (), self.state))
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
        if isinstance(entry.command, Rewind):
            self._rewind(entry.command)
        else:
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

    def command_json(self, command: C | None) -> Any:
        """The wire form of an entry's command (a game's, a :class:`Rewind`, or none)."""
        if command is None:
            return None
        if isinstance(command, Rewind):
            return command.to_json()
        return self.system.codec.command_to_json(command)

    def _entry_json(self, entry: Entry[S, C, E]) -> dict[str, Any]:
        codec = self.system.codec
        return {
            "command": self.command_json(entry.command),
            "events": [codec.event_to_json(event) for event in entry.events],
        }

    def restore_undone(self, undone: Iterable[dict[str, Any]]) -> None:
        """Give back the redo stack saved by :meth:`undone_json` (a file keeps it between commands)."""
        codec = self.system.codec
        state = self.state
        for item in undone:
            events = tuple(codec.event_from_json(e) for e in item.get("events", ()))
            command = item.get("command")
            rewind = rewind_of(command)
            typed = (
                rewind
                if rewind is not None
                else None
                if command is None
                else codec.command_from_json(command)
            )
            self._redo.append(Entry(cast(Any, typed), events, state))
