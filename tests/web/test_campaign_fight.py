"""A fight started from an Energy campaign hands its outcome back, through the real app: the GM
starts the fight from the campaign's page, plays it to its end, and hands it back with WINK, knocked
out, wounded ("Un personnage qui a été mis hors combat durant une scène peut subir le statut blessé
à la fin du combat (à la discrétion du MJ)", 002_58e889a1abff3456.txt) and the stress box KITSUNE
checked in the fight; undo takes the whole hand-back back, a second one is refused, a player cannot
hand a fight back and a stranger sees nothing."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from meneur.server.models import GameSession
from tests.inprocess import TestClient
from tests.web.forms import csrf
from tests.web.test_campaign import _as, _do, _start, _state, _table, _text, _version
from tests.web.test_new_fight import _field, _rows


def _fight(web: TestClient, table_id: str, campaign_id: str, name: str = "") -> str:
    """The GM's new fight from the campaign's link: WINK and KITSUNE against one rank-3 agent."""
    page = _text(web.get(f"/t/{table_id}/s/{campaign_id}"))
    link = f"/t/{table_id}/new-fight?campaign={campaign_id}"
    assert f'href="{link}"' in page
    assert f'hx-get="/t/{table_id}/s/{campaign_id}/fights" hx-trigger="load"' in page  # the fights' card
    form = _text(web.get(link))
    assert f'name="campaign" value="{campaign_id}"' in form
    data = {
        "csrf": csrf(web),
        _field(form, "WINK"): "heroes",
        _field(form, "KITSUNE"): "heroes",
        "npc_ranks": "3",
        "npc_name": "Agent",
        "campaign": campaign_id,
        "session_name": name,
    }
    created = web.post(f"/t/{table_id}/new-fight", data=data, follow_redirects=False)
    assert created.status_code == 303, created.text
    return str(created.headers["location"].rsplit("/", 1)[-1])


def _play(web: TestClient, table_id: str, fight_id: str, command: Any) -> None:
    version = _version(web, fight_id)
    data = {"command": json.dumps(command), "version": str(version)}
    answer = web.post(f"/t/{table_id}/s/{fight_id}/do", data=data, headers={"X-CSRF-Token": csrf(web)})
    assert answer.status_code == 200 and 'role="alert"' not in answer.text, answer.text
    assert _version(web, fight_id) == version + 1


def _knock_out(web: TestClient, table_id: str, fight_id: str, target: str) -> None:
    data = {"op": "adjust", "version": str(_version(web, fight_id)), "target": target, "vigor": "0"}
    data["reason"] = "test"
    answer = web.post(f"/t/{table_id}/s/{fight_id}/gm", data=data, headers={"X-CSRF-Token": csrf(web)})
    assert answer.status_code == 200 and 'role="alert"' not in answer.text, answer.text


def _card(web: TestClient, table_id: str, campaign_id: str) -> Any:
    return web.get(f"/t/{table_id}/s/{campaign_id}/fights", headers={"HX-Request": "true"})


def _hand_back(web: TestClient, table_id: str, campaign_id: str, fight_id: str, **extra: Any) -> Any:
    version = extra.pop("version", None) or str(_version(web, campaign_id))
    data = {"csrf": csrf(web), "fight": fight_id, "version": version, **extra}
    return web.post(f"/t/{table_id}/s/{campaign_id}/hand-back", data=data, follow_redirects=False)


def test_a_fight_from_the_campaign_hands_back_wounded_and_stress_once_and_undo_takes_it_back(
    web: TestClient,
) -> None:
    table = _table(web)
    table_id = table["id"]
    campaign_id = _start(web, table)
    fight_id = _fight(web, table_id, campaign_id)
    (row,) = _rows(web, GameSession, id=fight_id)
    assert row.setup["campaign"] == campaign_id  # the link, stored with the fight
    under_way = html.unescape(_card(web, table_id, campaign_id).text)
    assert 'data-field="under-way"' in under_way and 'data-form="hand-back"' not in under_way
    whole = _text(web.get(f"/t/{table_id}/s/{campaign_id}/fights"))  # without htmx: a page of its own
    assert "<h1>Les combats de la campagne</h1>" in whole and 'data-field="under-way"' in whole
    _play(web, table_id, fight_id, "start")
    _play(web, table_id, fight_id, {"stress": {"actor": "kitsune", "use": "determination"}})
    _knock_out(web, table_id, fight_id, "wink")
    early = _hand_back(web, table_id, campaign_id, fight_id, wounded="WINK")
    assert early.status_code == 409 and "Ce combat n'est pas encore terminé" in _text(early)
    _play(web, table_id, fight_id, "end")  # the GM marks nothing in the fight: the campaign's card asks
    before = _state(web, campaign_id)
    card = html.unescape(_card(web, table_id, campaign_id).text)
    assert "Reporter le combat" in card
    wink = card.split('data-character="WINK"', 1)[1].split("</fieldset>", 1)[0]
    kitsune = card.split('data-character="KITSUNE"', 1)[1].split("</fieldset>", 1)[0]
    assert re.search(
        r'<input type="checkbox" name="wounded" value="WINK" >', wink
    )  # not ticked: the GM's choice
    assert 'name="wounded"' not in kitsune  # never knocked out
    assert "1 case de stress cochée pendant le combat (détermination)" in kitsune
    assert "Aucune case de stress cochée pendant le combat." in wink
    assert not re.search(r'name="xp-[^"]+" value="[^"]+" checked', card)  # the book gives no XP per fight

    # a player hands nothing back, nor opens the GM's card
    _as(web, table["Ayla"])
    assert _hand_back(web, table_id, campaign_id, fight_id, wounded="WINK").status_code == 403
    assert _card(web, table_id, campaign_id).status_code == 403
    assert _state(web, campaign_id) == before

    _as(web, table["gm"])
    # a damaged form (a version that is no number, a criterion the table lacks) says so in French
    for damaged in ({"version": "x"}, {"xp-WINK": "heroic.nonsense"}):
        broken = _hand_back(web, table_id, campaign_id, fight_id, wounded="WINK", **damaged)
        assert broken.status_code == 400 and "Ce formulaire a expiré" in _text(broken), _text(broken)
    assert _state(web, campaign_id) == before
    done = _hand_back(web, table_id, campaign_id, fight_id, wounded="WINK")
    assert done.status_code == 303 and done.headers["location"] == f"/t/{table_id}/s/{campaign_id}"
    after = _state(web, campaign_id)
    assert after["characters"]["WINK"]["states"] == ["wounded"]
    assert after["characters"]["KITSUNE"]["stress"] == before["characters"]["KITSUNE"]["stress"] + 1
    assert after["characters"]["KITSUNE"]["states"] == before["characters"]["KITSUNE"]["states"]
    assert after["fights"] == [fight_id]
    assert 'data-field="handed-back"' in _card(web, table_id, campaign_id).text

    # the players see what came back, in the campaign's page
    for name in ("Ayla", "Bren"):
        _as(web, table[name])
        page = _text(web.get(f"/t/{table_id}/s/{campaign_id}"))
        assert "Rapporté du combat «\u00a0Combat n°\u00a01\u00a0»" in page  # the campaign's first fight
        assert "WINK\u00a0: blessé" in page and "KITSUNE\u00a0: 1 case de stress cochée" in page

    # a second hand-back of the same fight is refused and changes nothing
    _as(web, table["gm"])
    again = _hand_back(web, table_id, campaign_id, fight_id)
    assert again.status_code == 422
    assert "Ce combat a déjà été rapporté à la campagne" in _text(again)
    assert _state(web, campaign_id) == after

    # undo takes the whole hand-back back: the state is exactly as before
    undone = web.post(
        f"/t/{table_id}/s/{campaign_id}/undo",
        data={"version": str(_version(web, campaign_id))},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert undone.status_code == 200
    assert _state(web, campaign_id) == before
    assert 'data-form="hand-back"' in _card(web, table_id, campaign_id).text  # it may be handed back again

    # a stranger sees nothing
    version = str(_version(web, campaign_id))
    web.cookies.clear()
    assert _card(web, table_id, campaign_id).status_code in (303, 401, 403)
    refused = _hand_back(web, table_id, campaign_id, fight_id, wounded="WINK", version=version)
    assert refused.status_code in (303, 401, 403) and "WINK" not in refused.text
    assert web.get(f"/t/{table_id}/s/{campaign_id}").status_code in (303, 401, 403)


def test_a_wound_the_fights_own_end_marked_is_ticked_on_the_card(web: TestClient) -> None:
    """The GM who already marked WINK blessé when ending the fight finds the box ticked."""
    table = _table(web)
    table_id = table["id"]
    campaign_id = _start(web, table)
    fight_id = _fight(web, table_id, campaign_id)
    _play(web, table_id, fight_id, "start")
    _knock_out(web, table_id, fight_id, "wink")
    _play(web, table_id, fight_id, {"end": {"wounded": ["wink"]}})
    card = html.unescape(_card(web, table_id, campaign_id).text)
    assert re.search(r'<input type="checkbox" name="wounded" value="WINK" checked>', card), card
    done = _hand_back(web, table_id, campaign_id, fight_id, wounded="WINK")
    assert done.status_code == 303
    assert _state(web, campaign_id)["characters"]["WINK"]["states"] == ["wounded"]


def test_a_campaign_fight_card_is_titled_by_its_name_or_its_number_in_the_campaign(web: TestClient) -> None:
    """The GM's name for the fight (« Le pont »), else « Combat n° 2 »: never a session id."""
    table = _table(web)
    table_id = table["id"]
    campaign_id = _start(web, table)
    named = _fight(web, table_id, campaign_id, name="Le pont")
    plain = _fight(web, table_id, campaign_id)
    card = _text(_card(web, table_id, campaign_id))
    titles = re.findall(r'<h3 id="hb-([^"]+)"><a href="[^"]+">([^<]+)</a></h3>', card)
    assert titles == [(named, "Le pont"), (plain, "Combat n°\u00a02")], card


def test_a_fight_from_the_campaign_starts_from_the_campaigns_sheets(web: TestClient) -> None:
    """WINK wounded and KITSUNE démoralisé in the campaign (not in the table's files): the new-fight
    page says what comes from the campaign, and the fight starts with it ("Un personnage blessé ne
    peut récupérer que la moitié de sa vigueur (arrondie au supérieur)"; démoralisé "-1 en énergie",
    002_58e889a1abff3456.txt)."""
    table = _table(web)
    table_id = table["id"]
    campaign_id = _start(web, table)
    for command in (
        {"inflict_state": {"character": "WINK", "state": "wounded"}},
        "start_session",
        "start_scene",
    ):
        assert _do(web, table_id, campaign_id, command).status_code == 200
    for boxes in (2, 2, 2, 2, 2, 1):  # 11 boxes, two a scene at most: troublé at 10, then démoralisé
        given = {"add_stress": {"character": "KITSUNE", "boxes": boxes}}
        assert _do(web, table_id, campaign_id, given).status_code == 200
        assert _do(web, table_id, campaign_id, "start_scene").status_code == 200
    kitsune = _state(web, campaign_id)["characters"]["KITSUNE"]
    assert kitsune["stress"] == 10 and "demoralized" in kitsune["states"], kitsune
    form = _text(web.get(f"/t/{table_id}/new-fight?campaign={campaign_id}"))
    wink = form.split(">WINK", 1)[1].split("lineup-row", 1)[0]
    assert "D'après la fiche de la campagne\u00a0:" in wink and "<li>blessé\u00a0: Vigueur 3 / 5</li>" in wink
    kit = form.split(">KITSUNE", 1)[1].split("lineup-row", 1)[0]
    assert "<li>démoralisé\u00a0: Énergie 5 / 6</li>" in kit and "<li>stress 10/10</li>" in kit, kit
    without = _text(web.get(f"/t/{table_id}/new-fight"))  # no campaign: the table's files, nothing said
    assert 'data-field="from-campaign"' not in without
    fight_id = _fight(web, table_id, campaign_id)
    fighters = {c["id"]: c for c in _state(web, fight_id)["combatants"]}
    assert (fighters["wink"]["vigor"], fighters["wink"]["vigor_max"]) == (3, 3)
    assert fighters["kitsune"]["energy_max"] == 5 and fighters["kitsune"]["stress"] == 10
    assert {"troubled", "demoralized"} <= set(fighters["kitsune"]["states"])


HTMX = {"HX-Request": "true"}


def _htmx_hand_back(web: TestClient, table_id: str, campaign_id: str, data: dict[str, Any]) -> Any:
    headers = {**HTMX, "X-CSRF-Token": csrf(web)}
    return web.post(f"/t/{table_id}/s/{campaign_id}/hand-back", data=data, headers=headers)


def _refusal(answer: Any, fight_id: str) -> str:
    """The refusal shown in place: the card again (a 200, which htmx swaps in), the reason in its
    fight's section, before its form."""
    assert answer.status_code == 200, answer.text
    assert "<html" not in answer.text and answer.text.lstrip().startswith('<div id="campaign-fights">')
    section = _text(answer).split(f'data-fight="{fight_id}"', 1)[1].split("</section>", 1)[0]
    found = re.search(r'<p class="error" id="hand-back-error" role="alert">([^<]+)</p>', section)
    assert found is not None, section
    return found.group(1)


def test_the_hand_back_form_answers_in_place_through_htmx(web: TestClient) -> None:
    """The card's form posts through htmx like the campaign's other forms: each damaged or refused
    sending shows the reason in place, in the reader's language, the GM's ticks kept and nothing
    changed (never a 5xx, never a bare page); a success answers the campaign's page fragment."""
    table = _table(web)
    table_id = table["id"]
    campaign_id = _start(web, table)
    fight_id = _fight(web, table_id, campaign_id)
    _play(web, table_id, fight_id, "start")
    _knock_out(web, table_id, fight_id, "wink")
    _play(web, table_id, fight_id, "end")
    other = _fight(web, table_id, campaign_id)  # a second fight, still under way
    card = _text(_card(web, table_id, campaign_id))
    assert f'hx-post="/t/{table_id}/s/{campaign_id}/hand-back" hx-target="#campaign-fights"' in card
    before = _state(web, campaign_id)
    version = str(_version(web, campaign_id))
    base = {"csrf": csrf(web), "fight": fight_id, "version": version, "wounded": "WINK"}
    for damaged, words in (
        ({"version": "x"}, "Ce formulaire a expiré"),
        ({"version": "-3"}, "Ce formulaire a expiré"),
        ({"version": "7"}, "La séance a avancé"),  # not the campaign's version
        ({"xp-WINK": "heroic.nonsense"}, "Ce formulaire a expiré"),
        ({"wounded": "KITSUNE"}, "Pas de mise hors combat pour KITSUNE"),
        ({"xp-WINK": "heroic.survived"}, "aucune séance"),  # "A la fin de chaque séance": none was played
    ):
        answer = _htmx_hand_back(web, table_id, campaign_id, {**base, **damaged})
        said = _refusal(answer, fight_id)
        assert words in said, (damaged, said)
        assert _state(web, campaign_id) == before, damaged
    kept = _htmx_hand_back(web, table_id, campaign_id, {**base, "version": "x", "xp-WINK": "heroic.survived"})
    assert re.search(r'name="wounded" value="WINK" checked', kept.text)  # the GM's ticks stay
    assert re.search(r'name="xp-WINK" value="heroic.survived" checked', kept.text)
    assert "Ce combat n'est pas encore terminé" in _refusal(
        _htmx_hand_back(web, table_id, campaign_id, {**base, "fight": other}), other
    )
    for unknown in ({**base, "fight": "nope"}, {"csrf": csrf(web), "version": version}):
        answer = _htmx_hand_back(web, table_id, campaign_id, unknown)
        assert answer.status_code == 200 and "Aucun combat de cette campagne" in _text(answer)
    assert _state(web, campaign_id) == before

    # in English for a reader who reads English
    assert web.post("/language", data={"lang": "en", "next": "/", "csrf": csrf(web)}).status_code < 400
    english = _htmx_hand_back(web, table_id, campaign_id, {**base, "version": "x"})
    assert "This form has expired" in _refusal(english, fight_id)
    assert web.post("/language", data={"lang": "fr", "next": "/", "csrf": csrf(web)}).status_code < 400

    # a player posting gets no 5xx and changes nothing
    _as(web, table["Ayla"])
    assert _htmx_hand_back(web, table_id, campaign_id, {**base, "csrf": csrf(web)}).status_code == 403
    _as(web, table["gm"])
    assert _state(web, campaign_id) == before

    done = _htmx_hand_back(web, table_id, campaign_id, base)
    assert done.status_code == 200 and done.headers["HX-Retarget"] == "#game", done.text
    assert done.text.lstrip().startswith('<div id="game"')
    wink = _text(done).split('data-name="WINK"', 1)[1].split("</section>", 1)[0]
    assert "blessé\u00a0:" in wink  # the campaign's card of WINK shows it at once
    assert _state(web, campaign_id)["characters"]["WINK"]["states"] == ["wounded"]
    again = _htmx_hand_back(web, table_id, campaign_id, {**base, "version": str(_version(web, campaign_id))})
    assert "Ce combat a déjà été rapporté" in _text(again) and again.status_code == 200


def test_a_full_gauge_hands_the_fight_back_with_the_next_state_said_first(web: TestClient) -> None:
    """KITSUNE checked a box in the fight while the GM gave her two in the campaign, which filled
    her gauge: the card says beforehand that the box makes her démoralisé ("S'il doit subir davantage
    de stress [...] il coche l'état démoralisé", 002_58e889a1abff3456.txt), and the hand-back goes
    through."""
    table = _table(web)
    table_id = table["id"]
    campaign_id = _start(web, table)
    assert _do(web, table_id, campaign_id, "start_session").status_code == 200
    for _scene in range(4):  # 8 boxes, two a scene
        assert _do(web, table_id, campaign_id, "start_scene").status_code == 200
        given = {"add_stress": {"character": "KITSUNE", "boxes": 2}}
        assert _do(web, table_id, campaign_id, given).status_code == 200
    fight_id = _fight(web, table_id, campaign_id)
    _play(web, table_id, fight_id, "start")
    _play(web, table_id, fight_id, {"stress": {"actor": "kitsune", "use": "determination"}})
    assert _do(web, table_id, campaign_id, "start_scene").status_code == 200
    given = {"add_stress": {"character": "KITSUNE", "boxes": 2}}
    assert _do(web, table_id, campaign_id, given).status_code == 200  # 10: the gauge is full
    _play(web, table_id, fight_id, "end")
    card = _text(_card(web, table_id, campaign_id))
    warned = card.split('data-field="overflow"', 1)[1].split("</ul>", 1)[0]
    assert (
        "La jauge de KITSUNE était pleine\u00a0: la case cochée pendant le combat (détermination)" in warned
    )
    assert "donne l'état démoralisé" in warned
    done = _hand_back(web, table_id, campaign_id, fight_id)
    assert done.status_code == 303, _text(done)
    kitsune = _state(web, campaign_id)["characters"]["KITSUNE"]
    assert kitsune["stress"] == 10 and "demoralized" in kitsune["states"]


def test_the_summary_of_a_fight_from_the_campaign_leads_back_to_it(web: TestClient) -> None:
    """The end's first next step is the campaign the fight came from (where the GM hands it back);
    a fight under way offers no such link yet."""
    table = _table(web)
    table_id = table["id"]
    campaign_id = _start(web, table)
    fight_id = _fight(web, table_id, campaign_id)
    link = f'<a href="/t/{table_id}/s/{campaign_id}" data-field="back-to-campaign">Retour à la campagne</a>'
    _play(web, table_id, fight_id, "start")
    assert link not in _text(web.get(f"/t/{table_id}/s/{fight_id}"))
    _knock_out(web, table_id, fight_id, "agent_1")
    _play(web, table_id, fight_id, {"end": {}})
    assert link in _text(web.get(f"/t/{table_id}/s/{fight_id}"))
