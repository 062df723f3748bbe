"""The plan's move preview and background through the pages: the engine's verdict before the drop
(« un petit déplacement de 5 mètres maximum », « un jeton d'énergie pour se déplacer de 20 mètres »,
002_58e889a1abff3456.txt), nothing applied; only the combatant the server linked to a player is
theirs to preview or move; the background image is the GM's, checked, and shown to members only."""

from __future__ import annotations

import html
from typing import Any

from meneur.server.accounts import seat_cookie
from tests.inprocess import TestClient
from tests.server.conftest import Table, join, new_table
from tests.web.forms import token_in

COMBATANTS = [
    {"id": "grimoire", "hero": "GRIMOIRE", "side": "heroes", "position": [0, 0]},
    {"id": "wink", "hero": "WINK", "side": "heroes", "position": [9, 3]},
    {"id": "agent1", "npc": 2, "name": "Agent 1", "side": "foes", "position": [8, 0]},
]
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def _fight(client: TestClient) -> tuple[Table, str]:
    """A started fight: Ayla plays GRIMOIRE (who acts first), Bren WINK; Olga observes."""
    table = new_table(client, system="energy")
    join(client, table, "Ayla")
    join(client, table, "Bren")
    join(client, table, "Olga", role="observer")
    created = client.post(
        f"/api/v1/tables/{table.id}/sessions",
        json={
            "kind": "energy-fight",
            "setup": {"combatants": COMBATANTS},
            "controllers": {"grimoire": table.ayla.member_id, "wink": table.bren.member_id},
        },
        headers=table.gm.headers,
    )
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    started = client.post(
        f"/api/v1/sessions/{sid}/commands", json={"command": "start", "version": 0}, headers=table.gm.headers
    )
    assert started.status_code == 200, started.text
    return table, sid


def _as(client: TestClient, table: Table, token: str) -> None:
    client.cookies.clear()
    client.cookies.set(seat_cookie(table.id), token)


def _ask(client: TestClient, table: Table, sid: str, actor: str, x: float, y: float) -> Any:
    return client.get(f"/t/{table.id}/s/{sid}/preview", params={"actor": actor, "x": x, "y": y, "version": 1})


def _state(client: TestClient, table: Table, sid: str) -> dict[str, Any]:
    return client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()


def test_the_preview_tells_the_engines_cost_and_applies_nothing(web: TestClient) -> None:
    table, sid = _fight(web)
    _as(web, table, table.ayla.token)
    small = _ask(web, table, sid, "grimoire", 3, 0).json()
    assert (small["allowed"], small["kind"], small["paid"]) == (True, "small_move", 0)
    assert small["text"] == "Petit déplacement, gratuit\u00a0: 3\u00a0m."
    paid = _ask(web, table, sid, "grimoire", 12, 0).json()
    assert (paid["allowed"], paid["kind"], paid["paid"]) == (True, "move", 1)
    assert paid["text"] == "Déplacement\u00a0: 1 jeton, 12\u00a0m."
    far = _ask(web, table, sid, "grimoire", 30, 0).json()
    assert far["allowed"] is False and "20\u00a0m" in far["text"]
    state = _state(web, table, sid)
    assert state["version"] == 1
    assert next(c for c in state["state"]["combatants"] if c["id"] == "grimoire")["position"] == [0.0, 0.0]


def test_the_judged_command_given_moves_the_token_and_the_gm_undoes_it(web: TestClient) -> None:
    table, sid = _fight(web)
    _as(web, table, table.ayla.token)
    verdict = _ask(web, table, sid, "grimoire", 12, 0).json()
    page = web.get(f"/t/{table.id}/s/{sid}").text
    done = web.post(
        f"/t/{table.id}/s/{sid}/do",
        data={"command": verdict["command"], "version": "1", "x": "12", "y": "0", "csrf": token_in(page)},
    )
    assert done.status_code == 200
    state = _state(web, table, sid)
    assert state["version"] == 2
    assert next(c for c in state["state"]["combatants"] if c["id"] == "grimoire")["position"] == [12.0, 0.0]
    undone = web.post(f"/api/v1/sessions/{sid}/undo", json={"version": 2}, headers=table.gm.headers)
    assert undone.status_code == 200, undone.text
    assert next(c for c in _state(web, table, sid)["state"]["combatants"] if c["id"] == "grimoire")[
        "position"
    ] == [0.0, 0.0]


def test_another_players_token_an_observer_and_a_stranger_get_no_preview_nor_move(web: TestClient) -> None:
    table, sid = _fight(web)
    for token in (table.bren.token, table.olga.token):
        _as(web, table, token)
        answer = _ask(web, table, sid, "grimoire", 3, 0)
        assert answer.status_code == 403
        assert answer.json()["text"] == (
            "Vous ne déplacez que le combattant que vous jouez\u00a0; ce pion n'est pas le vôtre."
        )
        page = web.get(f"/t/{table.id}/s/{sid}").text
        moved = web.post(
            f"/t/{table.id}/s/{sid}/do",
            data={
                "command": '{"move": {"actor": "grimoire", "to": [3.0, 0.0], "small": true}}',
                "version": "1",
                "csrf": token_in(page),
            },
        )
        assert moved.status_code == 403
        assert "Votre rôle à cette table ne le permet pas" in html.unescape(moved.text)
    other = new_table(web, system="energy")
    for cookies in ({seat_cookie(other.id): other.gm.token}, {}):
        web.cookies.clear()
        for name, value in cookies.items():
            web.cookies.set(name, value)
        answer = _ask(web, table, sid, "grimoire", 3, 0)
        assert answer.status_code != 200 and "allowed" not in answer.text
    assert _state(web, table, sid)["version"] == 1


def test_a_bad_point_is_a_clear_message(web: TestClient) -> None:
    table, sid = _fight(web)
    _as(web, table, table.ayla.token)
    answer = web.get(
        f"/t/{table.id}/s/{sid}/preview", params={"actor": "grimoire", "x": "nan", "y": "0", "version": 1}
    )
    assert answer.status_code == 400
    assert answer.json()["text"].startswith("Ce déplacement est abîmé")


def _upload(web: TestClient, table: Table, sid: str, data: bytes, width: str = "40") -> Any:
    page = web.get(f"/t/{table.id}/s/{sid}").text
    return web.post(
        f"/t/{table.id}/s/{sid}/plan-background",
        data={"width": width, "csrf": token_in(page)},
        files={"image": ("plan.png", data, "image/png")},
    )


def test_the_gm_puts_a_background_under_the_plan_for_the_members_only(web: TestClient) -> None:
    table, sid = _fight(web)
    _as(web, table, table.gm.token)
    answer = _upload(web, table, sid, PNG, "50")
    assert answer.status_code == 200
    assert 'class="background"' in answer.text and 'width="50.0"' in answer.text
    url = answer.text.split('class="background" href="', 1)[1].split('"', 1)[0]
    again = _upload(web, table, sid, PNG, "30")  # the new one replaces the old
    assert 'width="30.0"' in again.text
    url = again.text.split('class="background" href="', 1)[1].split('"', 1)[0]
    for token in (table.ayla.token, table.olga.token):
        _as(web, table, token)
        image = web.get(url)
        assert image.status_code == 200 and image.content == PNG
        assert 'class="background"' in web.get(f"/t/{table.id}/s/{sid}").text
    other = new_table(web, system="energy")
    _as(web, other, other.gm.token)
    assert web.get(url).content != PNG
    web.cookies.clear()
    assert web.get(url).content != PNG


def test_a_background_that_is_no_image_too_large_or_from_a_player_is_refused(web: TestClient) -> None:
    table, sid = _fight(web)
    _as(web, table, table.gm.token)
    text = html.unescape(_upload(web, table, sid, b"<svg></svg>").text)
    assert "n'est pas une image PNG, JPEG, WebP ou GIF" in text
    text = html.unescape(_upload(web, table, sid, PNG + b"\x00" * (2 * 1024 * 1024)).text)
    assert "2 Mio" in text
    text = html.unescape(_upload(web, table, sid, PNG, "0").text)
    assert "La largeur du plan va de 5 à 1000 mètres" in text
    _as(web, table, table.ayla.token)
    assert _upload(web, table, sid, PNG).status_code == 403
    _as(web, table, table.gm.token)
    assert 'class="background"' not in web.get(f"/t/{table.id}/s/{sid}").text
