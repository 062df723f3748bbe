"""Redo stored with the session: the commands taken back are rows marked ``undone``; ``redo`` makes
the last of them live again with its events (the same dice), and a command given after an undo
makes the older ones unredoable (as :meth:`meneur.engine.Session.redo`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests import loopback as httpx
from tests.inprocess import TestClient
from tests.server.conftest import Table, ready_database_url, start_fight
from tests.server.process import ServerProcess


def attack(actor: str, target: str) -> dict[str, Any]:
    return {"attack": {"actor": actor, "target": target}}


def give(client: TestClient, table: Table, sid: str, version: int, dice: int, actor: str = "Ayla") -> None:
    answer = client.post(
        f"/api/v1/sessions/{sid}/commands",
        json={"command": attack(actor, "Ghoul"), "version": version, "dice": [dice]},
        headers=table.gm.headers,
    )
    assert answer.status_code == 200, answer.text


def state(client: TestClient, table: Table, sid: str) -> Any:
    return client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()


def post(client: TestClient, headers: dict[str, str], sid: str, verb: str, version: int) -> httpx.Response:
    return client.post(f"/api/v1/sessions/{sid}/{verb}", json={"version": version}, headers=headers)


def refusal(answer: httpx.Response) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]


def test_redo_gives_back_the_commands_taken_back_last_first(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    for version, dice in enumerate((3, 5, 2)):
        give(client, table, sid, version, dice)
    before = state(client, table, sid)
    assert post(client, table.gm.headers, sid, "undo", 3).status_code == 200
    assert post(client, table.gm.headers, sid, "undo", 2).status_code == 200
    redone = post(client, table.gm.headers, sid, "redo", 1)
    assert redone.status_code == 200, redone.text
    assert redone.json() == {
        "command": attack("Ayla", "Ghoul"),
        "events": [{"hit": {"actor": "Ayla", "target": "Ghoul", "damage": 5}}],
        "version": 2,
    }
    assert post(client, table.gm.headers, sid, "redo", 2).status_code == 200
    assert state(client, table, sid) == before
    log = client.get(f"/api/v1/sessions/{sid}/log", headers=table.gm.headers).json()
    assert [e["events"][0]["hit"]["damage"] for e in log["log"]] == [3, 5, 2]
    nothing = post(client, table.gm.headers, sid, "redo", 3)
    assert refusal(nothing) == (409, "nothing_to_redo")


def test_a_command_after_an_undo_makes_redo_refuse(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    give(client, table, sid, 0, 3)
    give(client, table, sid, 1, 5)
    assert post(client, table.gm.headers, sid, "undo", 2).status_code == 200
    give(client, table, sid, 1, 1, actor="Bren")
    assert refusal(post(client, table.gm.headers, sid, "redo", 2)) == (409, "nothing_to_redo")
    # the command given after the undo, taken back, is the one redo gives back (not the older one)
    assert post(client, table.gm.headers, sid, "undo", 2).status_code == 200
    redone = post(client, table.gm.headers, sid, "redo", 1)
    assert redone.json()["command"] == attack("Bren", "Ghoul")
    assert refusal(post(client, table.gm.headers, sid, "redo", 2)) == (409, "nothing_to_redo")


def test_a_redo_after_an_older_undo_and_a_new_command_refuses(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    for version, dice in enumerate((3, 5, 2)):
        give(client, table, sid, version, dice)
    assert post(client, table.gm.headers, sid, "undo", 3).status_code == 200
    assert post(client, table.gm.headers, sid, "undo", 2).status_code == 200
    give(client, table, sid, 1, 1, actor="Bren")  # the commands at versions 2 and 3 are gone for good
    assert post(client, table.gm.headers, sid, "undo", 2).status_code == 200
    assert post(client, table.gm.headers, sid, "redo", 1).json()["command"] == attack("Bren", "Ghoul")
    assert refusal(post(client, table.gm.headers, sid, "redo", 2)) == (409, "nothing_to_redo")


def test_redo_refuses_a_stale_version_a_player_an_observer_a_stranger(
    client: TestClient, table: Table
) -> None:
    sid = start_fight(client, table)
    give(client, table, sid, 0, 3)
    assert post(client, table.gm.headers, sid, "undo", 1).status_code == 200
    assert post(client, table.gm.headers, sid, "redo", 1).status_code == 409
    assert post(client, table.ayla.headers, sid, "redo", 0).status_code == 403
    assert post(client, table.olga.headers, sid, "redo", 0).status_code == 403
    assert post(client, table.stranger.headers, sid, "redo", 0).status_code in (403, 404)
    assert client.post(f"/api/v1/sessions/{sid}/redo", json={"version": 0}).status_code == 401
    assert post(client, table.gm.headers, "nope", "redo", 0).status_code == 404
    assert post(client, table.gm.headers, sid, "redo", -1).status_code == 400
    assert state(client, table, sid)["version"] == 0


def test_redo_is_a_change_of_the_live_feed(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    give(client, table, sid, 0, 4)
    assert post(client, table.gm.headers, sid, "undo", 1).status_code == 200
    assert post(client, table.gm.headers, sid, "redo", 0).status_code == 200
    with client.websocket_connect(
        f"/api/v1/tables/{table.id}/live?token={table.ayla.token}&after=0"
    ) as socket:
        kinds: list[tuple[str, Any]] = []
        while len(kinds) < 3:
            message = socket.receive_json()
            if message["kind"] in ("command", "undo"):
                kinds.append((message["kind"], message.get("version")))
    assert kinds == [("command", 1), ("undo", 0), ("command", 1)]


@pytest.mark.subprocess
def test_redo_after_a_restart_gives_the_state_before_the_undo(tmp_path: Path) -> None:
    db = ready_database_url(tmp_path)
    server = ServerProcess(db).start()
    try:
        created = httpx.post(server.url + "/api/v1/tables", json={"name": "T", "system": "toy"}).json()
        headers = {"Authorization": f"Bearer {created['gm_token']}"}
        fighters = [{"name": "A", "vigueur": 100}, {"name": "B", "vigueur": 100}]
        sid = httpx.post(
            server.url + f"/api/v1/tables/{created['id']}/sessions",
            json={"kind": "toy-fight", "setup": {"fighters": fighters}},
            headers=headers,
        ).json()["id"]
        for version in range(3):  # random dice: redo must give back the same ones
            command = {"command": {"attack": {"actor": "A", "target": "B"}}, "version": version}
            assert httpx.post(server.url + f"/api/v1/sessions/{sid}/commands", json=command, headers=headers)
        before = httpx.get(server.url + f"/api/v1/sessions/{sid}", headers=headers).json()
        undo = httpx.post(server.url + f"/api/v1/sessions/{sid}/undo", json={"version": 3}, headers=headers)
        assert undo.status_code == 200
    finally:
        server.stop()
    restarted = ServerProcess(db, port=server.port).start()
    try:
        redo = httpx.post(
            restarted.url + f"/api/v1/sessions/{sid}/redo", json={"version": 2}, headers=headers
        )
        assert redo.status_code == 200, redo.text
        after = httpx.get(restarted.url + f"/api/v1/sessions/{sid}", headers=headers).json()
        assert after == before
        undo = httpx.post(
            restarted.url + f"/api/v1/sessions/{sid}/undo", json={"version": 3}, headers=headers
        )
        assert undo.status_code == 200
        command = {"command": {"attack": {"actor": "B", "target": "A"}}, "version": 2}
        given = httpx.post(restarted.url + f"/api/v1/sessions/{sid}/commands", json=command, headers=headers)
        assert given.status_code == 200
        refused = httpx.post(
            restarted.url + f"/api/v1/sessions/{sid}/redo", json={"version": 3}, headers=headers
        )
        assert refusal(refused) == (409, "nothing_to_redo")
    finally:
        restarted.stop()
