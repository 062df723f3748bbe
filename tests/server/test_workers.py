"""Two workers on PostgreSQL (or two servers on one database) share the tables: a WebSocket client
sees the commands applied by any of them (LISTEN/NOTIFY)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from tests import loopback as httpx
from tests.server.conftest import database_url, ready_database_url
from tests.server.process import ServerProcess, only_worker, worker_pids

pytestmark = [
    pytest.mark.postgresql,
    pytest.mark.subprocess,
    pytest.mark.skipif(
        not os.environ.get("MENEUR_TEST_DB"),
        reason="needs PostgreSQL: scripts/test_postgres.sh starts one and runs this",
    ),
]


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(ready_database_url(tmp_path), workers=2).start()
    yield process
    process.stop()


def test_a_websocket_client_sees_commands_applied_by_the_other_worker(workers: ServerProcess) -> None:
    from websockets.sync.client import connect

    base = workers.url
    created = httpx.post(base + "/api/v1/tables", json={"name": "T", "system": "toy"}).json()
    headers = {"Authorization": f"Bearer {created['gm_token']}"}
    fighters = [{"name": "A", "vigueur": 1000}, {"name": "B", "vigueur": 1000}]
    sid = httpx.post(
        base + f"/api/v1/tables/{created['id']}/sessions",
        json={"kind": "toy-fight", "setup": {"fighters": fighters}},
        headers=headers,
    ).json()["id"]
    after = httpx.get(base + f"/api/v1/tables/{created['id']}", headers=headers).json()["seq"]
    ws_url = (
        base.replace("http", "ws")
        + f"/api/v1/tables/{created['id']}/live?token={created['gm_token']}&after={after}"
    )
    # The kernel gives a new connection to either worker, often the same one many times running:
    # stopping the other worker while connecting decides which one serves it.
    first, second = worker_pids(workers)
    with ExitStack() as stack:
        sockets = {}
        for pid in (first, second):
            with only_worker(workers, pid):
                sockets[pid] = stack.enter_context(connect(ws_url))
        for version in range(6):
            giver = (first, second)[version % 2]
            with only_worker(workers, giver), httpx.Client(base_url=base, headers=headers) as fresh:
                answer = fresh.post(
                    f"/api/v1/sessions/{sid}/commands",
                    json={"command": {"attack": {"actor": "A", "target": "B"}}, "version": version},
                )
                assert answer.status_code == 200
                assert fresh.get("/_test/process").json()["process"] == giver
            for socket in sockets.values():  # the giver's socket and the other worker's
                assert json.loads(socket.recv(timeout=10))["version"] == version + 1


def test_two_servers_on_one_database_share_the_tables_live(tmp_path: Path) -> None:
    """« Several hosts behind a proxy work the same way »: two `meneur serve` processes on one
    PostgreSQL database; a socket on each sees the commands given on the other, in order."""
    from websockets.sync.client import connect

    url = database_url(tmp_path)
    first = ServerProcess(url).start()
    second = ServerProcess(url).start()  # after the first: it finds the database migrated
    try:
        created = httpx.post(first.url + "/api/v1/tables", json={"name": "T", "system": "toy"}).json()
        headers = {"Authorization": f"Bearer {created['gm_token']}"}
        fighters = [{"name": "A", "vigueur": 1000}, {"name": "B", "vigueur": 1000}]
        sid = httpx.post(
            second.url + f"/api/v1/tables/{created['id']}/sessions",
            json={"kind": "toy-fight", "setup": {"fighters": fighters}},
            headers=headers,
        ).json()["id"]
        after = httpx.get(first.url + f"/api/v1/tables/{created['id']}", headers=headers).json()["seq"]
        live = f"/api/v1/tables/{created['id']}/live?token={created['gm_token']}&after={after}"
        with ExitStack() as stack:
            sockets = [
                stack.enter_context(connect(s.url.replace("http", "ws") + live)) for s in (first, second)
            ]
            for version in range(6):
                giver = (first, second)[version % 2]
                answer = httpx.post(
                    giver.url + f"/api/v1/sessions/{sid}/commands",
                    json={"command": {"attack": {"actor": "A", "target": "B"}}, "version": version},
                    headers=headers,
                )
                assert answer.status_code == 200, answer.text
                for socket in sockets:
                    assert json.loads(socket.recv(timeout=10))["version"] == version + 1
    finally:
        second.stop()
        first.stop()
