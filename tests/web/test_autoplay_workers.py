"""Auto-play's switch is stored with the session: every worker (here two apps on one database, and a
real server restarted) shows the same, a worker that finds it on runs it, and the version check of
each command lets exactly one of them play each move (the other's 409 is harmless)."""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.systems.energy.view import autoplay
from tests import loopback as httpx
from tests.inprocess import TestClient
from tests.server.conftest import ready_database_url
from tests.server.process import ServerProcess
from tests.web.forms import csrf
from tests.web.test_pages import _csrf, _table

KITSUNE_ATTACKS = {"attack": {"actor": "kitsune", "target": "agent1", "tokens": 6, "power": 0}}
DEFENDS = {"defend": {"actor": "agent1", "power": 1}}


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps on one database, as two workers of ``meneur serve --workers 2``."""
    url = ready_database_url(tmp_path)
    first, second = build_app(Settings(db=url)), build_app(Settings(db=url))
    with TestClient(first) as a, TestClient(second) as b:
        for app in (first, second):
            app.state.web_autoplay_pause = 0
        yield a, b
    first.state.store.close()
    second.state.store.close()


def _version(page: str) -> int:
    found = re.search(r'data-version="(\d+)"', page)
    assert found is not None
    return int(found.group(1))


def _do(web: TestClient, table_id: str, session_id: str, command: object, version: int) -> None:
    done = web.post(
        f"/t/{table_id}/s/{session_id}/do",
        data={"command": json.dumps(command), "version": str(version)},
        headers=_csrf(web),
    )
    assert done.status_code == 200 and 'role="alert"' not in done.text, html.unescape(done.text)[:300]


def _switch(web: TestClient, table_id: str, session_id: str, on: bool) -> str:
    answer = web.post(
        f"/t/{table_id}/s/{session_id}/autoplay", data={"on": "on" if on else ""}, headers=_csrf(web)
    )
    assert answer.status_code == 200
    return answer.text


def test_the_switch_shows_the_same_on_every_worker(two: tuple[TestClient, TestClient]) -> None:
    a, b = two
    table_id, session_id = _table(a)
    b.cookies.update(dict(a.cookies))
    assert (
        'aria-checked="false"' in b.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
    )
    assert 'aria-checked="true"' in _switch(a, table_id, session_id, True)
    assert (
        'aria-checked="true"' in b.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
    )
    assert 'aria-checked="false"' in _switch(b, table_id, session_id, False)
    assert (
        'aria-checked="false"' in a.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
    )


def test_two_workers_racing_for_one_npc_move_play_it_once(two: tuple[TestClient, TestClient]) -> None:
    a, b = two
    table_id, session_id = _table(a)
    b.cookies.update(dict(a.cookies))
    _do(a, table_id, session_id, "start", 0)
    _do(a, table_id, session_id, KITSUNE_ATTACKS, 1)  # Agent Octopus 1 must defend: version 2
    # the switch on, stored, as each worker's task sees it (the tasks themselves are not started:
    # the two plays below are the race)
    with a.app.state.store.writer() as writer:  # type: ignore[attr-defined]
        from meneur.server.models import GameSession

        row = writer.get(GameSession, session_id)
        assert row is not None
        gm = a.get(f"/api/v1/tables/{table_id}").json()["me"]["id"]
        row.autoplay = {"on": True, "gm": gm, "run": 1, "stopped": None}
    tasks = [autoplay.AutoPlay(table_id, gm, on=True, run=1) for _ in range(2)]
    apps: list[Any] = [a.app, b.app]
    with ThreadPoolExecutor(2) as pool:
        steps = list(pool.map(lambda i: autoplay.play_one(apps[i], session_id, tasks[i]).kind, range(2)))
    assert sorted(steps) in (["again", "played"], ["played", "wait"])  # "wait": the other played first
    log = a.get(f"/api/v1/sessions/{session_id}/log").json()["log"]
    assert [entry["command"] for entry in log][2:] == [DEFENDS]  # one defence, no second move


def test_a_worker_whose_gm_page_finds_the_switch_on_plays(two: tuple[TestClient, TestClient]) -> None:
    a, b = two
    table_id, session_id = _table(a)
    b.cookies.update(dict(a.cookies))
    _do(a, table_id, session_id, "start", 0)
    _switch(a, table_id, session_id, True)  # KITSUNE must act: the first worker's task waits
    found = autoplay.autoplay_of(a.app, session_id)
    assert found is not None and found.task is not None
    found.task.cancel()  # the first worker goes away (its task with it); the switch stays stored
    assert autoplay.autoplay_of(b.app, session_id) is None
    _do(b, table_id, session_id, KITSUNE_ATTACKS, 1)  # the second worker's GM page runs it
    deadline = time.monotonic() + 30  # a bound against a hang, not a measure
    while _version(b.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text) < 3:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    log = b.get(f"/api/v1/sessions/{session_id}/log").json()["log"]
    assert log[2]["command"] == DEFENDS and len(log) == 3
    played = autoplay.autoplay_of(b.app, session_id)
    assert played is not None and played.on and found.task.cancelled()


@pytest.mark.subprocess
def test_the_switch_survives_a_restart_of_the_real_server(tmp_path: Path) -> None:
    db = ready_database_url(tmp_path)
    server = ServerProcess(db).start()
    try:
        with httpx.Client(base_url=server.url, follow_redirects=True) as web:
            token = csrf(web)  # the page gives the browser its secret and the token of it
            created = web.post("/tables", data={"name": "T", "system": "energy", "csrf": token})
            assert created.status_code == 200
            table_id = str(created.url).rsplit("/", 1)[-1]
            found = re.search(rf"/t/{table_id}/s/([0-9a-f]+)", created.text)
            assert found is not None
            session_id = found.group(1)
            cookies = dict(web.cookies)
            headers = {"X-CSRF-Token": token}
            switched = web.post(f"/t/{table_id}/s/{session_id}/autoplay", data={"on": "on"}, headers=headers)
            assert 'aria-checked="true"' in switched.text  # before the start: it waits for the GM
    finally:
        server.stop()
    restarted = ServerProcess(db, port=server.port).start()
    try:
        with httpx.Client(base_url=restarted.url, cookies=cookies) as web:
            page = web.get(f"/t/{table_id}/s/{session_id}")
            assert 'aria-checked="true"' in page.text
            for version, command in enumerate(("start", KITSUNE_ATTACKS)):
                data = {"command": json.dumps(command), "version": str(version)}
                assert (
                    web.post(f"/t/{table_id}/s/{session_id}/do", data=data, headers=headers).status_code
                    == 200
                )
            deadline = time.monotonic() + 30  # a bound against a hang, not a measure
            while (log := web.get(f"/api/v1/sessions/{session_id}/log").json()["log"]) and len(log) < 3:
                assert time.monotonic() < deadline
                time.sleep(0.1)
            assert log[2]["command"] == DEFENDS
    finally:
        restarted.stop()
