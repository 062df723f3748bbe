"""The Energy campaign's pages without a browser, over a real SQLite file: the GM starts a campaign
from the table page with the players' characters, the buttons are the legal-action query's entries
(a défi with the rules' score, points spent with the rules' cost), each step is logged and undone,
and a player gives only their own character's commands the book leaves to a player (rules of
002_58e889a1abff3456.txt)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from fastapi.testclient import TestClient

from meneur.systems.energy import dump_character, library_hero
from tests.web.forms import create_table, csrf, join


def _text(answer: Any) -> str:
    return html.unescape(answer.text)


def _as(web: TestClient, cookies: dict[str, str]) -> None:
    web.cookies.clear()
    web.cookies.update(cookies)


def _import(web: TestClient, table_id: str, hero: str) -> None:
    text = dump_character(library_hero(hero))
    imported = web.post(
        f"/t/{table_id}/character/import",
        data={"csrf": csrf(web)},
        files={"file": (f"{hero}.yaml", text.encode("utf-8"), "application/octet-stream")},
        follow_redirects=False,
    )
    assert imported.status_code == 303, imported.text


def _table(web: TestClient) -> dict[str, Any]:
    """An Energy table: Ayla imported WINK, Bren KITSUNE, Cyd only watches (an observer: none here,
    a player without a character); each member's cookies."""
    answer = create_table(web, "Mardi", "energy")
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    page = web.post(f"/t/{table_id}/join-code", data={"csrf": csrf(web)})
    code = re.search(r'class="code">([^<]+)<', page.text)
    assert code is not None
    found: dict[str, Any] = {"id": table_id, "gm": dict(web.cookies)}
    for name, hero in (("Ayla", "wink"), ("Bren", "kitsune"), ("Cyd", None)):
        web.cookies.clear()
        assert join(web, table_id, code.group(1), name, follow_redirects=False).status_code == 303
        if hero:
            _import(web, table_id, hero)
        found[name] = dict(web.cookies)
    _as(web, found["gm"])
    return found


def _start(web: TestClient, table: dict[str, Any]) -> str:
    table_id = table["id"]
    page = _text(web.get(f"/t/{table_id}"))
    assert f"/t/{table_id}/new-campaign" in page  # the GM's link on the table page
    form = _text(web.get(f"/t/{table_id}/new-campaign"))
    keys = dict(re.findall(r'id="(c-[^"]+)" name="[^"]+" value="in"[^>]*>\s*<label for="[^"]+">(\w+)', form))
    assert set(keys.values()) == {"WINK", "KITSUNE"}, form
    data = dict.fromkeys(keys, "in") | {"csrf": csrf(web)}
    created = web.post(f"/t/{table_id}/new-campaign", data=data, follow_redirects=False)
    assert created.status_code == 303, created.text
    return str(created.headers["location"].rsplit("/", 1)[-1])


def _forms(answer: Any) -> list[Any]:
    """The commands of the page's enabled buttons (each form's hidden ``command``)."""
    found = re.findall(r'name="command" value="([^"]*)"', answer.text)
    return [json.loads(html.unescape(m)) for m in found]


def _version(web: TestClient, session_id: str) -> int:
    return int(web.get(f"/api/v1/sessions/{session_id}").json()["version"])


def _do(web: TestClient, table_id: str, session_id: str, command: Any, **extra: str) -> Any:
    return web.post(
        f"/t/{table_id}/s/{session_id}/do",
        data={"command": json.dumps(command), "version": str(_version(web, session_id)), **extra},
        headers={"X-CSRF-Token": csrf(web)},
    )


def _state(web: TestClient, session_id: str) -> Any:
    return web.get(f"/api/v1/sessions/{session_id}").json()["state"]


def test_the_gm_runs_a_session_a_challenge_stress_and_undo(web: TestClient) -> None:
    table = _table(web)
    table_id = table["id"]
    session_id = _start(web, table)
    shown = web.get(f"/t/{table_id}/s/{session_id}")
    page = _text(shown)
    assert "WINK" in page and "KITSUNE" in page and "Joué par Ayla" in page, page
    assert "start_session" in _forms(shown)
    assert _do(web, table_id, session_id, "start_session").status_code == 200
    assert _do(web, table_id, session_id, "start_scene").status_code == 200
    challenge = next(
        c
        for c in _forms(web.get(f"/t/{table_id}/s/{session_id}"))
        if "challenge" in c and c["challenge"]["character"] == "WINK"
    )
    # "un test d'aptitude se fait en additionnant une aptitude et un trait applicable": Véhicules 3 +
    # Spécialisation moto +2 = 5 against Expert (4), the score the page shows before the button
    odds = _text(
        web.get(
            f"/t/{table_id}/s/{session_id}/odds",
            params={
                "command": json.dumps(challenge),
                "aptitude": "vehicles",
                "difficulty": "4",
                "chosen": "1",
            },
        )
    )
    assert "score de défi\u00a0: 5" in odds and "Réussite\u00a0: 5 ≥ 4." in odds, odds
    done = _do(web, table_id, session_id, challenge, aptitude="vehicles", difficulty="6", chosen="1")
    after = _text(done)
    assert "WINK\u00a0: défi de Véhicules" in after and "= 5 contre Héroïque (6)\u00a0: échec." in after, (
        after
    )
    stress = {"add_stress": {"character": "KITSUNE", "boxes": 2}}
    assert stress in _forms(done)
    after = _text(_do(web, table_id, session_id, stress))
    assert _state(web, session_id)["characters"]["KITSUNE"]["stress"] == 2
    assert "KITSUNE coche 2 cases de stress." in after
    version = _version(web, session_id)
    undone = web.post(
        f"/t/{table_id}/s/{session_id}/undo",
        data={"version": str(version)},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert undone.status_code == 200
    assert _state(web, session_id)["characters"]["KITSUNE"]["stress"] == 0
