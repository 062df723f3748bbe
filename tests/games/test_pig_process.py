"""A real server process finds pig by the ``MENEUR_GAMES`` setting alone (what the browser tests of
stage 2 start) and plays it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests import loopback as httpx
from tests.server.conftest import ready_database_url
from tests.server.process import ROOT, ServerProcess

pytestmark = pytest.mark.subprocess


def test_a_server_started_with_meneur_games_plays_pig(tmp_path: Path) -> None:
    # ServerProcess puts only the repository's root on the path: the worktree's sources come first
    # here, or the process would run the meneur installed in the virtualenv.
    env = {
        "MENEUR_GAMES": "tests.games.pig.plugin:PLUGIN",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
    }
    server = ServerProcess(ready_database_url(tmp_path), env=env).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            made = client.post("/api/v1/tables", json={"name": "Mardi", "system": "pig"})
            assert made.status_code == 201, made.text
            gm = {"Authorization": f"Bearer {made.json()['gm_token']}"}
            started = client.post(
                f"/api/v1/tables/{made.json()['id']}/sessions",
                json={"kind": "pig", "setup": {"players": ["Ayla", "Bren"]}},
                headers=gm,
            )
            assert started.status_code == 201, started.text
            sid = started.json()["id"]
            rolled = client.post(
                f"/api/v1/sessions/{sid}/commands",
                json={"command": {"roll": {"actor": "Ayla"}}, "version": 0, "dice": [4]},
                headers=gm,
            )
            assert rolled.json() == {"events": [{"rolled": {"actor": "Ayla", "face": 4}}], "version": 1}
            legal = client.get(f"/api/v1/sessions/{sid}/legal", headers=gm).json()["legal"]
            assert [(e["actor"], e["kind"]) for e in legal] == [("Ayla", "roll"), ("Ayla", "hold")]
    finally:
        server.stop()
