"""The session pages of INS/MV, Warzone and Carpathes without a browser: the GM starts a session
from the table page, the buttons are the legal-action query's entries, a command goes through a
form, the numbers shown are the engine's, and a refused command shows the engine's reason."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.web.games import EXAMPLES
from tests.server.conftest import database_url
from tests.web.forms import create_table


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    app = build_app(Settings(db=database_url(tmp_path)))
    with TestClient(app) as client:
        yield client
    app.state.store.close()


def _csrf(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": client.cookies["meneur_csrf"]}


def _session(client: TestClient, system: str, setup: Any = None) -> tuple[str, str]:
    """A table of ``system`` created from the home page, then a session started from its page."""
    answer = create_table(client, "Jeudi", system)
    assert answer.status_code == 303
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    table = client.get(f"/t/{table_id}")
    assert f"/t/{table_id}/new-session" in table.text  # the GM's way to start one
    form = client.get(f"/t/{table_id}/new-session")
    assert form.status_code == 200 and "Yves" in form.text if system == "insmv" else True
    text = json.dumps(setup if setup is not None else EXAMPLES[system], ensure_ascii=False)
    created = client.post(
        f"/t/{table_id}/new-session",
        data={"setup": text, "csrf": client.cookies["meneur_csrf"]},
        follow_redirects=False,
    )
    assert created.status_code == 303, created.text
    session_id = created.headers["location"].rsplit("/", 1)[-1]
    assert f"/t/{table_id}/s/{session_id}" in client.get(f"/t/{table_id}").text
    return table_id, session_id


def _forms(page: str) -> list[str]:
    """The commands of the page's enabled buttons (each form's hidden ``command``)."""
    return [html.unescape(m) for m in re.findall(r'name="command" value="([^"]*)"', page)]


def _api(client: TestClient, session_id: str, what: str = "") -> Any:
    return client.get(f"/api/v1/sessions/{session_id}{what}").json()


def _play(client: TestClient, table_id: str, session_id: str, command: Any, **extra: str) -> str:
    version = _api(client, session_id)["version"]
    answer = client.post(
        f"/t/{table_id}/s/{session_id}/play",
        data={"command": json.dumps(command), "version": str(version), **extra},
        headers=_csrf(client),
    )
    assert answer.status_code == 200
    return answer.text


def test_insmv_session_shows_the_beings_and_spends_power_points_from_a_form(web: TestClient) -> None:
    table_id, session_id = _session(web, "insmv")
    page = web.get(f"/t/{table_id}/s/{session_id}")
    assert (
        page.status_code == 200
        and f'ws-connect="/t/{table_id}/live?page=game&amp;session={session_id}&amp;after=' in page.text
    )
    state = _api(web, session_id)["state"]
    assert "Présence 3" in page.text and "Discussion" in page.text and "Charme 3" in page.text
    legal = _api(web, session_id, "/legal")["legal"]
    offered = [entry["command"] for entry in legal]
    assert all(json.loads(wire) in offered for wire in _forms(page.text))  # every button from legal
    assert "Chances avant le jet" in page.text  # a test's odds before rolling
    spend = {"spend": {"being": "Yves", "cost": 1}}
    assert json.dumps(spend, ensure_ascii=False) in _forms(page.text)
    after = _play(web, table_id, session_id, spend, amount="2")
    state = _api(web, session_id)["state"]
    left = state["beings"]["Yves"]["power_points"]
    assert left is not None and re.search(rf'data-field="pp">{left}<', after)
    # a refused command: the engine's reason, beside the buttons
    refused = _play(web, table_id, session_id, {"spend": {"being": "Yves", "cost": 40}})
    assert 'id="refusal"' in refused and "points de pouvoir" in refused


def test_insmv_test_odds_are_the_single_roll_pages_odds(web: TestClient) -> None:
    from meneur.systems.insmv.engine import state_from_json
    from meneur.systems.insmv.odds import odds_of
    from meneur.systems.insmv.resolution import TestRequest, plan_test

    table_id, session_id = _session(web, "insmv")
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    asmo = state_from_json(_api(web, session_id)["state"]).beings["Asmo"]
    # the legal « test value 3, voluntary shift 5 » of Asmo: the table UM's odds (table_um.py)
    found = odds_of(plan_test(TestRequest(3, None, 0, 5, None), asmo.rules))
    assert f"succès {float(found.success) * 100:.2f} %" in page


def test_warzone_session_shows_power_and_actions_left(web: TestClient) -> None:
    table_id, session_id = _session(web, "warzone")
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    assert 'data-field="power">14<' in page
    _play(web, table_id, session_id, {"activate": {"model": "Mystic"}})
    page = _play(web, table_id, session_id, {"declare": {"names": ["Shield", "Haste"], "model": "Mystic"}})
    state = _api(web, session_id)["state"]["models"]["Mystic"]
    assert f'data-field="actions">{state["actions_left"]}<' in page
    assert "1. Shield" in page and "2. Haste" in page  # techniques in order
    assert "Chances avant le jet" in page  # the next technique's odds before rolling
    refused = _play(web, table_id, session_id, {"activate": {"model": "Mystic"}})
    assert 'id="refusal"' in refused


def test_carpathes_session_shows_traits_defense_talisman_and_joker(web: TestClient) -> None:
    table_id, session_id = _session(web, "carpathes")
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    assert "Mihail" in page and 'data-field="talisman"' in page and 'data-field="joker"' in page
    assert "Aucune séance n&#39;est en cours" in page or "Aucune séance n'est en cours" in page  # greyed
    refused = _play(web, table_id, session_id, {"roll": {"pc": "Mihail", "trait": "mental"}})
    assert 'id="refusal"' in refused and "séance" in refused
    _play(web, table_id, session_id, "start_session")
    page = _play(web, table_id, session_id, "start_scene")
    assert '{"roll": {"pc": "Mihail", "trait": "mental"}}' in _forms(page)
    assert "Chances avant le jet" in page
    state = _api(web, session_id)["state"]
    assert state["session"] == 1


def test_a_setup_that_does_not_read_is_shown_beside_the_field(web: TestClient) -> None:
    answer = create_table(web, "Jeudi", "warzone")
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    bad = web.post(
        f"/t/{table_id}/new-session",
        data={"setup": '{"figures": [{"name": "X"}]}', "csrf": web.cookies["meneur_csrf"]},
    )
    assert bad.status_code == 400 and 'role="alert"' in bad.text and "figures" in bad.text


def test_carpathes_initiative_for_the_scene_is_the_engines_order(web: TestClient) -> None:
    table_id, session_id = _session(web, "carpathes")
    for command in ("start_session", "start_scene", {"begin_confrontation": {"creature": "vampire"}}):
        _play(web, table_id, session_id, command)
    page = _play(web, table_id, session_id, "roll_initiative", dice="")
    order = [item["name"] for item in _api(web, session_id)["state"]["initiative"]]
    assert order and ", ".join(order) in page


def test_the_session_page_speaks_english_on_request(web: TestClient) -> None:
    table_id, session_id = _session(web, "insmv")
    web.post("/language", data={"lang": "en", "next": "/"}, headers=_csrf(web))
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    assert "Odds before rolling:" in page and "spend power points" in page and "Power points" in page
    assert "Chances avant le jet" not in page


def test_the_energy_fight_keeps_its_own_page(web: TestClient) -> None:
    answer = create_table(web, "Mardi", "energy")
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    page = web.get(f"/t/{table_id}").text
    found = re.search(rf"/t/{table_id}/s/([0-9a-f]+)", page)
    assert found is not None and f"/t/{table_id}/new-session" not in page
    fight = web.get(f"/t/{table_id}/s/{found.group(1)}").text
    assert 'id="fight"' in fight and 'id="game"' not in fight
    assert web.get(f"/t/{table_id}/s/{found.group(1)}/game").status_code == 404
