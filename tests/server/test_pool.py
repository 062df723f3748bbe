"""PostgreSQL's pooled connections: a connection the server lost while it sat in the pool (a
restarted database, a firewall) is found by the ping at checkout and replaced, so the request that
takes it still gets its answer; a connection in use is not pinged (a round trip a command saves)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from meneur.server import db as server_db
from meneur.server.app import build_app
from meneur.server.config import Settings
from tests.inprocess import TestClient
from tests.server.conftest import database_url

pytestmark = [
    pytest.mark.postgresql,
    pytest.mark.skipif(
        not os.environ.get("MENEUR_TEST_DB"),
        reason="needs PostgreSQL: scripts/test_postgres.sh starts one and runs this",
    ),
]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    url = database_url(tmp_path)
    app = build_app(Settings(db=url))
    with TestClient(app) as client:
        yield client, url
    app.state.store.close()


def _drop_the_servers_connections(url: str) -> int:
    """What a database restart does to the pool: every other connection to the database is cut."""
    import psycopg
    from sqlalchemy.engine import make_url

    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as admin:
        cut = admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
    return int(cut[0]) if cut else 0


def test_a_connection_lost_in_the_pool_is_replaced_before_a_request_uses_it(
    server: tuple[TestClient, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, url = server
    created = client.post("/api/v1/tables", json={"name": "T", "system": "toy"})
    assert created.status_code == 201
    headers = {"Authorization": f"Bearer {created.json()['gm_token']}"}
    table = f"/api/v1/tables/{created.json()['id']}"
    assert client.get(table, headers=headers).status_code == 200
    assert _drop_the_servers_connections(url) >= 1
    monkeypatch.setattr(server_db, "IDLE_BEFORE_PING", 0.0)  # as if they had sat there a while
    for _ in range(3):  # each pooled connection is found dead and replaced, none answers a 5xx
        assert client.get(table, headers=headers).status_code == 200


def test_without_the_ping_the_lost_connection_would_reach_a_request(
    server: tuple[TestClient, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other side of the test above: a connection used again at once is not pinged, so a cut
    one fails its request (answered 503, try again) and the pool is renewed for the next."""
    client, url = server
    created = client.post("/api/v1/tables", json={"name": "T", "system": "toy"})
    headers = {"Authorization": f"Bearer {created.json()['gm_token']}"}
    table = f"/api/v1/tables/{created.json()['id']}"
    assert client.get(table, headers=headers).status_code == 200
    monkeypatch.setattr(server_db, "IDLE_BEFORE_PING", 3600.0)
    _drop_the_servers_connections(url)
    first = client.get(table, headers=headers)
    assert first.status_code == 503 and first.headers["Retry-After"] == "1"
    assert client.get(table, headers=headers).status_code == 200
