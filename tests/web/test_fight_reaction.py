"""The Energy fight calls its player and tells them what a reaction leads to: the fragment marks a
viewer whose character acts (``data-my-turn``) or is attacked (``data-must-react``), and the reaction
card says what each defence leads to (the engine's foresight, :mod:`meneur.systems.energy.combat.foresee`,
on the state as its viewer knows it) and the defence in place already. "le nombre de points de
vigueur perdus par l'adversaire est égal à la différence entre les points d'énergie investis en
attaque et ceux investis en défense" (002_58e889a1abff3456.txt).
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from meneur.systems.energy.combat.engine import state_from_json
from meneur.systems.energy.combat.foresee import foresee
from meneur.systems.energy.combat.state import FightState
from tests.inprocess import TestClient
from tests.web.forms import csrf, join
from tests.web.test_pages import _table

FORM = re.compile(r'<form class="action"[^>]*data-kind="(\w+)"[^>]*>(.*?)</form>', re.S)


def _forms(client: TestClient, url: str) -> list[tuple[str, Any, list[str]]]:
    """The page's action forms: kind, command, the foresight sentences it carries."""
    raw = client.get(url, headers={"HX-Request": "true"}).text
    found = []
    for kind, body in FORM.findall(raw):
        command = re.search(r'name="command" value="([^"]+)"', body)
        told = re.search(r'data-foresight="([^"]+)"', body)
        assert command is not None
        found.append(
            (
                kind,
                json.loads(html.unescape(command.group(1))),
                json.loads(html.unescape(told.group(1))) if told else [],
            )
        )
    return found


def _do(
    client: TestClient, url: str, verb: str, version: int, tokens: int | None = None, **fields: Any
) -> None:
    command = next(
        c
        for _, c, _ in _forms(client, url)
        if isinstance(c, dict) and verb in c and fields.items() <= c[verb].items()
    )
    data = {"command": json.dumps(command), "version": str(version)}
    if tokens is not None:
        data["tokens"] = str(tokens)
    done = client.post(f"{url}/do", data=data, headers={"X-CSRF-Token": csrf(client)})
    assert done.status_code == 200 and 'role="alert"' not in done.text, done.text


def _as(client: TestClient, cookies: dict[str, str]) -> TestClient:
    client.cookies.clear()
    client.cookies.update(cookies)
    return client


def _engine(client: TestClient, session_id: str) -> FightState:
    answer = client.get(f"/api/v1/sessions/{session_id}")
    assert answer.status_code == 200
    return state_from_json(answer.json()["state"])


def _kitsune_shot(web: TestClient) -> tuple[str, str, dict[str, str], dict[str, str]]:
    """The demo fight with Ayla playing KITSUNE: started, KITSUNE passes, the GM passes for WINK and
    the second agent shoots KITSUNE. The session's page, its id, the GM's and Ayla's cookies."""
    table_id, session_id = _table(web)
    url = f"/t/{table_id}/s/{session_id}"
    gm = dict(web.cookies)
    code = re.search(r'class="code">([^<]+)<', web.get(f"/t/{table_id}").text)
    assert code is not None
    web.cookies.clear()
    join(web, table_id, code.group(1), "Ayla")
    web.post(f"{url}/claim", data={"actor": "kitsune"}, headers={"X-CSRF-Token": csrf(web)})
    player = dict(web.cookies)
    start = {"command": '"start"', "version": "0"}
    web.post(f"{url}/do", data=start, headers={"X-CSRF-Token": csrf(_as(web, gm))})
    assert _marks(_as(web, player), url) == {"data-my-turn": "", "data-alert-title": "À vous"}
    assert _marks(_as(web, gm), url) == {}
    _do(_as(web, player), url, "pass", 1, actor="kitsune")
    assert _marks(web, url) == {}
    _do(_as(web, gm), url, "pass", 2, actor="wink")
    _do(web, url, "attack", 3, tokens=3, actor="agent2", target="kitsune")
    return url, session_id, gm, player


def _marks(client: TestClient, url: str) -> dict[str, str]:
    """The alert marks of the fight's fragment as this viewer receives it."""
    raw = client.get(url, headers={"HX-Request": "true"}).text
    head = re.search(r'<div id="fight"[^>]*>', raw)
    assert head is not None
    found = dict(
        re.findall(r'\s(data-my-turn|data-must-react|data-alert-title)(?:="([^"]*)")?', head.group(0))
    )
    return {k: html.unescape(v) for k, v in found.items()}


def test_the_fragment_marks_the_viewer_whose_character_acts_or_is_attacked(web: TestClient) -> None:
    """ "le défenseur peut engager des points d'énergie en défense s'il le souhaite en réaction"
    (002_58e889a1abff3456.txt): the attacked character's player is told, no one else."""
    url, _session, gm, player = _kitsune_shot(web)
    assert _marks(_as(web, player), url) == {"data-must-react": "", "data-alert-title": "On vous attaque"}
    assert 'data-alert-focus="reaction"' in web.get(url, headers={"HX-Request": "true"}).text
    assert _marks(_as(web, gm), url) == {}


def test_the_attacked_player_reads_what_not_defending_and_each_defence_costs(web: TestClient) -> None:
    url, session_id, gm, player = _kitsune_shot(web)
    _as(web, gm)
    state = _engine(web, session_id)

    page = html.unescape(_as(web, player).get(url, headers={"HX-Request": "true"}).text)
    lost = foresee(state, 0).vigor_lost
    assert lost > 0
    assert f"Sans défense\u00a0: vous perdrez {lost} de Vigueur." in page
    assert re.search(r'data-field="defense-in-place">0<', page)
    defences = [(c["defend"], told) for kind, c, told in _forms(web, url) if kind == "defend"]
    assert defences and all(told for _, told in defences)
    for defend, told in defences:
        for tokens, sentence in enumerate(told):
            seen = foresee(state, tokens, defend.get("power"))
            loss = (
                f"vous perdrez {seen.vigor_lost} de Vigueur" if seen.vigor_lost else "aucune Vigueur perdue"
            )
            assert sentence.startswith(loss), (tokens, sentence)
            assert sentence.endswith(
                f"{seen.energy} jeton restant" if seen.energy < 2 else f"{seen.energy} jetons restants"
            )
    assert any("aucune Vigueur perdue" in told[-1] for _, told in defences)
