"""The Carpathes initiative chosen beside its button on the session page: the NPCs taking part (the
chronicle's, ticked, and quick ones by name and Physique), the surprise whispered to the GM, who is
caught off guard and each combatant's talent bonus; the command given carries them and the order
shown is the engine's (« Initiative et tour de combat », 003_87a535c5e428c5d3.txt)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from tests.inprocess import TestClient
from tests.web.test_games import _api, _as, _csrf, _join, _play, _session

SETUP = {
    "characters": [
        {"name": "Mihail", "mental": 2, "physical": 1, "social": 1},
        {"name": "Anca", "mental": 1, "physical": 2, "social": 2, "talents": {"escrime": 2}},
    ],
    "npcs": [
        {"name": "Strigoi", "kind": "vampire", "mental": 2, "physical": 3, "social": 1},
        {"name": "Lupul", "kind": "wolf", "mental": 0, "physical": 2, "social": 0, "initiative_bonus": 1},
        {"name": "Ion", "mental": 1, "physical": 1, "social": 1},
    ],
}


def _in_scene(web: TestClient) -> tuple[str, str, str]:
    table_id, session_id = _session(web, "carpathes", SETUP)
    _play(web, table_id, session_id, "start_session")
    return table_id, session_id, _play(web, table_id, session_id, "start_scene")


def _initiative_form(page: str) -> str:
    """The initiative button's form, unescaped."""
    for found in re.finditer(r'<form class="action[^"]*"[^>]*>.*?</form>', page, re.S):
        if 'data-kind="roll_initiative"' in found.group(0):
            return html.unescape(found.group(0))
    raise AssertionError("no initiative button")


def _give(web: TestClient, where: tuple[str, str], **chosen: Any) -> str:
    """The initiative given from its button with ``chosen`` beside it (several values a name)."""
    table_id, session_id = where
    data = {
        "command": json.dumps("roll_initiative"),
        "version": str(_api(web, session_id)["version"]),
        "initiative_choices": "1",
        "talent.Mihail": "",
        "talent.Anca": "",
        "quick_name": "",
        "quick_physical": "",
        **chosen,
    }
    answer = web.post(f"/t/{table_id}/s/{session_id}/do", data=data, headers=_csrf(web))
    assert answer.status_code == 200
    return html.unescape(answer.text)


def _choices(web: TestClient, where: tuple[str, str], **chosen: Any) -> str:
    """The initiative's choices shown again as they change (the odds fragment)."""
    table_id, session_id = where
    params = {"command": json.dumps("roll_initiative"), "key": "b-1", "initiative_choices": "1", **chosen}
    return html.unescape(web.get(f"/t/{table_id}/s/{session_id}/odds", params=params).text)


def _order(web: TestClient, session_id: str) -> list[str]:
    """The scene's initiative as the engine orders it for the first round, in French."""
    from meneur.systems.carpathes.engine import state_from_json

    state = state_from_json(_api(web, session_id)["state"])
    return [line.render("fr") for line in state.initiative_order().explain(1)]


def _facts(page: str) -> list[str]:
    found = re.search(r'<dl class="facts">.*?</dl>', page, re.S)
    assert found is not None
    return re.findall(r'<span class="fact-line">([^<]*)</span>', found.group(0))


def test_the_gm_chooses_the_npcs_a_surprise_an_off_guard_and_a_talent_bonus_and_the_order_is_the_engines(
    web: TestClient,
) -> None:
    """« chaque combattant lance 2D6 + Physique. Le plus haut agit en premier », « Une attaque par
    surprise déclarée à voix basse donne +2 à l'initiative du round », « Un PJ pris au dépourvu
    ... joue en dernier au premier round, sans bonus de talent » (003_87a535c5e428c5d3.txt)."""
    table_id, session_id, page = _in_scene(web)
    form = _initiative_form(page)
    for name in ("Strigoi", "Lupul", "Ion"):  # the chronicle's NPCs, none ticked yet
        assert f'name="npc" value="{name}" ' in form and f'name="npc" value="{name}" checked' not in form
    for name in ("Mihail", "Anca", "Strigoi"):
        assert f'name="surprise" value="{name}"' in form and f'name="off_guard" value="{name}"' in form
    assert re.search(r'name="talent\.Mihail" type="number" inputmode="numeric" min="-10" max="10"', form)
    assert 'name="quick_name"' in form and 'name="quick_physical"' in form
    chosen = {"npc": ["Strigoi", "Lupul"], "surprise": "Anca", "off_guard": "Strigoi", "talent.Mihail": "2"}
    # Mihail 4+4, Anca 3+3, Strigoi 6+6, Lupul 2+3: PCs first, then the NPCs as ticked
    page = _give(web, (table_id, session_id), dice="4 4 3 3 6 6 2 3", **chosen)
    entry = _api(web, session_id, "/log")["log"][-1]
    assert entry["command"] == {
        "roll_initiative": {
            "npcs": [{"name": "Strigoi"}, {"name": "Lupul"}],
            "surprise": ["Anca"],
            "off_guard": ["Strigoi"],
            "talents": {"Mihail": 2},
        }
    }
    order = _order(web, session_id)
    assert order == [
        "1. Mihail : 4+4 + Physique 1 + bonus de talent 2 = 11",
        "2. Anca : 3+3 + Physique 2 + surprise à voix basse 2 = 10",
        "3. Lupul : 2+3 + Physique 2 + bonus de talent 1 = 8",  # its sheet's bonus
        "4. Strigoi : 6+6 + Physique 3 = 15 ; pris au dépourvu, joue en dernier au premier round, sans"
        " bonus de talent",
    ]
    assert _facts(page) == order
    log = page[page.index('class="log"') :]
    assert "".join(f"<p>{line}</p>" for line in order) in log
    assert not re.search(r'<form class="action[^>]*data-kind="roll_initiative"', page)  # once a scene


def test_a_quick_npc_by_name_and_physique_joins_the_initiative(web: TestClient) -> None:
    """« chaque combattant lance 2D6 + Physique » (003_87a535c5e428c5d3.txt): a wolf the chronicle
    does not know, given its Physique beside the button, rolls with the others."""
    table_id, session_id, _page = _in_scene(web)
    shown = _choices(web, (table_id, session_id), quick_name=["Loup", ""], quick_physical=["2", ""])
    assert re.search(r'<fieldset class="combatant" data-combatant="Loup" data-kind="quick">', shown)
    assert 'name="quick_name" value="Loup"' in shown and 'name="talent.Loup"' in shown
    assert 'name="surprise" value="Loup"' in shown and 'role="alert"' not in shown
    # without its Physique, the engine says what is missing beside the choices, kept as made
    lacking = _choices(web, (table_id, session_id), quick_name="Loup", quick_physical="", off_guard="Loup")
    assert "Aucun PNJ nommé « Loup » dans la chronique" in lacking
    assert 'name="off_guard" value="Loup" checked' in lacking
    page = _give(
        web, (table_id, session_id), quick_name=["Loup", ""], quick_physical=["2", ""], dice="1 1 1 1 6 5"
    )
    assert _api(web, session_id, "/log")["log"][-1]["command"] == {
        "roll_initiative": {"npcs": [{"name": "Loup", "physical": 2}]}
    }
    assert "1. Loup : 6+5 + Physique 2 = 13" in _facts(page) == _order(web, session_id)


def test_a_bad_talent_bonus_is_refused_beside_the_button_with_the_choices_kept(web: TestClient) -> None:
    """The talent bonus runs from -10 to +10 as the sheet's do; out of it, the engine refuses beside
    the initiative's button, nothing is rolled and the choices stay as made."""
    table_id, session_id, _page = _in_scene(web)
    version = _api(web, session_id)["version"]
    page = _give(web, (table_id, session_id), npc="Strigoi", surprise="Mihail", **{"talent.Anca": "11"})
    assert _api(web, session_id)["version"] == version
    assert _api(web, session_id)["state"]["initiative"] == []
    said = "Le bonus de talent vaut 11 ; donnez un nombre entier de -10 à 10."
    form = _initiative_form(page)
    assert f'<p class="error">{said}</p>' in form  # beside the button (the top of the page says it too)
    assert 'name="talent.Anca" type="number" inputmode="numeric" min="-10" max="10" value="11"' in form
    assert 'name="npc" value="Strigoi" checked' in form and 'name="surprise" value="Mihail" checked' in form
    # the same refusal as the choices change, before the button is pressed; a word is no number
    assert said in _choices(web, (table_id, session_id), **{"talent.Anca": "11"})
    words = _choices(web, (table_id, session_id), **{"talent.Anca": "deux"})
    assert "Donnez un Physique entier et des bonus de talent entiers." in words
    assert 'value="deux"' in words


def test_the_surprise_is_whispered_to_the_gm_only(web: TestClient) -> None:
    """« Une attaque par surprise déclarée à voix basse » (003_87a535c5e428c5d3.txt): the GM's
    choice, not shown on a player's page."""
    table_id, session_id, page = _in_scene(web)
    assert 'name="surprise"' in page
    _gm, player = _join(web, table_id, "Ayla")
    _as(web, player)
    web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": "Anca"}, headers=_csrf(web))
    mine = web.get(f"/t/{table_id}/s/{session_id}").text
    assert "Vous jouez Anca" in html.unescape(mine) and 'name="surprise"' not in mine
    assert 'name="surprise"' not in _choices(web, (table_id, session_id))
