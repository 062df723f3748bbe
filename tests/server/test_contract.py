"""The OpenAPI document and the server agree: schemathesis, as ``st run`` runs it with this
repository's ``schemathesis.toml`` (every check), on every operation and in its stateful phase along
the document's links, in process on a real SQLite file."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from schemathesis.engine import events, from_schema

from tests import loopback as httpx
from tests.inprocess import TestClient
from tests.server.conftest import FIGHT, Table, ready_database_url, start_fight
from tests.server.process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = 4
"""Examples drawn per operation and per mode (the coverage phase's cases come on top)."""
SCENARIOS = 30
"""Scenarios of the stateful phase (each a chain of calls along the links)."""


def _character(client: TestClient, table: Table) -> str:
    found = client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["characters"]
    return str(found[0]["id"])


PHASES = ("examples", "coverage", "fuzzing", "stateful")


def _config(**run: Any) -> schemathesis.Config:
    """The repository's ``schemathesis.toml`` with this run's settings: a fixed seed, one worker,
    a few examples."""
    config: dict[str, Any] = tomllib.loads((ROOT / "schemathesis.toml").read_text(encoding="utf-8"))
    run = {
        "seed": 17,
        "workers": 1,
        "generation": {"max-examples": EXAMPLES, "deterministic": True, "database": "none"},
        "cache": {"enabled": False},  # what an earlier run learnt would change this one
        **run,
    }
    return schemathesis.Config.from_dict(_merged(config, run))


def _merged(base: dict[str, Any], more: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in more.items():
        old = merged.get(key)
        merged[key] = _merged(old, value) if isinstance(old, dict) and isinstance(value, dict) else value
    return merged


def _only(*phases: str) -> dict[str, dict[str, bool]]:
    return {name: {"enabled": name in phases} for name in PHASES}


def _findings(schema: schemathesis.BaseSchema, answers: list[tuple[str, int]] | None = None) -> list[str]:
    """Every finding of a run (none: the contract holds); ``answers`` gets each operation's status."""
    found: list[str] = []
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            found += _failed_checks(event)
            if answers is not None:
                answers += _answers(event)
        elif isinstance(event, events.NonFatalError | events.FatalError):
            found.append(f"error: {event!r}")
    return sorted(set(found))


def _answers(event: events.ScenarioFinished) -> list[tuple[str, int]]:
    return [
        (event.recorder.cases[case_id].value.operation.label, exchange.response.status_code)
        for case_id, exchange in event.recorder.interactions.items()
        if exchange.response is not None
    ]


def _failed_checks(event: events.ScenarioFinished) -> list[str]:
    found = []
    for case_id, checks in event.recorder.checks.items():
        exchange = event.recorder.interactions.get(case_id)
        for check in checks:
            if check.failure_info is not None:
                found.append(f"{check.name}: {check.failure_info.failure.title}: {_exchange(exchange)}")
    return found


def _exchange(exchange: Any) -> str:
    if exchange is None:
        return "no request"
    asked = f"{exchange.request.method} {exchange.request.uri} {exchange.request.body!r:.200}"
    answer = exchange.response
    return asked if answer is None else f"{asked} -> {answer.status_code} {answer.content[:200]!r}"


def test_every_operation_keeps_the_documented_contract(client: TestClient, table: Table) -> None:
    """Each operation, as the GM of a seated table with a fight under way (its ids given)."""
    ids = {
        "table_id": table.id,
        "session_id": start_fight(client, table),
        "member_id": table.bren.member_id,
        "character_id": _character(client, table),
    }
    config = _config(
        headers=table.gm.headers, parameters=ids, phases=_only("examples", "coverage", "fuzzing")
    )
    found = _findings(schemathesis.openapi.from_asgi("/openapi.json", client.app, config=config))
    assert not found, "\n".join(found)


TOY_TABLE = {
    "POST /api/v1/tables": {"system": "toy", "options": {}},
    "POST /api/v1/tables/{table_id}/sessions": {"kind": "toy-fight", "setup": FIGHT},
    "POST /api/v1/sessions/{session_id}/commands": {
        "command": {"attack": {"actor": "Ayla", "target": "Ghoul"}},
        "dice": None,
    },
}
"""What a valid request draws for the toy system (its setups and commands are open objects in the
document): the stateful phase gets as far as sessions and their commands."""


def _playable(context: Any, case: schemathesis.Case) -> schemathesis.Case:
    fields = TOY_TABLE.get(case.operation.label)
    positive = case.meta is not None and case.meta.generation.mode.is_positive
    if fields and positive and isinstance(case.body, dict):
        case.body = {**case.body, **fields}
    return case


def test_the_stateful_phase_finds_nothing(client: TestClient) -> None:
    """Along the document's links from a table created in the run (its GM's token comes from the
    links too): no header nor id is given."""
    stateful = {"enabled": True, "max-steps": 15, "generation": {"max-examples": SCENARIOS}}
    config = _config(phases={**_only("stateful"), "stateful": stateful})
    schema = schemathesis.openapi.from_asgi("/openapi.json", client.app, config=config)
    schema.hook("map_case")(_playable)
    answers: list[tuple[str, int]] = []
    found = _findings(schema, answers)
    assert not found, "\n".join(found)
    assert ("POST /api/v1/tables/{table_id}/sessions", 201) in answers  # the links led somewhere


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    running = ServerProcess(ready_database_url(tmp_path)).start()
    yield running
    running.stop()


def _close_code(server: ServerProcess, path: str, cookie: str = "") -> int:
    """The code a real server (uvicorn) closes a socket of ``path`` with, once it accepted it."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    headers = {"Cookie": cookie} if cookie else {}
    url = server.url.replace("http", "ws") + path
    with (
        connect(url, origin=server.url, additional_headers=headers) as socket,  # type: ignore[arg-type]
        pytest.raises(ConnectionClosed) as closed,
    ):
        socket.recv(timeout=10)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code


@pytest.mark.subprocess
def test_every_socket_refusal_is_a_documented_close_code_not_a_handshake_403(server: ServerProcess) -> None:
    created = httpx.post(server.url + "/api/v1/tables", json={"name": "T", "system": "toy"}).json()
    table, token = created["id"], created["gm_token"]
    seat = f"meneur_token_{table}={token}"
    httpx.post(
        server.url + f"/api/v1/tables/{table}/sessions",
        json={"kind": "toy-fight", "setup": FIGHT},
        headers={"Authorization": f"Bearer {token}"},
    ).raise_for_status()
    assert _close_code(server, f"/api/v1/tables/{table}/live?token=wrong") == 4401
    assert _close_code(server, f"/api/v1/tables/{table}/live?token={token}&after=abc") == 4400
    assert _close_code(server, f"/t/{table}/live?page=fight&session=nope", seat) == 4404
    assert _close_code(server, f"/t/{table}/live?page=nowhere", seat) == 4404
    assert _close_code(server, f"/t/{table}/live?page=fight&session=nope") == 4401
    assert _close_code(server, f"/t/{table}/live?after=abc", seat) == 4400
