"""Snapshots: a session with more commands than ``snapshot_every`` loads from its latest snapshot
to the state a full replay gives; undo across a snapshot stays exact; import stores them too."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from meneur.engine import Session
from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.server.games import Games, Resumed, stored_log
from meneur.server.models import GameSession, Snapshot
from meneur.server.store import Store
from meneur.server.transfer import export_table, import_table
from tests.inprocess import TestClient
from tests.server.conftest import Table, give, join, new_table, ready_database_url, start_fight

EVERY = 3


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = build_app(Settings(db=ready_database_url(tmp_path), snapshot_every=EVERY))
    with TestClient(app) as test_client:
        yield test_client
    app.state.store.close()


def _store(client: TestClient) -> Store:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    return store


def _games(client: TestClient) -> Games:
    games: Games = client.app.state.games  # type: ignore[attr-defined]
    return games


def _play(client: TestClient, table: Table, sid: str, commands: list[Any], version: int = 0) -> int:
    for command in commands:
        answer = client.post(
            f"/api/v1/sessions/{sid}/commands",
            json={"command": command, "version": version, "dice": [1]},
            headers=table.gm.headers,
        )
        assert answer.status_code == 200, answer.text
        version += 1
    return version


def _undo(client: TestClient, table: Table, sid: str, version: int) -> int:
    answer = client.post(f"/api/v1/sessions/{sid}/undo", json={"version": version}, headers=table.gm.headers)
    assert answer.status_code == 200, answer.text
    return version - 1


def _snapshots(client: TestClient, sid: str) -> list[int]:
    with _store(client).reader() as db:
        return sorted(db.scalars(select(Snapshot.version).where(Snapshot.session_id == sid)))


def _full_replay(client: TestClient, sid: str) -> Session[Any, Any, Any]:
    with _store(client).reader() as db:
        row = db.get(GameSession, sid)
        assert row is not None
        return Session.replay(row.kind, row.setup, stored_log(db, sid))


def _loaded(client: TestClient, table: Table, sid: str) -> tuple[dict[str, Any], Session[Any, Any, Any]]:
    """The session as a fresh process loads it (the cache emptied), and its state as the GM sees it."""
    _games(client).forget(sid)
    answer = client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers)
    assert answer.status_code == 200
    with _store(client).reader() as db:
        row = db.get(GameSession, sid)
        assert row is not None
        return answer.json(), _games(client).load(db, row)


TOY_COMMANDS: list[Any] = [{"attack": {"actor": "Ayla", "target": "Ghoul"}}, "rest"] * 5


def test_a_long_session_loads_from_its_latest_snapshot(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    version = _play(client, table, sid, TOY_COMMANDS)
    assert version == 10 and _snapshots(client, sid) == [3, 6, 9]
    shown, session = _loaded(client, table, sid)
    assert isinstance(session, Resumed) and session.base == 9 and len(session.entries()) == 1
    full = _full_replay(client, sid)
    assert session.version == full.version == shown["version"] == 10
    assert session.state == full.state
    assert shown["state"] == full.system.state_json(full.state)
    log = client.get(f"/api/v1/sessions/{sid}/log", headers=table.gm.headers).json()
    told = [{"command": e["command"], "events": e["events"]} for e in log["log"]]  # without its times
    assert log["version"] == 10 and told == full.log_json()
    # the next command goes on from the restored state
    assert _play(client, table, sid, ["rest"], version) == 11


def test_undo_across_a_snapshot_stays_exact(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    version = _play(client, table, sid, TOY_COMMANDS[:7])  # snapshots at 3 and 6
    version = _undo(client, table, sid, version)  # 6: the snapshot at 6 is still the live state
    assert _snapshots(client, sid) == [3, 6]
    version = _undo(client, table, sid, version)  # 5: the snapshot at 6 is gone
    assert _snapshots(client, sid) == [3]
    shown, session = _loaded(client, table, sid)
    full = _full_replay(client, sid)
    assert isinstance(session, Resumed) and session.base == 3
    assert session.version == shown["version"] == full.version == 5 and session.state == full.state
    # a different sixth command: its snapshot, not the old one, is what loads
    version = _play(client, table, sid, [{"attack": {"actor": "Bren", "target": "Ghoul"}}], version)
    assert _snapshots(client, sid) == [3, 6]
    shown, session = _loaded(client, table, sid)
    full = _full_replay(client, sid)
    assert isinstance(session, Resumed) and session.base == 6 and session.state == full.state
    assert [f["vigueur"] for f in shown["state"]["fighters"]] == [30, 30, 40 - 4]  # four hits of 1
    # back below every snapshot: a full replay from the setup
    for _ in range(4):
        version = _undo(client, table, sid, version)
    _shown, session = _loaded(client, table, sid)
    assert not isinstance(session, Resumed) and session.state == _full_replay(client, sid).state


def test_a_snapshot_of_a_command_taken_back_elsewhere_is_ignored(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    version = _play(client, table, sid, TOY_COMMANDS[:3])
    with _store(client).writer() as db:  # as if another process undid without deleting it
        from meneur.server.models import CommandRow

        last = db.scalar(select(CommandRow).where(CommandRow.session_id == sid, CommandRow.version == 3))
        assert last is not None
        last.undone = True
        row = db.get(GameSession, sid)
        assert row is not None
        row.version = 2
    assert _snapshots(client, sid) == [3]
    shown, session = _loaded(client, table, sid)
    assert not isinstance(session, Resumed) and shown["version"] == 2 == version - 1


def test_an_energy_fight_loads_from_a_snapshot(client: TestClient) -> None:
    from tests.server.test_energy_fight import demo

    setup, commands = demo()
    table = new_table(client, system="energy")
    join(client, table, "Ayla")
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "energy-fight", "setup": setup},
        headers=table.gm.headers,
    )
    sid = answer.json()["id"]
    give(client, table, sid, commands)
    assert _snapshots(client, sid) == [3, 6, 9]
    shown, session = _loaded(client, table, sid)
    full = _full_replay(client, sid)
    assert isinstance(session, Resumed) and session.base == 9
    assert session.state == full.state and shown["state"] == full.system.state_json(full.state)


def test_an_import_stores_snapshots_and_the_export_carries_none(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    _play(client, table, sid, TOY_COMMANDS[:7])
    store = _store(client)
    with store.reader() as db:
        exported = export_table(db, table.id)
    assert "snapshot" not in json.dumps(exported)
    with store.writer() as db:
        created = import_table(db, exported, snapshot_every=EVERY)
    gm = {"Authorization": f"Bearer {created['gm_token']}"}
    copy = client.get(f"/api/v1/tables/{created['id']}", headers=gm).json()["sessions"][0]["id"]
    assert _snapshots(client, copy) == [3, 6]
    _games(client).forget(copy)
    assert client.get(f"/api/v1/sessions/{copy}", headers=gm).json() == client.get(
        f"/api/v1/sessions/{sid}", headers=table.gm.headers
    ).json() | {"id": copy}


def test_a_worker_keeps_as_many_sessions_as_its_setting_says(tmp_path: Path) -> None:
    """``MENEUR_SESSIONS_IN_MEMORY``: the session played least recently is dropped first, and a
    dropped one loads again as stored (its next command goes on from there)."""
    app = build_app(Settings(db=ready_database_url(tmp_path), sessions_in_memory=2))
    with TestClient(app) as client:
        table = new_table(client)
        games = _games(client)
        assert games.size == 2
        first, second = start_fight(client, table), start_fight(client, table)
        version = _play(client, table, first, TOY_COMMANDS[:2])  # the first is played last
        third = start_fight(client, table)
        assert (first in games, second in games, third in games) == (True, False, True)
        shown = client.get(f"/api/v1/sessions/{second}", headers=table.gm.headers).json()
        assert shown["version"] == 0 and (first in games, second in games) == (False, True)
        assert _play(client, table, first, TOY_COMMANDS[2:4], version) == 4  # loaded again
        assert _full_replay(client, first).state == _loaded(client, table, first)[1].state
    app.state.store.close()


def test_a_session_moved_by_another_worker_is_taken_on_from_the_log(tmp_path: Path) -> None:
    """Two workers on one database: the commands the other gave are read from the log and carried
    into the session in memory (no replay from the start); a command the other took back makes it
    rebuild the session, since what it holds is no longer the stored game."""
    url = ready_database_url(tmp_path)
    one, other = build_app(Settings(db=url)), build_app(Settings(db=url))
    with TestClient(one) as first, TestClient(other) as second:
        table = new_table(first)
        sid = start_fight(first, table)
        version = _play(first, table, sid, TOY_COMMANDS[:2])
        version = _play(second, table, sid, TOY_COMMANDS[2:5], version)
        games = _games(first)
        rebuilt = games.rebuilt
        version = _play(first, table, sid, TOY_COMMANDS[5:6], version)  # takes on the other's three
        assert (games.caught_up, games.rebuilt, version) == (1, rebuilt, 6)
        with _store(first).reader() as db:
            row = db.get(GameSession, sid)
            assert row is not None
            held = games.load(db, row)
        assert held.state == _full_replay(first, sid).state and held.version == 6
        assert [e.command for e in held.entries()] == [e.command for e in _full_replay(first, sid).entries()]
        version = _undo(second, table, sid, version)
        version = _play(second, table, sid, TOY_COMMANDS[6:8], version)  # another sixth, and a seventh
        shown = first.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()
        assert games.rebuilt == rebuilt + 1 and games.caught_up == 1
        full = _full_replay(first, sid)
        assert shown["version"] == 7 and shown["state"] == full.system.state_json(full.state)
    one.state.store.close()
    other.state.store.close()
