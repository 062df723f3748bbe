"""Engine sessions kept in memory and rebuilt from the stored log when another writer moved them.

Every command goes through :meth:`meneur.engine.Session.do`; the server only stores what it
returns. A per-session lock orders the commands of one process; the stored ``version`` (checked
when writing, backed by a unique index) orders those of several processes.

A session in memory is the stored one when both its version and the live command at that version
(:func:`live_command`, its row's id) are the stored ones: the version alone cannot tell, since
another process may have taken the last command back and given another one in its place.

Every ``snapshot_every`` commands the state is stored as a snapshot (the system's ``state_json``
with its ``format``): loading a session restores the latest snapshot whose command is still live
and replays only the commands after it. Snapshots are a cache: one that does not read back (an
older format, a system whose ``state_json`` does not give back the same state) is ignored, and
export and import never carry them.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Hashable
from typing import Any

from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.orm import Session as Db

from meneur.engine import Session
from meneur.engine.registry import system
from meneur.engine.system import System
from meneur.errors import MeneurError
from meneur.server.models import CommandRow, EventRow, GameSession, Snapshot

log = logging.getLogger("meneur.server.games")

SNAPSHOT_EVERY = 100
"""Commands between two snapshots unless the settings say otherwise."""
SESSIONS_IN_MEMORY = 2048
"""Sessions a worker keeps in memory unless the settings say otherwise."""


def stored_log(
    db: Db, session_id: str, after: int = 0, until: float | None = None
) -> list[tuple[Any, list[Any]]]:
    """The live log of a stored session: ``(command, events)`` per command, in order (only the
    commands after version ``after``; with ``until``, only those given by then, a Unix time: the
    commands stored without a time are older than any with one)."""
    live: list[ColumnElement[bool]] = [
        CommandRow.session_id == session_id,
        CommandRow.undone.is_(False),
        CommandRow.version > after,
    ]
    if until is not None:
        live.append(or_(CommandRow.at.is_(None), CommandRow.at <= until))
    commands = list(db.scalars(select(CommandRow).where(*live).order_by(CommandRow.version)))
    events: dict[int, list[Any]] = defaultdict(list)
    query = (
        select(EventRow.command_id, EventRow.event)
        .join(CommandRow, CommandRow.id == EventRow.command_id)
        .where(EventRow.session_id == session_id, *live)
        .order_by(EventRow.position)
    )
    for command_id, event in db.execute(query):
        events[command_id].append(event)
    return [(row.command, events[row.id]) for row in commands]


def given_at(db: Db, session_id: str) -> dict[int, float | None]:
    """When each live command of the session was given (a Unix time, ``None`` when not kept), by
    version."""
    query = select(CommandRow.version, CommandRow.at).where(
        CommandRow.session_id == session_id, CommandRow.undone.is_(False)
    )
    return {row[0]: row[1] for row in db.execute(query)}


class Resumed(Session[Any, Any, Any]):
    """A session restored from a snapshot: its log holds only the commands after the snapshot's
    ``base`` version, and :attr:`version` counts from the start of the game."""

    __slots__ = ("base",)

    def __init__(self, rules: System[Any, Any, Any], setup: Any, state: Any, base: int) -> None:
        super().__init__(rules, setup, state)
        self.base = base

    @property
    def version(self) -> int:
        return self.base + len(self._entries)


def snapshot_state(rules: System[Any, Any, Any], state: Any) -> Any | None:
    """``state`` as the JSON of a snapshot, or ``None`` when the system's ``state_json`` does not
    read back to the same state (such a system is only ever replayed in full)."""
    try:
        data = json.loads(json.dumps(rules.state_json(state)))
        if rules.state_from_json(data) == state:
            return data
    except (MeneurError, TypeError, ValueError):
        pass
    log.warning("no snapshot: the state of %s does not read back from its JSON", rules.key)
    return None


def snapshot_due(version: int, every: int) -> bool:
    """Whether the state after ``version`` commands is stored as a snapshot."""
    return every > 0 and version > 0 and version % every == 0


def latest_snapshot(db: Db, row: GameSession, rules: System[Any, Any, Any]) -> Snapshot | None:
    """The newest usable snapshot of ``row``: its command live, within the live version, in the
    system's current format."""
    return db.scalar(
        select(Snapshot)
        .join(CommandRow, CommandRow.id == Snapshot.command_id)
        .where(
            Snapshot.session_id == row.id,
            CommandRow.undone.is_(False),
            Snapshot.version <= row.version,
            Snapshot.format == rules.format,
        )
        .order_by(Snapshot.version.desc())
        .limit(1)
    )


def restore(db: Db, row: GameSession) -> Session[Any, Any, Any]:
    """The stored session: from its latest snapshot and the commands after it, else replayed in
    full."""
    rules = system(row.kind)
    found = latest_snapshot(db, row, rules)
    if found is not None:
        try:
            session = Resumed(rules, row.setup, rules.state_from_json(found.state), found.version)
            for command, events in stored_log(db, row.id, after=found.version):
                session.record(command, events)
            return session
        except MeneurError:
            log.warning("snapshot %s of session %s does not load; replaying in full", found.id, row.id)
        except LookupError:  # a rewind after the snapshot goes back before it: the whole log
            pass
    return Session.replay(row.kind, row.setup, stored_log(db, row.id))


def live_command(db: Db, session_id: str, version: int) -> int:
    """The id of the live command at ``version`` of the session (0 at version 0): two states at
    one version are the same state when this is the same."""
    if version == 0:
        return 0
    found = db.scalar(
        select(CommandRow.id).where(
            CommandRow.session_id == session_id, CommandRow.version == version, CommandRow.undone.is_(False)
        )
    )
    return int(found or 0)


class Games:
    """A bounded cache of replayed sessions, one lock per session; and of each session's latest
    read for its viewers (:mod:`meneur.server.services.reads`), by the head it was read at."""

    def __init__(
        self, size: int = SESSIONS_IN_MEMORY, snapshot_every: int = SNAPSHOT_EVERY, reads: int = 64
    ) -> None:
        self.size = size
        self.snapshot_every = snapshot_every
        self._cache: OrderedDict[str, tuple[Session[Any, Any, Any], int]] = OrderedDict()
        """Each session with the id of its live command at its version (see :func:`live_command`)."""
        self.caught_up = 0
        """Sessions in memory taken on with the commands another worker or host gave since."""
        self.rebuilt = 0
        """Sessions rebuilt from the stored log since the start: not in memory (dropped, or never
        loaded by this process), or with a command taken back by another worker or host."""
        self.reads = reads
        self._reads: OrderedDict[str, tuple[Hashable, Any]] = OrderedDict()
        """Each session's latest read with its head."""
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def lock(self, session_id: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(session_id, threading.Lock())

    def cached(self, session_id: str, version: int, command: int) -> Session[Any, Any, Any] | None:
        """The session in memory when it is at ``version`` with the live command ``command`` there
        (see :func:`live_command`; call with its lock held)."""
        with self._guard:
            found = self._cache.get(session_id)
            if found is None or found[0].version != version or found[1] != command:
                return None
            self._cache.move_to_end(session_id)
            return found[0]

    def load(self, db: Db, row: GameSession) -> Session[Any, Any, Any]:
        """The session as stored (call with its lock held)."""
        command = live_command(db, row.id, row.version)
        found = self.cached(row.id, row.version, command)
        if found is not None:
            return found
        session = self._caught_up(db, row)
        if session is None:
            session = restore(db, row)
            with self._guard:
                self.rebuilt += 1
        self.remember(row.id, session, command)
        return session

    def _caught_up(self, db: Db, row: GameSession) -> Session[Any, Any, Any] | None:
        """The session in memory taken on to the stored version with the commands another worker or
        host gave since, when the command it holds at its own version is still live there (nothing
        it holds was taken back since); ``None`` when it cannot be (call with its lock held)."""
        with self._guard:
            found = self._cache.get(row.id)
        if found is None:
            return None
        session, held = found
        missing = row.version - session.version
        if missing <= 0 or live_command(db, row.id, session.version) != held:
            return None
        given = stored_log(db, row.id, after=session.version)[:missing]
        if len(given) != missing:
            return None
        try:
            for command, events in given:
                session.record(command, events)
        except (MeneurError, LookupError):  # the copy in memory is dropped: the caller rebuilds it
            self.forget(row.id)
            return None
        if session.version != row.version:
            self.forget(row.id)
            return None
        with self._guard:
            self.caught_up += 1
        return session

    def remember(self, session_id: str, session: Session[Any, Any, Any], command: int = 0) -> None:
        """Keep a session: one just created (its first command need not replay it), or one whose
        live command at its version is ``command`` (its row's id), as stored."""
        with self._guard:
            self._cache[session_id] = (session, command)
            while len(self._cache) > self.size:
                self._cache.popitem(last=False)

    def __len__(self) -> int:
        """The sessions in memory now."""
        with self._guard:
            return len(self._cache)

    def __contains__(self, session_id: object) -> bool:
        """Whether the session ``session_id`` is in memory."""
        with self._guard:
            return session_id in self._cache

    def snapshot(self, session: Session[Any, Any, Any]) -> Any | None:
        """The JSON of the session's state when a snapshot is due at its version, else ``None``."""
        if not snapshot_due(session.version, self.snapshot_every):
            return None
        return snapshot_state(session.system, session.state)

    def forget(self, session_id: str) -> None:
        with self._guard:
            self._cache.pop(session_id, None)

    def read(self, session_id: str, head: Hashable) -> Any | None:
        """The session's read kept at ``head`` (``None``: none, or one at another head)."""
        with self._guard:
            found = self._reads.get(session_id)
            if found is None or found[0] != head:
                return None
            self._reads.move_to_end(session_id)
            return found[1]

    def last_read(self, session_id: str) -> Any | None:
        """The session's latest read kept, whatever its head."""
        with self._guard:
            found = self._reads.get(session_id)
            return None if found is None else found[1]

    def keep_read(self, session_id: str, head: Hashable, read: Any) -> None:
        """Keep ``read``, the session at ``head``, in place of its older one."""
        with self._guard:
            self._reads[session_id] = (head, read)
            self._reads.move_to_end(session_id)
            while len(self._reads) > self.reads:
                self._reads.popitem(last=False)
