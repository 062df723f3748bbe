"""Two workers on PostgreSQL share the tables: a WebSocket client sees the commands applied by any
worker (LISTEN/NOTIFY), and racing commands across workers still give one 200 and one 409."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx2 as httpx
import pytest

from tests.server.conftest import database_url
from tests.server.process import ServerProcess

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
    pids = set()
    with ExitStack() as stack:
        # the kernel spreads connections over both workers (not evenly: keep going until both)
        sockets = [stack.enter_context(connect(ws_url)) for _ in range(8)]
        version = 0
        while version < 8 or (len(pids) < 2 and version < 60):  # until both workers served some
            with httpx.Client(base_url=base, headers=headers) as fresh:  # a new connection each time
                answer = fresh.post(
                    f"/api/v1/sessions/{sid}/commands",
                    json={"command": {"attack": {"actor": "A", "target": "B"}}, "version": version},
                )
                assert answer.status_code == 200
                pids.add(fresh.get("/healthz").json()["process"])
            version += 1
        for socket in sockets:
            seen = [json.loads(socket.recv(timeout=10))["version"] for _ in range(version)]
            assert seen == list(range(1, version + 1))
    assert len(pids) == 2  # both workers served commands
