"""A Carpathes chronicle started from the new-session form in the book's words (no JSON): PC rows
with « Mental, Physique ou Social », talents and sacred objects, NPC and creature rows with what
they are; a mistake names its row and field and starts nothing; a row more on request
(003_87a535c5e428c5d3.txt: « 2D6 + Trait concerné (Mental, Physique ou Social) »)."""

from __future__ import annotations

import html
import re

from meneur.systems.carpathes.model import TRAIT_MAX, TRAIT_MIN
from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf
from tests.web.test_games import _api, _as, _join

FORM = {
    "pcs": "3",
    "npcs": "2",
    "pc-0-name": "Mihail",
    "pc-0-mental": "2",
    "pc-0-physical": "1",
    "pc-0-social": "1",
    "pc-0-sacred": "croix",
    "pc-1-name": "Anca",
    "pc-1-mental": "1",
    "pc-1-physical": "2",
    "pc-1-social": "2",
    "pc-1-talents": "escrime=2",
    "pc-1-trade": "escrimeuse",
    "pc-2-name": "",
    "npc-0-name": "Strigoi",
    "npc-0-kind": "vampire",
    "npc-0-mental": "2",
    "npc-0-physical": "3",
    "npc-0-social": "1",
    "npc-1-name": "",
}


def _table(web: TestClient) -> str:
    answer = create_table(web, "Jeudi", "carpathes")
    assert answer.status_code == 303
    return str(answer.headers["location"].rsplit("/", 1)[-1])


def _start(web: TestClient, table_id: str, form: dict[str, str]) -> object:
    return web.post(f"/t/{table_id}/new-session", data={**form, "csrf": csrf(web)}, follow_redirects=False)


def test_the_form_asks_in_the_books_words_with_the_rules_bounds(web: TestClient) -> None:
    table_id = _table(web)
    page = web.get(f"/t/{table_id}/new-session").text
    assert 'name="pc-0-name"' in page and 'name="pc-2-name"' in page and 'name="npc-1-kind"' in page
    assert "Physique" in page and "vampire" in page and "Objets établis comme sacrés" in page
    assert f'name="pc-0-mental" type="number" inputmode="numeric" min="{TRAIT_MIN}" max="{TRAIT_MAX}"' in page
    assert "Avancé" in page  # the YAML stays as an advanced import


def test_the_form_starts_the_chronicle_with_its_pcs_and_creatures(web: TestClient) -> None:
    table_id = _table(web)
    created = _start(web, table_id, FORM)
    assert created.status_code == 303, created.text
    session_id = created.headers["location"].rsplit("/", 1)[-1]
    state = _api(web, session_id)["state"]
    assert list(state["characters"]) == ["Mihail", "Anca"]
    assert state["characters"]["Anca"]["talents"] == {"escrime": 2}
    assert state["characters"]["Mihail"]["sacred_objects"] == ["croix"]
    assert state["npcs"]["Strigoi"]["kind"] == "vampire" and state["npcs"]["Strigoi"]["physical"] == 3


def test_a_trait_out_of_the_books_bounds_names_its_row_and_starts_nothing(web: TestClient) -> None:
    table_id = _table(web)
    answer = _start(web, table_id, {**FORM, "npc-0-physical": "12"})
    assert answer.status_code == 400
    text = html.unescape(answer.text)
    assert "Ligne 1 des PNJ, Physique" in text and "de 0 à 10" in text
    assert 'value="Strigoi"' in text  # the form as it was sent
    assert "/s/" not in web.get(f"/t/{table_id}").text.split("new-session")[-1]
    answer = _start(web, table_id, {**FORM, "pc-1-talents": "escrime deux"})
    assert "Ligne 2 des PJ, Talents" in html.unescape(answer.text)
    answer = _start(web, table_id, {**FORM, "pc-0-mental": "x"})
    assert "n'est pas un nombre entier" in html.unescape(answer.text)


def test_nobody_at_all_is_refused(web: TestClient) -> None:
    table_id = _table(web)
    answer = _start(web, table_id, {"pcs": "3", "npcs": "2"})
    assert answer.status_code == 400 and "au moins un personnage joueur" in html.unescape(answer.text)


def test_a_row_more_keeps_what_is_typed(web: TestClient) -> None:
    table_id = _table(web)
    rows = web.get("/carpathes/setup-rows", params={"more": "npc", "npcs": "2", "npc-0-name": "Strigoi"})
    assert rows.status_code == 200
    assert 'name="npc-2-name"' in rows.text and 'value="Strigoi"' in rows.text
    assert 'name="npcs" value="3"' in rows.text
    assert table_id


def test_only_the_gm_starts_a_chronicle_from_the_form(web: TestClient) -> None:
    table_id = _table(web)
    gm, player = _join(web, table_id, "Ioana")
    _as(web, player)
    answer = _start(web, table_id, FORM)
    assert answer.status_code in (400, 403)
    _as(web, gm)
    assert _start(web, table_id, FORM).status_code == 303
    assert re.search("Ioana", web.get(f"/t/{table_id}").text)
