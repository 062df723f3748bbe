"""Pig's pages in process (a test client): its options page shows the goal of its own
``TableOptions``, and its session page, found by the one session router through the plugin's view
adapter, shows the scores, whose turn it is, buttons from the legal-action query, refusals in the
engine's words, and the GM's undo and redo; htmx's request (``HX-Request``) gets the fragment."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from meneur.engine.plugin import Game
from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.web.adapter import view_of
from meneur.web.pages import environment
from tests.games.pig.view.pages import PAGES
from tests.inprocess import TestClient
from tests.server.conftest import ready_database_url
from tests.web.forms import create_table, csrf, join


@pytest.fixture
def web(pig: Game, tmp_path: Path) -> Iterator[TestClient]:
    """The pages and the API, with pig registered (its templates in the pages' loader)."""
    environment.cache_clear()
    app = build_app(Settings(db=ready_database_url(tmp_path)))
    try:
        with TestClient(app, headers={"Accept-Language": "en"}) as client:
            yield client
        app.state.store.close()
    finally:
        environment.cache_clear()


def _csrf(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": csrf(client)}


def _table(client: TestClient) -> str:
    answer = create_table(client, "Jeudi", "pig")
    assert answer.status_code == 303, answer.text
    return str(answer.headers["location"]).rsplit("/", 1)[-1]


def _session(client: TestClient, table_id: str) -> str:
    created = client.post(
        f"/t/{table_id}/new-session",
        data={"setup": json.dumps({"players": ["Ayla", "Bren"]}), "csrf": csrf(client)},
        follow_redirects=False,
    )
    assert created.status_code == 303, created.text
    return str(created.headers["location"]).rsplit("/", 1)[-1]


def _api(client: TestClient, session_id: str) -> Any:
    return client.get(f"/api/v1/sessions/{session_id}").json()


def _forms(page: str) -> list[Any]:
    """The commands of the page's enabled buttons (``page`` unescaped)."""
    return [json.loads(m) for m in re.findall(r'name="command" value="(.*?)">', page)]


def _play(client: TestClient, table_id: str, session_id: str, command: Any, **extra: str) -> str:
    answer = client.post(
        f"/t/{table_id}/s/{session_id}/do",
        data={"command": json.dumps(command), "version": str(_api(client, session_id)["version"]), **extra},
        headers=_csrf(client),
    )
    assert answer.status_code == 200, answer.text
    return html.unescape(answer.text)


def _scores(page: str) -> dict[str, int]:
    found = re.findall(r'data-name="([^"]+)">.*?<td data-field="score">(\d+)</td>', page, re.S)
    return {name: int(score) for name, score in found}


def test_the_plugin_names_its_view_adapter() -> None:
    from tests.games.pig.plugin import PLUGIN

    assert view_of(PLUGIN) is PAGES and PAGES.kinds == {"pig"}


def test_the_options_page_shows_and_saves_the_goal_of_pigs_model(web: TestClient) -> None:
    table_id = _table(web)
    page = html.unescape(web.get(f"/t/{table_id}/options").text)
    assert re.findall(r'id="option-([a-z_]+)"', page) == ["goal"]
    assert "The points a player banks to win" in page and 'value="20"' in page
    refused = web.post(f"/t/{table_id}/options", data={"goal": "4", "csrf": csrf(web)})
    assert refused.status_code == 400 and 'id="problem-goal"' in refused.text
    assert web.get(f"/api/v1/tables/{table_id}/options").json()["options"][0]["value"] == 20
    saved = web.post(f"/t/{table_id}/options", data={"goal": "30", "csrf": csrf(web)})
    assert saved.status_code == 200 and 'id="options-saved"' in saved.text and 'value="30"' in saved.text
    session_id = _session(web, table_id)
    assert _api(web, session_id)["state"]["options"] == {"goal": 30}
    assert "the first to bank 30 wins" in html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)


def test_the_session_page_plays_a_turn_and_the_gm_undoes_and_redoes_it(web: TestClient) -> None:
    table_id = _table(web)
    session_id = _session(web, table_id)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert page.startswith("<!doctype html>") and 'id="live"' in page
    assert _scores(page) == {"Ayla": 0, "Bren": 0}
    assert "Ayla's turn: 0 points not banked yet." in page
    # the GM may give any player's command: the buttons are the legal entries, refused ones with why
    assert _forms(page) == [{"roll": {"actor": "Ayla"}}]
    assert "Ayla has no points to bank yet: roll first." in page
    fragment = web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
    assert fragment.startswith('<div id="game"') and "<html" not in fragment
    rolled = _play(web, table_id, session_id, {"roll": {"actor": "Ayla"}}, dice="6")
    assert rolled.startswith('<div id="game"') and "Ayla's turn: 6 points not banked yet." in rolled
    assert _forms(rolled) == [{"roll": {"actor": "Ayla"}}, {"hold": {"actor": "Ayla"}}]
    held = _play(web, table_id, session_id, {"hold": {"actor": "Ayla"}})
    assert _scores(held) == {"Ayla": 6, "Bren": 0} and "Bren's turn" in held
    assert 'id="refusal"' not in held
    undone = web.post(f"/t/{table_id}/s/{session_id}/undo", data={"version": "2"}, headers=_csrf(web))
    assert undone.status_code == 200 and _scores(html.unescape(undone.text)) == {"Ayla": 0, "Bren": 0}
    assert _api(web, session_id)["version"] == 1
    redone = web.post(f"/t/{table_id}/s/{session_id}/redo", data={"version": "1"}, headers=_csrf(web))
    assert _scores(html.unescape(redone.text)) == {"Ayla": 6, "Bren": 0}


def test_a_refused_or_damaged_command_changes_nothing_and_says_why(web: TestClient) -> None:
    table_id = _table(web)
    session_id = _session(web, table_id)
    early = _play(web, table_id, session_id, {"hold": {"actor": "Ayla"}})
    assert 'id="refusal"' in early and "Ayla has no points to bank yet: roll first." in early
    damaged = _play(web, table_id, session_id, {"roll": {"actor": "Ayla"}}, dice="six")
    assert 'id="refusal"' in damaged and "This form is damaged; reload the page." in damaged
    broken = web.post(
        f"/t/{table_id}/s/{session_id}/do", data={"command": "{", "version": "0"}, headers=_csrf(web)
    )
    assert broken.status_code == 200 and 'id="refusal"' in broken.text
    assert _api(web, session_id)["version"] == 0
    no_token = web.post(f"/t/{table_id}/s/{session_id}/do", data={"command": "{}", "version": "0"})
    assert no_token.status_code == 403


def test_a_player_takes_a_player_of_the_game_and_gives_only_their_commands(web: TestClient) -> None:
    table_id = _table(web)
    session_id = _session(web, table_id)
    gm = dict(web.cookies)
    shown = web.get(f"/t/{table_id}").text
    code = re.search(r'class="code">([^<]+)<', shown)
    assert code is not None
    web.cookies.clear()
    assert join(web, table_id, code.group(1), "Ayla", follow_redirects=False).status_code == 303
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert "Play Ayla" in page and "Play Bren" in page and _forms(page) == []
    raw = web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": "Ayla"}, headers=_csrf(web)).text
    taken = html.unescape(raw)
    assert "You play Ayla" in taken and "Play Bren" not in taken
    assert _forms(taken) == [{"roll": {"actor": "Ayla"}}]
    assert 'action="/t/' not in taken and "/undo" not in taken  # undo is the GM's
    bren = _play(web, table_id, session_id, {"roll": {"actor": "Bren"}})
    assert 'id="refusal"' in bren and _api(web, session_id)["version"] == 0
    web.cookies.clear()
    web.cookies.update(gm)
    assert "Played by Ayla" in html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
