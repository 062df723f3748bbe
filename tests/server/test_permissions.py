"""The permission matrix, route by route: GM, the player concerned, another player, an observer, a
removed member and a stranger (the GM of another table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Table, start_fight

WHO = ("gm", "ayla", "bren", "olga", "rémi", "stranger")

Call = Callable[[TestClient, Table, dict[str, str], dict[str, Any]], int]


def _table_call(method: str, path: str, body: Any = None) -> Call:
    def call(client: TestClient, table: Table, headers: dict[str, str], ids: dict[str, Any]) -> int:
        url = path.format(table=table.id, **ids)
        return client.request(method, url, json=body, headers=headers).status_code

    return call


# route -> (call, status for gm, ayla (owner), bren (other player), olga (observer), removed, stranger)
MATRIX: dict[str, tuple[Call, tuple[int, ...]]] = {
    "get table": (_table_call("GET", "/api/v1/tables/{table}"), (200, 200, 200, 200, 401, 404)),
    "rotate join code": (
        _table_call("POST", "/api/v1/tables/{table}/join-code"),
        (200, 403, 403, 403, 401, 404),
    ),
    "remove member": (
        _table_call("DELETE", "/api/v1/tables/{table}/members/{victim}"),
        (204, 403, 403, 403, 401, 404),
    ),
    "reissue token": (
        _table_call("POST", "/api/v1/tables/{table}/members/{victim}/token"),
        (200, 403, 403, 403, 401, 404),
    ),
    "update me": (
        _table_call("PUT", "/api/v1/tables/{table}/members/me", {"notes": "n"}),
        (200, 200, 200, 200, 401, 404),
    ),
    "add character": (
        _table_call("POST", "/api/v1/tables/{table}/characters", {"file": {"name": "Cyd"}}),
        (201, 201, 201, 403, 401, 404),
    ),
    "add hidden npc": (
        _table_call("POST", "/api/v1/tables/{table}/characters", {"file": {"name": "Spy"}, "hidden": True}),
        (201, 403, 403, 403, 401, 404),
    ),
    "read ayla's character": (
        _table_call("GET", "/api/v1/tables/{table}/characters/{ayla_character}"),
        (200, 200, 200, 200, 401, 404),
    ),
    "read hidden npc": (
        _table_call("GET", "/api/v1/tables/{table}/characters/{hidden}"),
        (200, 404, 404, 404, 401, 404),
    ),
    "save ayla's character": (
        _table_call("PUT", "/api/v1/tables/{table}/characters/{ayla_character}", {"file": {"name": "Ayla"}}),
        (200, 200, 403, 403, 401, 404),
    ),
    "create session": (
        _table_call(
            "POST",
            "/api/v1/tables/{table}/sessions",
            {"kind": "toy-fight", "setup": {"fighters": [{"name": "A", "vigueur": 1}]}},
        ),
        (201, 403, 403, 403, 401, 404),
    ),
    "read session": (_table_call("GET", "/api/v1/sessions/{session}"), (200, 200, 200, 200, 401, 404)),
    "legal": (_table_call("GET", "/api/v1/sessions/{session}/legal"), (200, 200, 200, 200, 401, 404)),
    "log": (_table_call("GET", "/api/v1/sessions/{session}/log"), (200, 200, 200, 200, 401, 404)),
    "ayla's attack": (
        _table_call(
            "POST",
            "/api/v1/sessions/{session}/commands",
            {"command": {"attack": {"actor": "Ayla", "target": "Ghoul"}}, "version": 0},
        ),
        (200, 200, 403, 403, 401, 404),
    ),
    "the ghoul's attack": (
        _table_call(
            "POST",
            "/api/v1/sessions/{session}/commands",
            {"command": {"attack": {"actor": "Ghoul", "target": "Ayla"}}, "version": 0},
        ),
        (200, 403, 403, 403, 401, 404),
    ),
    "a game command": (
        _table_call("POST", "/api/v1/sessions/{session}/commands", {"command": "rest", "version": 0}),
        (200, 403, 403, 403, 401, 404),
    ),
    "undo": (
        _table_call("POST", "/api/v1/sessions/{session}/undo", {"version": 0}),
        (400, 403, 403, 403, 401, 404),
    ),
    "roll": (
        _table_call("POST", "/api/v1/tables/{table}/rolls", {"expression": "1d6"}),
        (201, 201, 201, 403, 401, 404),
    ),
    "cookie": (_table_call("POST", "/api/v1/tables/{table}/cookie"), (200, 200, 200, 200, 401, 404)),
    "list rolls": (_table_call("GET", "/api/v1/tables/{table}/rolls"), (200, 200, 200, 200, 401, 404)),
}


@pytest.mark.parametrize("route", sorted(MATRIX))
def test_permission_matrix(client: TestClient, table: Table, route: str) -> None:
    call, expected = MATRIX[route]
    found = {}
    for who, status in zip(WHO, expected, strict=True):
        # every caller meets the same fresh state: a new session, a new victim, a new hidden NPC
        table.code = client.post(f"/api/v1/tables/{table.id}/join-code", headers=table.gm.headers).json()[
            "join_code"
        ]
        victim = client.post(
            f"/api/v1/tables/{table.id}/join", json={"join_code": table.code, "name": "V"}
        ).json()
        hidden = client.post(
            f"/api/v1/tables/{table.id}/characters",
            json={"file": {"name": "Spy"}, "hidden": True},
            headers=table.gm.headers,
        ).json()["id"]
        characters = client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["characters"]
        ids = {
            "session": start_fight(client, table),
            "victim": victim["member_id"],
            "hidden": hidden,
            "ayla_character": next(c["id"] for c in characters if c["name"] == "Ayla"),
        }
        seat = table.seats.get(who) if who != "gm" else table.gm
        assert seat is not None
        found[who] = call(client, table, seat.headers, ids)
        del status
    assert tuple(found.values()) == expected, found


def test_no_token_is_401_and_a_bad_one_too(client: TestClient, table: Table) -> None:
    assert client.get(f"/api/v1/tables/{table.id}").status_code == 401
    assert (
        client.get(f"/api/v1/tables/{table.id}", headers={"Authorization": "Bearer nope"}).status_code == 401
    )


def test_a_stranger_cannot_tell_a_table_from_no_table(client: TestClient, table: Table) -> None:
    real = client.get(f"/api/v1/tables/{table.id}", headers=table.stranger.headers)
    missing = client.get("/api/v1/tables/0000000000000000", headers=table.stranger.headers)
    assert (real.status_code, real.json()) == (missing.status_code, missing.json())


def test_the_cookie_works_like_the_header_with_csrf_protection(client: TestClient, table: Table) -> None:
    answer = client.post(f"/api/v1/tables/{table.id}/cookie", headers=table.ayla.headers)
    assert answer.status_code == 200
    assert (
        "httponly" in answer.headers["set-cookie"].lower()
        and "samesite=strict" in answer.headers["set-cookie"].lower()
    )
    csrf = answer.json()["csrf_token"]
    try:
        assert client.get(f"/api/v1/tables/{table.id}").status_code == 200
        roll = {"expression": "1d6"}
        refused = client.post(f"/api/v1/tables/{table.id}/rolls", json=roll)
        assert refused.status_code == 403 and refused.json()["error"] == "csrf"
        wrong = client.post(f"/api/v1/tables/{table.id}/rolls", json=roll, headers={"X-CSRF-Token": "x"})
        assert wrong.status_code == 403
        done = client.post(f"/api/v1/tables/{table.id}/rolls", json=roll, headers={"X-CSRF-Token": csrf})
        assert done.status_code == 201
    finally:
        client.cookies.clear()


def test_public_address_needs_an_account_or_the_admin_token(tmp_path: Any) -> None:
    from meneur.server.app import build_app
    from meneur.server.config import Settings

    app = build_app(Settings(db=f"sqlite:///{tmp_path / 't.sqlite3'}", host="0.0.0.0", admin_token="s3cret"))
    with TestClient(app) as client:
        body = {"name": "T", "system": "toy"}
        assert client.post("/api/v1/tables", json=body).status_code == 401
        assert (
            client.post("/api/v1/tables", json=body, headers={"Authorization": "Bearer s3cret"}).status_code
            == 201
        )
        assert client.post("/api/v1/accounts", json={"name": "mj", "password": "pw"}).status_code == 401
        assert (
            client.post(
                "/api/v1/accounts",
                json={"name": "mj", "password": "pw"},
                headers={"Authorization": "Bearer s3cret"},
            ).status_code
            == 201
        )
        wrong = {**body, "account": {"name": "mj", "password": "bad"}}
        assert client.post("/api/v1/tables", json=wrong).status_code == 401
        right = {**body, "account": {"name": "mj", "password": "pw"}}
        assert client.post("/api/v1/tables", json=right).status_code == 201
    app.state.store.close()
