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
        (409, 403, 403, 403, 401, 404),  # the GM's: nothing to take back yet
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


# What each viewer sees of an Energy fight (combat/examples/demo.yaml: KITSUNE and WINK against
# agents 1 and 2, NPCs): the table's ``npc_vigueur`` option, and agent2 hidden by the GM.


def _energy_fight(client: TestClient, npc_vigueur: str) -> tuple[Table, str, list[Any]]:
    from meneur.server.models import Character
    from tests.server.conftest import join, new_table
    from tests.server.test_energy_fight import demo

    setup, commands = demo()
    table = new_table(client, system="energy", npc_vigueur=npc_vigueur)
    for name, role in (("Ayla", "player"), ("Bren", "player"), ("Olga", "observer")):
        join(client, table, name, role=role)
    with client.app.state.store.writer() as db:  # type: ignore[attr-defined]
        db.add(Character(id="npc-agent2", table_id=table.id, name="Agent Octopus 2", hidden=True, version=1))
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "energy-fight", "setup": setup, "controllers": {"kitsune": table.ayla.member_id}},
        headers=table.gm.headers,
    )
    return table, created.json()["id"], commands


def _give(client: TestClient, table: Table, sid: str, commands: list[Any]) -> list[Any]:
    found = []
    for version, command in enumerate(commands):
        answer = client.post(
            f"/api/v1/sessions/{sid}/commands",
            json={"command": command, "version": version},
            headers=table.gm.headers,
        )
        assert answer.status_code == 200, answer.text
        found.append(answer.json())
    return found


def _combatants(client: TestClient, sid: str, seat: Any) -> dict[str, dict[str, Any]]:
    state = client.get(f"/api/v1/sessions/{sid}", headers=seat.headers).json()["state"]
    return {c["id"]: c for c in state["combatants"]}


@pytest.mark.parametrize("mode", ["hidden", "bar", "shown"])
def test_energy_npc_vigueur_per_table_option(client: TestClient, mode: str) -> None:
    table, sid, commands = _energy_fight(client, mode)
    _give(client, table, sid, commands[:3])  # KITSUNE hits agent1: 1 Vigueur lost of 3
    gm = _combatants(client, sid, table.gm)
    assert gm["agent1"]["vigor"] == 2 and gm["agent2"]["vigor"] == 4
    for who in ("ayla", "bren", "olga"):
        seen = _combatants(client, sid, table.seats[who])
        assert "agent2" not in seen  # hidden by the GM: not there at all
        agent1, kitsune = seen["agent1"], seen["kitsune"]
        assert (agent1["energy"], agent1["defense"]) == (gm["agent1"]["energy"], gm["agent1"]["defense"])
        assert kitsune == gm["kitsune"]  # a hero's sheet lies open
        if mode == "shown":
            assert agent1 == gm["agent1"]
        else:
            assert agent1["vigor"] is None and agent1["vigor_max"] is None
            assert agent1.get("vigor_bar") == (0.7 if mode == "bar" else None)  # 2 of 3, rounded up


def test_energy_fight_events_as_each_viewer_sees_them(client: TestClient) -> None:
    table, sid, commands = _energy_fight(client, "hidden")
    log = {}
    for who in WHO[:4]:
        seat = table.seats.get(who) if who != "gm" else table.gm
        assert seat is not None
        with client.websocket_connect(f"/api/v1/tables/{table.id}/live?token={seat.token}") as ws:
            if who == "gm":
                _give(client, table, sid, commands[:5])
            seen: list[Any] = []
            while len([m for m in seen if m["kind"] == "command"]) < 5:
                seen.append(ws.receive_json())
        log[who] = [e for m in seen if m["kind"] == "command" for e in m["events"]]
        http = client.get(f"/api/v1/sessions/{sid}/log", headers=seat.headers).json()["log"]
        assert [e for entry in http for e in entry["events"]] == log[who]
    losses = [e["vigor_lost"] for e in log["gm"] if isinstance(e, dict) and "vigor_lost" in e]
    assert losses == [
        {"target": "agent1", "amount": 1, "out": False},
        {"target": "agent2", "amount": 2, "out": False},
    ]
    for who in ("ayla", "bren", "olga"):
        text = repr(log[who])
        assert "agent2" not in text  # its defence, its loss, its place in the order: left out
        assert {"vigor_lost": {"target": "agent1", "amount": None, "out": False}} in log[who]
        started = next(e["fight_started"] for e in log[who] if isinstance(e, dict) and "fight_started" in e)
        assert started["order"] == ["kitsune", "wink", "agent1"]
