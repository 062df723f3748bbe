"""What the operator's page shows: the server's version, its tables and their sessions, the
screens connected to each, the database's size and the last backup (read only, one read
transaction).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, text

from meneur import __version__
from meneur.server.backup import last_backup
from meneur.server.db import SQLITE_COMPANIONS, sqlite_path
from meneur.server.models import GameSession, GameTable, Member

MOST_TABLES = 200
"""Tables listed at most (the busiest first); the counts cover them all."""


@dataclass(frozen=True)
class TableLine:
    """One table of the page: its name and system, members seated, screens connected, sessions."""

    id: str
    name: str
    system: str
    members: int
    connected: int
    sessions: int


@dataclass(frozen=True)
class Overview:
    """The server as its operator sees it (this worker process's connections and memory)."""

    version: str
    tables: int
    members: int
    sessions: int
    sessions_in_memory: int
    connected: int
    database: str
    database_bytes: int | None
    backup: str | None
    backup_at: datetime | None
    backup_every: int
    lines: list[TableLine]


def database_bytes(store: Any) -> int | None:
    """The database's size on disk: SQLite's file and its companions, PostgreSQL's
    ``pg_database_size`` (``None``: in memory)."""
    if store.is_postgresql:
        with store.reader() as db:
            return int(db.scalar(text("SELECT pg_database_size(current_database())")) or 0)
    path = sqlite_path(store.url)
    if path is None:
        return None
    return sum(
        Path(f"{path}{name}").stat().st_size for name in SQLITE_COMPANIONS if Path(f"{path}{name}").exists()
    )


def overview(state: Any) -> Overview:
    """The overview of the app whose ``state`` is given (its store, settings, games, sockets)."""
    store = state.store
    connected = state.sockets.by_table()
    with store.reader() as db:
        members = dict(
            db.execute(
                select(Member.table_id, func.count())
                .where(Member.removed.is_(False))
                .group_by(Member.table_id)
            ).all()
        )
        sessions = dict(
            db.execute(select(GameSession.table_id, func.count()).group_by(GameSession.table_id)).all()
        )
        tables = list(db.execute(select(GameTable.id, GameTable.name, GameTable.system)).all())
    lines = [
        TableLine(id, name, system, members.get(id, 0), connected.get(id, 0), sessions.get(id, 0))
        for id, name, system in tables
    ]
    lines.sort(key=lambda line: (-line.connected, -line.sessions, line.name))
    newest = last_backup(state.settings.backup_folder())
    return Overview(
        version=__version__,
        tables=len(tables),
        members=sum(members.values()),
        sessions=sum(sessions.values()),
        sessions_in_memory=len(getattr(state.games, "_cache", ())),
        connected=state.sockets.total(),
        database=store.engine.url.render_as_string(hide_password=True),
        database_bytes=database_bytes(store),
        backup=newest.name if newest is not None else None,
        backup_at=datetime.fromtimestamp(newest.stat().st_mtime, UTC) if newest is not None else None,
        backup_every=state.settings.backup_every,
        lines=lines[:MOST_TABLES],
    )
