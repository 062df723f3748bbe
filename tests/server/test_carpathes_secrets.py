"""What a chronicle keeps from a player, an observer and a stranger, through the API routes:
« Une attaque par surprise déclarée à voix basse donne +2 à l'initiative du round »
(003_87a535c5e428c5d3.txt) is whispered to the GM, and a wound (« le MJ tranche selon la fiction »)
is the GM's to inflict, a PC's too."""

from __future__ import annotations

import json
from typing import Any

from tests.inprocess import TestClient
from tests.server.conftest import Table, join, new_table

SETUP = {
    "characters": [
        {"name": "Mihail", "mental": 2, "physical": 1, "social": 1},
        {"name": "Anca", "mental": 1, "physical": 2, "social": 2},
    ],
    "npcs": [{"name": "Strigoi", "kind": "vampire", "mental": 2, "physical": 3, "social": 1}],
}


def _chronicle(client: TestClient) -> tuple[Table, str]:
    table = new_table(client, "carpathes")
    ayla = join(client, table, "Ayla")
    join(client, table, "Olga", role="observer")
    table.seats["stranger"] = new_table(client, "carpathes").gm
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "carpathes", "setup": SETUP, "controllers": {"Anca": ayla.member_id}},
        headers=table.gm.headers,
    )
    assert answer.status_code == 201, answer.text
    sid = str(answer.json()["id"])
    for command in ("start_session", "start_scene"):
        _give(client, table, sid, command, "gm")
    return table, sid


def _version(client: TestClient, table: Table, sid: str) -> int:
    return int(client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["version"])


def _give(client: TestClient, table: Table, sid: str, command: Any, who: str, dice: Any = None) -> Any:
    seat = table.gm if who == "gm" else table.seats[who]
    body: dict[str, Any] = {"command": command, "version": _version(client, table, sid)}
    if dice is not None:
        body["dice"] = dice
    return client.post(f"/api/v1/sessions/{sid}/commands", json=body, headers=seat.headers)


def test_a_whispered_surprise_reaches_the_gm_only_and_the_order_is_the_same(client: TestClient) -> None:
    table, sid = _chronicle(client)
    initiative = {"roll_initiative": {"npcs": [{"name": "Strigoi"}], "surprise": ["Strigoi"]}}
    # Mihail 4+4 + 1 = 9, Anca 3+3 + 2 = 8, Strigoi 2+3 + 3 = 8, +2 whispered: 10, first
    assert _give(client, table, sid, initiative, "gm", [4, 4, 3, 3, 2, 3]).status_code == 200
    gm = client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["state"]
    assert [e["surprise"] for e in gm["initiative"]] == [False, False, True]
    for who in ("ayla", "olga"):
        headers = table.seats[who].headers
        state = client.get(f"/api/v1/sessions/{sid}", headers=headers).json()["state"]
        assert not any(e["surprise"] for e in state["initiative"])
        assert [e.get("first_round") for e in state["initiative"]] == [None, None, 10]
        log = json.dumps(client.get(f"/api/v1/sessions/{sid}/log", headers=headers).json())
        assert '"surprise": true' not in log and '"surprise": ["Strigoi"]' not in log
    stranger = client.get(f"/api/v1/sessions/{sid}", headers=table.stranger.headers)
    assert stranger.status_code in (403, 404) and "Strigoi" not in stranger.text


def test_a_player_cannot_wound_their_own_character_nor_an_observer_or_a_stranger(client: TestClient) -> None:
    table, sid = _chronicle(client)
    wound = {"inflict_wound": {"target": "Anca", "wound": "serious"}}
    before = _version(client, table, sid)
    for who in ("ayla", "olga", "stranger"):
        answer = _give(client, table, sid, wound, who)
        assert answer.status_code in (403, 404), (who, answer.text)
        assert _version(client, table, sid) == before
    # the file's older spelling names the PC too, and is no more the player's
    assert (
        _give(client, table, sid, {"inflict_wound": {"pc": "Anca", "wound": "serious"}}, "ayla").status_code
        == 403
    )
    legal = client.get(f"/api/v1/sessions/{sid}/legal", headers=table.ayla.headers).json()["legal"]
    assert legal and not [e for e in legal if e["kind"] == "inflict_wound"]
    assert _give(client, table, sid, wound, "gm").status_code == 200
    state = client.get(f"/api/v1/sessions/{sid}", headers=table.ayla.headers).json()["state"]
    assert state["status"]["Anca"]["wounds"] == ["serious"]
