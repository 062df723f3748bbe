"""A character of the table arrives in a fight under way (the GM's « un nouveau combattant arrive »):
the fight takes the character itself, and the player who imported it plays it at once."""

from __future__ import annotations

import html
import re

from meneur.server.models import GameSession
from meneur.systems.energy import dump_character, library_hero
from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf, join


def _table(web: TestClient) -> tuple[str, str, dict[str, str], dict[str, str]]:
    """An Energy table whose demo fight is under way and whose player Ayla imported HORLOGE: the
    table, the fight, the GM's cookies and Ayla's."""
    answer = create_table(web, "Mardi", "energy")
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    found = re.search(rf"/t/{table_id}/s/([0-9a-f]+)", web.get(f"/t/{table_id}").text)
    assert found is not None
    code = re.search(r'class="code">([^<]+)<', web.get(f"/t/{table_id}").text)
    assert code is not None
    gm = dict(web.cookies)
    web.cookies.clear()
    assert join(web, table_id, code.group(1), "Ayla", follow_redirects=False).status_code == 303
    text = dump_character(library_hero("horloge"))
    imported = web.post(
        f"/t/{table_id}/character/import",
        data={"csrf": csrf(web)},
        files={"file": ("horloge.yaml", text.encode("utf-8"), "application/octet-stream")},
        follow_redirects=False,
    )
    assert imported.status_code == 303, imported.text
    ayla = dict(web.cookies)
    web.cookies.clear()
    web.cookies.update(gm)
    started = web.post(
        f"/t/{table_id}/s/{found.group(1)}/do", data={"command": '"start"', "version": "0", "csrf": csrf(web)}
    )
    assert started.status_code == 200 and 'role="alert"' not in started.text
    return table_id, found.group(1), gm, ayla


def _gm_form(web: TestClient, table_id: str, session_id: str, **fields: str) -> str:
    version = web.get(f"/api/v1/sessions/{session_id}").json()["version"]
    data = {"op": "arrive", "version": str(version), "csrf": csrf(web), "side": "heroes", **fields}
    answer = web.post(f"/t/{table_id}/s/{session_id}/gm", data=data)
    assert answer.status_code == 200
    return html.unescape(answer.text)


def test_a_players_character_arrives_whole_and_its_player_plays_it(web: TestClient) -> None:
    table_id, session_id, gm, ayla = _table(web)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    offered = re.search(r'<option value="([0-9a-f]+)">HORLOGE, joué par Ayla</option>', page)
    assert offered is not None  # the demo's KITSUNE and WINK are in the fight already: not offered
    assert _gm_form(web, table_id, session_id, character=offered.group(1)).count('role="alert"') == 0
    state = web.get(f"/api/v1/sessions/{session_id}").json()
    horloge = next(c for c in state["state"]["combatants"] if c["id"] == "horloge")
    assert horloge["name"] == "HORLOGE" and horloge["side"] == "heroes"
    log = web.get(f"/api/v1/sessions/{session_id}/log").json()["log"]
    arrived = log[-1]["command"]["arrive"]
    assert (
        arrived["character"]["name"] == "HORLOGE"
        and arrived["character"]["rank"] == library_hero("horloge").rank
    )
    row = web.app.state.store  # type: ignore[attr-defined]
    with row.reader() as db:
        assert db.get(GameSession, session_id).controllers == {"horloge": _player_id(web, table_id, ayla)}
    after = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert "HORLOGE, joué par Ayla" not in after  # in the fight now
    web.cookies.clear()
    web.cookies.update(ayla)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert re.search(r'id="fighter-horloge"[^>]*>', page) is not None
    assert web.get(f"/api/v1/sessions/{session_id}/legal").json()["legal"] == []  # KITSUNE acts first
    web.cookies.clear()
    web.cookies.update(gm)
    state = web.get(f"/api/v1/sessions/{session_id}").json()
    assert state["state"]["order"][:2] == ["kitsune", "horloge"]  # after the higher Énergie
    version = state["version"]
    passed = web.post(
        f"/api/v1/sessions/{session_id}/commands",
        json={"command": {"pass": {"actor": "kitsune"}}, "version": version},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert passed.status_code == 200, passed.text
    web.cookies.clear()
    web.cookies.update(ayla)
    mine = web.get(f"/api/v1/sessions/{session_id}/legal").json()["legal"]
    assert mine and {entry["actor"] for entry in mine} == {"horloge"}  # her turn: her buttons


def test_a_quick_npc_still_arrives_and_an_unknown_character_is_refused(web: TestClient) -> None:
    table_id, session_id, _gm, _ayla = _table(web)
    before = web.get(f"/api/v1/sessions/{session_id}").json()
    refused = _gm_form(web, table_id, session_id, character="not-a-character")
    assert "Cette table n'a pas ce personnage" in refused
    assert web.get(f"/api/v1/sessions/{session_id}").json() == before
    _gm_form(web, table_id, session_id, name="Agent Octopus 3", npc="3", side="foes")
    state = web.get(f"/api/v1/sessions/{session_id}").json()["state"]
    assert any(c["id"] == "agent_octopus_3" and c["name"] == "Agent Octopus 3" for c in state["combatants"])


def _player_id(web: TestClient, table_id: str, cookies: dict[str, str]) -> str:
    gm = dict(web.cookies)
    web.cookies.clear()
    web.cookies.update(cookies)
    found = str(web.get(f"/api/v1/tables/{table_id}").json()["me"]["id"])
    web.cookies.clear()
    web.cookies.update(gm)
    return found
