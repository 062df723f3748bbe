"""The Energy campaign's page spends experience on everything the book lets it buy and writes
relations, without a browser, over a real SQLite file: each step with the rules' price beside the
button, a refusal in the reader's language that records nothing, undo, and who may do what (a player
for their own character, the GM for all, the observer nothing) (002_58e889a1abff3456.txt: "augmenter
leurs attributs, acheter des pouvoirs ou améliorer leurs aptitudes et leurs traits"; "Le joueur est
libre d'ajouter les relations qu'il souhaite [...] les trois dernières cases de relations sont
réservées au MJ"; "le MJ peut faire varier [...] de 1 point")."""

from __future__ import annotations

import json
import re
from typing import Any

from meneur.systems.energy import dump_character, library_hero
from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf, join
from tests.web.test_campaign import FORBIDDEN, _as, _do, _forms, _observer, _start, _state, _text, _version


def _hero(name: str, hero_points: int = 0, aptitude_points: int = 0) -> str:
    character = library_hero(name)
    xp = character.experience.model_copy(
        update={"heroic_points": hero_points, "aptitude_points": aptitude_points}
    )
    return dump_character(character.model_copy(update={"experience": xp}))


def _table(web: TestClient) -> dict[str, Any]:
    """Ayla plays WINK (3 hero points, 1 aptitude point unspent), Bren KITSUNE, Cyd watches."""
    answer = create_table(web, "Vendredi", "energy")
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    page = web.post(f"/t/{table_id}/join-code", data={"csrf": csrf(web)})
    code = re.search(r'class="code">([^<]+)<', page.text)
    assert code is not None
    found: dict[str, Any] = {"id": table_id, "gm": dict(web.cookies)}
    for name, text in (("Ayla", _hero("wink", 3, 1)), ("Bren", _hero("kitsune")), ("Cyd", None)):
        web.cookies.clear()
        assert join(web, table_id, code.group(1), name, follow_redirects=False).status_code == 303
        if text:
            imported = web.post(
                f"/t/{table_id}/character/import",
                data={"csrf": csrf(web)},
                files={"file": (f"{name}.yaml", text.encode("utf-8"), "application/octet-stream")},
                follow_redirects=False,
            )
            assert imported.status_code == 303, imported.text
        found[name] = dict(web.cookies)
    _as(web, found["gm"])
    _observer(web, found, "Cyd")
    return found


def _entry(answer: Any, kind: str, character: str = "WINK", **fields: Any) -> Any:
    return next(
        c
        for c in _forms(answer)
        if isinstance(c, dict)
        and kind in c
        and c[kind]["character"] == character
        and all(c[kind].get(k, False) == v for k, v in fields.items())  # a default is left out
    )


def _odds(web: TestClient, table_id: str, session_id: str, command: Any, **chosen: str) -> str:
    query = {"command": json.dumps(command), **chosen}
    return _text(web.get(f"/t/{table_id}/s/{session_id}/odds", params=query))


def test_a_player_improves_an_attribute_and_buys_a_power_at_the_rules_price_and_the_gm_undoes(
    web: TestClient,
) -> None:
    """ "Énergie | 2" per point: Énergie 5 → 6 costs 2 of WINK's 3 hero points, said beside the button
    before Ayla spends them; a new power costs its base 3 ("leur coût de base est toujours 3 points de
    héros"); the GM's « Annuler » takes the step back exactly."""
    table = _table(web)
    table_id = table["id"]
    session_id = _start(web, table)
    _as(web, table["Ayla"])
    shown = web.get(f"/t/{table_id}/s/{session_id}")
    improve = _entry(shown, "improve")
    assert improve == {"improve": {"character": "WINK", "target": "attribute", "key": "energy"}}  # the first
    page = _text(shown)
    assert "Améliorer la fiche — WINK" in page, page
    assert "Énergie 5 → 6 (2 points de héros)" in page and "Récupération 4 → 5 (3 points de héros)" in page
    assert "Combat téléporté +0 → +1 (2 points de héros)" in page
    assert "Spécialisation moto +2 → +3 (1 point d'aptitude)" in page
    assert (
        "un nouveau pouvoir (3 points de héros)" in page
        and "un nouveau trait à +1 (1 point d'aptitude)" in page
    )
    odds = _odds(web, table_id, session_id, improve, step="attribute:energy")
    assert "Achète\u00a0: Énergie 5 → 6." in odds, odds
    assert "Coûte 2 points de héros\u00a0; il restera 1 point de héros et 1 point d'aptitude." in odds, odds
    version = _version(web, session_id)
    done = _do(web, table_id, session_id, improve, step="attribute:energy")
    assert done.status_code == 200 and _version(web, session_id) == version + 1
    wink = _state(web, session_id)["characters"]["WINK"]
    assert wink["attributes"]["energy"] == 6 and wink["experience"]["heroic_points"] == 1
    assert "WINK dépense 2 points de héros" in _text(done) and "Acheté\u00a0: Énergie 6." in _text(done)
    _as(web, table["gm"])
    assert _entry(web.get(f"/t/{table_id}/s/{session_id}"), "improve")  # the GM may spend them too
    undone = web.post(
        f"/t/{table_id}/s/{session_id}/undo",
        data={"version": str(_version(web, session_id))},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert undone.status_code == 200
    wink = _state(web, session_id)["characters"]["WINK"]
    assert wink["attributes"]["energy"] == 5 and wink["experience"]["heroic_points"] == 3
    new = _odds(web, table_id, session_id, improve, step="new_power")
    assert 'name="name"' in new and 'name="category"' in new and "Coûte 3 points de héros" in new, new
    _do(web, table_id, session_id, improve, step="new_power", name="Éclair", category="off_d")
    powers = _state(web, session_id)["characters"]["WINK"]["powers"]
    assert powers[-1]["name"] == "Éclair" and powers[-1]["category"] == "off_d"


def test_a_refused_spend_says_why_and_no_one_else_spends_a_players_points(web: TestClient) -> None:
    """Récupération costs 3 and WINK has 2 left after Énergie: refused with the rules' reason, nothing
    recorded; Bren may not spend Ayla's points, the observer sees no button and may not either."""
    table = _table(web)
    table_id = table["id"]
    session_id = _start(web, table)
    _as(web, table["Ayla"])
    improve = _entry(web.get(f"/t/{table_id}/s/{session_id}"), "improve")
    _do(web, table_id, session_id, improve, step="attribute:energy")
    version = _version(web, session_id)
    refused = _text(_do(web, table_id, session_id, improve, step="attribute:recovery"))
    assert "WINK dépenserait 3 points de héros mais n'en a que 1 à dépenser." in refused, refused
    assert _version(web, session_id) == version
    mine = _odds(web, table_id, session_id, improve, step="attribute:recovery")
    assert "n'en a que 1" in mine and 'value="attribute:recovery" selected' in mine, mine
    assert web.post("/language", data={"lang": "en", "next": "/", "csrf": csrf(web)}).status_code < 400
    english = _text(_do(web, table_id, session_id, improve, step="attribute:recovery"))
    assert "WINK would spend 3 hero points but has only 1 to spend." in english, english
    assert "Recovery 4 → 5 (not enough points)" in english
    assert web.post("/language", data={"lang": "fr", "next": "/", "csrf": csrf(web)}).status_code < 400
    _as(web, table["Bren"])
    bren = web.get(f"/t/{table_id}/s/{session_id}")
    assert not [c for c in _forms(bren) if "improve" in c and c["improve"]["character"] == "WINK"]
    assert FORBIDDEN in _text(_do(web, table_id, session_id, improve, step="attribute:vigor"))
    _as(web, table["Cyd"])
    seen = web.get(f"/t/{table_id}/s/{session_id}")
    assert seen.status_code == 200 and not _forms(seen)
    assert FORBIDDEN in _text(_do(web, table_id, session_id, improve, step="attribute:vigor"))
    _as(web, table["gm"])
    assert _version(web, session_id) == version
    assert _state(web, session_id)["characters"]["WINK"]["attributes"]["vigor"] == 5


def test_a_player_writes_their_relations_and_the_gm_moves_them_and_keeps_three_slots(web: TestClient) -> None:
    """Ayla writes « Hélène » at +3 for WINK (the book's words for +3 beside the value); the GM's slot
    is not hers, nor are Bren's relations; at the end of the session the GM moves Hélène by 1 ("le MJ
    peut faire varier [...] de 1 point"), which no player may do."""
    table = _table(web)
    table_id = table["id"]
    session_id = _start(web, table)
    _as(web, table["Ayla"])
    shown = web.get(f"/t/{table_id}/s/{session_id}")
    add = _entry(shown, "add_relation", gm_reserved=False)
    assert not [c for c in _forms(shown) if "add_relation" in c and c["add_relation"].get("gm_reserved")]
    odds = _odds(web, table_id, session_id, add, chosen="1", relation="Hélène", value="3")
    assert "Le personnage vous apprécie assez" in odds and 'value="3" selected' in odds, odds
    done = _text(_do(web, table_id, session_id, add, chosen="1", relation="Hélène", value="3"))
    assert "WINK\u00a0: nouvelle relation avec Hélène à 3." in done, done
    nameless = _text(_do(web, table_id, session_id, add, chosen="1", relation=" ", value="1"))
    assert "Une relation a besoin d'un nom." in nameless
    version = _version(web, session_id)
    gm_slot = {"add_relation": {"character": "WINK", "relation": "Némésis", "value": -8, "gm_reserved": True}}
    assert FORBIDDEN in _text(_do(web, table_id, session_id, gm_slot))
    theirs = {"add_relation": {"character": "KITSUNE", "relation": "Hélène", "value": 2}}
    assert FORBIDDEN in _text(_do(web, table_id, session_id, theirs))
    assert _version(web, session_id) == version
    _as(web, table["gm"])
    reserved = _entry(web.get(f"/t/{table_id}/s/{session_id}"), "add_relation", gm_reserved=True)
    assert "Les cases du MJ prises\u00a0: 0 sur 3." in _odds(web, table_id, session_id, reserved)
    _do(web, table_id, session_id, reserved, chosen="1", relation="Némésis", value="-8")
    relations = _state(web, session_id)["characters"]["WINK"]["relations"]
    assert [(r["name"], r["value"], r.get("gm_reserved", False)) for r in relations] == [
        ("Hélène", 3, False),
        ("Némésis", -8, True),
    ]
    for command in ("start_session", "end_session"):
        assert _do(web, table_id, session_id, command).status_code == 200
    up = _entry(web.get(f"/t/{table_id}/s/{session_id}"), "change_relation", relation="Hélène", delta=1)
    _as(web, table["Ayla"])
    assert not [c for c in _forms(web.get(f"/t/{table_id}/s/{session_id}")) if "change_relation" in c]
    assert FORBIDDEN in _text(_do(web, table_id, session_id, up))
    _as(web, table["gm"])
    _do(web, table_id, session_id, up)
    assert _state(web, session_id)["characters"]["WINK"]["relations"][0]["value"] == 4
