"""Auto-play on two workers of PostgreSQL: every GM page, whichever worker serves it, shows the
stored switch, and the NPC's move is played once although both workers may run the switch."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import loopback as httpx
from tests.server.conftest import ready_database_url
from tests.server.process import ServerProcess, only_worker, worker_pids
from tests.web.forms import csrf

pytestmark = [
    pytest.mark.postgresql,
    pytest.mark.subprocess,
    pytest.mark.skipif(
        not os.environ.get("MENEUR_TEST_DB"),
        reason="needs PostgreSQL: scripts/test_postgres.sh starts one and runs this",
    ),
]

KITSUNE_ATTACKS = {"attack": {"actor": "kitsune", "target": "agent1", "tokens": 6, "power": 0}}


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(ready_database_url(tmp_path), workers=2).start()
    yield process
    process.stop()


def test_every_worker_shows_the_switch_and_one_plays_each_move(workers: ServerProcess) -> None:
    with httpx.Client(base_url=workers.url, follow_redirects=True) as web:
        token = csrf(web)  # the page gives the browser its secret and the token of it
        created = web.post("/tables", data={"name": "T", "system": "energy", "csrf": token})
        table_id = str(created.url).rsplit("/", 1)[-1]
        found = re.search(rf"/t/{table_id}/s/([0-9a-f]+)", created.text)
        assert found is not None
        session_id, cookies = found.group(1), dict(web.cookies)
    headers = {"X-CSRF-Token": token}

    def fresh() -> httpx.Client:  # a new connection: the kernel gives it to either worker
        return httpx.Client(base_url=workers.url, cookies=cookies, headers=headers)

    with fresh() as web:
        assert web.post(f"/t/{table_id}/s/{session_id}/autoplay", data={"on": "on"}).status_code == 200
    for pid in worker_pids(workers):  # the GM page on each worker (each may take the switch on too)
        with only_worker(workers, pid), fresh() as web:
            page = web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"})
            assert page.status_code == 200 and 'aria-checked="true"' in page.text
            assert web.get("/_test/process").json()["process"] == pid
    for version, command in enumerate(("start", KITSUNE_ATTACKS)):
        with fresh() as web:
            data = {"command": json.dumps(command), "version": str(version)}
            assert web.post(f"/t/{table_id}/s/{session_id}/do", data=data).status_code == 200
    deadline = time.monotonic() + 30  # a bound against a hang, not a measure
    while True:
        with fresh() as web:
            log = web.get(f"/api/v1/sessions/{session_id}/log").json()["log"]
            page = web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"})
        assert page.status_code == 200
        if len(log) >= 3:
            break
        assert time.monotonic() < deadline
        time.sleep(0.1)
    # Agent Octopus 1 defended once; then KITSUNE must act: nobody plays a fourth move
    assert [entry["command"] for entry in log][2:] == [{"defend": {"actor": "agent1", "power": 1}}]
    with fresh() as web:
        assert (
            'aria-checked="true"'
            in web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
        )
