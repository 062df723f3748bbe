"""A Warzone battle started from the new-session form in the book's words, without JSON: the squad's
models and the opponents with their Moc, DW, actions and powers, the table's options for the
battle; a mistake names its row and field and starts nothing. On the page: an opponent's card on
every screen with its state (its sheet the GM's only), a failed technique told as failed, « panique »
the GM's through every route (refused to the other player, the observer and a stranger), and every
roll in full in the log. Rules: 001_0209eda46e4737a1.txt."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from meneur.systems.warzone.model import MAX_ACTIONS, MAX_STAT
from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf
from tests.web.test_insmv_setup import _be, _do, _join

FORM = {
    "models": "3",
    "opps": "2",
    "model-0-name": "Mystic",
    "model-0-power": "14",
    "model-0-leadership": "12",
    "model-0-actions": "3",
    "model-0-powers": "Bolt, sort, 2, 2\nShield, technique, 1\nHaste, technique, 3",
    "model-1-name": "Valkyrie",
    "model-1-power": "12",
    "model-1-leadership": "11",
    "model-1-actions": "3",
    "model-1-powers": "Heal, spell, 0, 1",
    "model-2-name": "",
    "opp-0-name": "Nepharite",
    "opp-0-power": "13",
    "opp-0-leadership": "9",
    "opp-0-actions": "3",
    "opp-0-powers": "Dark Blast, spell, 3, 1",
    "opp-1-name": "",
    "options-shown": "1",
    "option-natural_one_always_succeeds": "1",
    "option-violence_penalties_stack": "1",
    "option-knocked_down_ends_activation": "1",
    "option-wake_up_modifier": "-2",
}


def _table(client: TestClient) -> str:
    answer = create_table(client, "Samedi", "warzone")
    assert answer.status_code == 303
    return str(answer.headers["location"].rsplit("/", 1)[-1])


def _start(client: TestClient, table_id: str, fields: dict[str, str]) -> Any:
    return client.post(
        f"/t/{table_id}/new-session",
        data={**fields, "csrf": csrf(client, f"/t/{table_id}/new-session")},
        follow_redirects=False,
    )


def _api(client: TestClient, session_id: str, what: str = "") -> Any:
    return client.get(f"/api/v1/sessions/{session_id}{what}").json()


def _battle(client: TestClient) -> tuple[str, str]:
    table_id = _table(client)
    created = _start(client, table_id, FORM)
    assert created.status_code == 303, created.text
    return table_id, str(created.headers["location"].rsplit("/", 1)[-1])


def _text(raw: str) -> str:
    """A page's text with its entities read and its non-breaking spaces as spaces."""
    return html.unescape(raw).replace("\u00a0", " ")


def _card(page: str, name: str) -> str:
    found = re.search(rf'<section class="card being[^"]*"[^>]*data-name="{name}">(.*?)</section>', page, re.S)
    assert found is not None, name
    return _text(found.group(1))


def test_the_form_asks_in_the_books_words_with_the_rules_bounds(web: TestClient) -> None:
    table_id = _table(web)
    page = _text(web.get(f"/t/{table_id}/new-session").text)
    for words in (
        "Puissance (Moc)",
        "Commandement (DW)",
        "L'escouade",
        "Les adversaires",
        "Ajouter une ligne",
    ):
        assert words in page
    assert 'name="model-2-name"' in page and 'name="model-3-name"' not in page
    assert 'name="opp-1-name"' in page and 'name="opp-2-name"' not in page
    assert f'name="model-0-power" type="number" inputmode="numeric" min="0" max="{MAX_STAT}"' in page
    assert f'name="opp-0-actions" type="number" inputmode="numeric" min="0" max="{MAX_ACTIONS}"' in page
    assert "Un 1 naturel est toujours un Succès absolu" in page  # the options, ticked as the table keeps them
    assert 'name="option-natural_one_always_succeeds" value="1" checked' in page
    assert "Avancé" in page  # the JSON stays as an advanced import


def test_the_form_starts_the_battle_with_its_squad_opponents_and_options(web: TestClient) -> None:
    _table_id, session_id = _battle(web)
    state = _api(web, session_id)["state"]
    assert list(state["models"]) == ["Mystic", "Valkyrie", "Nepharite"]
    assert state["opponents"] == ["Nepharite"]
    mystic = state["models"]["Mystic"]["figure"]
    assert (mystic["power"], mystic["leadership"], mystic["actions"]) == (14, 12, 3)
    assert [(p["name"], p["kind"], p["difficulty"], p.get("actions")) for p in mystic["powers"]] == [
        ("Bolt", "spell", 2, 2),
        ("Shield", "technique", 1, None),
        ("Haste", "technique", 3, None),
    ]
    nepharite = state["models"]["Nepharite"]
    assert nepharite["figure"]["power"] == 13 and nepharite["options"]["wake_up_modifier"] == -2
    assert nepharite["options"]["failed_technique_wastes_action"] is False


def test_a_mistake_names_its_row_and_field_and_starts_nothing(web: TestClient) -> None:
    table_id = _table(web)
    before = web.get(f"/t/{table_id}").text.count(f"/t/{table_id}/s/")
    cases = {
        "opp-0-power": (
            "31",
            "Ligne 1 des adversaires, Puissance (Moc) : « 31 » n'est pas un nombre entier de 0 à 30.",
        ),
        "model-1-leadership": ("douze", "Ligne 2 des modèles, Commandement (DW)"),
        "model-0-powers": ("Bolt, spell, 2", "le sort « Bolt » demande ses actions"),
        "model-1-powers": ("Heal; spell", "chaque pouvoir sur sa ligne"),
        "opp-0-powers": ("Ward, technique, 1, 2", "la technique « Ward » ne coûte aucune action"),
    }
    for field, (value, said) in cases.items():
        answer = _start(web, table_id, {**FORM, field: value})
        assert answer.status_code == 400, field
        text = _text(answer.text)
        assert said in text, (field, text[text.find("n-error") : text.find("n-error") + 300])
        assert 'value="Mystic"' in text  # the form as it was sent
    twice = _start(web, table_id, {**FORM, "opp-0-name": "Mystic"})
    assert twice.status_code == 400 and "Deux modèles s'appellent" in _text(twice.text)
    nobody = _start(web, table_id, {"models": "3", "opps": "2"})
    assert nobody.status_code == 400 and "au moins un modèle de l'escouade" in _text(nobody.text)
    assert web.get(f"/t/{table_id}").text.count(f"/t/{table_id}/s/") == before


def test_a_row_more_keeps_what_is_typed(web: TestClient) -> None:
    rows = web.get("/warzone/setup-rows", params={"more": "opp", "opps": "2", "opp-0-name": "Nepharite"})
    assert rows.status_code == 200
    assert 'name="opp-2-name"' in rows.text and 'name="opp-3-name"' not in rows.text
    assert 'value="Nepharite"' in rows.text and 'name="opps" value="3"' in rows.text


def test_opponents_cards_panic_the_gms_and_a_failed_technique_told_as_failed(web: TestClient) -> None:
    table_id, session_id = _battle(web)
    gm = dict(web.cookies)
    ayla = _join(web, table_id, gm, "Ayla", "player")
    bruno = _join(web, table_id, gm, "Bruno", "player")
    olga = _join(web, table_id, gm, "Olga", "observer")
    for who, model in ((ayla, "Mystic"), (bruno, "Valkyrie")):
        _be(web, who)
        claimed = web.post(
            f"/t/{table_id}/s/{session_id}/claim", data={"actor": model}, headers={"X-CSRF-Token": csrf(web)}
        )
        assert claimed.status_code == 200
    _be(web, ayla)
    page = _text(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert "Jouer Nepharite" not in page  # an opponent is the GM's, never a player's to take
    nepharite = _card(page, "Nepharite")
    assert "Adversaire : le MJ le joue." in nepharite and "Blessures" in nepharite
    assert "13" not in nepharite and "Dark Blast" not in nepharite  # its sheet stays the GM's
    seen = _api(web, session_id)["state"]["models"]["Nepharite"]["figure"]
    assert seen["power"] == 0 and seen["powers"] == []
    assert "Joué par Bruno" in _card(page, "Valkyrie")
    # « panique » is not offered to a player, and refused by the page's form and by the API
    assert '"panic"' not in page
    version = _api(web, session_id)["version"]
    panic = {"panic": {"model": "Mystic", "panicked": True}}
    refused = _text(_do(web, table_id, session_id, panic).text)
    assert "Seul le maître de jeu dit si un modèle est paniqué." in refused
    api = web.post(
        f"/api/v1/sessions/{session_id}/commands",
        json={"command": panic, "version": version},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert api.status_code == 422 and api.json()["rule"] == "gm_command"
    other = {"panic": {"model": "Valkyrie", "panicked": True}}  # the other player's model
    assert "Seul le maître de jeu" in _text(_do(web, table_id, session_id, other).text)
    # nor may she give the opponent's commands
    foe = web.post(
        f"/api/v1/sessions/{session_id}/commands",
        json={"command": {"activate": {"model": "Nepharite"}}, "version": version},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert foe.status_code == 403
    # the observer and a stranger give nothing
    _be(web, olga)
    assert 'name="command"' not in web.get(f"/t/{table_id}/s/{session_id}").text
    watched = web.post(
        f"/api/v1/sessions/{session_id}/commands",
        json={"command": panic, "version": version},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert watched.status_code == 403
    web.cookies.clear()
    stranger = web.post(
        f"/api/v1/sessions/{session_id}/commands", json={"command": panic, "version": version}
    )
    assert stranger.status_code in (401, 403, 404)
    _be(web, gm)
    assert _api(web, session_id)["version"] == version
    assert not any(m["panicked"] for m in _api(web, session_id)["state"]["models"].values())
    # the GM is offered « panique » for every model, and gives it
    gm_page = _text(web.get(f"/t/{table_id}/s/{session_id}").text)
    for model in ("Mystic", "Valkyrie", "Nepharite"):
        assert json.dumps({"panic": {"panicked": True, "model": model}}) in gm_page
    assert "Dark Blast" in _card(gm_page, "Nepharite") and "13" in _card(gm_page, "Nepharite")
    _do(web, table_id, session_id, {"panic": {"model": "Nepharite", "panicked": True}})
    assert _api(web, session_id)["state"]["models"]["Nepharite"]["panicked"] is True

    # Ayla's activation: « Dodatkowo druga w danej aktywacji technika ma trudność o 2 większą »
    _be(web, ayla)
    _do(web, table_id, session_id, {"activate": {"model": "Mystic"}})
    _do(web, table_id, session_id, {"declare": {"model": "Mystic", "names": ["Shield", "Haste"]}})
    _do(web, table_id, session_id, {"technique": {"model": "Mystic"}}, dice="5")
    done = _text(_do(web, table_id, session_id, {"technique": {"model": "Mystic"}}, dice="15").text)
    declared = re.search(r'data-field="declared">(.*?)</span></p>', done, re.S)
    assert declared is not None
    told = re.sub(r"<[^>]+>", "", declared.group(1))
    assert told == "1. Shield ✓ Succès · 2. Haste ✗ Échec"
    assert 'data-tested="failure"' in declared.group(1)
    # the log tells every roll whole: whose, for what, the d20 against its threshold, the outcome and its cost
    assert "Mystic : Technique « Shield » : d20 = 5 contre 13 : Succès ; actions dépensées : 0." in done
    assert "Mystic : Technique « Haste » : d20 = 15 contre 9 : Échec ; actions dépensées : 0." in done
