"""Hostile bodies get a 4xx with a message and change nothing; schemathesis finds no 5xx."""

from __future__ import annotations

import json

import pytest

from meneur.storage import MAX_BYTES, MAX_DEPTH
from tests.inprocess import TestClient
from tests.server.conftest import Table, start_fight


def _command_url(client: TestClient, table: Table) -> str:
    return f"/api/v1/sessions/{start_fight(client, table)}/commands"


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ('{"command": "rest", "version": 0, "pad": "' + "x" * (MAX_BYTES + 10) + '"}', 413),
        ('{"command": ' + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + ', "version": 0}', 400),
        ('{"command": "rest", "version": NaN}', 400),
        ('{"command": "rest", "version": Infinity}', 400),
        ('{"command": "rest", "version": 0, "sneaky": 1}', 400),
        ('{"command": "rest", "version": "zero"}', 400),
        ('{"command": "rest"', 400),
        ("[]", 400),
        ('"rest"', 400),
        ("", 400),
    ],
    ids=[
        "too large",
        "too deep",
        "NaN",
        "Infinity",
        "unknown key",
        "wrong type",
        "truncated",
        "a list",
        "a string",
        "empty",
    ],
)
def test_hostile_bodies_are_refused_with_a_message(
    client: TestClient, table: Table, body: str, status: int
) -> None:
    url = _command_url(client, table)
    answer = client.post(
        url, content=body.encode(), headers={**table.gm.headers, "Content-Type": "application/json"}
    )
    assert answer.status_code == status, answer.text
    assert answer.json()["message"]
    session = url.rsplit("/", 1)[0]
    assert client.get(session, headers=table.gm.headers).json()["version"] == 0


def test_bytes_that_are_not_utf8_are_400(client: TestClient, table: Table) -> None:
    answer = client.post(
        _command_url(client, table),
        content=b'{"command": "\xff"}',
        headers={**table.gm.headers, "Content-Type": "application/json"},
    )
    assert answer.status_code == 400


def test_a_deep_setup_is_refused_too(client: TestClient, table: Table) -> None:
    deep = {"fighters": [{"name": "A", "vigueur": 1, "x": json.loads("[" * 60 + "]" * 60)}]}
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "toy-fight", "setup": deep},
        headers=table.gm.headers,
    )
    assert answer.status_code == 400


def test_schemathesis_finds_no_server_error(client: TestClient, table: Table) -> None:
    import schemathesis
    from hypothesis import HealthCheck, Phase, given, settings

    sid = start_fight(client, table)
    schema = schemathesis.openapi.from_asgi("/openapi.json", client.app)
    ids = {
        "table_id": table.id,
        "session_id": sid,
        "member_id": table.bren.member_id,
        "character_id": "0000000000000000",
    }
    failures = []
    calls = []
    for operation in schema.get_all_operations():
        op = operation.ok()

        @given(case=op.as_strategy())
        @settings(
            max_examples=15,
            deadline=None,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        def check(case: schemathesis.Case) -> None:
            if case.path_parameters:
                for name in list(case.path_parameters):
                    if name in ids and hash(str(case.body)) % 2 == 0:  # half real ids, half generated
                        case.path_parameters[name] = ids[name]
            case.headers = {**(case.headers or {}), **table.gm.headers}
            response = case.call()
            calls.append(response.status_code)
            if response.status_code >= 500:
                failures.append((case.method, case.formatted_path, case.body, response.status_code))

        check()
    assert failures == []
    assert len(calls) > 100 and {200, 201} & set(calls)  # it did explore, and reached the routes
