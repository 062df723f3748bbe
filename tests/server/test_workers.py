"""Two workers on PostgreSQL share the tables: a WebSocket client sees the commands applied by any
worker (LISTEN/NOTIFY)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx2 as httpx
import pytest

from tests.server.conftest import database_url
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
    process = ServerProcess(database_url(tmp_path), workers=2).start()
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
                assert fresh.get("/healthz").json()["process"] == giver
            for socket in sockets.values():  # the giver's socket and the other worker's
                assert json.loads(socket.recv(timeout=10))["version"] == version + 1
