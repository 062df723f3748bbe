"""Engine sessions kept in memory and rebuilt from the stored log when another writer moved them.

Every command goes through :meth:`meneur.engine.Session.do`; the server only stores what it
returns. A per-session lock orders the commands of one process; the stored ``version`` (checked
when writing, backed by a unique index) orders those of several processes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from meneur.engine import Session
from meneur.server.models import CommandRow, EventRow, GameSession


def stored_log(db: Db, session_id: str) -> list[tuple[Any, list[Any]]]:
    """The live log of a stored session: ``(command, events)`` per command, in order."""
    commands = list(
        db.scalars(
            select(CommandRow)
            .where(CommandRow.session_id == session_id, CommandRow.undone.is_(False))
            .order_by(CommandRow.version)
        )
    )
    events: dict[int, list[Any]] = defaultdict(list)
    for command_id, event in db.execute(
        select(EventRow.command_id, EventRow.event)
        .where(EventRow.session_id == session_id)
        .order_by(EventRow.position)
    ):
        events[command_id].append(event)
    return [(row.command, events[row.id]) for row in commands]


class Games:
    """A bounded cache of replayed sessions, one lock per session."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._cache: OrderedDict[str, Session[Any, Any, Any]] = OrderedDict()
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def lock(self, session_id: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(session_id, threading.Lock())

    def load(self, db: Db, row: GameSession) -> Session[Any, Any, Any]:
        """The session as stored (call with its lock held)."""
        with self._guard:
            cached = self._cache.get(row.id)
            if cached is not None:
                self._cache.move_to_end(row.id)
        if cached is not None and cached.version == row.version:
            return cached
        session = Session.replay(row.kind, row.setup, stored_log(db, row.id))
        with self._guard:
            self._cache[row.id] = session
            while len(self._cache) > self.size:
                self._cache.popitem(last=False)
        return session

    def forget(self, session_id: str) -> None:
        with self._guard:
            self._cache.pop(session_id, None)
