"""The live feed of a table: every change numbered by a gapless per-table ``seq``, with its audience.

A change is written in the same transaction as what it reports, so a client that resumes after the
last ``seq`` it saw misses nothing and gets nothing twice.
"""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import bindparam, insert, select, text, update
from sqlalchemy.exc import NoResultFound
from sqlalchemy.orm import Session as Db

from meneur.server import jsontext
from meneur.server.models import CHANGES, TABLES
from meneur.server.prepared import Prepared
from meneur.server.store import written

AUDIENCES = ("table", "gm", "gm+member", "member")
PAGE = 500
"""The most changes read at once."""
NOTIFY = text("SELECT pg_notify('meneur_live', :table)")
"""Wakes the live feeds of the table's connections in every process (PostgreSQL); the payload is the
table's id, the writing process's :data:`PROCESS` and the change's ``seq``."""
PROCESS = uuid.uuid4().hex[:16]
"""This process among the server's processes (a process has its own changes already, see
:meth:`meneur.server.live.Hub.publish`)."""
_NEXT_SEQ = Prepared(
    update(TABLES).where(TABLES.c.id == bindparam("id_")).values(seq=TABLES.c.seq + 1).returning(TABLES.c.seq)
)
_ADD_CHANGE = Prepared(
    insert(CHANGES).values(
        {
            name: bindparam(name)
            for name in ("table_id", "seq", "kind", "audience", "member_id", "session_id", "payload")
        }
    )
)


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
    """Write one change and return its ``seq`` (the table's row is locked until commit). Statements
    compiled once (:mod:`meneur.server.prepared`) rather than the ORM's unit of work: every command
    and roll comes this way."""
    db.flush()  # what the caller added is written first (the table's row, a roll, a character)
    connection = db.connection()
    found = _NEXT_SEQ.first(connection, {"id_": table_id})
    if found is None:
        raise NoResultFound(f"no table {table_id}")  # as scalar_one() raised it
    seq = found[0]
    _ADD_CHANGE.run(
        connection,
        {
            "table_id": table_id,
            "seq": seq,
            "kind": kind,
            "audience": audience,
            "member_id": member_id,
            "session_id": session_id,
            "payload": payload,
        },
    )
    if db.bind is not None and db.bind.dialect.name == "postgresql":
        db.execute(NOTIFY, {"table": f"{table_id} {PROCESS} {int(seq)}"})
    # what the live feed sends once this is committed (see meneur.server.store.Store.written)
    written(db).append(
        {
            "table_id": table_id,
            "seq": int(seq),
            "kind": kind,
            "audience": audience,
            "member_id": member_id,
            "session_id": session_id,
            "payload": jsontext.copy(payload),  # as a read of the row gives it back
        }
    )
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


READ_ONE = (
    "SELECT seq, kind, audience, member_id, session_id, payload FROM changes WHERE table_id = %s AND seq = %s"
)
"""One change, in the driver's own words (the PostgreSQL listener reads with psycopg directly)."""


def since(db: Db, table_id: str, after: int, limit: int = PAGE) -> list[dict[str, Any]]:
    """The changes after ``after``, in order, as plain data: ``seq``, ``kind``, ``audience``,
    ``member_id``, ``session_id``, ``payload``."""
    changes = CHANGES
    query = (
        select(
            changes.c.seq,
            changes.c.kind,
            changes.c.audience,
            changes.c.member_id,
            changes.c.session_id,
            changes.c.payload,
        )
        .where(changes.c.table_id == table_id, changes.c.seq > after)
        .order_by(changes.c.seq)
        .limit(limit)
    )
    return [dict(row) for row in db.execute(query).mappings()]
