"""The REST API over a real SQLite file: tables, joining, sessions, commands, undo, rolls, errors."""

from __future__ import annotations

import pytest

from tests.inprocess import TestClient
from tests.server.conftest import Table, join, new_table, start_fight


def attack(actor: str, target: str) -> dict[str, dict[str, str]]:
    return {"attack": {"actor": actor, "target": target}}


def test_create_table_answers_id_gm_token_and_join_code(client: TestClient) -> None:
    answer = client.post("/api/v1/tables", json={"name": "Mardi", "system": "toy"})
    assert answer.status_code == 201
    assert set(answer.json()) == {"id", "gm_token", "join_code"}


def test_unknown_system_is_a_400_with_a_message(client: TestClient) -> None:
    answer = client.post("/api/v1/tables", json={"name": "Mardi", "system": "chess"})
    assert answer.status_code == 400
    assert "chess" in answer.json()["message"]


def test_join_with_the_code_gives_a_member_and_a_token(client: TestClient) -> None:
    table = new_table(client)
    answer = client.post(f"/api/v1/tables/{table.id}/join", json={"join_code": table.code, "name": "Ayla"})
    assert answer.status_code == 200
    assert set(answer.json()) == {"member_id", "token"}


def test_wrong_join_code_is_404_and_attempts_are_rate_limited(client: TestClient) -> None:
    table = new_table(client)
    codes = [
        client.post(f"/api/v1/tables/{table.id}/join", json={"join_code": "nope", "name": "X"}).status_code
        for _ in range(11)
    ]
    assert codes[:10] == [404] * 10
    assert codes[10] == 429
    # the right code is never refused for wrong ones (tests/server/test_limits.py)
    assert (
        client.post(
            f"/api/v1/tables/{table.id}/join", json={"join_code": table.code, "name": "X"}
        ).status_code
        == 200
    )


def test_rotated_join_code_replaces_the_old_one(client: TestClient, table: Table) -> None:
    answer = client.post(f"/api/v1/tables/{table.id}/join-code", headers=table.gm.headers)
    assert answer.status_code == 200
    old = client.post(f"/api/v1/tables/{table.id}/join", json={"join_code": table.code, "name": "Z"})
    assert old.status_code == 404
    table.code = answer.json()["join_code"]
    join(client, table, "Zoé")


def test_tokens_are_stored_hashed(client: TestClient, table: Table) -> None:
    from sqlalchemy import text

    with client.app.state.store.reader() as db:  # type: ignore[attr-defined]
        stored = [row[0] for row in db.execute(text("SELECT token_hash FROM members"))]
    assert table.gm.token not in stored
    assert all(value is None or len(value) == 64 for value in stored)


def test_a_command_gives_events_and_the_next_version(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    answer = client.post(
        f"/api/v1/sessions/{sid}/commands",
        json={"command": attack("Ayla", "Ghoul"), "version": 0, "dice": [4]},
        headers=table.ayla.headers,
    )
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "events": [{"hit": {"actor": "Ayla", "target": "Ghoul", "damage": 4}}],
        "version": 1,
    }
    state = client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()
    assert state["version"] == 1
    assert state["state"]["fighters"][2]["vigueur"] == 36


def test_a_stale_version_is_409_and_changes_nothing(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    first = {"command": attack("Ayla", "Ghoul"), "version": 0, "dice": [4]}
    assert (
        client.post(f"/api/v1/sessions/{sid}/commands", json=first, headers=table.ayla.headers).status_code
        == 200
    )
    again = client.post(f"/api/v1/sessions/{sid}/commands", json=first, headers=table.ayla.headers)
    assert again.status_code == 409
    assert "1" in again.json()["message"]
    assert client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["version"] == 1


def test_refused_command_is_422_with_rule_and_message_in_the_viewers_language(
    client: TestClient, table: Table
) -> None:
    sid = start_fight(
        client,
        table,
        {"fighters": [{"name": "Ayla", "vigueur": 30}, {"name": "Ghoul", "vigueur": 0, "npc": True}]},
    )
    answer = client.post(
        f"/api/v1/sessions/{sid}/commands",
        json={"command": attack("Ayla", "Ghoul"), "version": 0},
        headers={**table.ayla.headers, "Accept-Language": "en"},
    )
    assert answer.status_code == 422
    assert answer.json() == {"rule": "toy.down", "message": "Ghoul is already down"}


def test_server_messages_follow_accept_language_then_the_members_setting(
    client: TestClient, table: Table
) -> None:
    sid = start_fight(client, table)
    stale = {"command": "rest", "version": 5}
    english = client.post(
        f"/api/v1/sessions/{sid}/commands",
        json=stale,
        headers={**table.gm.headers, "Accept-Language": "en-GB,en;q=0.8"},
    )
    french = client.post(f"/api/v1/sessions/{sid}/commands", json=stale, headers=table.gm.headers)
    assert english.json()["message"].startswith("The session has moved on")
    assert french.json()["message"] != english.json()["message"]
    client.put(f"/api/v1/tables/{table.id}/members/me", json={"language": "en"}, headers=table.gm.headers)
    setting = client.post(f"/api/v1/sessions/{sid}/commands", json=stale, headers=table.gm.headers)
    assert setting.json()["message"] == english.json()["message"]


def test_malformed_command_is_400_and_changes_nothing(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    for command in (
        {"fly": {}},
        {"attack": {"actor": "Ayla"}},
        42,
        {"attack": {"actor": "Ayla", "target": "Nobody"}},
    ):
        answer = client.post(
            f"/api/v1/sessions/{sid}/commands",
            json={"command": command, "version": 0},
            headers=table.gm.headers,
        )
        assert answer.status_code == 400, (command, answer.text)
        assert answer.json()["message"]
    assert client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["version"] == 0


def test_entered_dice_that_do_not_fit_are_400(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    answer = client.post(
        f"/api/v1/sessions/{sid}/commands",
        json={"command": attack("Ayla", "Ghoul"), "version": 0, "dice": [9]},
        headers=table.gm.headers,
    )
    assert answer.status_code == 400
    assert "d6" in answer.json()["message"]


def test_undo_takes_back_the_whole_last_command(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    for version, dice in enumerate(([3], [5])):
        client.post(
            f"/api/v1/sessions/{sid}/commands",
            json={"command": attack("Ayla", "Ghoul"), "version": version, "dice": dice},
            headers=table.gm.headers,
        )
    assert (
        client.post(f"/api/v1/sessions/{sid}/undo", json={"version": 1}, headers=table.gm.headers).status_code
        == 409
    )
    answer = client.post(f"/api/v1/sessions/{sid}/undo", json={"version": 2}, headers=table.gm.headers)
    assert answer.status_code == 200
    assert answer.json()["version"] == 1
    assert answer.json()["events"] == [{"hit": {"actor": "Ayla", "target": "Ghoul", "damage": 5}}]
    state = client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()
    assert (state["version"], state["state"]["fighters"][2]["vigueur"]) == (1, 37)
    # the version freed by undo is given again
    again = client.post(
        f"/api/v1/sessions/{sid}/commands",
        json={"command": attack("Bren", "Ghoul"), "version": 1, "dice": [1]},
        headers=table.gm.headers,
    )
    assert again.status_code == 200
    log = client.get(f"/api/v1/sessions/{sid}/log", headers=table.gm.headers).json()
    assert [e["events"][0]["hit"]["damage"] for e in log["log"]] == [3, 1]


def test_undo_of_an_empty_log_is_a_409_conflict_with_the_session(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    answer = client.post(f"/api/v1/sessions/{sid}/undo", json={"version": 0}, headers=table.gm.headers)
    assert (answer.status_code, answer.json()["error"]) == (409, "nothing_to_undo")


def test_legal_lists_only_the_players_own_commands(client: TestClient, table: Table) -> None:
    sid = start_fight(client, table)
    mine = client.get(f"/api/v1/sessions/{sid}/legal", headers=table.ayla.headers).json()
    assert {entry["actor"] for entry in mine["legal"]} == {"Ayla"}
    everything = client.get(f"/api/v1/sessions/{sid}/legal", headers=table.gm.headers).json()
    assert {entry["actor"] for entry in everything["legal"]} == {None, "Ayla", "Bren", "Ghoul"}
    assert client.get(f"/api/v1/sessions/{sid}/legal", headers=table.olga.headers).json()["legal"] == []


def test_legal_with_refused_gives_rule_and_reason(client: TestClient, table: Table) -> None:
    sid = start_fight(
        client, table, {"fighters": [{"name": "Ayla", "vigueur": 3}, {"name": "Ghoul", "vigueur": 0}]}
    )
    found = client.get(f"/api/v1/sessions/{sid}/legal?refused=true", headers=table.gm.headers).json()["legal"]
    refused = [e for e in found if e["rule"]]
    assert refused and refused[0]["reason"]


def test_a_player_sees_an_npcs_vigueur_only_when_the_table_shows_it(client: TestClient) -> None:
    for option, expected in (("hidden", None), ("shown", 40)):
        table = new_table(client, npc_vigueur=option)
        player = join(client, table, "Ayla")
        sid = start_fight(client, table)
        seen = client.get(f"/api/v1/sessions/{sid}", headers=player.headers).json()["state"]["fighters"]
        assert seen[2]["vigueur"] == expected
        assert (
            client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["state"]["fighters"][2][
                "vigueur"
            ]
            == 40
        )


def test_controllers_let_the_gm_hand_an_actor_to_a_player(client: TestClient, table: Table) -> None:
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={
            "kind": "toy-fight",
            "setup": {"fighters": [{"name": "Hound", "vigueur": 5}, {"name": "Ghoul", "vigueur": 5}]},
            "controllers": {"Hound": table.bren.member_id},
        },
        headers=table.gm.headers,
    )
    sid = answer.json()["id"]
    ok = client.post(
        f"/api/v1/sessions/{sid}/commands",
        json={"command": attack("Hound", "Ghoul"), "version": 0},
        headers=table.bren.headers,
    )
    assert ok.status_code == 200
    no = client.post(
        f"/api/v1/sessions/{sid}/commands",
        json={"command": attack("Hound", "Ghoul"), "version": 1},
        headers=table.ayla.headers,
    )
    assert no.status_code == 403


def test_rolls_with_dice_entered_give_the_breakdown(client: TestClient, table: Table) -> None:
    answer = client.post(
        f"/api/v1/tables/{table.id}/rolls",
        json={"expression": "2d6+1", "visibility": "public", "dice": [3, 4]},
        headers=table.ayla.headers,
    )
    assert answer.status_code == 201, answer.text
    assert answer.json()["total"] == 8
    assert answer.json()["breakdown"]


def test_bad_roll_expression_is_400(client: TestClient, table: Table) -> None:
    answer = client.post(
        f"/api/v1/tables/{table.id}/rolls",
        json={"expression": "2d", "visibility": "public"},
        headers=table.ayla.headers,
    )
    assert answer.status_code == 400
    assert answer.json()["message"]


def test_roll_visibility(client: TestClient, table: Table) -> None:
    for visibility in ("public", "gm", "blind", "self"):
        client.post(
            f"/api/v1/tables/{table.id}/rolls",
            json={"expression": "1d6", "visibility": visibility},
            headers=table.ayla.headers,
        )

    def seen(seat_headers: dict[str, str]) -> list[str]:
        rolls = client.get(f"/api/v1/tables/{table.id}/rolls", headers=seat_headers).json()["rolls"]
        return [r["visibility"] for r in rolls]

    assert seen(table.ayla.headers) == ["public", "gm", "self"]  # a blind roll is hidden from the roller
    assert seen(table.bren.headers) == ["public"]  # a GM roll is hidden from every other player
    assert seen(table.olga.headers) == ["public"]
    assert seen(table.gm.headers) == ["public", "gm", "blind"]


def test_characters_hidden_npcs_and_versions(client: TestClient, table: Table) -> None:
    npc = client.post(
        f"/api/v1/tables/{table.id}/characters",
        json={"file": {"name": "Spy"}, "hidden": True},
        headers=table.gm.headers,
    )
    assert npc.status_code == 201
    names = {
        c["name"]
        for c in client.get(f"/api/v1/tables/{table.id}", headers=table.ayla.headers).json()["characters"]
    }
    assert names == {"Ayla", "Bren"}
    assert (
        client.get(
            f"/api/v1/tables/{table.id}/characters/{npc.json()['id']}", headers=table.ayla.headers
        ).status_code
        == 404
    )
    mine = client.get(f"/api/v1/tables/{table.id}", headers=table.ayla.headers).json()["characters"]
    ayla = next(c for c in mine if c["name"] == "Ayla")
    saved = client.put(
        f"/api/v1/tables/{table.id}/characters/{ayla['id']}",
        json={"file": {"name": "Ayla", "x": 1}},
        headers=table.ayla.headers,
    )
    assert saved.json()["version"] == 2
    got = client.get(f"/api/v1/tables/{table.id}/characters/{ayla['id']}", headers=table.gm.headers).json()
    assert (got["history"], got["file"]["x"]) == ([1, 2], 1)


def test_private_notes_are_the_members_own(client: TestClient, table: Table) -> None:
    client.put(f"/api/v1/tables/{table.id}/members/me", json={"notes": "secret"}, headers=table.ayla.headers)
    assert (
        client.get(f"/api/v1/tables/{table.id}", headers=table.ayla.headers).json()["me"]["notes"] == "secret"
    )
    for seat in (table.bren, table.gm):
        assert "secret" not in client.get(f"/api/v1/tables/{table.id}", headers=seat.headers).text


def test_healthz_tells_no_internals_and_readyz_checks_the_database(client: TestClient) -> None:
    """Issue 17, item 13: ``/healthz`` showed the process id; it answers liveness alone."""
    import os

    alive = client.get("/healthz")
    assert alive.status_code == 200 and alive.json() == {"status": "ok"}
    assert str(os.getpid()) not in alive.text
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json() == {"status": "ready"}


def test_openapi(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    paths = document["paths"]
    for path in (
        "/api/v1/tables",
        "/api/v1/tables/{table_id}/join",
        "/api/v1/tables/{table_id}",
        "/api/v1/tables/{table_id}/characters",
        "/api/v1/tables/{table_id}/sessions",
        "/api/v1/sessions/{session_id}",
        "/api/v1/sessions/{session_id}/legal",
        "/api/v1/sessions/{session_id}/commands",
        "/api/v1/sessions/{session_id}/undo",
        "/api/v1/tables/{table_id}/rolls",
    ):
        assert path in paths
    command = paths["/api/v1/sessions/{session_id}/commands"]["post"]
    assert {"200", "400", "401", "403", "404", "409", "422"} <= set(command["responses"])
    assert "requestBody" in command
    refused = command["responses"]["422"]["content"]["application/json"]["schema"]["$ref"]
    assert refused.endswith("/RefusedBody")  # a 422 is the rules' refusal, not FastAPI's body
    # a request the server cannot read gets a 400 {"error", "message"}, as documented everywhere
    assert "HTTPValidationError" not in str(document)
    for operations in paths.values():
        for operation in operations.values():
            if operation.get("parameters") or "requestBody" in operation:
                assert "400" in operation["responses"], operation["summary"]


def test_a_kind_not_installed_is_400_not_a_server_error(
    client: TestClient, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from meneur.engine.registry import SYSTEMS

    monkeypatch.setitem(SYSTEMS, "toy-ghost", "tests.server.no_such_module")
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "toy-ghost", "setup": {}},
        headers=table.gm.headers,
    )
    assert answer.status_code == 400
    assert "toy-fight" in answer.json()["message"] and "toy-ghost" not in answer.json()["message"]


def test_an_energy_character_is_checked_by_the_energy_rules(client: TestClient) -> None:
    """Creation rules come from meneur.systems.energy.validation; a broken file lists its rules."""
    from pathlib import Path

    import yaml

    hero = Path(__file__).resolve().parents[2] / "src/meneur/systems/energy/catalogue/heroes/fold.yaml"
    file = yaml.safe_load(hero.read_text(encoding="utf-8"))
    table = new_table(client, system="energy")
    ok = client.post(f"/api/v1/tables/{table.id}/characters", json={"file": file}, headers=table.gm.headers)
    assert ok.status_code == 201, ok.text
    broken = {**file, "attributes": dict.fromkeys(file["attributes"], 9)}
    refused = client.post(
        f"/api/v1/tables/{table.id}/characters", json={"file": broken}, headers=table.gm.headers
    )
    assert refused.status_code == 422
    assert refused.json()["rule"] == "character" and refused.json()["problems"]
    assert all({"rule", "field", "message"} <= set(p) for p in refused.json()["problems"])
    malformed = client.post(
        f"/api/v1/tables/{table.id}/characters", json={"file": {"rank": "x"}}, headers=table.gm.headers
    )
    assert malformed.status_code == 400 and malformed.json()["message"]


def test_a_fight_at_a_table_reads_no_file_of_the_server_and_takes_the_character_itself(
    client: TestClient,
) -> None:
    import yaml

    from meneur.systems.energy import dump_character, library_hero

    table = new_table(client, system="energy")
    headers = {**table.gm.headers, "Accept-Language": "en"}
    for path in ("/etc/passwd", "/no/such/file.yaml", "wink.yaml"):
        setup = {
            "combatants": [{"id": "w", "file": path, "side": "heroes"}, {"id": "n", "npc": 2, "side": "foes"}]
        }
        answer = client.post(
            f"/api/v1/tables/{table.id}/sessions",
            json={"kind": "energy-fight", "setup": setup},
            headers=headers,
        )
        assert answer.status_code == 400
        message = answer.json()["message"]
        assert "reads no file of the server" in message and "passwd" not in message and "found" not in message
    assert client.get(f"/api/v1/tables/{table.id}", headers=headers).json()["sessions"] == []
    wink = yaml.safe_load(dump_character(library_hero("wink")))
    setup = {
        "combatants": [
            {"id": "w", "character": wink, "side": "heroes"},
            {"id": "n", "npc": 2, "side": "foes"},
        ]
    }
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions", json={"kind": "energy-fight", "setup": setup}, headers=headers
    )
    assert created.status_code == 201, created.text
    state = client.get(f"/api/v1/sessions/{created.json()['id']}", headers=headers).json()["state"]
    assert state["combatants"][0]["name"] == "WINK"


def test_a_body_the_api_cannot_read_is_told_in_the_callers_language(client: TestClient) -> None:
    """Request validation goes through the one translator of pydantic's problems: French by
    default, English when asked, never pydantic's own English."""
    body = {"name": "", "system": "energy", "colour": "red"}
    french = client.post("/api/v1/tables", json=body)
    english = client.post("/api/v1/tables", json=body, headers={"Accept-Language": "en"})
    assert french.status_code == english.status_code == 400
    assert french.json()["message"].splitlines() == [
        "name : ne doit pas être vide",
        "colour : champ inconnu : supprimez-le ou vérifiez son orthographe",
    ]
    assert english.json()["message"].splitlines() == [
        "name: must not be empty",
        "colour: unknown field: remove it or check its spelling",
    ]
    assert "String should" not in french.text + english.text
