"""The GM's help with non-player characters on the fight page: the tactical AI's suggestion (in the
viewer's language, played through the fight's own ``/do`` route) and auto-play, a task of the
server's event loop that plays the NPCs through the same service until a player's character must
act (``docs/web.md``, "Non-player characters")."""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.systems.energy.view import autoplay, npc
from tests.inprocess import TestClient
from tests.server.conftest import ready_database_url
from tests.web.forms import join
from tests.web.test_pages import _csrf, _table

KITSUNE_ATTACKS = {"attack": {"actor": "kitsune", "target": "agent1", "tokens": 6, "power": 0}}


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    app = build_app(Settings(db=ready_database_url(tmp_path)))
    with TestClient(app) as client:
        app.state.web_autoplay_pause = 0  # the pause is for the people at the table
        yield client
    app.state.store.close()


def _do(web: TestClient, table_id: str, session_id: str, command: object, version: int) -> str:
    done = web.post(
        f"/t/{table_id}/s/{session_id}/do",
        data={"command": json.dumps(command), "version": str(version)},
        headers=_csrf(web),
    )
    assert done.status_code == 200 and 'role="alert"' not in done.text, html.unescape(done.text)[:400]
    return done.text


def _version(page: str) -> int:
    found = re.search(r'data-version="(\d+)"', page)
    assert found is not None
    return int(found.group(1))


def _settled(web: TestClient, table_id: str, session_id: str, version: int) -> str:
    """The GM's fragment once the session reached ``version`` and auto-play waits for a player."""
    deadline = time.monotonic() + 30  # a bound against a hang, not a measure
    while True:
        page = web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
        found = autoplay.autoplay_of(web.app, session_id)
        if _version(page) >= version and (found is None or not found.on or found.waiting):
            return page
        assert time.monotonic() < deadline, f"stuck at move {_version(page)}"
        time.sleep(0.02)


def _commands(page: str) -> list[object]:
    return [json.loads(html.unescape(c)) for c in re.findall(r'name="command" value="([^"]+)"', page)]


def test_the_gm_is_offered_a_suggestion_only_when_a_non_player_character_must_act(web: TestClient) -> None:
    table_id, session_id = _table(web)
    started = _do(web, table_id, session_id, "start", 0)
    assert 'id="npc-help"' in started and 'id="suggest"' not in started  # KITSUNE, a player character, acts
    reacting = html.unescape(_do(web, table_id, session_id, KITSUNE_ATTACKS, 1))
    assert 'id="suggest"' in reacting and "Suggérer (Agent Octopus 1)" in reacting


def test_the_suggestion_is_the_policys_command_with_its_reasons_in_the_viewers_language(
    web: TestClient,
) -> None:
    table_id, session_id = _table(web)
    _do(web, table_id, session_id, "start", 0)
    _do(web, table_id, session_id, KITSUNE_ATTACKS, 1)
    raw = web.get(f"/t/{table_id}/s/{session_id}/suggest").text
    french = html.unescape(raw)
    # the heuristic keeps its tokens: an attack worth 7 cannot be stopped by Agent Octopus 1's 3 tokens
    assert "Suggéré :" in french and "Agent Octopus 1 se défend contre KITSUNE" in french
    assert "ne peut pas l'arrêter" in french and "Autre possibilité :" in french
    assert "Jouer : se défendre avec Défense" in french
    english = html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}/suggest", headers={"Accept-Language": "en"}).text
    )
    assert "Agent Octopus 1 defends against KITSUNE" in english and "cannot stop it" in english
    assert "Play: defend with Défense" in english
    proposed = _commands(raw)
    assert proposed[0] == {"defend": {"actor": "agent1", "power": 1}} and len(proposed) >= 2
    # its button plays it through the fight's own route: the engine applies it
    after = html.unescape(_do(web, table_id, session_id, proposed[0], 2))
    assert _version(after) == 3 and "Tour 1, phase d'action : KITSUNE" in after
    # a player's character acts now: nothing to suggest
    nothing = html.unescape(web.get(f"/t/{table_id}/s/{session_id}/suggest").text)
    assert "Aucun personnage non joueur ne doit agir" in nothing


def test_the_help_is_the_gms_only(web: TestClient) -> None:
    table_id, session_id = _table(web)
    code = web.get(f"/t/{table_id}")
    found = re.search(r'class="code">([^<]+)<', code.text)
    assert found is not None
    web.cookies.clear()
    join(web, table_id, found.group(1), "Ayla")
    assert (
        'id="npc-help"' not in web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
    )
    assert web.get(f"/t/{table_id}/s/{session_id}/suggest").status_code == 403
    switched = web.post(f"/t/{table_id}/s/{session_id}/autoplay", data={"on": "on"}, headers=_csrf(web))
    assert switched.status_code == 403 and autoplay.autoplay_of(web.app, session_id) is None


def test_auto_play_plays_the_npcs_turns_and_reactions_until_a_player_character_must_act(
    web: TestClient,
) -> None:
    table_id, session_id = _table(web)
    on = web.post(f"/t/{table_id}/s/{session_id}/autoplay", data={"on": "on"}, headers=_csrf(web))
    assert 'aria-checked="true"' in on.text
    _do(web, table_id, session_id, "start", 0)  # before the start auto-play waits: the GM starts
    _do(web, table_id, session_id, KITSUNE_ATTACKS, 1)
    # Agent Octopus 1 reacts by itself, then KITSUNE must act: auto-play waits, still on
    page = html.unescape(_settled(web, table_id, session_id, 3))
    assert _version(page) == 3 and "Tour 1, phase d'action : KITSUNE" in page
    log = web.get(f"/api/v1/sessions/{session_id}/log").json()["log"]
    assert log[2]["command"] == {"defend": {"actor": "agent1", "power": 1}}
    # KITSUNE passes, WINK charges Agent Octopus 2, who defends by itself
    _do(web, table_id, session_id, {"pass": {"actor": "kitsune"}}, 3)
    charge = {"charge": {"actor": "wink", "target": "agent2", "to": [24.0, 0.0], "tokens": 5, "power": 0}}
    _do(web, table_id, session_id, charge, 4)
    _settled(web, table_id, session_id, 6)
    _do(web, table_id, session_id, {"pass": {"actor": "wink"}}, 6)
    # Agent Octopus 2's own turn; then the maintenance phase, where the players may still act
    page = html.unescape(_settled(web, table_id, session_id, 8))
    log = web.get(f"/api/v1/sessions/{session_id}/log").json()["log"]
    played = [entry["command"] for entry in log]
    assert played[5] == {"defend": {"actor": "agent2", "tokens": 4, "power": 1}}
    assert played[7] == {"pass": {"actor": "agent2"}}  # no attack is worth its tokens
    assert len(played) == 8 and "phase d'entretien" in page and 'aria-checked="true"' in page
    # the GM passes it: a new turn, KITSUNE acts first, auto-play waits
    _do(web, table_id, session_id, "pass", 8)
    page = html.unescape(_settled(web, table_id, session_id, 9))
    assert (
        "Tour 2, phase d'action : KITSUNE" in page
        and len(web.get(f"/api/v1/sessions/{session_id}/log").json()["log"]) == 9
    )
    off = web.post(f"/t/{table_id}/s/{session_id}/autoplay", data={"on": ""}, headers=_csrf(web))
    assert 'aria-checked="false"' in off.text and autoplay.autoplay_of(web.app, session_id).on is False  # type: ignore[union-attr]


def test_undo_switches_auto_play_off_so_the_undone_move_is_not_played_again(web: TestClient) -> None:
    table_id, session_id = _table(web)
    _do(web, table_id, session_id, "start", 0)
    web.post(f"/t/{table_id}/s/{session_id}/autoplay", data={"on": "on"}, headers=_csrf(web))
    _do(web, table_id, session_id, KITSUNE_ATTACKS, 1)
    _settled(web, table_id, session_id, 3)  # Agent Octopus 1 defended by itself
    undone = web.post(f"/t/{table_id}/s/{session_id}/undo", data={"version": "3"}, headers=_csrf(web))
    assert _version(undone.text) == 2 and 'aria-checked="false"' in undone.text
    assert 'id="suggest"' in undone.text  # Agent Octopus 1 must react again: the GM decides


def test_a_refused_command_switches_auto_play_off_with_the_engines_reason(
    web: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from meneur.systems.energy.combat.commands import Attack

    table_id, session_id = _table(web)
    _do(web, table_id, session_id, "start", 0)
    _do(web, table_id, session_id, KITSUNE_ATTACKS, 1)
    # a policy that attacks out of turn: the engine refuses it
    wrong = npc.NpcMove(Attack(actor="agent2", target="kitsune", tokens=1, power=0), None)
    monkeypatch.setattr(npc, "npc_move", lambda state, players, seed=0: wrong)
    web.post(f"/t/{table_id}/s/{session_id}/autoplay", data={"on": "on"}, headers=_csrf(web))
    deadline = time.monotonic() + 30
    while (found := autoplay.autoplay_of(web.app, session_id)) is not None and found.on:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text)
    assert 'id="autoplay-stopped"' in page and 'aria-checked="false"' in page
    assert _version(page) == 2  # nothing was applied


def test_auto_play_switches_itself_off_when_a_side_is_down(web: TestClient) -> None:
    table_id, session_id = _table(web)
    _do(web, table_id, session_id, "start", 0)
    for version, agent in enumerate(("agent1", "agent2"), start=1):
        adjusted = web.post(
            f"/t/{table_id}/s/{session_id}/gm",
            data={"op": "adjust", "version": str(version), "target": agent, "vigor": "0", "reason": "test"},
            headers=_csrf(web),
        )
        assert 'role="alert"' not in adjusted.text, html.unescape(adjusted.text)[:300]
    web.post(f"/t/{table_id}/s/{session_id}/autoplay", data={"on": "on"}, headers=_csrf(web))
    _settled(web, table_id, session_id, 3)
    found = autoplay.autoplay_of(web.app, session_id)
    assert found is not None and not found.on
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text)
    # nothing applied: ending the fight is the GM's, asked to confirm (ruling "A fight is decided when a
    # side is all out; the GM ends it")
    stopped = "Jeu automatique arrêté\u00a0: un camp est entièrement hors combat\u00a0; terminez le combat"
    assert stopped in page and _version(page) == 3
    assert "tous les adversaires sont hors combat" in page
