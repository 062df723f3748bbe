"""Overload: when no database connection comes in time, a route answers 503 and the live feed
closes with 1013 (try again later), never a 500; pool sizes follow the request threads."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.server.live import CLOSE_TRY_AGAIN
from tests.inprocess import TestClient
from tests.server.conftest import database_url, new_table, ready_database_url


def test_pool_sizes_per_worker() -> None:
    sqlite = Settings(db="sqlite:///x.sqlite3")
    assert sqlite.request_threads() == 40 and sqlite.pool()["pool_size"] + sqlite.pool()["max_overflow"] == 82
    postgresql = Settings(db="postgresql+psycopg://db/meneur")
    pool = postgresql.pool()
    assert postgresql.request_threads() == 16 and pool["pool_size"] + pool["max_overflow"] == 34
    # two workers and their listening connections fit in PostgreSQL's default max_connections (100)
    assert 2 * (pool["pool_size"] + pool["max_overflow"] + 1) < 100
    small = Settings(db="postgresql+psycopg://db/meneur", db_pool=5, db_pool_timeout=2)
    assert small.pool() == {"pool_size": 2, "max_overflow": 3, "pool_timeout": 2}


def test_no_connection_in_time_is_503_and_close_1013(tmp_path: Path) -> None:
    app = build_app(Settings(db=ready_database_url(tmp_path), db_pool=1, db_pool_timeout=0.2))
    with TestClient(app) as client:
        table = new_table(client)
        live = f"/api/v1/tables/{table.id}/live?token={table.gm.token}"
        held = app.state.store.engine.connect()  # the pool's only connection
        try:
            busy = client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers)
            assert busy.status_code == 503 and busy.json()["error"] == "busy"
            assert busy.headers["retry-after"] == "1"
            with client.websocket_connect(live) as ws, pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == CLOSE_TRY_AGAIN
        finally:
            held.close()
        assert client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).status_code == 200
        roll = {"expression": "1d6", "visibility": "public"}
        rolled = client.post(f"/api/v1/tables/{table.id}/rolls", json=roll, headers=table.gm.headers)
        assert rolled.status_code == 201
        with client.websocket_connect(live) as ws:  # one connection is enough for one client at a time
            assert ws.receive_json()["kind"] == "roll"
    app.state.store.close()


def test_readyz_is_503_while_the_database_does_not_answer(tmp_path: Path) -> None:
    app = build_app(Settings(db=ready_database_url(tmp_path), db_pool=1, db_pool_timeout=0.2))
    with TestClient(app) as client:
        held = app.state.store.engine.connect()  # the pool's only connection: no query can run
        try:
            down = client.get("/readyz")
            assert down.status_code == 503 and down.json()["error"] == "busy"
            assert client.get("/healthz").status_code == 200  # the process itself is alive
        finally:
            held.close()
        assert client.get("/readyz").status_code == 200
    app.state.store.close()


def test_a_request_gives_its_read_connection_back_before_it_writes(tmp_path: Path) -> None:
    """Requests holding a read connection while each waits for a write one would hold the whole
    pool (what once gave the live feed a 500 under load): the write ends the read first."""
    import contextvars

    from sqlalchemy import text

    from meneur.server.store import Store

    store = Store(database_url(tmp_path), pool={"pool_size": 1, "max_overflow": 1, "pool_timeout": 1})
    store.migrate()

    def request() -> None:
        db = store.request_reader()
        db.execute(text("SELECT 1"))
        assert db.in_transaction()
        with store.writer() as writer:
            writer.execute(text("SELECT 1"))
            assert not db.in_transaction() and store.engine.pool.checkedout() == 1  # type: ignore[attr-defined]
        db.close()

    contextvars.copy_context().run(request)
    store.close()
