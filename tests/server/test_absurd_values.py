"""Absurd or hostile values in an Energy fight's commands, its setup and the live feeds' ``after``:
each is a 4xx (or a close code) with a message naming the field, in the caller's language, and
nothing changes."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from meneur.server.resume import CLOSE_BAD_REQUEST
from meneur.systems.energy.quick import quick_npc
from tests.inprocess import TestClient
from tests.server.conftest import Seat, Table, join, new_table
from tests.server.test_energy_fight import demo


def _fight(client: TestClient) -> tuple[Table, Seat, str]:
    """The demo fight, started, KITSUNE held by the player Ayla."""
    setup, _commands = demo()
    table = new_table(client, system="energy")
    ayla = join(client, table, "Ayla")
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "energy-fight", "setup": setup, "controllers": {"kitsune": ayla.member_id}},
        headers=table.gm.headers,
    )
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    started = client.post(
        f"/api/v1/sessions/{sid}/commands", json={"command": "start", "version": 0}, headers=table.gm.headers
    )
    assert started.status_code == 200, started.text
    return table, ayla, sid


def _version(client: TestClient, table: Table, sid: str) -> int:
    return int(client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["version"])


def _give(client: TestClient, sid: str, seat: Seat, command: str, lang: str = "fr") -> Any:
    """POST a command written as raw JSON (a number no Python float holds stays whole)."""
    body = '{"command": ' + command + ', "version": 1}'
    headers = {**seat.headers, "Content-Type": "application/json", "Accept-Language": lang}
    return client.post(f"/api/v1/sessions/{sid}/commands", content=body.encode(), headers=headers)


def test_a_move_to_a_number_no_float_holds_is_bad_input(client: TestClient) -> None:
    table, ayla, sid = _fight(client)
    huge = "1" + "0" * 400
    answer = _give(client, sid, ayla, '{"move": {"actor": "kitsune", "to": [' + huge + ", 0]}}")
    assert answer.status_code == 400, answer.text
    assert "to" in answer.json()["message"] and huge not in answer.json()["message"]
    assert _version(client, table, sid) == 1


GM_VALUES: dict[str, tuple[str | None, str | tuple[str, str]]] = {
    "an NPC of rank -3": ('{"arrive": {"id": "x", "side": "foes", "npc": -3}}', "npc"),
    "an unknown side": ('{"arrive": {"id": "x", "side": "nowhere", "npc": 3}}', "side"),
    "an NPC of rank 10^9": ('{"arrive": {"id": "x", "side": "foes", "npc": 1000000000}}', "npc"),
    "a character of rank 10^9": (None, ("rank", "rank")),
    "an id of 100,000 characters": (
        '{"arrive": {"id": "' + "x" * 100_000 + '", "side": "foes", "npc": 3}}',
        "id",
    ),
    "an id with a space and a slash": ('{"arrive": {"id": "a b/c", "side": "foes", "npc": 3}}', "id"),
    "an arrival at 1e300 m": (
        '{"arrive": {"id": "x", "side": "foes", "npc": 3, "position": [1e300, 0]}}',
        "position",
    ),
    "a GM's move to 1e300 m": (
        '{"adjust": {"target": "agent1", "reason": "vent", "position": [0, -1e300]}}',
        "position",
    ),
    "a terrain rank of 10^9": (
        '{"place_terrain": {"kind": "obstacle", "rank": 1000000000, "at": [1, 1]}}',
        "rank",
    ),
    "a reason of 100,000 characters": (
        '{"adjust": {"target": "agent1", "reason": "' + "r" * 100_000 + '", "vigor": 1}}',
        "reason",
    ),
}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("case", list(GM_VALUES))
def test_an_absurd_gm_value_is_refused_naming_the_field(client: TestClient, case: str, lang: str) -> None:
    table, _ayla, sid = _fight(client)
    command, field = GM_VALUES[case]
    if command is None:
        character = {**quick_npc(5, "Géant").model_dump(mode="json"), "rank": 10**9}
        command = '{"arrive": {"id": "giant", "side": "foes", "character": ' + _json(character) + "}}"
    answer = _give(client, sid, table.gm, command, lang)
    assert answer.status_code == 400, answer.text
    message = answer.json()["message"]
    named = field if isinstance(field, str) else field[lang == "en"]
    assert named in message and len(message) < 400
    english = any(word in message for word in ("must", "give", "metres", "letters"))
    assert english == (lang == "en"), message
    assert _version(client, table, sid) == 1


def _json(data: Any) -> str:
    import json

    return json.dumps(data)


def test_a_fight_of_2000_combatants_is_refused(client: TestClient) -> None:
    table = new_table(client, system="energy")
    crowd = [{"id": f"npc{n}", "npc": 1, "side": "foes" if n % 2 else "heroes"} for n in range(2000)]
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "energy-fight", "setup": {"combatants": crowd}},
        headers={**table.gm.headers, "Accept-Language": "en"},
    )
    assert answer.status_code == 400, answer.text
    assert "combatants" in answer.json()["message"] and "64" in answer.json()["message"]
    assert not client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["sessions"]


@pytest.mark.parametrize("after", [2**63, 10**30])
def test_the_live_feed_refuses_an_after_no_seq_reaches_with_a_close_code(
    client: TestClient, table: Table, after: int
) -> None:
    url = f"/api/v1/tables/{table.id}/live?token={table.ayla.token}&after={after}"
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(url) as live:
        live.receive_json()
    assert closed.value.code == CLOSE_BAD_REQUEST and "after" in closed.value.reason
    with client.websocket_connect(
        f"/api/v1/tables/{table.id}/live?token={table.ayla.token}&after={2**63 - 1}"
    ):
        pass  # the largest seq is still a seq
