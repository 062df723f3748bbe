"""The live feed writes each change's message once per view of it (the GM's, each player's
projection, the observers'), and every connection of that view sends the same text; what one
viewer may not see never reaches another's connection through that sharing.

The secret is the chronicle's whispered surprise: « Une attaque par surprise déclarée à voix basse
donne +2 à l'initiative du round » (003_87a535c5e428c5d3.txt): a player is told their own
character's surprise, not another's; an observer sees no command.
"""

from __future__ import annotations

import json
from typing import Any

from meneur.server.live import Hub
from tests.inprocess import TestClient
from tests.server.conftest import Table, join, new_table

SETUP = {
    "characters": [
        {"name": "Mihail", "mental": 2, "physical": 1, "social": 1},
        {"name": "Anca", "mental": 1, "physical": 2, "social": 2},
    ],
    "npcs": [{"name": "Strigoi", "kind": "vampire", "mental": 2, "physical": 3, "social": 1}],
}
SURPRISE = {"roll_initiative": {"npcs": [{"name": "Strigoi"}], "surprise": ["Anca", "Mihail", "Strigoi"]}}


def _chronicle(client: TestClient) -> tuple[Table, str]:
    """Ayla plays Anca, Bren plays Mihail, Olga observes."""
    table = new_table(client, "carpathes")
    ayla, bren = join(client, table, "Ayla"), join(client, table, "Bren")
    join(client, table, "Olga", role="observer")
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={
            "kind": "carpathes",
            "setup": SETUP,
            "controllers": {"Anca": ayla.member_id, "Mihail": bren.member_id},
        },
        headers=table.gm.headers,
    )
    assert answer.status_code == 201, answer.text
    sid = str(answer.json()["id"])
    for command in ("start_session", "start_scene"):
        _give(client, table, sid, command)
    return table, sid


def _give(client: TestClient, table: Table, sid: str, command: Any, dice: Any = None) -> None:
    version = client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["version"]
    body: dict[str, Any] = {"command": command, "version": version}
    if dice is not None:
        body["dice"] = dice
    answer = client.post(f"/api/v1/sessions/{sid}/commands", json=body, headers=table.gm.headers)
    assert answer.status_code == 200, answer.text


def _seq(client: TestClient, table: Table) -> int:
    return int(client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["seq"])


def _url(table: Table, token: str, after: int) -> str:
    return f"/api/v1/tables/{table.id}/live?token={token}&after={after}"


def test_each_view_gets_its_own_projection_written_once_for_all_its_connections(client: TestClient) -> None:
    table, sid = _chronicle(client)
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    after = _seq(client, table)
    tokens = {
        "gm 1": table.gm.token,
        "gm 2": table.gm.token,
        "ayla 1": table.ayla.token,
        "ayla 2": table.ayla.token,
        "bren": table.bren.token,
        "olga 1": table.olga.token,
        "olga 2": table.olga.token,
    }
    texts: dict[str, str] = {}
    with (
        client.websocket_connect(_url(table, tokens["gm 1"], after)) as gm1,
        client.websocket_connect(_url(table, tokens["gm 2"], after)) as gm2,
        client.websocket_connect(_url(table, tokens["ayla 1"], after)) as ayla1,
        client.websocket_connect(_url(table, tokens["ayla 2"], after)) as ayla2,
        client.websocket_connect(_url(table, tokens["bren"], after)) as bren,
        client.websocket_connect(_url(table, tokens["olga 1"], after)) as olga1,
        client.websocket_connect(_url(table, tokens["olga 2"], after)) as olga2,
    ):
        before = hub.written
        # Mihail 4+4 + 1, Anca 3+3 + 2, Strigoi 2+3 + 3: each declared a surprise (+2)
        _give(client, table, sid, SURPRISE, [4, 4, 3, 3, 2, 3])
        sockets = {"gm 1": gm1, "gm 2": gm2, "ayla 1": ayla1, "ayla 2": ayla2, "bren": bren}
        sockets |= {"olga 1": olga1, "olga 2": olga2}
        for name, socket in sockets.items():
            texts[name] = socket.receive_text()
        written = hub.written - before
    # seven connections, four views: four messages written
    assert written == 4
    assert texts["gm 1"] == texts["gm 2"]
    assert texts["ayla 1"] == texts["ayla 2"]
    assert texts["olga 1"] == texts["olga 2"]
    assert len({texts["gm 1"], texts["ayla 1"], texts["bren"], texts["olga 1"]}) == 4
    seen = {name: json.loads(text) for name, text in texts.items()}
    assert {message["kind"] for message in seen.values()} == {"command"}
    assert seen["gm 1"]["command"]["roll_initiative"]["surprise"] == ["Anca", "Mihail", "Strigoi"]
    # each player is told their own character's surprise only; the observer sees no command
    assert seen["ayla 1"]["command"]["roll_initiative"]["surprise"] == ["Anca"]
    assert seen["bren"]["command"]["roll_initiative"]["surprise"] == ["Mihail"]
    assert seen["olga 1"]["command"] is None


def test_a_message_for_one_member_never_reaches_another_through_the_shared_text(client: TestClient) -> None:
    table, _sid = _chronicle(client)
    after = _seq(client, table)
    with (
        client.websocket_connect(_url(table, table.ayla.token, after)) as ayla,
        client.websocket_connect(_url(table, table.bren.token, after)) as bren,
        client.websocket_connect(_url(table, table.olga.token, after)) as olga,
        client.websocket_connect(_url(table, table.gm.token, after)) as gm,
    ):
        for visibility, dice in (("self", 5), ("public", 2)):
            answer = client.post(
                f"/api/v1/tables/{table.id}/rolls",
                json={"expression": "1d6", "visibility": visibility, "dice": [dice]},
                headers=table.ayla.headers,
            )
            assert answer.status_code == 201, answer.text
        mine = [json.loads(ayla.receive_text())["roll"]["total"] for _ in range(2)]
        others = {
            name: json.loads(socket.receive_text()) for name, socket in (("bren", bren), ("olga", olga))
        }
        gm_first = json.loads(gm.receive_text())
    assert mine == [5, 2]
    # a roll for oneself: Ayla's alone (not even the GM's); the next message the others get is the public one
    assert {message["roll"]["total"] for message in others.values()} == {2}
    assert gm_first["roll"]["total"] == 2
