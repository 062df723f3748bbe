"""An area attack's card on the fight page (issue 18, item 8): the checkboxes of its targets are
preselected from the legal query's ``in_zone``, every combatant standing inside the zone « contre tous
les personnages situés dans la zone d'effet » (002_58e889a1abff3456.txt), an ally too; the player may
uncheck one; a hidden NPC inside the zone never reaches a player."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from meneur.server.accounts import seat_cookie
from meneur.server.models import Character
from tests.inprocess import TestClient
from tests.server.conftest import Table, join, new_table
from tests.web.forms import token_in

COMBATANTS = [
    {"id": "grimoire", "hero": "GRIMOIRE", "side": "heroes", "position": [0, 0]},
    {"id": "wink", "hero": "WINK", "side": "heroes", "position": [9, 3]},
    {"id": "agent1", "npc": 2, "name": "Agent 1", "side": "foes", "position": [8, 0]},
    {"id": "agent2", "npc": 2, "name": "Agent 2", "side": "foes", "position": [10, 0]},
]


def _fight(
    client: TestClient, combatants: list[dict[str, Any]], hidden: str | None = None
) -> tuple[Table, str]:
    """A started fight where Ayla plays GRIMOIRE, with ``hidden`` a hidden character of the table."""
    table = new_table(client, system="energy")
    join(client, table, "Ayla")
    if hidden is not None:
        with client.app.state.store.writer() as db:  # type: ignore[attr-defined]
            db.add(Character(id=f"{table.id}-x", table_id=table.id, name=hidden, hidden=True, version=1))
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={
            "kind": "energy-fight",
            "setup": {"combatants": combatants},
            "controllers": {"grimoire": table.ayla.member_id},
        },
        headers=table.gm.headers,
    )
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    answer = client.post(
        f"/api/v1/sessions/{sid}/commands", json={"command": "start", "version": 0}, headers=table.gm.headers
    )
    assert answer.status_code == 200, answer.text
    return table, sid


def _area_entries(client: TestClient, table: Table, sid: str) -> list[dict[str, Any]]:
    legal = client.get(f"/api/v1/sessions/{sid}/legal", headers=table.ayla.headers).json()["legal"]
    return [e for e in legal if "attack" in e["command"] and e["command"]["attack"].get("area_targets")]


def _page(client: TestClient, table: Table, sid: str) -> str:
    client.cookies.clear()
    client.cookies.set(seat_cookie(table.id), table.ayla.token)
    return client.get(f"/t/{table.id}/s/{sid}").text


def _area_form(page: str) -> str:
    forms = [f for f in re.findall(r'<form class="action".*?</form>', page, re.S) if "area-targets" in f]
    assert forms, "no area attack on the page"
    return forms[0]


def test_an_area_attack_preselects_everyone_standing_in_its_zone_an_ally_too(web: TestClient) -> None:
    table, sid = _fight(web, COMBATANTS)
    entries = _area_entries(web, table, sid)
    assert entries and sorted(entries[0]["details"]["in_zone"]) == ["agent1", "agent2", "wink"]
    form = _area_form(_page(web, table, sid))
    checked = re.findall(r'name="targets" value="([^"]+)" checked', form)
    assert sorted(checked) == ["agent1", "agent2", "wink"]  # WINK stands 3 m from Agent 1


def test_the_checked_targets_are_the_ones_the_attack_hits(web: TestClient) -> None:
    table, sid = _fight(web, COMBATANTS)
    form = _area_form(_page(web, table, sid))
    command = html.unescape(re.findall(r'name="command" value="([^"]*)"', form)[0])
    version = re.findall(r'name="version" value="(\d+)"', form)[0]
    headers = {"X-CSRF-Token": token_in(_page(web, table, sid))}
    data = {"command": command, "version": version, "area": "1", "targets": ["agent1", "agent2"]}
    done = web.post(f"/t/{table.id}/s/{sid}/do", data=data, headers=headers)
    assert done.status_code == 200, done.text
    log = web.get(f"/api/v1/sessions/{sid}/log", headers=table.gm.headers).json()
    attack = [e["command"] for e in log["log"] if isinstance(e["command"], dict)][-1]["attack"]
    assert {attack["target"], *attack["area_targets"]} == {"agent1", "agent2"}  # WINK unchecked


def test_an_area_attack_with_one_target_checked_is_refused_and_says_why(web: TestClient) -> None:
    table, sid = _fight(web, COMBATANTS)
    page = _page(web, table, sid)
    form = _area_form(page)
    command = html.unescape(re.findall(r'name="command" value="([^"]*)"', form)[0])
    headers = {"X-CSRF-Token": token_in(page)}
    data = {"command": command, "version": "1", "area": "1", "targets": ["agent1"]}
    done = web.post(f"/t/{table.id}/s/{sid}/do", data=data, headers=headers)
    assert done.status_code == 200 and "au moins deux cibles" in html.unescape(done.text)
    assert web.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["version"] == 1


def test_a_hidden_npc_in_the_zone_never_reaches_a_player(web: TestClient) -> None:
    hidden = {"id": "secretboss", "npc": 2, "name": "SECRETBOSS", "side": "foes", "position": [9, -2]}
    table, sid = _fight(web, [*COMBATANTS, hidden], hidden="SECRETBOSS")
    gm = web.get(f"/api/v1/sessions/{sid}/legal", headers=table.gm.headers).json()["legal"]
    zones = [e["details"]["in_zone"] for e in gm if "in_zone" in e["details"]]
    assert zones and all("secretboss" in z for z in zones)  # the GM's query lists it
    player = json.dumps(
        web.get(f"/api/v1/sessions/{sid}/legal?refused=true", headers=table.ayla.headers).json()
    )
    assert "secretboss" not in player.casefold()
    assert "secretboss" not in _page(web, table, sid).casefold()
