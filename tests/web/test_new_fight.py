"""The GM's new fight at an Energy table (``/t/{id}/new-fight``): the players' characters as they
imported them against quick NPCs, each player then playing their own from the fight page."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from meneur.server.models import Character, GameSession
from meneur.systems.energy import balance, dump_character, library_hero
from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf, join


def _text(answer: Any) -> str:
    return html.unescape(answer.text)


def _rows(client: TestClient, model: Any, **where: Any) -> list[Any]:
    with client.app.state.store.reader() as db:  # type: ignore[attr-defined]
        rows = db.query(model).filter_by(**where).all()
        db.expunge_all()
        return list(rows)


def _as(web: TestClient, cookies: dict[str, str]) -> None:
    web.cookies.clear()
    web.cookies.update(cookies)


@dataclass(frozen=True)
class Table:
    """A table whose player Ayla imported WINK's character file and whose player Bren has none: its
    id and each member's cookies."""

    id: str
    gm: dict[str, str]
    ayla: dict[str, str]
    bren: dict[str, str]


def _table_with_ayla(web: TestClient, system: str = "energy") -> Table:
    answer = create_table(web, "Mardi", system)
    assert answer.status_code == 303
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    page = web.get(f"/t/{table_id}")
    code = re.search(r'class="code">([^<]+)<', page.text)
    assert code is not None
    gm = dict(web.cookies)
    web.cookies.clear()
    assert join(web, table_id, code.group(1), "Bren", follow_redirects=False).status_code == 303
    bren = dict(web.cookies)
    web.cookies.clear()
    assert join(web, table_id, code.group(1), "Ayla", follow_redirects=False).status_code == 303
    if system == "energy":
        text = dump_character(library_hero("wink"))
        imported = web.post(
            f"/t/{table_id}/character/import",
            data={"csrf": csrf(web)},
            files={"file": ("wink.yaml", text.encode("utf-8"), "application/octet-stream")},
            follow_redirects=False,
        )
        assert imported.status_code == 303, imported.text
    ayla = dict(web.cookies)
    _as(web, gm)
    return Table(table_id, gm, ayla, bren)


def _field(page: str, name: str) -> str:
    """The form field name of the line that starts with ``name``."""
    found = re.search(rf'<label for="([^"]+)">{re.escape(name)}\b', page)
    assert found is not None, name
    return found.group(1)


def _sessions(web: TestClient, table_id: str) -> list[GameSession]:
    return _rows(web, GameSession, table_id=table_id)


def test_the_gm_starts_a_fight_of_a_players_character_and_npcs_that_the_player_plays(web: TestClient) -> None:
    table = _table_with_ayla(web)
    table_id, ayla = table.id, table.ayla
    table_page = _text(web.get(f"/t/{table_id}"))
    assert f'href="/t/{table_id}/new-fight"' in table_page and "Lancer un combat" in table_page
    page = _text(web.get(f"/t/{table_id}/new-fight"))
    assert f"WINK — rang {library_hero('wink').rank} — joué par Ayla" in page
    wink = _field(page, "WINK")
    assert re.search(rf'<select id="{wink}" name="{wink}">\s*<option value="heroes" selected>', page)
    before = len(_sessions(web, table_id))
    form = {"csrf": csrf(web), wink: "heroes", "npc_ranks": "3,4", "npc_name": "Agent Octopus"}
    answer = web.post(f"/t/{table_id}/new-fight", data=form, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    session_id = answer.headers["location"].rsplit("/", 1)[-1]
    assert answer.headers["location"] == f"/t/{table_id}/s/{session_id}"
    assert len(_sessions(web, table_id)) == before + 1
    (row,) = _rows(web, GameSession, id=session_id)
    combatants = row.setup["combatants"]
    assert [(c["id"], c["side"], c["position"]) for c in combatants] == [
        ("wink", "heroes", [0.0, 0.0]),
        ("agent_octopus_1", "foes", [4.0, 0.0]),
        ("agent_octopus_2", "foes", [4.0, 1.5]),
    ]
    (character,) = _rows(web, Character, table_id=table_id)
    assert combatants[0]["character"]["name"] == "WINK" and "file" not in combatants[0]
    assert [c.get("npc") for c in combatants] == [None, 3, 4]
    assert row.controllers == {"wink": character.owner_id}
    started = web.post(
        f"/t/{table_id}/s/{session_id}/do",
        data={"command": '"start"', "version": "0"},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert started.status_code == 200
    _as(web, ayla)
    fight = web.get(f"/t/{table_id}/s/{session_id}").text
    actions = re.findall(r'<form class="action"[^>]*data-actor="([^"]*)"', fight)
    assert actions and set(actions) == {"wink"}  # WINK's own buttons, none of the NPCs'
    wire = re.search(r'data-actor="wink">\s*<input type="hidden" name="command" value="([^"]+)"', fight)
    assert wire is not None
    done = web.post(
        f"/t/{table_id}/s/{session_id}/do",
        data={"command": html.unescape(wire.group(1)), "version": "1"},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert done.status_code == 200 and 'data-version="2"' in done.text


def test_a_library_hero_joins_either_side_and_the_balance_follows_the_form(web: TestClient) -> None:
    table = _table_with_ayla(web)
    table_id = table.id
    page = _text(web.get(f"/t/{table_id}/new-fight"))
    wink, kitsune = _field(page, "WINK"), _field(page, "KITSUNE")
    form = {"csrf": csrf(web), wink: "heroes", kitsune: "foes", "npc_ranks": "2", "npc_side": "heroes"}
    weighed = _text(web.post(f"/t/{table_id}/new-fight/balance", data=form))
    # heroes: WINK and a rank-2 ally; foes: KITSUNE ("comptabiliser le total des rangs des personnages",
    # 002_58e889a1abff3456.txt)
    wink_rank, kitsune_rank = library_hero("wink").rank, library_hero("kitsune").rank
    found = balance([wink_rank, 2], [kitsune_rank])
    assert f"Héros : {wink_rank + 2} rangs ; adversaires : {kitsune_rank} rangs" in weighed
    assert f'data-verdict="{found.verdict.value}"' in weighed and found.explain()[0].render("fr") in weighed
    assert f"/encounter?heroes={wink_rank},2&foes={kitsune_rank}" in weighed
    one_side = _text(web.post(f"/t/{table_id}/new-fight/balance", data={**form, kitsune: "out"}))
    assert "Placez des combattants des deux côtés" in one_side and "data-verdict" not in one_side
    deja_vu = _field(page, "DÉJÀ-VU")
    answer = web.post(f"/t/{table_id}/new-fight", data={**form, deja_vu: "heroes"}, follow_redirects=False)
    assert answer.status_code == 303
    (row,) = _rows(web, GameSession, id=answer.headers["location"].rsplit("/", 1)[-1])
    combatants = row.setup["combatants"]
    assert [(c["id"], c["side"]) for c in combatants] == [
        ("wink", "heroes"),
        ("deja_vu", "heroes"),
        ("pnj_1", "heroes"),
        ("kitsune", "foes"),
    ]  # the heroes' side first
    assert combatants[3]["hero"] == "KITSUNE" and combatants[2]["npc"] == 2
    assert combatants[3]["pc"] is False and "pc" not in combatants[1]
    _as(web, table.bren)  # a player without a character may take the free hero, not the foe
    claimable = re.findall(r'name="actor" value="([^"]+)"', web.get(answer.headers["location"]).text)
    assert claimable == ["deja_vu"]


def test_the_gms_hidden_npc_stays_out_until_put_on_the_foes_side(web: TestClient) -> None:
    table = _table_with_ayla(web)
    table_id = table.id
    text = dump_character(library_hero("kitsune"))
    imported = web.post(
        f"/t/{table_id}/character/import",
        data={"csrf": csrf(web), "hidden": "on"},
        files={"file": ("kitsune.yaml", text.encode("utf-8"), "application/octet-stream")},
        follow_redirects=False,
    )
    assert imported.status_code == 303
    page = _text(web.get(f"/t/{table_id}/new-fight"))
    assert "KITSUNE — rang 5 — au meneur de jeu (caché aux joueurs)" in page
    npc = next(key for key in re.findall(r'<label for="(c-[^"]+)">KITSUNE', page))
    assert re.search(rf'<select id="{npc}" name="{npc}">(?:(?!</select>).)*value="out" selected', page, re.S)
    wink = _field(page, "WINK")
    answer = web.post(
        f"/t/{table_id}/new-fight",
        data={"csrf": csrf(web), wink: "heroes", npc: "foes"},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    (row,) = _rows(web, GameSession, id=answer.headers["location"].rsplit("/", 1)[-1])
    assert [(c["id"], c["side"], c["character"]["name"]) for c in row.setup["combatants"]] == [
        ("wink", "heroes", "WINK"),
        ("kitsune", "foes", "KITSUNE"),
    ]
    assert list(row.controllers) == ["wink"]  # the GM plays the NPC
    assert row.setup["combatants"][1]["pc"] is False and "pc" not in row.setup["combatants"][0]


def test_refusals_are_shown_beside_their_fields_and_nothing_is_created(web: TestClient) -> None:
    table = _table_with_ayla(web)
    table_id = table.id
    page = _text(web.get(f"/t/{table_id}/new-fight"))
    wink = _field(page, "WINK")
    before = len(_sessions(web, table_id))
    for form, field, words in (
        ({wink: "out"}, "form-error", "Mettez au moins un combattant"),
        ({wink: "heroes", "npc_ranks": "3,0"}, "nf-ranks-error", "« 0 »"),
        ({wink: "heroes", "npc_ranks": "2.5"}, "nf-ranks-error", "nombre entier à partir de 1"),
        ({wink: "heroes", "npc_ranks": "x"}, "nf-ranks-error", "« x »"),
    ):
        answer = web.post(f"/t/{table_id}/new-fight", data={"csrf": csrf(web), **form})
        assert answer.status_code == 400, form
        assert f'id="{field}" role="alert"' in answer.text and words in _text(answer), form
    with web.app.state.store.writer() as writer:  # type: ignore[attr-defined]
        version = writer.query(Character).filter_by(table_id=table_id).one()
        from meneur.server.models import CharacterVersion

        stored = writer.query(CharacterVersion).filter_by(character_id=version.id).one()
        stored.file = {**stored.file, "rank": "four"}  # a file written before a change of the format
    broken = web.post(f"/t/{table_id}/new-fight", data={"csrf": csrf(web), wink: "heroes", "npc_ranks": "2"})
    assert broken.status_code == 400
    assert f'aria-describedby="{wink}-error" aria-invalid="true"' in broken.text
    assert f'id="{wink}-error" role="alert"' in broken.text
    assert len(_sessions(web, table_id)) == before
    assert web.post(f"/t/{table_id}/new-fight", data={wink: "heroes"}).status_code == 403  # no CSRF value


def test_only_the_gm_of_an_energy_table_opens_the_page(web: TestClient) -> None:
    table = _table_with_ayla(web)
    table_id, gm, ayla = table.id, table.gm, table.ayla
    _as(web, ayla)
    assert "Lancer un combat" not in web.get(f"/t/{table_id}").text
    refused = web.get(f"/t/{table_id}/new-fight")
    assert refused.status_code == 403 and "Pour le meneur de jeu" in _text(refused)
    posted = web.post(f"/t/{table_id}/new-fight", data={"csrf": csrf(web), "npc_ranks": "3"})
    assert posted.status_code == 403
    web.cookies.clear()
    assert web.get(f"/t/{table_id}/new-fight").status_code == 401
    _as(web, gm)
    other = _table_with_ayla(web, "carpathes").id
    assert web.get(f"/t/{other}/new-fight").status_code == 404


def test_french_by_default_english_on_request(web: TestClient) -> None:
    table = _table_with_ayla(web)
    table_id, gm = table.id, table.gm
    french = _text(web.get(f"/t/{table_id}/new-fight"))
    assert (
        "Lancer un combat" in french
        and "le côté des adversaires" in french
        and "pas dans ce combat" in french
    )
    _as(web, {k: v for k, v in gm.items() if k != "meneur_lang"})
    with web.app.state.store.writer() as writer:  # type: ignore[attr-defined]
        from meneur.server.models import Member

        for member in writer.query(Member).filter_by(table_id=table_id):
            member.language = None
    english = _text(web.get(f"/t/{table_id}/new-fight", headers={"Accept-Language": "en"}))
    assert "Start a fight" in english and "played by Ayla" in english and "the foes' side" in english
