"""Statements run on the driver's cursor (:mod:`meneur.server.prepared`) write and read what
SQLAlchemy's ``execute`` writes and reads: JSON columns, booleans, literals, a column's default, and
its errors."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import bindparam, insert, select
from sqlalchemy.exc import IntegrityError

from meneur.server.models import CHANGES, MEMBERS, TABLES
from meneur.server.prepared import Prepared
from meneur.server.store import Store
from tests.server.conftest import ready_database_url

_ADD_TABLE = Prepared(
    insert(TABLES).values(
        {name: bindparam(name) for name in ("id", "name", "system", "options", "seq", "join_code_hash")}
    )
)
_ADD_MEMBER = Prepared(
    insert(MEMBERS).values(
        {name: bindparam(name) for name in ("id", "table_id", "name", "role", "token_hash", "removed")}
    )
)
_SEATED = Prepared(
    select(MEMBERS.c.id, TABLES.c.options)
    .join(TABLES, TABLES.c.id == MEMBERS.c.table_id)
    .where(MEMBERS.c.token_hash == bindparam("token_hash"), MEMBERS.c.removed.is_(False))
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    found = Store(ready_database_url(tmp_path))
    yield found
    found.close()


def _table(store: Store, options: object) -> None:
    with store.writer() as db:
        _ADD_TABLE.run(
            db.connection(),
            {
                "id": "t1",
                "name": "T",
                "system": "energy",
                "options": options,
                "seq": 0,
                "join_code_hash": "j",
            },
        )
        for member, removed in (("m1", False), ("m2", True)):
            _ADD_MEMBER.run(
                db.connection(),
                {
                    "id": member,
                    "table_id": "t1",
                    "name": member,
                    "role": "player",
                    "token_hash": f"hash-{member}",
                    "removed": removed,
                },
            )


def test_json_and_booleans_read_back_as_sqlalchemy_reads_them(store: Store) -> None:
    options = {"hidden": ["Ghoul"], "été": 1.5, "nested": {"a": [True, None]}}
    _table(store, options)
    with store.reader() as db:
        assert db.execute(select(TABLES.c.options)).scalar_one() == options
        assert db.execute(select(MEMBERS.c.removed).order_by(MEMBERS.c.id)).scalars().all() == [False, True]
        assert _SEATED.first(db.connection(), {"token_hash": "hash-m1"}) == ("m1", options)
        assert _SEATED.first(db.connection(), {"token_hash": "hash-m2"}) is None  # the literal kept
        assert db.execute(select(MEMBERS.c.notes)).scalars().all() == ["", ""]  # the model's default


def test_a_broken_constraint_is_sqlalchemys_integrity_error(store: Store) -> None:
    _table(store, {})
    change = {
        "table_id": "t1",
        "seq": 1,
        "kind": "command",
        "audience": "table",
        "member_id": None,
        "session_id": None,
        "payload": {},
    }
    add = Prepared(insert(CHANGES).values({name: bindparam(name) for name in change}))
    with store.writer() as db:
        add.run(db.connection(), change)
    with pytest.raises(IntegrityError), store.writer() as db:
        add.run_many(db.connection(), [{**change, "seq": 2}, change])
    with store.reader() as db:  # the failed transaction took its first row back with it
        assert db.execute(select(CHANGES.c.seq)).scalars().all() == [1]
