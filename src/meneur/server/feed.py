"""The live feed of a table: every change numbered by a gapless per-table ``seq``, with its audience.

A change is written in the same transaction as what it reports, so a client that resumes after the
last ``seq`` it saw misses nothing and gets nothing twice.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session as Db

from meneur.server.models import Change, GameTable

AUDIENCES = ("table", "gm", "gm+member", "member")
PAGE = 500
"""The most changes read at once."""


def append(
    db: Db,
    table_id: str,
    kind: str,
    payload: Any,
    *,
    audience: str = "table",
    member_id: str | None = None,
    session_id: str | None = None,
) -> int:
    """Write one change and return its ``seq`` (the table's row is locked until commit)."""
    seq = db.execute(
        update(GameTable)
        .where(GameTable.id == table_id)
        .values(seq=GameTable.seq + 1)
        .returning(GameTable.seq)
    ).scalar_one()
    db.add(
        Change(
            table_id=table_id,
            seq=seq,
            kind=kind,
            audience=audience,
            member_id=member_id,
            session_id=session_id,
            payload=payload,
        )
    )
    if db.bind is not None and db.bind.dialect.name == "postgresql":
        from sqlalchemy import text

        db.execute(text("SELECT pg_notify('meneur_live', :table)"), {"table": table_id})
    return int(seq)


def visible(audience: str, owner: str | None, member_id: str, role: str) -> bool:
    """Whether the member ``member_id`` with ``role`` may see a change or a roll."""
    if audience == "table":
        return True
    if audience == "gm":
        return role == "gm"
    if audience == "gm+member":
        return role == "gm" or owner == member_id
    return owner == member_id


def since(db: Db, table_id: str, after: int, limit: int = PAGE) -> list[Change]:
    """The changes after ``after``, in order."""
    query = (
        select(Change)
        .where(Change.table_id == table_id, Change.seq > after)
        .order_by(Change.seq)
        .limit(limit)
    )
    return list(db.scalars(query))
