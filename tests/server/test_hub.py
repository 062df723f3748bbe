"""The live feed's memory: the changes a process committed, handed over by the store after the
commit, serve an up-to-date connection; anything memory cannot vouch for is read from the database."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from meneur.server import feed
from meneur.server.auth import new_id
from meneur.server.live import KEEP, Hub
from meneur.server.models import GameTable
from meneur.server.store import Store
from tests.server.conftest import database_url


def change(seq: int, table_id: str = "t1") -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seq": seq,
        "kind": "roll",
        "audience": "table",
        "member_id": None,
        "session_id": None,
        "payload": {"n": seq},
    }


async def _published(hub: Hub, *changes: dict[str, Any]) -> None:
    hub.publish(list(changes))
    await asyncio.sleep(0)  # the loop runs the hand-over


def _hub() -> tuple[Hub, asyncio.Event]:
    hub = Hub()
    hub.bind(asyncio.get_running_loop())
    return hub, hub.subscribe("t1")


def test_memory_serves_the_changes_after_a_connection_s_last_seq_when_they_follow_on() -> None:
    async def run() -> None:
        hub, wake = _hub()
        await _published(hub, change(3), change(4), change(5))
        assert wake.is_set()  # a hand-over wakes the table's connections
        assert [c["seq"] for c in hub.remembered("t1", 2) or []] == [3, 4, 5]
        assert [c["seq"] for c in hub.remembered("t1", 4) or []] == [5]
        assert hub.remembered("t1", 5) == []  # up to date: nothing to read

    asyncio.run(run())


def test_memory_cannot_tell_across_a_gap_or_from_before_what_it_holds() -> None:
    async def run() -> None:
        hub, _wake = _hub()
        await _published(hub, change(7), change(9))  # 8 is committed by another thread, not handed over yet
        assert hub.remembered("t1", 6) is None  # 7, then a gap: read the database
        assert hub.remembered("t1", 3) is None  # from before what memory holds
        assert hub.remembered("t1", 8) == [change(9)]
        await _published(hub, change(8))  # the late one fills the gap
        assert [c["seq"] for c in hub.remembered("t1", 6) or []] == [7, 8, 9]
        assert hub.remembered("other", 0) is None  # a table it knows nothing of

    asyncio.run(run())


def test_a_table_nobody_watches_here_is_not_remembered_and_memory_is_bounded() -> None:
    async def run() -> None:
        hub, wake = _hub()
        await _published(hub, change(1, "nobody"))
        assert hub.remembered("nobody", 0) is None
        await _published(hub, *(change(seq) for seq in range(1, KEEP + 11)))
        assert hub.remembered("t1", 5) is None  # the oldest went
        assert len(hub.remembered("t1", 10) or []) == KEEP
        hub.unsubscribe("t1", wake)  # the last connection left: memory goes with it
        assert hub.remembered("t1", KEEP + 5) is None

    asyncio.run(run())


def test_another_process_s_write_is_counted_so_connections_read_the_database() -> None:
    async def run() -> None:
        hub, wake = _hub()
        assert hub.foreign("t1") == 0
        hub.notify_foreign("t1")
        await asyncio.sleep(0)
        assert hub.foreign("t1") == 1 and wake.is_set()

    asyncio.run(run())


@pytest.fixture
def store(tmp_path: Path) -> Any:
    found = Store(database_url(tmp_path))
    found.migrate()
    yield found
    found.close()


def _table(store: Store) -> str:
    table_id = new_id()
    with store.writer() as writer:
        writer.add(GameTable(id=table_id, name="T", system="toy", join_code_hash="x", options={}, seq=0))
    return table_id


def test_the_store_hands_over_a_write_s_changes_after_the_commit_and_never_a_failed_one(store: Store) -> None:
    handed: list[list[dict[str, Any]]] = []
    store.on_commit = handed.append
    table_id = _table(store)
    with store.writer() as writer:
        feed.append(writer, table_id, "roll", {"roll": [1, (2, 3)]})
    assert [[(c["seq"], c["payload"]) for c in batch] for batch in handed] == [[(1, {"roll": [1, [2, 3]]})]]

    def fails(db: Any) -> None:
        feed.append(db, table_id, "roll", {"roll": "lost"})
        raise ValueError("refused")

    with pytest.raises(ValueError):
        store.write(fails)  # a job of a group commit: its savepoint is taken back
    with pytest.raises(RuntimeError), store.writer() as writer:
        feed.append(writer, table_id, "roll", {"roll": "lost too"})
        raise RuntimeError("the transaction is rolled back")
    assert store.write(lambda db: feed.append(db, table_id, "roll", {"roll": "kept"})) == 2
    assert [c["payload"]["roll"] for batch in handed for c in batch] == [[1, [2, 3]], "kept"]
    with store.reader() as db:  # memory says what the database says
        stored = [row["payload"] for row in feed.since(db, table_id, 0)]
        assert stored == [c["payload"] for batch in handed for c in batch]
        assert db.scalar(select(GameTable.seq).where(GameTable.id == table_id)) == 2


def test_the_feed_is_written_only_in_the_store_s_write_sessions(store: Store) -> None:
    table_id = _table(store)
    with store.reader() as db, pytest.raises(RuntimeError, match=r"Store\.writer"):
        feed.append(db, table_id, "roll", {})
