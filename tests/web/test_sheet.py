"""« Ma fiche »: from any page of a session, of every game, a player opens their own character's
sheet in one tap (read-only, with the numbers of the session now), the GM any character's; the sheet
goes through the viewer's projection and the links the server stored (a player asking for another's
sheet by its address is refused, an observer has none, a stranger is asked to sit down first)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from meneur.server.accounts import seat_cookie
from meneur.server.models import Character
from meneur.web.games import example
from tests.inprocess import TestClient
from tests.server.conftest import Seat, Table, join, new_table

HIDDEN_ID, HIDDEN_NAME = "secretboss", "SECRETBOSS"


def _as(client: TestClient, table: Table, seat: Seat | None) -> None:
    client.cookies.clear()
    if seat is not None:
        client.cookies.set(seat_cookie(table.id), seat.token)


def _text(answer: Any) -> str:
    return html.unescape(answer.text)


def _main(answer: Any) -> str:
    found = re.search(r'<main id="main">(.*)</main>', answer.text, re.S)
    assert found is not None
    return found.group(1)


def _fight(client: TestClient) -> tuple[Table, str]:
    """An Energy fight: KITSUNE is Ayla's, WINK is Bren's, Olga observes; an Octopus agent and a
    hidden NPC (the table's hidden character) fight them."""
    table = new_table(client, system="energy", npc_vigueur="hidden")
    for name, role in (("Ayla", "player"), ("Bren", "player"), ("Olga", "observer")):
        join(client, table, name, role=role)
    with client.app.state.store.writer() as db:  # type: ignore[attr-defined]
        db.add(Character(id=f"{table.id}-boss", table_id=table.id, name=HIDDEN_NAME, hidden=True, version=1))
    setup = {
        "combatants": [
            {"id": "kitsune", "hero": "KITSUNE", "side": "heroes", "position": [0, 0]},
            {"id": "wink", "hero": "WINK", "side": "heroes", "position": [4, 0]},
            {"id": "agent1", "npc": 3, "name": "Agent Octopus 1", "side": "foes", "position": [3, 3]},
            {"id": HIDDEN_ID, "npc": 4, "name": HIDDEN_NAME, "side": "foes", "position": [5, 5]},
        ]
    }
    controllers = {"kitsune": table.ayla.member_id, "wink": table.bren.member_id}
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": "energy-fight", "setup": setup, "controllers": controllers},
        headers=table.gm.headers,
    )
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    _command(client, table, sid, "start")
    return table, sid


def _command(client: TestClient, table: Table, sid: str, command: Any) -> None:
    version = client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["version"]
    answer = client.post(
        f"/api/v1/sessions/{sid}/commands",
        json={"command": command, "version": version},
        headers=table.gm.headers,
    )
    assert answer.status_code == 200, answer.text


def test_a_player_opens_their_fighter_s_sheet_from_the_fight_s_page_with_its_numbers_now(
    web: TestClient,
) -> None:
    table, sid = _fight(web)
    _command(web, table, sid, {"adjust": {"target": "kitsune", "vigor": 3, "reason": "MJ"}})
    _as(web, table, table.ayla)
    page = web.get(f"/t/{table.id}/s/{sid}")
    link = re.search(r'<a class="sheet-link" href="([^"]+)">([^<]+)</a>', page.text)
    assert link is not None and link.group(2) == "Ma fiche"
    sheet = web.get(link.group(1))
    assert sheet.status_code == 200
    main = html.unescape(_main(sheet))
    assert '<h1 id="sheet-title">KITSUNE</h1>' in main
    numbers = dict(re.findall(r"<dt>([^<]+)</dt><dd data-number=\"\d+\">([^<]*)</dd>", main))
    assert numbers["Vigueur"].startswith("3/")  # the GM's adjustment, as the state keeps it now
    assert "Énergie" in numbers and "Défense" in numbers and "Stress" in numbers
    assert "Frappes instinctives" in numbers["Pouvoirs"]
    assert "Rang" in main and "Aptitudes" in main  # the builder's sheet of her character file
    # read-only: no form, no command, no button that changes the fight
    assert "<form" not in main and "/do" not in main and "<button" not in main
    assert sheet.headers["content-language"] == "fr"


def test_a_player_cannot_open_another_player_s_sheet_nor_a_hidden_npc_s_by_its_address(
    web: TestClient,
) -> None:
    table, sid = _fight(web)
    _as(web, table, table.ayla)
    other = web.get(f"/t/{table.id}/s/{sid}/sheet/wink")
    hidden = web.get(f"/t/{table.id}/s/{sid}/sheet/{HIDDEN_ID}")
    unknown = web.get(f"/t/{table.id}/s/{sid}/sheet/nobody")
    for answer in (other, hidden, unknown):  # the same answer, whether the character exists or not
        assert answer.status_code == 403
        assert "Ce n'est pas votre personnage" in _text(answer)
        assert "WINK" not in _main(answer) and HIDDEN_NAME not in answer.text
    own = web.get(f"/t/{table.id}/s/{sid}/sheet/kitsune")
    assert own.status_code == 200 and HIDDEN_NAME not in own.text and "WINK" not in _main(own)
    _as(web, table, table.bren)
    web.cookies.set("meneur_lang", "en")
    assert "Not your character" in _text(web.get(f"/t/{table.id}/s/{sid}/sheet/kitsune"))


def test_an_observer_has_no_sheet_and_a_stranger_is_asked_to_sit_down(web: TestClient) -> None:
    table, sid = _fight(web)
    _as(web, table, table.olga)
    page = web.get(f"/t/{table.id}/s/{sid}")
    assert page.status_code == 200 and 'class="sheet-link"' not in page.text
    for path in ("sheet", "sheet/kitsune", f"sheet/{HIDDEN_ID}"):
        answer = web.get(f"/t/{table.id}/s/{sid}/{path}")
        assert answer.status_code == 403
        assert "Pas de fiche pour un observateur" in _text(answer)
        assert "KITSUNE" not in _main(answer)
    _as(web, table, None)
    for path in ("sheet", "sheet/kitsune"):
        answer = web.get(f"/t/{table.id}/s/{sid}/{path}")
        assert answer.status_code == 401 and "KITSUNE" not in answer.text
    other = new_table(web, system="energy")  # the GM of another table is a stranger here
    web.cookies.set(seat_cookie(other.id), other.gm.token)
    assert web.get(f"/t/{table.id}/s/{sid}/sheet/kitsune").status_code == 401
    assert web.get(f"/t/{other.id}/s/{sid}/sheet/kitsune").status_code == 404  # not that table's


def test_the_gm_opens_every_character_s_sheet(web: TestClient) -> None:
    table, sid = _fight(web)
    _command(web, table, sid, {"adjust": {"target": HIDDEN_ID, "vigor": 2, "reason": "MJ"}})
    _as(web, table, table.gm)
    page = web.get(f"/t/{table.id}/s/{sid}")
    link = re.search(r'<a class="sheet-link" href="([^"]+)">([^<]+)</a>', page.text)
    assert link is not None and link.group(2) == "Fiches"
    listed = web.get(link.group(1))
    names = re.findall(r'<a class="sheet-choice" href="([^"]+)">([^<]+)</a>', listed.text)
    assert [name for _href, name in names] == ["KITSUNE", "WINK", "Agent Octopus 1", HIDDEN_NAME]
    boss = web.get({n: h for h, n in names}[HIDDEN_NAME])
    assert boss.status_code == 200
    numbers = dict(
        re.findall(r"<dt>([^<]+)</dt><dd data-number=\"\d+\">([^<]*)</dd>", html.unescape(boss.text))
    )
    assert numbers["Vigueur"].startswith("2/")  # the GM sees a hidden NPC's Vigueur
    assert web.get(f"/t/{table.id}/s/{sid}/sheet/wink").status_code == 200
    missing = web.get(f"/t/{table.id}/s/{sid}/sheet/nobody")
    assert missing.status_code == 404 and "Rien ici" in _text(missing)


def _shared(client: TestClient, system: str) -> tuple[Table, str]:
    table = new_table(client, system=system)
    for name, role in (("Ayla", "player"), ("Bren", "player"), ("Olga", "observer")):
        join(client, table, name, role=role)
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={"kind": system, "setup": example(system)},
        headers=table.gm.headers,
    )
    assert created.status_code == 201, created.text
    return table, created.json()["id"]


@pytest.mark.parametrize("system", ["insmv", "warzone", "carpathes"])
def test_a_game_without_a_sheet_page_shows_the_character_s_card(web: TestClient, system: str) -> None:
    table, sid = _shared(web, system)
    _as(web, table, table.gm)
    names = [
        n
        for _h, n in re.findall(
            r'<a class="sheet-choice" href="([^"]+)">([^<]+)</a>',
            web.get(f"/t/{table.id}/s/{sid}/sheet").text,
        )
    ]
    assert names, names
    mine, theirs = names[0], (names[1:] or ["Nobody"])[0]  # Warzone's example has one model
    _as(web, table, table.ayla)
    before = web.get(f"/t/{table.id}/s/{sid}/sheet")
    assert before.status_code == 200 and "Vous ne jouez encore aucun personnage" in _text(before)
    claimed = web.post(
        f"/t/{table.id}/s/{sid}/claim",
        data={"actor": mine},
        headers={
            "X-CSRF-Token": re.search(
                r'name="csrf-token" content="([^"]+)"', web.get(f"/t/{table.id}/s/{sid}").text
            ).group(1)
        },  # type: ignore[union-attr]
    )
    assert claimed.status_code == 200
    page = web.get(f"/t/{table.id}/s/{sid}")
    assert f'href="/t/{table.id}/s/{sid}/sheet">Ma fiche</a>' in page.text
    sheet = web.get(f"/t/{table.id}/s/{sid}/sheet")
    assert sheet.status_code == 200
    main = html.unescape(_main(sheet))
    assert f'<h1 id="sheet-title">{mine}</h1>' in main and 'data-field="' in main
    assert "<form" not in main
    refused = web.get(f"/t/{table.id}/s/{sid}/sheet/{theirs}")
    assert refused.status_code == 403
    _as(web, table, table.olga)
    assert web.get(f"/t/{table.id}/s/{sid}/sheet/{mine}").status_code == 403
