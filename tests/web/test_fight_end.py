"""The end of an Energy fight on the pages, without a browser: a decided fight says so on every
screen, the GM's first action is « terminer le combat » (asked to confirm), the players wait for the
GM, and the end's summary is on every screen; an empty maintenance phase passes by itself; the NPC
Vigueur bar reads its fraction.

Rules: 002_58e889a1abff3456.txt ("Lorsque le combat est terminé et que tout danger immédiat est écarté",
"la phase d'entretien"); readings in docs/rulings/energy-combat.md.
"""

from __future__ import annotations

import html
import json
import re

from tests.inprocess import TestClient
from tests.web.forms import csrf
from tests.web.test_gm_tools import _as, _csrf, _options_form, _player, _started


def _version(text: str) -> int:
    found = re.search(r'data-version="(\d+)"', text)
    assert found is not None
    return int(found.group(1))


def _page(web: TestClient, table_id: str, session_id: str) -> str:
    return html.unescape(_raw(web, table_id, session_id))


def _raw(web: TestClient, table_id: str, session_id: str) -> str:
    return web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text


def _command(raw: str, kind: str) -> str:
    """The command of the first legal entry of ``kind`` on a page (its HTML as sent)."""
    found = re.search(rf'data-kind="{kind}"[^>]*>\s*<input type="hidden" name="command" value="([^"]+)"', raw)
    assert found is not None, kind
    return html.unescape(found.group(1))


def _knock_out(web: TestClient, table_id: str, session_id: str, target: str) -> str:
    version = _version(_page(web, table_id, session_id))
    data = {"op": "adjust", "version": str(version), "target": target, "vigor": "0", "reason": "test"}
    answer = web.post(f"/t/{table_id}/s/{session_id}/gm", data=data, headers=_csrf(web))
    assert answer.status_code == 200 and 'role="alert"' not in answer.text, answer.text
    return html.unescape(answer.text)


def _claim(web: TestClient, table_id: str, session_id: str, actor: str) -> None:
    answer = web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": actor}, headers=_csrf(web))
    assert answer.status_code == 200


def test_a_decided_fight_ends_with_a_summary_on_every_screen(web: TestClient) -> None:
    table_id, session_id = _started(web)
    gm = dict(web.cookies)
    ayla = _player(web, table_id, "Ayla")
    bren = _player(web, table_id, "Bren")
    for cookies, hero in ((ayla, "kitsune"), (bren, "wink")):
        _as(web, cookies)
        _claim(web, table_id, session_id, hero)
    _as(web, gm)
    _knock_out(web, table_id, session_id, "agent1")
    page = _knock_out(web, table_id, session_id, "agent2")
    # the GM sees the fight decided and « terminer le combat » first, asked to confirm
    assert "tous les adversaires sont hors combat" in page
    game = page.split('id="game-title"', 1)[1]
    first = re.search(r'<form class="action"[^>]*data-kind="(\w+)"[^>]*hx-confirm="([^"]+)"', game)
    assert first is not None and first.group(1) == "end"
    assert first.group(2).startswith("Terminer le combat\u00a0?")
    # WINK's player has nothing to do while the GM must act: his phone says so
    _as(web, bren)
    shown = _page(web, table_id, session_id)
    assert 'id="waiting-gm">En attente du MJ' in shown and 'id="decided"' in shown
    _as(web, gm)
    done = web.post(
        f"/t/{table_id}/s/{session_id}/do",
        data={"command": _command(_raw(web, table_id, session_id), "end"), "version": str(_version(page))},
        headers=_csrf(web),
    )
    assert done.status_code == 200 and 'role="alert"' not in done.text
    for cookies in (gm, ayla, bren):
        _as(web, cookies)
        shown = _page(web, table_id, session_id)
        assert "Le combat est fini" in shown and "Après le combat" not in shown
        summary = shown.split('id="summary"', 1)[1].split("</section>", 1)[0]
        assert "Les héros l'emportent\u00a0: tous les adversaires sont hors combat." in summary
        assert "Agent Octopus 1" in summary and "mis hors combat" in summary
        assert "En attente du MJ" not in shown
        assert f'href="/t/{table_id}"' in summary
        assert (f'href="/t/{table_id}/new-fight"' in summary) == (cookies is gm)
        # an NPC's Vigueur stays the GM's (the table hides it by default): no number for a player
        agent = summary.split("Agent Octopus 1", 1)[1].split("</tr>", 1)[0]
        assert ('data-field="vigor-lost">cachée' in agent) == (cookies is not gm)
    web.cookies.clear()
    assert web.get(f"/t/{table_id}/s/{session_id}").status_code == 401  # a stranger sees nothing


def test_an_empty_maintenance_phase_passes_by_itself_as_its_own_entry(web: TestClient) -> None:
    """ "la phase d'entretien": with nothing to maintain or keep, the turn goes on to its action phases."""
    table_id, session_id = _started(web)
    page = _raw(web, table_id, session_id)
    for _ in range(4):  # the four action phases of turn 1 (KITSUNE, WINK, the agents)
        page = web.post(
            f"/t/{table_id}/s/{session_id}/do",
            data={"command": _command(page, "pass"), "version": str(_version(page))},
            headers=_csrf(web),
        ).text
    state = web.get(f"/api/v1/sessions/{session_id}").json()["state"]
    assert (state["turn"], state["phase"]) == (2, "action")
    log = web.get(f"/api/v1/sessions/{session_id}/log").json()["log"]
    assert [next(iter(e["events"][0])) for e in log[-2:]] == ["action_phase_ended", "maintenance_ended"]
    # undo takes the forced pass back alone: the maintenance phase again
    undone = web.post(
        f"/t/{table_id}/s/{session_id}/undo", data={"version": str(_version(page))}, headers=_csrf(web)
    )
    assert undone.status_code == 200
    assert web.get(f"/api/v1/sessions/{session_id}").json()["state"]["phase"] == "maintenance"


def test_a_full_npc_shows_a_full_bar_once_the_table_shows_bars(web: TestClient) -> None:
    """The table option npc_vigueur « une barre »: a gauge in tenths, full for a full NPC, applied to
    the running fight at once."""
    table_id, session_id = _started(web)
    player = _player(web, table_id)
    saved = web.post(f"/t/{table_id}/options", data={**_options_form(npc_vigueur="bar"), "csrf": csrf(web)})
    assert saved.status_code == 200
    _as(web, player)
    card = _page(web, table_id, session_id).split('id="fighter-agent1"', 1)[1].split("</article>", 1)[0]
    assert 'style="width: 100%"' in card and "environ 100\u00a0%" in card and "cachée" not in card
    state = web.get(f"/api/v1/sessions/{session_id}").json()["state"]
    agent = next(c for c in state["combatants"] if c["id"] == "agent1")
    assert (agent["vigor"], agent["vigor_bar"]) == (None, 1.0)
    assert json.dumps(agent)  # the API gives the same fraction the page draws
