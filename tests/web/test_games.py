"""The session pages of INS/MV, Warzone and Carpathes without a browser: the GM starts a session
from the table page, the buttons are the legal-action query's entries, a command goes through a
form, the numbers shown are the engine's, and a refused command shows the engine's reason."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from meneur.web.games import example
from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf, join, offered_commands, pct


def _csrf(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": csrf(client)}


def _session(client: TestClient, system: str, setup: Any = None) -> tuple[str, str]:
    """A table of ``system`` created from the home page, then a session started from its page."""
    answer = create_table(client, "Jeudi", system)
    assert answer.status_code == 303
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    table = client.get(f"/t/{table_id}")
    assert f"/t/{table_id}/new-session" in table.text  # the GM's way to start one
    form = client.get(f"/t/{table_id}/new-session")
    assert form.status_code == 200 and "Yves" in form.text if system == "insmv" else True
    text = json.dumps(setup if setup is not None else example(system), ensure_ascii=False)
    created = client.post(
        f"/t/{table_id}/new-session",
        data={"setup": text, "csrf": csrf(client)},
        follow_redirects=False,
    )
    assert created.status_code == 303, created.text
    session_id = created.headers["location"].rsplit("/", 1)[-1]
    assert f"/t/{table_id}/s/{session_id}" in client.get(f"/t/{table_id}").text
    return table_id, session_id


def _forms(page: str) -> list[str]:
    """The commands of the page's enabled buttons (each form's hidden ``command``, each entry of a
    card's list of variants)."""
    return offered_commands(page)


def _api(client: TestClient, session_id: str, what: str = "") -> Any:
    return client.get(f"/api/v1/sessions/{session_id}{what}").json()


def _play(client: TestClient, table_id: str, session_id: str, command: Any, **extra: str) -> str:
    version = _api(client, session_id)["version"]
    answer = client.post(
        f"/t/{table_id}/s/{session_id}/do",
        data={"command": json.dumps(command), "version": str(version), **extra},
        headers=_csrf(client),
    )
    assert answer.status_code == 200
    return answer.text


def test_insmv_session_shows_the_beings_and_spends_power_points_from_a_form(web: TestClient) -> None:
    table_id, session_id = _session(web, "insmv")
    page = web.get(f"/t/{table_id}/s/{session_id}")
    assert (
        page.status_code == 200
        and f'ws-connect="/t/{table_id}/live?page=game&amp;session={session_id}&amp;after=' in page.text
    )
    state = _api(web, session_id)["state"]
    assert "Présence 3" in page.text and "Discussion" in page.text and "Charme 3" in page.text
    legal = _api(web, session_id, "/legal")["legal"]
    offered = [entry["command"] for entry in legal]
    assert all(json.loads(wire) in offered for wire in _forms(page.text))  # every button from legal
    assert "Chances avant le jet" in page.text  # a test's odds before rolling
    spend = {"spend": {"being": "Yves", "cost": 1}}
    assert json.dumps(spend, ensure_ascii=False) in _forms(page.text)
    after = _play(web, table_id, session_id, spend, amount="2")
    state = _api(web, session_id)["state"]
    left = state["beings"]["Yves"]["power_points"]
    assert left is not None and re.search(rf'data-field="pp">{left}<', after)
    # a refused command: the engine's reason, beside the buttons
    refused = _play(web, table_id, session_id, {"spend": {"being": "Yves", "cost": 40}})
    assert 'id="refusal"' in refused and "points de pouvoir" in refused


def test_insmv_test_odds_are_the_single_roll_pages_odds(web: TestClient) -> None:
    from meneur.systems.insmv.engine import state_from_json
    from meneur.systems.insmv.odds import odds_of
    from meneur.systems.insmv.resolution import TestRequest, plan_test

    table_id, session_id = _session(web, "insmv")
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    asmo = state_from_json(_api(web, session_id)["state"]).beings["Asmo"]
    # the legal « test value 3, voluntary shift 5 » of Asmo: the table UM's odds (table_um.py)
    found = odds_of(plan_test(TestRequest(3, None, 0, 5, None), asmo.rules))
    assert f"réussite {pct(float(found.success) * 100)}" in page  # the book's word: « réussite »


def test_warzone_session_shows_power_and_actions_left(web: TestClient) -> None:
    table_id, session_id = _session(web, "warzone")
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    assert 'data-field="power">14<' in page
    _play(web, table_id, session_id, {"activate": {"model": "Mystic"}})
    page = _play(web, table_id, session_id, {"declare": {"names": ["Shield", "Haste"], "model": "Mystic"}})
    state = _api(web, session_id)["state"]["models"]["Mystic"]
    assert f'data-field="actions">{state["actions_left"]}<' in page
    assert "1. Shield" in page and "2. Haste" in page  # techniques in order
    assert "Chances avant le jet" in page  # the next technique's odds before rolling
    refused = _play(web, table_id, session_id, {"activate": {"model": "Mystic"}})
    assert 'id="refusal"' in refused


def test_carpathes_session_shows_traits_defense_talisman_and_joker(web: TestClient) -> None:
    table_id, session_id = _session(web, "carpathes")
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    assert "Mihail" in page and 'data-field="talisman"' in page and 'data-field="joker"' in page
    assert "Aucune séance n&#39;est en cours" in page or "Aucune séance n'est en cours" in page  # greyed
    refused = _play(web, table_id, session_id, {"roll": {"pc": "Mihail", "trait": "mental"}})
    assert 'id="refusal"' in refused and "séance" in refused
    _play(web, table_id, session_id, "start_session")
    page = _play(web, table_id, session_id, "start_scene")
    assert '{"roll": {"pc": "Mihail", "trait": "mental"}}' in _forms(page)
    assert "Chances avant le jet" in page
    state = _api(web, session_id)["state"]
    assert state["session"] == 1


def test_a_setup_that_does_not_read_is_shown_beside_the_field(web: TestClient) -> None:
    answer = create_table(web, "Jeudi", "warzone")
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    bad = web.post(
        f"/t/{table_id}/new-session",
        data={"setup": '{"figures": [{"name": "X"}]}', "csrf": csrf(web)},
    )
    assert bad.status_code == 400 and 'role="alert"' in bad.text and "figures" in bad.text


def test_carpathes_initiative_shows_each_combatants_dice_and_total_in_the_engines_order(
    web: TestClient,
) -> None:
    """« chaque combattant lance 2D6 + Physique. Le plus haut agit en premier, puis on descend »,
    and « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »
    (003_87a535c5e428c5d3.txt): Mihail, seriously wounded, rolls 3D6 and keeps the 2 worst. The
    log and the chronicle's facts show each one's dice and total as the engine's event holds them."""
    table_id, session_id = _session(web, "carpathes")
    for command in ("start_session", "start_scene", {"begin_confrontation": {"creature": "vampire"}}):
        _play(web, table_id, session_id, command)
    _play(web, table_id, session_id, {"inflict_wound": {"pc": "Mihail", "wound": "serious"}})
    page = _play(web, table_id, session_id, "roll_initiative", dice="6 5 3 6 4")
    events = _api(web, session_id, "/log")["log"][-1]["events"]
    entries = {
        e["name"]: e
        for e in next(e["initiative_rolled"] for e in events if "initiative_rolled" in e)["entries"]
    }
    assert entries["Mihail"]["dice"] == [6, 5, 3] and entries["Mihail"]["disadvantage"] is True
    assert entries["Anca"]["dice"] == [6, 4] and not entries["Anca"].get("disadvantage")
    # Anca 6 + 4 + Physique 2 = 12 acts before Mihail 5 + 3 (the 2 worst of 6, 5, 3) + Physique 1 = 9
    lines = [
        "1. Anca : 6+4 + Physique 2 = 12",
        "2. Mihail : 5+3 + Physique 1 = 9",
        "Mihail a une blessure sérieuse : désavantage, 3D6 garder les 2 pires (6, 5, 3).",
    ]
    log = html.unescape(page[page.index('class="log"') :])
    assert "".join(f"<p>{line}</p>" for line in lines) in log  # a line each
    facts = html.unescape(re.search(r'<dl class="facts">.*?</dl>', page, re.S).group(0))  # type: ignore[union-attr]
    assert "".join(f'<span class="fact-line">{line}</span>' for line in lines) in facts
    # the next scene has no initiative until it is rolled again (« se relance à chaque scène »)
    page = _play(web, table_id, session_id, "start_scene")
    assert "1. Anca" not in html.unescape(re.search(r'<dl class="facts">.*?</dl>', page, re.S).group(0))  # type: ignore[union-attr]


def test_the_session_page_speaks_english_on_request(web: TestClient) -> None:
    table_id, session_id = _session(web, "insmv")
    web.post("/language", data={"lang": "en", "next": "/"}, headers=_csrf(web))
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    assert "Odds before rolling:" in page and "Spend power points" in page and "Power points" in page
    assert "Chances avant le jet" not in page


def test_the_energy_fight_keeps_its_own_page(web: TestClient) -> None:
    answer = create_table(web, "Mardi", "energy")
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    page = web.get(f"/t/{table_id}").text
    found = re.search(rf"/t/{table_id}/s/([0-9a-f]+)", page)
    assert found is not None and f"/t/{table_id}/new-session" not in page
    fight = web.get(f"/t/{table_id}/s/{found.group(1)}").text
    assert 'id="fight"' in fight and 'id="game"' not in fight
    # one router for every game: htmx's request (``HX-Request``) gets the fight's fragment, not a page
    fragment = web.get(f"/t/{table_id}/s/{found.group(1)}", headers={"HX-Request": "true"}).text
    assert fragment.startswith('<div id="fight"') and "<html" not in fragment


def _join(client: TestClient, table_id: str, name: str) -> tuple[dict[str, str], dict[str, str]]:
    """A player joins with the join code the GM shows: the GM's cookies, then the player's."""
    gm = dict(client.cookies)
    shown = client.get(f"/t/{table_id}").text
    code = re.search(r'class="code">([^<]+)<', shown)
    assert code is not None
    client.cookies.clear()
    joined = join(client, table_id, code.group(1), name, follow_redirects=False)
    assert joined.status_code == 303
    return gm, dict(client.cookies)


def _as(client: TestClient, cookies: dict[str, str]) -> None:
    client.cookies.clear()
    client.cookies.update(cookies)


def test_a_player_claims_a_being_gives_only_its_commands_and_the_gm_hands_it_over(web: TestClient) -> None:
    table_id, session_id = _session(web, "insmv")
    gm, ayla = _join(web, table_id, "Ayla")
    _as(web, ayla)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert "Jouer Yves" in page and "Jouer Asmo" in page
    assert not _forms(page)  # nothing to do before taking a being
    raw = web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": "Yves"}, headers=_csrf(web)).text
    taken = html.unescape(raw)
    assert "Vous jouez Yves" in taken and "Jouer Asmo" not in taken
    commands = [json.loads(wire) for wire in _forms(raw)]
    assert commands and all(next(iter(c.values()))["being"] == "Yves" for c in commands)
    after = _play(web, table_id, session_id, {"spend": {"being": "Yves", "cost": 1}}, amount="2")
    assert _api(web, session_id)["state"]["beings"]["Yves"]["power_points"] is not None
    assert 'id="refusal"' not in after
    # Asmo is not hers: the server refuses, nothing is applied
    version = _api(web, session_id)["version"]
    refused = _play(web, table_id, session_id, {"spend": {"being": "Asmo", "cost": 1}})
    assert 'id="refusal"' in refused and _api(web, session_id)["version"] == version
    # the GM sees who plays what and hands Yves back to nobody, then to Ayla again
    _as(web, gm)
    gm_page = web.get(f"/t/{table_id}/s/{session_id}").text
    ayla_id = re.search(r'<option value="([^"]+)" selected>Ayla</option>', gm_page)
    assert ayla_id is not None and "Joué par Ayla" in html.unescape(gm_page)
    web.post(f"/t/{table_id}/s/{session_id}/player", data={"actor": "Yves", "member": ""}, headers=_csrf(web))
    _as(web, ayla)
    assert "Jouer Yves" in html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
    )
    _as(web, gm)
    web.post(
        f"/t/{table_id}/s/{session_id}/player",
        data={"actor": "Asmo", "member": ayla_id.group(1)},
        headers=_csrf(web),
    )
    _as(web, ayla)
    assert "Vous jouez Asmo" in html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
    )
    # a player cannot hand an actor over
    answer = web.post(
        f"/t/{table_id}/s/{session_id}/player",
        data={"actor": "Yves", "member": ayla_id.group(1)},
        headers=_csrf(web),
    )
    assert answer.status_code == 403


def test_a_taken_character_cannot_be_claimed_by_another_player(web: TestClient) -> None:
    table_id, session_id = _session(web, "carpathes")
    gm, ayla = _join(web, table_id, "Ayla")
    _as(web, gm)
    _gm, bren = _join(web, table_id, "Bren")
    _as(web, ayla)
    web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": "Mihail"}, headers=_csrf(web))
    _as(web, bren)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert "Jouer Anca" in page and "Jouer Mihail" not in page and "Jouer Strigoi" not in page
    late = html.unescape(
        web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": "Mihail"}, headers=_csrf(web)).text
    )
    assert 'id="refusal"' in late and "déjà joué" in late
    npc = html.unescape(
        web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": "Strigoi"}, headers=_csrf(web)).text
    )
    assert 'id="refusal"' in npc  # a non-player character stays the GM's


@pytest.mark.parametrize("kind", ["insmv", "warzone", "carpathes"])
def test_who_gives_a_command_is_the_actor_of_its_legal_entry(kind: str) -> None:
    """The server lets a player give a command whose actor they play: the actor it reads in the
    typed command is the one the engine's legal-action query gives for that entry; a GM's entry
    (``None``) names no actor a player may take (a Carpathes NPC's wound is the GM's)."""
    from meneur.dice import EnteredSource
    from meneur.engine import Session
    from meneur.server.permissions import actor_of
    from meneur.web.game_view import actors

    session = Session.new(kind, example(kind))
    opening = {
        "insmv": [],
        "warzone": [{"activate": {"model": "Mystic"}}, {"declare": {"names": ["Shield"], "model": "Mystic"}}],
        "carpathes": ["start_session", "start_scene"],
    }[kind]
    seen = 0
    for step in [None, *opening]:
        if step is not None:
            session.do(step, EnteredSource([3] * 10))
        for entry in session.legal(include_refused=True):
            typed = session.system.codec.command_from_json(
                session.system.codec.command_to_json(entry.command)
            )
            found = actor_of(typed, session.system.codec)
            if entry.actor is None:
                assert found is None or found not in actors(kind, session.state), entry.command
            else:
                assert found == entry.actor, entry.command
                seen += 1
    assert seen > 3


def test_insmv_session_shows_the_table_um_column_cell_and_units_as_the_single_roll_page(
    web: TestClient,
) -> None:
    """« la colonne utilisée » (table UM): the session's test lands where the /insmv page puts it."""
    table_id, session_id = _session(web, "insmv")
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    # Yves's Discussion: talent 4 on the moyenne row, no shift; the same test on the single-roll page
    alone = html.unescape(web.post("/insmv", data={"value": "4", "kind": "angel", "action": "odds"}).text)
    heading = re.search(r"La table UM : colonne \d+ \(depuis \d+, décalage [+-]\d+\)", alone)
    assert heading is not None and heading.group(0) in page
    units = re.search(r"Unités d'une réussite : [^<]+", alone) or re.search(
        r"Unités d'une réussite[^<]+", alone
    )
    assert units is not None and units.group(0) in page


def test_warzone_session_shows_a_critical_failure_and_its_violence_row(web: TestClient) -> None:
    """« on a "20" the power fails and a d20 is rolled on the violence table » (casting.py, from the rules)."""
    table_id, session_id = _session(web, "warzone")
    _play(web, table_id, session_id, {"activate": {"model": "Mystic"}})
    _play(web, table_id, session_id, {"declare": {"names": ["Shield", "Haste"], "model": "Mystic"}})
    page = html.unescape(_play(web, table_id, session_id, {"technique": {"model": "Mystic"}}, dice="20 5"))
    model = _api(web, session_id)["state"]["models"]["Mystic"]
    assert model["penalty"] == 3 and f'data-field="penalty">{model["penalty"]}<' in page
    assert 'data-field="outcome">Échec critique<' in page
    assert '<tr class="here"><th scope="row">1-10</th>' in page
    assert "Table de violence" in page and "ne peut pas se concentrer" in page


def test_the_buttons_say_the_commands_in_the_books_words(web: TestClient) -> None:
    table_id, session_id = _session(web, "carpathes")
    _play(web, table_id, session_id, "start_session")
    page = html.unescape(_play(web, table_id, session_id, "start_scene"))
    assert "Jet — Mihail, Mental, jet de protection, en péril" in page
    assert "Invoquer le Talisman de Foi — Mihail, croix, sincère" in page
    assert "pc Mihail" not in page and "True" not in page  # no field names, no Python
    table_id, session_id = _session(web, "insmv")
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert (
        "Test — Yves, Discussion" in page
        and "Test en opposition — Asmo valeur 3 contre Yves valeur 3" in page
    )


def test_an_insmv_tests_row_and_shift_are_chosen_before_rolling_and_the_odds_follow(web: TestClient) -> None:
    """« Le MJ peut décaler la colonne » (table UM): a hard row and a shift of +2 columns move the test
    where the /insmv page puts it; the test rolled carries them."""
    from meneur.systems.insmv.engine import state_from_json
    from meneur.systems.insmv.odds import odds_of
    from meneur.systems.insmv.resolution import TestRequest, plan_test
    from meneur.systems.insmv.table_um import Difficulty

    table_id, session_id = _session(web, "insmv")
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    assert 'name="difficulty"' in page and 'name="shift"' in page
    command = json.dumps({"test": {"being": "Yves", "talent": "Discussion"}})
    chosen = html.unescape(
        web.get(
            f"/t/{table_id}/s/{session_id}/odds",
            params={"command": command, "difficulty": "difficile", "shift": "2", "key": "b-9"},
        ).text
    )
    yves = state_from_json(_api(web, session_id)["state"]).beings["Yves"]
    plan = plan_test(TestRequest(4, Difficulty.DIFFICILE, 2, 0, None), yves.rules)
    assert f"réussite {pct(float(odds_of(plan).success) * 100)}" in chosen
    assert f"colonne {plan.column} (depuis {plan.start_column}, décalage +2)" in chosen
    assert 'value="difficile" selected' in chosen and 'id="b-9-odds"' in chosen
    bad = html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}/odds", params={"command": command, "shift": "deux"}).text
    )
    assert "nombre entier de colonnes" in bad and 'name="shift"' in bad
    _play(web, table_id, session_id, json.loads(command), difficulty="difficile", shift="2", dice="1 1 1")
    tested = _api(web, session_id, "/log")["log"][-1]["events"][0]["tested"]
    assert tested["difficulty"] == "difficile" and tested["shift"] == 2


def test_a_character_named_like_an_actor_links_nobody_a_claim_does(web: TestClient) -> None:
    """Who plays an actor is the session's link, never a character's name (issue 17): Ayla owning a
    table character named Anca plays no Anca until she takes it; then it is hers and nobody else's."""
    table_id, session_id = _session(web, "carpathes")
    gm, ayla = _join(web, table_id, "Ayla")
    _as(web, gm)
    gm_page = web.get(f"/t/{table_id}/s/{session_id}").text
    ayla_id = re.search(r'<option value="([^"]+)" >Ayla</option>', gm_page) or re.search(
        r'<option value="([^"]+)"\s*>Ayla</option>', gm_page
    )
    assert ayla_id is not None
    made = web.post(
        f"/api/v1/tables/{table_id}/characters",
        json={"file": {"name": "Anca"}, "owner": ayla_id.group(1)},
        headers=_csrf(web),
    )
    assert made.status_code == 201, made.text
    assert "Joué par Ayla" not in html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
    )
    _as(web, ayla)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text)
    assert "Vous jouez Anca" not in page and "Jouer Anca" in page
    web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": "Anca"}, headers=_csrf(web))
    assert "Vous jouez Anca" in html.unescape(
        web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
    )
    _as(web, gm)
    _gm, bren = _join(web, table_id, "Bren")
    _as(web, bren)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert "Jouer Mihail" in page and "Jouer Anca" not in page
    taken = html.unescape(
        web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": "Anca"}, headers=_csrf(web)).text
    )
    assert 'id="refusal"' in taken


def test_the_gm_takes_a_command_back_and_gives_it_again_on_a_session_page(web: TestClient) -> None:
    table_id, session_id = _session(web, "carpathes")
    command = _forms(web.get(f"/t/{table_id}/s/{session_id}").text)[0]
    _play(web, table_id, session_id, json.loads(command))
    played = _api(web, session_id)
    forward = f"/t/{table_id}/s/{session_id}/redo"
    assert f'hx-post="{forward}"' in web.get(f"/t/{table_id}/s/{session_id}").text
    nothing = web.post(forward, data={"version": "1"}, headers=_csrf(web))
    assert "Aucune commande à refaire." in html.unescape(nothing.text)  # nothing taken back yet
    back = web.post(f"/t/{table_id}/s/{session_id}/undo", data={"version": "1"}, headers=_csrf(web))
    assert back.status_code == 200 and _api(web, session_id)["version"] == 0
    assert web.post(forward, data={"version": "0"}).status_code == 403  # no CSRF value: refused
    again = web.post(forward, data={"version": "0"}, headers=_csrf(web))
    assert again.status_code == 200 and 'role="alert"' not in again.text
    assert _api(web, session_id) == played  # the same command, the same dice, the same state


@pytest.mark.parametrize("kind", ["insmv", "warzone", "carpathes"])
def test_a_session_page_is_titled_with_its_games_own_name(web: TestClient, kind: str) -> None:
    """The page's heading is the name the game's plugin gives (no page names a game itself)."""
    from meneur.engine.registry import game

    table_id, session_id = _session(web, kind)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}").text)
    assert f"<h1>{game(kind).name} — Jeudi</h1>" in page


@pytest.mark.parametrize("system", ["insmv", "warzone", "carpathes"])
def test_every_button_of_a_session_starts_with_a_capital(web: TestClient, system: str) -> None:
    """A button reads as a sentence (« Test — Yves », not « test — Yves »), its words as the game
    gives them after the first letter (a name in capitals stays so)."""
    table_id, session_id = _session(web, system)
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    labels = [html.unescape(text) for text in re.findall(r'<span class="label">([^<]+)</span>', page)]
    assert labels and [label for label in labels if not label[:1].isupper()] == []


def test_an_opposed_test_is_the_last_test_of_both_beings_in_the_books_word(web: TestClient) -> None:
    """Each card's « Dernier test » is the being's newest test, an opposed test's side included, and
    says « réussite » or « échec » as the book does (« une éventuelle réussite (ou un échec…) »,
    000_008acb24c72771e3.txt)."""
    table_id, session_id = _session(web, "insmv")
    alone = {"test": {"being": "Asmo", "value": 3}}
    _play(web, table_id, session_id, alone)
    opposed = {
        "opposed": {
            "attacker": {"being": "Asmo", "value": 3, "cost": 1},
            "defender": {"being": "Yves", "value": 3},
        }
    }
    page = html.unescape(_play(web, table_id, session_id, opposed))
    events = _api(web, session_id, "/log")["log"][-1]["events"]
    sides = next(e["opposed_tested"] for e in events if "opposed_tested" in e)
    for side in ("attacker", "defender"):
        test = sides[side]
        card = page[page.index(f'data-name="{test["name"]}"') :]
        card = card[: card.index("</section>")]
        dice = " ".join(str(d) for d in test["dice"])
        word = "réussite" if test["success"] else "échec"
        assert re.search(
            rf'Dernier test\s: d666 <span data-field="dice">{dice}</span> · <strong data-field="result">{word}<',
            card,
        )


def test_the_variants_of_a_command_are_one_card_with_a_list_of_the_legal_entries(web: TestClient) -> None:
    """Each action is one card with its controls inside: the GM's eleven « Commencer une
    confrontation — … » are one button and a list, whose every choice is a legal entry, and the one
    chosen is what is played."""
    table_id, session_id = _session(web, "carpathes")
    _play(web, table_id, session_id, "start_session")
    _play(web, table_id, session_id, "start_scene")
    page = web.get(f"/t/{table_id}/s/{session_id}").text
    legal = [e["command"] for e in _api(web, session_id, "/legal")["legal"]]
    starts = [c for c in legal if isinstance(c, dict) and "begin_confrontation" in c]
    assert len(starts) >= 3
    card = re.search(r'<form class="action framed"[^>]*data-kind="begin_confrontation".*?</form>', page, re.S)
    assert card is not None and page.count('data-kind="begin_confrontation"') == 1
    choices = [
        (html.unescape(w), html.unescape(t))
        for w, t in re.findall(r'<option value="([^"]*)">([^<]*)</option>', card.group(0))
    ]
    assert sorted(json.dumps(json.loads(w), sort_keys=True) for w, _ in choices) == sorted(
        json.dumps(c, sort_keys=True) for c in starts
    )
    assert '<span class="label">Commencer une confrontation</span>' in card.group(0)
    assert all(text and "—" not in text for _, text in choices)  # what sets each apart, not the head
    chosen = json.loads(choices[-1][0])
    _play(web, table_id, session_id, chosen)
    assert _api(web, session_id, "/log")["log"][-1]["command"] == chosen
