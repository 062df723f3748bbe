"""A table's options through the API: every member reads them, the GM changes them (each value
checked, nothing stored when one is wrong), a change is one change of the live feed, and an option
the engine reads goes into the setup of the sessions started afterwards."""

from __future__ import annotations

from typing import Any

from meneur.systems.energy.demo import demo_setup
from tests.inprocess import TestClient
from tests.server.conftest import Table, join, new_table


def _put(client: TestClient, table: Table, headers: dict[str, str], options: Any) -> Any:
    return client.put(f"/api/v1/tables/{table.id}/options", json={"options": options}, headers=headers)


def _values(client: TestClient, table: Table, headers: dict[str, str]) -> dict[str, Any]:
    answer = client.get(f"/api/v1/tables/{table.id}/options", headers=headers)
    assert answer.status_code == 200, answer.text
    return {o["key"]: o["value"] for o in answer.json()["options"]}


def test_every_member_reads_the_options_with_their_defaults(client: TestClient) -> None:
    table = new_table(client, system="energy")
    player = join(client, table, "Ayla")
    values = _values(client, table, player.headers)
    # docs/rulings/server.md "What a player sees of an Energy NPC": hidden by default;
    # docs/rulings/energy-combat.md "Contact reach is 5 m", "A character on hold keeps waiting"
    assert values["npc_vigueur"] == "hidden" and values["contact_reach"] == 5.0
    assert values["hold_skips_own_slot"] is True and values["regeneration_in_maintenance"] is False
    toy = new_table(client)
    assert _values(client, toy, toy.gm.headers) == {"npc_vigueur": "hidden"}  # the toy's only one


def test_the_gm_changes_an_option_and_a_null_gives_back_the_default(client: TestClient) -> None:
    table = new_table(client, system="energy")
    changed = _put(client, table, table.gm.headers, {"npc_vigueur": "bar", "contact_reach": 7.5})
    assert changed.status_code == 200, changed.text
    assert {o["key"]: o["value"] for o in changed.json()["options"]}["contact_reach"] == 7.5
    assert _values(client, table, table.gm.headers)["npc_vigueur"] == "bar"
    assert _put(client, table, table.gm.headers, {"npc_vigueur": None}).status_code == 200
    assert _values(client, table, table.gm.headers)["npc_vigueur"] == "hidden"
    stored = client.get(f"/api/v1/tables/{table.id}", headers=table.gm.headers).json()["options"]
    assert stored == {"contact_reach": 7.5}


def test_a_wrong_value_or_an_unknown_option_stores_nothing(client: TestClient) -> None:
    table = new_table(client, system="energy")
    for wrong in (
        {"npc_vigueur": "sometimes"},
        {"contact_reach": 0},
        {"contact_reach": "far"},
        {"contact_reach": True},
        {"hold_skips_own_slot": "yes"},
        {"no_such_option": True},
        {"npc_vigueur": "bar", "contact_reach": -1},
    ):
        answer = _put(client, table, table.gm.headers, wrong)
        assert answer.status_code == 400, wrong
        assert answer.json()["error"] == "bad_input"
        assert next(iter(wrong)) in answer.json()["message"] or "contact_reach" in answer.json()["message"]
    assert _values(client, table, table.gm.headers)["npc_vigueur"] == "hidden"
    assert _put(client, table, table.gm.headers, []).status_code == 400


def test_only_the_gm_changes_the_options(client: TestClient, table: Table) -> None:
    for seat in (table.ayla, table.olga):
        assert _put(client, table, seat.headers, {}).status_code == 403
    assert _put(client, table, table.stranger.headers, {}).status_code == 404
    assert client.put(f"/api/v1/tables/{table.id}/options", json={"options": {}}).status_code == 401
    assert client.get(f"/api/v1/tables/{table.id}/options", headers=table.stranger.headers).status_code == 404


def test_a_change_is_told_on_the_live_feed(client: TestClient) -> None:
    table = new_table(client, system="energy")
    player = join(client, table, "Ayla")
    assert _put(client, table, table.gm.headers, {"npc_vigueur": "shown"}).status_code == 200
    with client.websocket_connect(f"/api/v1/tables/{table.id}/live?token={player.token}&after=0") as live:
        message = live.receive_json()
        while message["kind"] != "options":
            message = live.receive_json()
    assert message["options"]["npc_vigueur"] == "shown"


def test_a_player_sees_npc_vigueur_bars_once_the_gm_chooses_them(client: TestClient) -> None:
    table = new_table(client, system="energy")
    player = join(client, table, "Ayla")
    sid = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "energy-fight", "setup": demo_setup()},
        headers=table.gm.headers,
    ).json()["id"]

    def npc(field: str) -> Any:
        state = client.get(f"/api/v1/sessions/{sid}", headers=player.headers).json()["state"]
        return next(c for c in state["combatants"] if not c["pc"]).get(field)

    assert npc("vigor") is None and npc("vigor_bar") is None
    assert _put(client, table, table.gm.headers, {"npc_vigueur": "bar"}).status_code == 200
    assert npc("vigor") is None and npc("vigor_bar") == 1.0


def test_the_fight_options_go_into_the_fights_started_afterwards(client: TestClient) -> None:
    """docs/rulings/energy-combat.md "Contact reach is 5 m": Table option `contact_reach`."""
    table = new_table(client, system="energy")

    def started(setup: dict[str, Any]) -> dict[str, Any]:
        sid = client.post(
            f"/api/v1/tables/{table.id}/sessions",
            json={"kind": "energy-fight", "setup": setup},
            headers=table.gm.headers,
        ).json()["id"]
        state = client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["state"]
        return dict(state["options"])

    assert started(demo_setup())["contact_reach"] == 5.0
    assert (
        _put(client, table, table.gm.headers, {"contact_reach": 8, "npc_vigueur": "bar"}).status_code == 200
    )
    assert started(demo_setup())["contact_reach"] == 8.0
    own = {**demo_setup(), "options": {"contact_reach": 3.0}}
    assert started(own)["contact_reach"] == 3.0  # a fight file's own choice is kept
