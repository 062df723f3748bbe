"""The table server plays pig through its REST API: a table of game ``pig``, a session of its kind,
commands, legal, the log and undo, each member giving only their own player's commands."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from meneur.engine import registry
from meneur.engine.plugin import Game
from meneur.server.app import build_app
from meneur.server.config import Settings
from tests.inprocess import TestClient
from tests.server.conftest import Table, join, new_table, ready_database_url

pytestmark = pytest.mark.usefixtures("pig")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = build_app(Settings(db=ready_database_url(tmp_path)))
    with TestClient(app) as test_client:
        yield test_client
    app.state.store.close()


@pytest.fixture
def table(client: TestClient) -> Table:
    """A table of pig: its GM, the players Ayla and Bren, and an observer."""
    seated = new_table(client, "pig")
    for name in ("Ayla", "Bren"):
        join(client, seated, name)
    join(client, seated, "Olga", role="observer")
    return seated


def start_game(client: TestClient, table: Table, **setup: Any) -> str:
    """A game of pig in which Ayla and Bren play the players of their names."""
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={
            "kind": "pig",
            "setup": {"players": ["Ayla", "Bren"], **setup},
            "controllers": {"Ayla": table.ayla.member_id, "Bren": table.bren.member_id},
        },
        headers=table.gm.headers,
    )
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def give(client: TestClient, table: Table, sid: str, who: str, command: Any, version: int, *dice: int) -> Any:
    body: dict[str, Any] = {"command": command, "version": version}
    if dice:
        body["dice"] = list(dice)
    return client.post(
        f"/api/v1/sessions/{sid}/commands",
        json=body,
        headers={**table.seats[who].headers, "Accept-Language": "en"},
    )


def state(client: TestClient, table: Table, sid: str) -> Any:
    answer = client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_table_of_pig_plays_a_session_of_its_kind(client: TestClient, table: Table) -> None:
    sid = start_game(client, table, options={"goal": 10})
    rolled = give(client, table, sid, "ayla", {"roll": {"actor": "Ayla"}}, 0, 6)
    assert rolled.status_code == 200, rolled.text
    assert rolled.json() == {"events": [{"rolled": {"actor": "Ayla", "face": 6}}], "version": 1}
    assert give(client, table, sid, "ayla", {"roll": {"actor": "Ayla"}}, 1, 4).status_code == 200
    held = give(client, table, sid, "ayla", {"hold": {"actor": "Ayla"}}, 2)
    assert held.json()["events"] == [
        {"held": {"actor": "Ayla", "points": 10}},
        {"won": {"actor": "Ayla", "score": 10}},
    ]
    seen = state(client, table, sid)
    assert (seen["kind"], seen["version"]) == ("pig", 3)
    assert (seen["state"]["scores"], seen["state"]["winner"]) == ([10, 0], "Ayla")
    log = client.get(f"/api/v1/sessions/{sid}/log", headers=table.bren.headers).json()["log"]
    assert [entry["command"] for entry in log] == [{"roll": {"actor": "Ayla"}}] * 2 + [
        {"hold": {"actor": "Ayla"}}
    ]
    watched = client.get(f"/api/v1/sessions/{sid}/log", headers=table.olga.headers).json()["log"]
    assert [entry["events"] for entry in watched] == [entry["events"] for entry in log]


def test_legal_lists_each_members_own_players_commands(client: TestClient, table: Table) -> None:
    sid = start_game(client, table)
    give(client, table, sid, "ayla", {"roll": {"actor": "Ayla"}}, 0, 3)

    def offered(who: str, refused: bool = False) -> list[tuple[str, str, str | None]]:
        seat = table.gm if who == "gm" else table.seats[who]
        answer = client.get(
            f"/api/v1/sessions/{sid}/legal?refused={str(refused).lower()}", headers=seat.headers
        )
        assert answer.status_code == 200, answer.text
        return [(e["actor"], e["kind"], e["rule"]) for e in answer.json()["legal"]]

    assert offered("ayla") == [("Ayla", "roll", None), ("Ayla", "hold", None)]
    assert offered("bren") == []
    assert offered("bren", refused=True) == [
        ("Bren", "roll", "pig.not_your_turn"),
        ("Bren", "hold", "pig.not_your_turn"),
    ]
    assert offered("olga") == []
    assert len(offered("gm", refused=True)) == 4


def test_refusals_and_other_members_players(client: TestClient, table: Table) -> None:
    sid = start_game(client, table)
    early = give(client, table, sid, "ayla", {"hold": {"actor": "Ayla"}}, 0)
    assert early.status_code == 422
    assert early.json() == {
        "rule": "pig.roll_first",
        "message": "Ayla has no points to bank yet: roll first.",
    }
    assert (
        give(client, table, sid, "bren", {"roll": {"actor": "Bren"}}, 0).json()["rule"] == "pig.not_your_turn"
    )
    assert give(client, table, sid, "bren", {"roll": {"actor": "Ayla"}}, 0).status_code == 403
    assert give(client, table, sid, "olga", {"roll": {"actor": "Ayla"}}, 0).status_code == 403
    unknown = give(client, table, sid, "ayla", {"fly": {}}, 0)
    assert unknown.status_code == 400 and "fly" in unknown.json()["message"]
    assert state(client, table, sid)["version"] == 0


def test_undo_takes_back_the_last_command(client: TestClient, table: Table) -> None:
    sid = start_game(client, table)
    give(client, table, sid, "ayla", {"roll": {"actor": "Ayla"}}, 0, 5)
    give(client, table, sid, "ayla", {"hold": {"actor": "Ayla"}}, 1)
    assert state(client, table, sid)["state"]["scores"] == [5, 0]
    undone = client.post(f"/api/v1/sessions/{sid}/undo", json={"version": 2}, headers=table.gm.headers)
    assert undone.status_code == 200, undone.text
    assert undone.json() == {
        "command": {"hold": {"actor": "Ayla"}},
        "events": [{"held": {"actor": "Ayla", "points": 5}}],
        "version": 1,
    }
    after = state(client, table, sid)["state"]
    assert (after["scores"], after["turn_points"], after["turn"]) == ([0, 0], 5, 0)
    again = give(client, table, sid, "ayla", {"roll": {"actor": "Ayla"}}, 1, 1)
    assert again.status_code == 200 and state(client, table, sid)["state"]["turn"] == 1


def test_a_bad_setup_is_a_400_naming_the_field(client: TestClient, table: Table) -> None:
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "pig", "setup": {"players": ["Ayla"]}},
        headers={**table.gm.headers, "Accept-Language": "en"},
    )
    assert answer.status_code == 400
    assert "setup.players: has too few items" in answer.json()["message"]


def test_a_table_of_pig_plays_no_other_games_kind(client: TestClient, table: Table) -> None:
    answer = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "insmv", "setup": {}},
        headers={**table.gm.headers, "Accept-Language": "en"},
    )
    assert answer.status_code == 400 and "pig" in answer.json()["message"]


def test_the_tables_options_are_the_plugins_model(client: TestClient) -> None:
    made = client.post("/api/v1/tables", json={"name": "Mardi", "system": "pig", "options": {"goal": 30}})
    assert made.status_code == 201, made.text
    gm = {"Authorization": f"Bearer {made.json()['gm_token']}"}
    options = client.get(f"/api/v1/tables/{made.json()['id']}/options", headers=gm).json()["options"]
    assert [(o["key"], o["value"], o["default"]) for o in options] == [("goal", 30, 20)]
    too_low = client.put(
        f"/api/v1/tables/{made.json()['id']}/options", json={"options": {"goal": 4}}, headers=gm
    )
    assert too_low.status_code == 400 and "goal" in too_low.json()["message"]


def test_a_session_starts_with_the_tables_goal(client: TestClient, table: Table) -> None:
    changed = client.put(
        f"/api/v1/tables/{table.id}/options", json={"options": {"goal": 30}}, headers=table.gm.headers
    )
    assert changed.status_code == 200, changed.text
    assert state(client, table, start_game(client, table))["state"]["options"] == {"goal": 30}


@pytest.fixture
def hog(pig: Game) -> Iterator[Game]:
    """Pig listed a second time as the game ``hog``: a game whose kind's key (``pig``) does not
    start with the game's own key."""
    renamed = replace(pig, key="hog")
    registry.register(renamed)
    try:
        yield renamed
    finally:
        registry.unregister(renamed.key)
        registry.register(pig)  # taking hog back took back the kind both list


def test_a_table_plays_the_kinds_its_game_lists_whatever_their_keys(client: TestClient, hog: Game) -> None:
    table = new_table(client, "hog")
    join(client, table, "Ayla")
    join(client, table, "Bren")
    start_game(client, table)
