"""The real server as a process: kill -9 in the middle of a fight, and racing clients."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from meneur.engine import Session
from tests import loopback as httpx
from tests.server.conftest import ready_database_url
from tests.server.process import ServerProcess

pytestmark = pytest.mark.subprocess


@pytest.fixture
def db(tmp_path: Path) -> str:
    return ready_database_url(tmp_path)


@pytest.fixture
def server(db: str) -> Iterator[ServerProcess]:
    process = ServerProcess(db).start()
    yield process
    process.stop()


def seat(base: str, http: Any = httpx) -> tuple[str, dict[str, str], str]:
    """A toy table with a fight of two fighters no blow ends, through ``http`` (a server's URL as
    ``base``; or an app's ``TestClient`` with ``base=""``): its id, its GM's headers, the fight's id."""
    created = http.post(base + "/api/v1/tables", json={"name": "T", "system": "toy"}).json()
    headers = {"Authorization": f"Bearer {created['gm_token']}"}
    fighters = [{"name": "A", "vigueur": 1_000_000}, {"name": "B", "vigueur": 1_000_000}]
    session = http.post(
        base + f"/api/v1/tables/{created['id']}/sessions",
        json={"kind": "toy-fight", "setup": {"fighters": fighters}},
        headers=headers,
    ).json()
    return created["id"], headers, session["id"]


def test_kill_9_mid_fight_loses_no_acknowledged_command(server: ServerProcess, db: str) -> None:
    _table, headers, sid = seat(server.url)
    acknowledged: list[dict[str, Any]] = []
    stop = threading.Event()

    def play() -> None:
        with httpx.Client(base_url=server.url, headers=headers, timeout=5) as client:
            version = 0
            while not stop.is_set():
                command = {
                    "attack": {"actor": "A" if version % 2 else "B", "target": "B" if version % 2 else "A"}
                }
                try:
                    answer = client.post(
                        f"/api/v1/sessions/{sid}/commands", json={"command": command, "version": version}
                    )
                except httpx.HTTPError:
                    return
                if answer.status_code == 200:
                    acknowledged.append({"version": version + 1, "events": answer.json()["events"]})
                    version += 1

    player = threading.Thread(target=play)
    player.start()
    while len(acknowledged) < 40:
        player.join(0.01)
    server.kill()  # in the middle of the stream of commands
    stop.set()
    player.join()
    restarted = ServerProcess(db, port=server.port).start()
    try:
        state = httpx.get(restarted.url + f"/api/v1/sessions/{sid}", headers=headers).json()
        log = httpx.get(restarted.url + f"/api/v1/sessions/{sid}/log", headers=headers).json()
    finally:
        restarted.stop()
    assert state["version"] >= len(acknowledged)  # every 200 is in the log (one more may have been written)
    for item in acknowledged:
        assert log["log"][item["version"] - 1]["events"] == item["events"]
    assert all(len(entry["events"]) == 1 for entry in log["log"])  # no half-written command
    fighters = [{"name": "A", "vigueur": 1_000_000}, {"name": "B", "vigueur": 1_000_000}]
    replayed = Session.replay(
        "toy-fight", {"fighters": fighters}, [(entry["command"], entry["events"]) for entry in log["log"]]
    )
    assert replayed.system.state_json(replayed.state) == state["state"]


def test_racing_pairs_give_one_200_and_one_409_with_no_gap(server: ServerProcess, db: str) -> None:
    _table, headers, sid = seat(server.url)
    pairs = int(os.environ.get("MENEUR_RACE_PAIRS", "200"))
    outcomes: list[tuple[int, int]] = []
    with (
        httpx.Client(base_url=server.url, headers=headers, timeout=30) as one,
        httpx.Client(base_url=server.url, headers=headers, timeout=30) as two,
        ThreadPoolExecutor(2) as pool,
    ):
        for version in range(pairs):
            barrier = threading.Barrier(2)

            def send(
                client: httpx.Client, actor: str, version: int = version, barrier: threading.Barrier = barrier
            ) -> int:
                body = {
                    "command": {"attack": {"actor": actor, "target": "B" if actor == "A" else "A"}},
                    "version": version,
                }
                barrier.wait()
                return client.post(f"/api/v1/sessions/{sid}/commands", json=body).status_code

            first = pool.submit(send, one, "A")
            second = pool.submit(send, two, "B")
            outcomes.append((first.result(), second.result()))
    assert all(sorted(pair) == [200, 409] for pair in outcomes), [
        p for p in outcomes if sorted(p) != [200, 409]
    ]
    log = httpx.get(server.url + f"/api/v1/sessions/{sid}/log", headers=headers).json()
    assert log["version"] == pairs == len(log["log"])
    from sqlalchemy import create_engine, text

    engine = create_engine(db)
    with engine.connect() as raw:
        versions = list(
            raw.scalars(
                text("SELECT version FROM commands WHERE session_id = :s ORDER BY version"), {"s": sid}
            )
        )
        positions = list(
            raw.scalars(
                text("SELECT position FROM events WHERE session_id = :s ORDER BY position"), {"s": sid}
            )
        )
    engine.dispose()
    assert versions == list(range(1, pairs + 1))
    assert positions == list(range(1, pairs + 1))
