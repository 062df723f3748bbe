"""The GM's fight tools on the pages: terrain on the plan, redo stored with the session, the table's
options, auto-play seen the same by every worker."""

from __future__ import annotations

import html
import re
from pathlib import Path

from meneur.server.app import build_app
from meneur.server.config import Settings
from tests.inprocess import TestClient
from tests.server.conftest import ready_database_url
from tests.web.forms import csrf, join
from tests.web.test_pages import _csrf, _table


def _version(page: str) -> int:
    found = re.search(r'data-version="(\d+)"', page)
    assert found is not None
    return int(found.group(1))


def _player(web: TestClient, table_id: str, name: str = "Ayla") -> dict[str, str]:
    """Seat a player (the GM's cookies are kept and given back); the player's cookies."""
    gm = dict(web.cookies)
    code = web.get(f"/t/{table_id}")
    found = re.search(r'class="code">([^<]+)<', code.text)
    assert found is not None
    web.cookies.clear()
    join(web, table_id, found.group(1), name, follow_redirects=False)
    player = dict(web.cookies)
    web.cookies.clear()
    web.cookies.update(gm)
    return player


def _as(web: TestClient, cookies: dict[str, str]) -> None:
    web.cookies.clear()
    web.cookies.update(cookies)


def _started(web: TestClient) -> tuple[str, str]:
    """A new table's demo fight, started (the GM's forms are for a fight under way)."""
    table_id, session_id = _table(web)
    data = {"command": '"start"', "version": "0"}
    assert web.post(f"/t/{table_id}/s/{session_id}/do", data=data, headers=_csrf(web)).status_code == 200
    return table_id, session_id


def _terrain(web: TestClient, table_id: str, session_id: str, **fields: str) -> str:
    data = {"op": "place_terrain", "version": "1", "kind": "hazard", "rank": "2", "x": "3", "y": "4.5"}
    answer = web.post(f"/t/{table_id}/s/{session_id}/gm", data={**data, **fields}, headers=_csrf(web))
    assert answer.status_code == 200
    return html.unescape(answer.text)


def test_the_gm_places_a_terrain_element_that_everyone_sees_named(web: TestClient) -> None:
    table_id, session_id = _started(web)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert 'id="terrain-form"' in page and "Placer un élément de terrain" in page
    placed = _terrain(web, table_id, session_id)
    assert _version(placed) == 2 and 'role="alert"' not in placed
    assert '<g class="terrain hazard"' in placed and "danger, rang 2 : 3,0\u00a0m, 4,5\u00a0m" in placed
    player = _player(web, table_id)
    _as(web, player)
    seen = html.unescape(web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text)
    assert "<title>danger (rang 2 ; 3,0\u00a0m, 4,5\u00a0m)</title>" in seen
    assert 'id="terrain-form"' not in seen  # the GM's form only
    refused = _terrain(web, table_id, session_id, version="2")
    assert "Votre rôle à cette table ne le permet pas." in refused and _version(refused) == 2


def test_a_terrain_element_the_engine_refuses_shows_its_reason(web: TestClient) -> None:
    table_id, session_id = _started(web)
    refused = _terrain(web, table_id, session_id, rank="0")
    assert "Un élément de terrain est au moins de rang 1, pas 0." in refused and _version(refused) == 1
    bad = _terrain(web, table_id, session_id, x="loin")
    assert "Donnez des nombres pour les points" in bad and _version(bad) == 1
    unknown = _terrain(web, table_id, session_id, kind="lava")
    assert "pas lava" in unknown and _version(unknown) == 1
    forged = web.post(
        f"/t/{table_id}/s/{session_id}/gm", data={"op": "place_terrain", "version": "1", "kind": "hazard"}
    )
    assert forged.status_code == 403


def test_redo_on_the_page_survives_a_new_app_on_the_same_database(tmp_path: Path) -> None:
    url = ready_database_url(tmp_path)
    app = build_app(Settings(db=url))
    with TestClient(app) as web:
        table_id, session_id = _table(web)
        web.post(
            f"/t/{table_id}/s/{session_id}/do",
            data={"command": '"start"', "version": "0"},
            headers=_csrf(web),
        )
        before = web.get(f"/api/v1/sessions/{session_id}").json()
        undone = web.post(f"/t/{table_id}/s/{session_id}/undo", data={"version": "1"}, headers=_csrf(web))
        assert _version(undone.text) == 0
        assert re.search(r"/redo\".*?<button type=\"submit\" >", undone.text, re.S) is not None
        cookies = dict(web.cookies)
    app.state.store.close()
    again = build_app(Settings(db=url))  # another process: nothing kept in memory
    with TestClient(again) as web:
        _as(web, cookies)
        player = _player(web, table_id)
        _as(web, player)
        mine = web.post(f"/t/{table_id}/s/{session_id}/redo", data={"version": "0"}, headers=_csrf(web))
        assert _version(mine.text) == 0 and 'role="alert"' in mine.text  # the GM's alone
        _as(web, cookies)
        forged = web.post(f"/t/{table_id}/s/{session_id}/redo", data={"version": "0"})
        assert forged.status_code == 403
        redone = web.post(f"/t/{table_id}/s/{session_id}/redo", data={"version": "0"}, headers=_csrf(web))
        assert _version(redone.text) == 1 and 'role="alert"' not in redone.text
        assert web.get(f"/api/v1/sessions/{session_id}").json() == before
        nothing = web.post(f"/t/{table_id}/s/{session_id}/redo", data={"version": "1"}, headers=_csrf(web))
        assert _version(nothing.text) == 1 and "Aucune commande à refaire" in html.unescape(nothing.text)
    again.state.store.close()


def _options_form(**changes: str) -> dict[str, str]:
    form = {
        "npc_vigueur": "hidden",
        "contact_reach": "5",
        "hold_skips_own_slot": "true",
        "area_needs_area_power": "false",
        "wounded_start_half_vigor": "true",
        "stunned_may_small_move": "false",
        "regeneration_in_maintenance": "false",
    }
    return {**form, **changes}


def test_the_options_page_shows_each_option_with_the_rulings_words(web: TestClient) -> None:
    table_id, session_id = _table(web)
    assert f'href="/t/{table_id}/options"' in web.get(f"/t/{table_id}").text
    assert f'href="/t/{table_id}/options"' in web.get(f"/t/{table_id}/s/{session_id}").text
    page = html.unescape(web.get(f"/t/{table_id}/options").text)
    assert "La Vigueur d'un PNJ, telle que la voient les joueurs" in page
    assert (
        "« La régénération peut aussi s'appliquer lors de la phase d'entretien si le MJ l'autorise. »" in page
    )
    assert 'name="contact_reach" type="text" inputmode="decimal" value="5"' in page
    assert "Par défaut : cachée." in page


def test_the_gm_saves_the_options_and_a_wrong_value_is_refused_beside_its_field(web: TestClient) -> None:
    table_id, _session = _table(web)
    token = csrf(web)
    wrong = web.post(
        f"/t/{table_id}/options",
        data={**_options_form(contact_reach="loin", npc_vigueur="bar"), "csrf": token},
    )
    assert wrong.status_code == 400
    text = html.unescape(wrong.text)
    assert 'id="problem-contact_reach">Donnez un nombre plus grand que 0 et au plus 1000.' in text
    assert 'value="loin"' in text  # what the GM typed stays in the field
    assert web.get(f"/api/v1/tables/{table_id}/options").json()["options"][0]["value"] == "hidden"
    saved = web.post(
        f"/t/{table_id}/options",
        data={**_options_form(contact_reach="7,5", npc_vigueur="bar"), "csrf": token},
    )
    assert saved.status_code == 200 and 'id="options-saved"' in saved.text
    values = {o["key"]: o["value"] for o in web.get(f"/api/v1/tables/{table_id}/options").json()["options"]}
    assert values["npc_vigueur"] == "bar" and values["contact_reach"] == 7.5
    forged = web.post(f"/t/{table_id}/options", data=_options_form(npc_vigueur="shown"))
    assert forged.status_code == 403
    player = _player(web, table_id)
    _as(web, player)
    assert web.get(f"/t/{table_id}/options").status_code == 403
    refused = web.post(
        f"/t/{table_id}/options",
        data={**_options_form(npc_vigueur="shown"), "csrf": csrf(web)},
    )
    assert refused.status_code == 403
    assert f'href="/t/{table_id}/options"' not in web.get(f"/t/{table_id}").text
    web.cookies.clear()
    assert web.get(f"/t/{table_id}/options").status_code == 401


def test_undo_and_redo_with_a_damaged_version_change_nothing(web: TestClient) -> None:
    table_id, session_id = _started(web)
    for verb in ("undo", "redo"):
        for version in ("un", "-1", "²"):
            answer = web.post(
                f"/t/{table_id}/s/{session_id}/{verb}", data={"version": version}, headers=_csrf(web)
            )
            assert answer.status_code == 200
            assert "Ce formulaire est abîmé" in html.unescape(answer.text) and _version(answer.text) == 1


def _system_table(web: TestClient, system: str) -> str:
    from tests.web.forms import create_table

    answer = create_table(web, "Jeudi", system)
    assert answer.status_code == 303
    return str(answer.headers["location"]).rsplit("/", 1)[-1]


def test_every_system_has_its_options_page_with_the_books_words(web: TestClient) -> None:
    """docs/rulings/carpathes.md, insmv.md, warzone.md: each « Table option: yes » is on the page,
    with the quoted words in their own language."""
    carpathes = _system_table(web, "carpathes")
    page = html.unescape(web.get(f"/t/{carpathes}/options").text)
    assert "Indices surnaturels par scène, au plus" in page
    assert "« Trois indices surnaturels par scène, pas plus. Trop de signes saturent la nuit. »" in page
    assert "Laisser le champ vide pour aucune limite." in page
    assert '<option value="band">un cran plus haut</option>' in page
    warzone = html.unescape(web.get(f"/t/{_system_table(web, 'warzone')}/options").text)
    assert '<blockquote lang="pl">18-19 Model zostaje Przewrócony.' in warzone
    assert 'name="wake_up_modifier" type="text" inputmode="text" value="-4"' in warzone
    insmv = html.unescape(web.get(f"/t/{_system_table(web, 'insmv')}/options").text)
    assert "Un test de pouvoir raté dépense quand même ses points de pouvoir" in insmv


def test_a_carpathes_gm_sets_no_clue_limit_and_a_wrong_number_is_refused_beside_its_field(
    web: TestClient,
) -> None:
    table_id = _system_table(web, "carpathes")
    form = {
        "advantage_cancels_disadvantage": "true",
        "cracked_disadvantage_until_penance": "false",
        "require_established_object": "true",
        "damage_step": "margin",
        "silver_wound_multiplier": "2",
        "critical_wound_disadvantage": "true",
        "supernatural_clues_per_scene": "3",
        "csrf": csrf(web),
    }
    refused = web.post(f"/t/{table_id}/options", data={**form, "silver_wound_multiplier": "deux"})
    assert refused.status_code == 400
    assert 'id="problem-silver_wound_multiplier"' in refused.text
    assert "Donnez un nombre entier de 1 à 3." in html.unescape(refused.text)
    assert web.get(f"/api/v1/tables/{table_id}").json()["options"] == {}
    saved = web.post(f"/t/{table_id}/options", data={**form, "supernatural_clues_per_scene": " "})
    assert saved.status_code == 200 and 'id="options-saved"' in saved.text
    assert 'name="supernatural_clues_per_scene" type="text" inputmode="numeric" value=""' in saved.text
    values = {o["key"]: o["value"] for o in web.get(f"/api/v1/tables/{table_id}/options").json()["options"]}
    assert values["supernatural_clues_per_scene"] == "none" and values["silver_wound_multiplier"] == 2
