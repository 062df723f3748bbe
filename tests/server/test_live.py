"""The live feed over WebSocket: catch-up with ``?after=``, order, visibility, revocation."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.inprocess import TestClient
from tests.server.conftest import Table, start_fight


def url(table: Table, token: str, after: int = 0) -> str:
    return f"/api/v1/tables/{table.id}/live?token={token}&after={after}"


def roll(client: TestClient, table: Table, headers: dict[str, str], visibility: str, dice: int) -> None:
    answer = client.post(
        f"/api/v1/tables/{table.id}/rolls",
        json={"expression": "1d6", "visibility": visibility, "dice": [dice]},
        headers=headers,
    )
    assert answer.status_code == 201


def test_catch_up_then_live_in_order_with_nothing_twice(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(url(table, table.ayla.token)) as live:
        first = live.receive_json()
        seen.append(first)
        while seen[-1]["kind"] != "session":
            seen.append(live.receive_json())
        answer = client.post(
            f"/api/v1/sessions/{sid}/commands",
            json={"command": {"attack": {"actor": "Ayla", "target": "Ghoul"}}, "version": 0, "dice": [2]},
            headers=table.ayla.headers,
        )
        assert answer.status_code == 200
        command = live.receive_json()
    assert command["kind"] == "command"
    assert command["events"] == [{"hit": {"actor": "Ayla", "target": "Ghoul", "damage": 2}}]
    assert command["version"] == 1 and command["session"] == sid
    seqs = [m["seq"] for m in [*seen, command]]
    assert seqs == sorted(set(seqs))
    # resuming after the session's message gives the command again, and only what came after
    with client.websocket_connect(url(table, table.ayla.token, after=seen[-1]["seq"])) as live:
        again = live.receive_json()
    assert again == command


def test_the_feed_hides_what_the_viewer_may_not_see(client: TestClient, table: Table) -> None:
    last = client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["seq"]
    roll(client, table, table.ayla.headers, "blind", 1)
    roll(client, table, table.ayla.headers, "gm", 2)
    roll(client, table, table.ayla.headers, "self", 3)
    roll(client, table, table.gm.headers, "public", 4)

    def totals(token: str) -> list[int]:
        found = []
        with client.websocket_connect(url(table, token, after=last)) as live:
            while not found or found[-1] != 4:
                found.append(live.receive_json()["roll"]["total"])
        return found

    assert totals(table.gm.token) == [1, 2, 4]
    assert totals(table.ayla.token) == [2, 3, 4]
    assert totals(table.bren.token) == [4]
    assert totals(table.olga.token) == [4]


def test_stranger_and_removed_member_are_refused(client: TestClient, table: Table) -> None:
    for token in (table.stranger.token, table.seats["rémi"].token, "nonsense"):
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect(url(table, token)) as live,
        ):
            live.receive_json()
        assert refused.value.code == 4401


def test_a_removed_member_is_disconnected_at_once(client: TestClient, table: Table) -> None:
    last = client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["seq"]
    with client.websocket_connect(url(table, table.bren.token, after=last)) as live:
        removed = client.delete(
            f"/api/v1/tables/{table.id}/members/{table.bren.member_id}", headers=table.gm.headers
        )
        assert removed.status_code == 204
        with pytest.raises(WebSocketDisconnect) as closed:
            live.receive_json()
    assert closed.value.code == 4401
    assert client.get(f"/api/v1/tables/{table.id}", headers=table.bren.headers).status_code == 401


def test_the_players_view_of_events_goes_through_the_projection(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    last = client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["seq"]
    client.post(f"/api/v1/sessions/{sid}/undo", json={"version": 0}, headers=table.gm.headers)
    client.post(
        f"/api/v1/sessions/{sid}/commands", json={"command": "rest", "version": 0}, headers=table.gm.headers
    )
    client.post(f"/api/v1/sessions/{sid}/undo", json={"version": 1}, headers=table.gm.headers)
    with client.websocket_connect(url(table, table.olga.token, after=last)) as live:
        kinds = [live.receive_json()["kind"], live.receive_json()["kind"]]
    assert kinds == ["command", "undo"]
