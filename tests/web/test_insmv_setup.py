"""An INS/MV session started from the new-session form in the book's words, without JSON; a test
logged in full; the game master's column shift refused to a player through the route, and to the
observer and the stranger every command (000_008acb24c72771e3.txt)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf

YVES = {
    "being-0-name": "Yves",
    "being-0-kind": "angel",
    "being-0-will": "4",
    "being-0-characteristics": "Force 2, Présence 3",
    "being-0-talents": "Discussion (Présence -1) 4; Acrobatie (Agilité -2)",
    "being-0-powers": "Charme 3",
    "being-1-name": "Asmo",
    "being-1-kind": "demon",
    "being-1-will": "3",
    "being-1-pp_max": "6",
    "being-1-pp": "5",
    "being-1-characteristics": "Force 3",
}


def _table(client: TestClient) -> str:
    answer = create_table(client, "Vendredi", "insmv")
    assert answer.status_code == 303
    return str(answer.headers["location"].rsplit("/", 1)[-1])


def _start(client: TestClient, table_id: str, fields: dict[str, str]) -> Any:
    return client.post(
        f"/t/{table_id}/new-session",
        data={**fields, "csrf": csrf(client, f"/t/{table_id}/new-session")},
        follow_redirects=False,
    )


def _api(client: TestClient, session_id: str, what: str = "") -> Any:
    return client.get(f"/api/v1/sessions/{session_id}{what}").json()


def test_the_gm_sets_the_beings_up_by_form_in_the_books_words(web: TestClient) -> None:
    table_id = _table(web)
    form = html.unescape(web.get(f"/t/{table_id}/new-session").text)
    for word in ("Type d'être", "Volonté", "Points de pouvoir (maximum)", "Talents", "Ajouter une ligne"):
        assert word in form
    assert 'name="being-3-name"' in form and 'name="being-4-name"' not in form  # four empty rows
    created = _start(web, table_id, YVES)
    assert created.status_code == 303, created.text
    session_id = created.headers["location"].rsplit("/", 1)[-1]
    beings = _api(web, session_id)["state"]["beings"]
    yves, asmo = beings["Yves"], beings["Asmo"]
    assert (
        yves["kind"] == "angel"
        and yves["will"] == 4
        and yves["characteristics"] == {"Force": 2, "Présence": 3}
    )
    # « Un Ange ou un Démon ne peut pas décaler volontairement son jet de plus de 5 colonnes »
    assert yves["rules"]["max_voluntary_shift"] == 5
    assert yves["talents"][0] == {"name": "Discussion", "characteristic": "Présence", "malus": 1, "value": 4}
    assert yves["talents"][1]["value"] is None and yves["powers"] == {"Charme": 3}
    # « un nombre de points de pouvoir maximum égal à sa volonté. Ajoutez à cela un modificateur »
    assert asmo["rules"]["power_point_modifier"] == 3 and asmo["power_points"] == 5


def test_a_field_out_of_the_rules_bounds_is_named_and_nothing_starts(web: TestClient) -> None:
    table_id = _table(web)
    before = web.get(f"/t/{table_id}").text.count(f"/t/{table_id}/s/")
    cases = [
        ({**YVES, "being-0-will": "150"}, "Ligne 1 (Yves), Volonté\u00a0: doit valoir au plus 99"),
        ({**YVES, "being-0-talents": "Discussion (Présence -7) 4"}, "Ligne 1 (Yves), Talents"),
        ({**YVES, "being-1-characteristics": "Force trois"}, "Ligne 2 (Asmo), Caractéristiques"),
        ({**YVES, "being-1-pp": "9"}, "Asmo ne peut pas avoir 9 points de pouvoir"),
        ({"being-2-will": "3"}, "Ligne 3 (—), Nom"),
        ({}, "Personne à la table pour l'instant"),
    ]
    for fields, said in cases:
        answer = _start(web, table_id, fields)
        shown = html.unescape(answer.text)
        assert answer.status_code == 400 and said in shown, (
            said,
            re.findall(r'id="n-error"[^>]*>([^<]*)', shown),
        )
        # the form comes back as it was sent
        for key, value in fields.items():
            assert f'name="{key}"' in shown and (value in shown or key.endswith("-kind"))
    assert web.get(f"/t/{table_id}").text.count(f"/t/{table_id}/s/") == before


def test_add_a_row_keeps_what_was_typed(web: TestClient) -> None:
    answer = web.get("/insmv/setup-rows", params={"rows": "4", "being-0-name": "Yves", "being-0-will": "4"})
    assert answer.status_code == 200
    assert 'name="being-4-name"' in answer.text and 'name="being-5-name"' not in answer.text
    assert 'value="Yves"' in answer.text and 'name="rows" value="5"' in answer.text


def _join(client: TestClient, table_id: str, gm: dict[str, str], name: str, role: str) -> dict[str, str]:
    client.cookies.clear()
    client.cookies.update(gm)
    code = client.post(f"/t/{table_id}/join-code", headers={"X-CSRF-Token": csrf(client)}).text
    found = re.search(r'class="code">([^<]+)<', code)
    assert found is not None
    joined = client.post(
        f"/api/v1/tables/{table_id}/join", json={"join_code": found.group(1), "name": name, "role": role}
    )
    assert joined.status_code in (200, 201), joined.text
    client.cookies.clear()
    enter = client.post(
        f"/enter/{table_id}",
        data={"token": joined.json()["token"], "csrf": csrf(client)},
        follow_redirects=False,
    )
    assert enter.status_code == 303
    return dict(client.cookies)


def _be(client: TestClient, cookies: dict[str, str]) -> None:
    client.cookies.clear()
    client.cookies.update(cookies)


def _do(
    client: TestClient, table_id: str, session_id: str, command: Any, version: int | None = None, **extra: str
) -> Any:
    at = _api(client, session_id)["version"] if version is None else version
    return client.post(
        f"/t/{table_id}/s/{session_id}/do",
        data={"command": json.dumps(command), "version": str(at), **extra},
        headers={"X-CSRF-Token": csrf(client)},
    )


def test_the_column_shift_is_the_gms_and_the_voluntary_shift_the_players(web: TestClient) -> None:
    """« Le maître de jeu peut souhaiter modifier les probabilités [...] en modifiant la colonne » and
    « Un joueur peut décider d'accorder, de lui-même, un décalage vers la gauche »."""
    table_id = _table(web)
    gm = dict(web.cookies)
    session_id = _start(web, table_id, YVES).headers["location"].rsplit("/", 1)[-1]
    ayla = _join(web, table_id, gm, "Ayla", "player")
    olga = _join(web, table_id, gm, "Olga", "observer")
    _be(web, ayla)
    web.post(
        f"/t/{table_id}/s/{session_id}/claim", data={"actor": "Yves"}, headers={"X-CSRF-Token": csrf(web)}
    )
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    assert 'name="shift"' not in page and 'name="shift_a"' not in page  # not offered to her
    assert 'name="voluntary"' in page  # her own shift, up to her kind's limit
    talent = {"test": {"being": "Yves", "talent": "Discussion"}}
    # she may not send the GM's shift even by hand: refused, nothing recorded
    version = _api(web, session_id)["version"]
    refused = html.unescape(_do(web, table_id, session_id, talent, shift="2", dice="1 2 3").text)
    assert "Le décalage de colonnes est l'affaire du maître de jeu" in refused
    api = web.post(
        f"/api/v1/sessions/{session_id}/commands",
        json={"command": {"test": {"being": "Yves", "talent": "Discussion", "shift": 1}}, "version": version},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert api.status_code == 422 and api.json()["rule"] == "gm_shift"
    assert _api(web, session_id)["version"] == version
    # her voluntary shift goes through, and the log tells the whole test
    done = html.unescape(_do(web, table_id, session_id, talent, voluntary="2", dice="1 2 3").text)
    tested = _api(web, session_id, "/log")["log"][-1]["events"][0]["tested"]
    assert tested["voluntary"] == 2 and tested.get("shift", 0) == 0
    assert "Yves teste le talent Discussion (4), ligne moyenne, décalage volontaire 2\u00a0: colonne" in done
    assert "d666 123\u00a0: réussite, unités 5." in done
    # the observer and a stranger give nothing, shift or not
    _be(web, olga)
    version = _api(web, session_id)["version"]
    assert 'name="command"' not in web.get(f"/t/{table_id}/s/{session_id}").text
    watched = web.post(
        f"/api/v1/sessions/{session_id}/commands",
        json={"command": talent, "version": version},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert watched.status_code == 403
    web.cookies.clear()
    stranger = web.post(
        f"/api/v1/sessions/{session_id}/commands", json={"command": talent, "version": version}
    )
    assert stranger.status_code in (401, 403, 404)
    assert _do(web, table_id, session_id, talent, version).status_code in (303, 401, 403, 404)
    _be(web, gm)
    assert _api(web, session_id)["version"] == version
    # the GM shifts the column
    gm_page = web.get(f"/t/{table_id}/s/{session_id}").text
    assert 'name="shift"' in gm_page
    _do(web, table_id, session_id, talent, shift="-1", dice="6 5 4")
    tested = _api(web, session_id, "/log")["log"][-1]["events"][0]["tested"]
    assert tested["shift"] == -1
