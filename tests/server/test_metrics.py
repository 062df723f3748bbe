"""``/metrics`` (off by default, the admin token only) and the request ids of the logs."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from meneur.server.app import build_app
from meneur.server.backup import backup
from meneur.server.config import Settings
from meneur.server.logs import JsonFormatter
from tests.inprocess import TestClient
from tests.server.conftest import new_table, ready_database_url, start_fight

ADMIN = "an-admin-token-long-enough-for-it"
BEARER = {"Authorization": f"Bearer {ADMIN}"}


@pytest.fixture
def measured(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        db=ready_database_url(tmp_path), metrics=True, admin_token=ADMIN, backup_dir=str(tmp_path / "backups")
    )
    app = build_app(settings)
    with TestClient(app) as test_client:
        yield test_client
    app.state.store.close()


def figure(text: str, name: str, **labels: str) -> float | None:
    """The value of the sample ``name{labels}`` in a Prometheus text page (``None``: absent)."""
    for line in text.splitlines():
        if line.startswith("#") or not line.startswith(name):
            continue
        found, _space, value = line.rpartition(" ")
        head, _brace, rest = found.partition("{")
        given = dict(re.findall(r'(\w+)="([^"]*)"', rest))
        if head == name and given == labels:
            return float(value)
    return None


def test_metrics_are_off_by_default(client: TestClient) -> None:
    assert client.get("/metrics").status_code == 404


def test_metrics_need_the_admin_token(measured: TestClient) -> None:
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": ADMIN}):
        answer = measured.get("/metrics", headers={**headers, "Accept-Language": "en"})
        assert answer.status_code == 401
        assert answer.json() == {
            "error": "unauthorized",
            "message": "The server's figures need the admin token.",
        }
    french = measured.get("/metrics")
    assert french.status_code == 401 and "jeton d'administration" in french.json()["message"]


def test_metrics_count_requests_by_route_commands_sockets_sessions_pool_backup(
    measured: TestClient, tmp_path: Path
) -> None:
    table = new_table(measured)
    sid = start_fight(measured, table)
    for version in range(3):
        command = {"command": {"attack": {"actor": "Ayla", "target": "Ghoul"}}, "version": version}
        answer = measured.post(f"/api/v1/sessions/{sid}/commands", json=command, headers=table.gm.headers)
        assert answer.status_code == 200, answer.text
    stale = {"command": {"attack": {"actor": "Ayla", "target": "Ghoul"}}, "version": 0}
    assert (
        measured.post(f"/api/v1/sessions/{sid}/commands", json=stale, headers=table.gm.headers).status_code
        == 409
    )
    measured.get("/no/such/page")
    with measured.websocket_connect(f"/api/v1/tables/{table.id}/live?token={table.gm.token}") as live:
        live.receive_json()
        page = measured.get("/metrics", headers=BEARER)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/plain")
    text = page.text
    route = "/api/v1/sessions/{session_id}/commands"
    assert figure(text, "meneur_requests_total", method="POST", route=route, status="200") == 3
    assert figure(text, "meneur_requests_total", method="POST", route=route, status="409") == 1
    assert figure(text, "meneur_requests_total", method="GET", route="unmatched", status="404") == 1
    assert sid not in text and table.id not in text  # templates, never ids
    assert figure(text, "meneur_command_seconds_count") == 4
    assert figure(text, "meneur_live_sockets") == 1, text
    assert figure(text, "meneur_live_tables") == 1
    sessions = figure(text, "meneur_sessions_in_memory")
    assert sessions is not None and sessions >= 1
    in_use = figure(text, "meneur_db_pool_connections", state="in_use")
    assert in_use is not None and in_use >= 0 and figure(text, "meneur_db_pool_connections", state="size")
    assert figure(text, "meneur_backup_age_seconds") is None  # no backup yet
    backup(measured.app.state.store.engine, tmp_path / "backups" / "meneur-20260101T000000.000000Z.sqlite3")  # type: ignore[attr-defined]
    after = measured.get("/metrics", headers=BEARER).text
    age = figure(after, "meneur_backup_age_seconds")
    assert age is not None and 0 <= age < 60
    assert figure(after, "meneur_live_sockets") == 0
    games = measured.app.state.games  # type: ignore[attr-defined]
    rebuilt = figure(after, "meneur_sessions_rebuilt_total")
    assert rebuilt is not None and figure(after, "meneur_sessions_in_memory_limit") == games.size == 2048
    games.forget(sid)  # as if dropped for sessions played since: the next read rebuilds it
    assert measured.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).status_code == 200
    assert (
        figure(measured.get("/metrics", headers=BEARER).text, "meneur_sessions_rebuilt_total") == rebuilt + 1
    )


def test_every_answer_carries_a_request_id_and_a_client_cannot_choose_it(client: TestClient) -> None:
    first = client.get("/healthz", headers={"X-Request-ID": "chosen-by-the-client"})
    second = client.get("/healthz")
    ids = [first.headers["x-request-id"], second.headers["x-request-id"]]
    assert all(re.fullmatch(r"[0-9a-f]{32}", found) for found in ids)
    assert ids[0] != ids[1]


def test_a_trusted_proxy_gives_the_request_id(tmp_path: Path) -> None:
    app = build_app(Settings(db=ready_database_url(tmp_path), trusted_proxies="10.0.0.0/8"))
    try:
        with TestClient(app, client=("10.1.2.3", 4000)) as proxied:
            assert (
                proxied.get("/healthz", headers={"X-Request-ID": "abc-123"}).headers["x-request-id"]
                == "abc-123"
            )
            bad = proxied.get("/healthz", headers={"X-Request-ID": 'a b" c'}).headers["x-request-id"]
            assert re.fullmatch(r"[0-9a-f]{32}", bad)
        with TestClient(app, client=("192.0.2.7", 4000)) as direct:
            assert (
                direct.get("/healthz", headers={"X-Request-ID": "abc-123"}).headers["x-request-id"]
                != "abc-123"
            )
    finally:
        app.state.store.close()


def test_the_logs_of_a_request_carry_its_id(client: TestClient) -> None:
    table = new_table(client)
    sid = start_fight(client, table)
    lines = io.StringIO()
    handler = logging.StreamHandler(lines)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("meneur.server")
    logger.addHandler(handler)
    old = logger.level
    logger.setLevel(logging.INFO)
    try:
        command = {"command": {"attack": {"actor": "Ayla", "target": "Ghoul"}}, "version": 0}
        answer = client.post(f"/api/v1/sessions/{sid}/commands", json=command, headers=table.gm.headers)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)
    records = [json.loads(line) for line in lines.getvalue().splitlines()]
    applied = [r for r in records if r["message"] == "command applied"]
    assert applied and applied[0]["request_id"] == answer.headers["x-request-id"]
