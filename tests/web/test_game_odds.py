"""The odds before rolling of an INS/MV opposed test and of a Carpathes attack on the session pages,
without a browser: each number shown is the rules core's own function (``opposed_winner_odds``,
``wound_odds``) for the same plans and terms, and follows what is chosen beside the button."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meneur.server.app import build_app
from meneur.server.config import Settings
from tests.server.conftest import database_url
from tests.web.test_games import _api, _play, _session


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    app = build_app(Settings(db=database_url(tmp_path)))
    with TestClient(app) as client:
        yield client
    app.state.store.close()


def _form(page: str, kind: str, actor: str, has: str = "") -> str:
    """The first button's form of ``kind`` for ``actor`` (whose command holds ``has``), unescaped."""
    for found in re.finditer(r'<form class="action[^"]*"[^>]*>.*?</form>', page, re.S):
        form = html.unescape(found.group(0))
        if f'data-kind="{kind}"' in form and f'data-actor="{actor}"' in form and has in form:
            return form
    raise AssertionError(f"no {kind} button for {actor}")


def _shown(part: str) -> list[tuple[str, str]]:
    """The outcomes a form (or an odds fragment) shows before rolling: (words, per cent)."""
    return re.findall(r'<span data-outcome="\d+">([^<]*?) ([\d.]+) %</span>', part)


def _percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.2f}"


def _command(form: str) -> str:
    found = re.search(r'name="command" value="(\{.*?\})">', form)
    assert found is not None
    return found.group(1)


def _insmv_winners(web: TestClient, session_id: str, a: Any, b: Any) -> dict[str, Fraction]:
    """Who wins the opposed test of Asmo (request ``a``) against Yves (``b``), by the rules core."""
    from meneur.systems.insmv.engine import state_from_json
    from meneur.systems.insmv.odds import opposed_winner_odds
    from meneur.systems.insmv.resolution import plan_test

    state = state_from_json(_api(web, session_id)["state"])
    plan_a = plan_test(a, state.beings["Asmo"].rules)
    plan_b = plan_test(b, state.beings["Yves"].rules)
    return opposed_winner_odds(plan_a, plan_b, state.options)


WINNER_WORDS = {
    "attacker": "Asmo l'emporte",
    "defender": "Yves l'emporte",
    "both_failed": "les deux ratent",
    "tie": "égalité (le maître de jeu décide)",
}


def test_an_opposed_test_shows_who_wins_and_each_sides_column_before_rolling(web: TestClient) -> None:
    """« Le résultat le plus important indique le vainqueur du conflit ... Si le résultat des unités
    est identique, c'est le maître de jeu qui décide » (000_008acb24c72771e3.txt): the chances of
    each are the rules core's for both sides' tests (value 3, moyenne row, no shift)."""
    from meneur.systems.insmv.resolution import TestRequest

    table_id, session_id = _session(web, "insmv")
    form = _form(web.get(f"/t/{table_id}/s/{session_id}").text, "opposed", "Asmo")
    winners = _insmv_winners(
        web, session_id, TestRequest(3, None, 0, 0, None), TestRequest(3, None, 0, 0, None)
    )
    assert _shown(form) == [(WINNER_WORDS[key], _percent(chance)) for key, chance in winners.items()]
    assert sum(winners.values()) == 1
    # each side's place on the table UM, named, and its row and shift to choose
    assert "Attaquant : Asmo" in form and "Défenseur : Yves" in form
    assert form.count("La table UM : colonne 6 (depuis 6, décalage +0)") == 2
    for name in ("difficulty_a", "shift_a", "difficulty_b", "shift_b", "dice"):
        assert f'name="{name}"' in form  # the dice rolled at the table may be entered too


def test_an_opposed_tests_odds_follow_each_sides_row_and_shift_and_the_test_carries_them(
    web: TestClient,
) -> None:
    """« le maître de jeu ... repère ... la difficulté de l'action entreprise à gauche » for each
    side (000_008acb24c72771e3.txt): a hard row for Asmo and two columns to the left for Yves."""
    from meneur.systems.insmv.resolution import TestRequest
    from meneur.systems.insmv.table_um import Difficulty

    table_id, session_id = _session(web, "insmv")
    form = _form(web.get(f"/t/{table_id}/s/{session_id}").text, "opposed", "Asmo")
    command = _command(form)
    chosen = {"difficulty_a": "difficile", "shift_b": "-2"}
    answer = web.get(
        f"/t/{table_id}/s/{session_id}/odds", params={"command": command, "key": "b-1", **chosen}
    )
    fragment = html.unescape(answer.text)
    hard = TestRequest(3, Difficulty.DIFFICILE, 0, 0, None)
    winners = _insmv_winners(web, session_id, hard, TestRequest(3, None, -2, 0, None))
    assert _shown(fragment) == [(WINNER_WORDS[key], _percent(chance)) for key, chance in winners.items()]
    assert _shown(fragment) != _shown(form)  # the choices changed the odds
    assert 'value="difficile" selected' in fragment and 'name="shift_b" type="number"' in fragment
    assert 'value="-2"' in fragment and 'id="b-1-odds"' in fragment
    # a shift that is no number: said, the choices still open
    bad = html.unescape(
        web.get(
            f"/t/{table_id}/s/{session_id}/odds",
            params={"command": command, "shift_a": "deux", "difficulty_b": "facile"},
        ).text
    )
    assert "nombre entier de colonnes" in bad and 'name="difficulty_a"' in bad
    assert re.search(r'name="difficulty_b".*value="facile" selected', bad, re.S)
    # a shift the engine refuses: its reason, beside the unchanged odds
    far = html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}/odds", params={"command": command, "shift_b": "99"}).text
    )
    assert 'role="alert"' in far and _shown(far) == _shown(form)
    # the opposed test given with the choices: both tests carry them
    _play(web, table_id, session_id, json.loads(command), **chosen, dice="2 3 4 3 4 5")
    events = _api(web, session_id, "/log")["log"][-1]["events"]
    opposed = next(e["opposed_tested"] for e in events if "opposed_tested" in e)
    attacker, defender = opposed["attacker"], opposed["defender"]
    assert (attacker.get("difficulty"), attacker.get("shift", 0)) == ("difficile", 0)
    assert (defender.get("difficulty"), defender.get("shift", 0)) == (None, -2)


def test_a_side_without_the_power_cannot_win_and_a_test_without_it_cannot_succeed(web: TestClient) -> None:
    """A power not possessed has no chance (docs/rulings/insmv.md, « A power not possessed »):
    against it, « Le résultat le plus important indique le vainqueur du conflit »
    (000_008acb24c72771e3.txt) leaves only Asmo, whose test must succeed."""
    from meneur.systems.insmv.engine import state_from_json
    from meneur.systems.insmv.odds import odds_of, opposed_winner_odds
    from meneur.systems.insmv.resolution import TestRequest, plan_test

    table_id, session_id = _session(web, "insmv")
    lacking = {"being": "Yves", "value": 3, "possessed": False}
    opposed = {"opposed": {"attacker": {"being": "Asmo", "value": 3}, "defender": lacking}}
    found = html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}/odds", params={"command": json.dumps(opposed)}).text
    )
    state = state_from_json(_api(web, session_id)["state"])
    plan = plan_test(TestRequest(3, None, 0, 0, None), state.beings["Asmo"].rules)
    asmo = odds_of(plan).success  # Asmo wins when his test succeeds
    assert opposed_winner_odds(plan, None, state.options)["attacker"] == asmo
    assert _shown(found)[0] == (WINNER_WORDS["attacker"], _percent(asmo))
    assert _shown(found)[1] == (WINNER_WORDS["defender"], "0.00")
    alone = html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}/odds", params={"command": json.dumps({"test": lacking})}).text
    )
    assert _shown(alone)[:2] == [("succès", "0.00"), ("échec", "100.00")]


def _in_scene(web: TestClient) -> tuple[str, str, str]:
    table_id, session_id = _session(web, "carpathes")
    _play(web, table_id, session_id, "start_session")
    return table_id, session_id, _play(web, table_id, session_id, "start_scene")


def _wounds(web: TestClient, session_id: str, attacker: str, target: str, mode: Any) -> list[tuple[str, str]]:
    """The wound odds of ``attacker`` on ``target`` by the rules core, from the sheets' numbers:
    « 2D6 + Physique + bonus d'arme contre la Défense de la cible (Mental + Physique + Social +
    bonus d'équipement) » (003_87a535c5e428c5d3.txt)."""
    from meneur.i18n import translate
    from meneur.systems.carpathes.combat import WOUND_LABELS, defense
    from meneur.systems.carpathes.odds import wound_odds

    state = _api(web, session_id)["state"]
    beings = {**state["characters"], **state["npcs"]}
    them = beings[target]
    odds = wound_odds(
        beings[attacker]["physical"], 0, defense(them["mental"], them["physical"], them["social"]), mode
    )
    assert sum(odds.values()) == 1
    return [(translate("carpathes", WOUND_LABELS[w], "fr"), _percent(p)) for w, p in odds.items()]


def test_an_attack_shows_each_wounds_chance_before_rolling(web: TestClient) -> None:
    """« Marge 1 à 4 : blessure légère ... 5 à 9 : blessure sérieuse ... 10+ : blessure critique »
    (003_87a535c5e428c5d3.txt): Anca's Physique 2 against the Strigoi's Défense 2 + 3 + 1."""
    from meneur.systems.carpathes.model import RollMode

    table_id, session_id, page = _in_scene(web)
    form = _form(page, "attack", "Anca", '"target": "Strigoi"')
    shown = _shown(form)
    assert shown == _wounds(web, session_id, "Anca", "Strigoi", RollMode.NORMAL)
    assert [word for word, _p in shown] == [
        "aucune blessure",
        "blessure légère",
        "blessure sérieuse",
        "blessure critique",
    ]
    assert abs(sum(float(p) for _w, p in shown) - 100) < 0.02
    assert 'name="dice"' in form
    # « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »: a wounded
    # Anca attacks with 3D6 keep the 2 worst, and the odds say so
    page = _play(web, table_id, session_id, {"inflict_wound": {"pc": "Anca", "wound": "serious"}})
    wounded = _shown(_form(page, "attack", "Anca", '"target": "Strigoi"'))
    assert wounded == _wounds(web, session_id, "Anca", "Strigoi", RollMode.DISADVANTAGE) != shown
    # the attack given with the dice rolled at the table: 6 + 6 (kept of 6, 6, 6) + 2 - 6 = 8
    command = json.loads(_command(_form(page, "attack", "Anca", '"target": "Strigoi"')))
    _play(web, table_id, session_id, command, dice="6 6 6")
    events = _api(web, session_id, "/log")["log"][-1]["events"]
    assert next(e["wound_inflicted"] for e in events if "wound_inflicted" in e)["wound"] == "serious"
