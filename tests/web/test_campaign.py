"""The Energy campaign's pages without a browser, over a real SQLite file: the GM starts a campaign
from the table page with the players' characters, the buttons are the legal-action query's entries
(a défi with the rules' score, points spent with the rules' cost), each step is logged and undone,
and a player gives only their own character's commands the book leaves to a player (rules of
002_58e889a1abff3456.txt)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from meneur.systems.energy import dump_character, library_hero
from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf, join, offered_commands


def _text(answer: Any) -> str:
    return html.unescape(answer.text)


def _as(web: TestClient, cookies: dict[str, str]) -> None:
    web.cookies.clear()
    web.cookies.update(cookies)


def _import(web: TestClient, table_id: str, hero: str) -> None:
    text = dump_character(library_hero(hero))
    imported = web.post(
        f"/t/{table_id}/character/import",
        data={"csrf": csrf(web)},
        files={"file": (f"{hero}.yaml", text.encode("utf-8"), "application/octet-stream")},
        follow_redirects=False,
    )
    assert imported.status_code == 303, imported.text


def _table(web: TestClient) -> dict[str, Any]:
    """An Energy table: Ayla imported WINK, Bren KITSUNE, Cyd only watches (an observer: none here,
    a player without a character); each member's cookies."""
    answer = create_table(web, "Mardi", "energy")
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    page = web.post(f"/t/{table_id}/join-code", data={"csrf": csrf(web)})
    code = re.search(r'class="code">([^<]+)<', page.text)
    assert code is not None
    found: dict[str, Any] = {"id": table_id, "gm": dict(web.cookies)}
    for name, hero in (("Ayla", "wink"), ("Bren", "kitsune"), ("Cyd", None)):
        web.cookies.clear()
        assert join(web, table_id, code.group(1), name, follow_redirects=False).status_code == 303
        if hero:
            _import(web, table_id, hero)
        found[name] = dict(web.cookies)
    _as(web, found["gm"])
    return found


def _start(web: TestClient, table: dict[str, Any]) -> str:
    table_id = table["id"]
    page = _text(web.get(f"/t/{table_id}"))
    assert f"/t/{table_id}/new-campaign" in page  # the GM's link on the table page
    form = _text(web.get(f"/t/{table_id}/new-campaign"))
    keys = dict(re.findall(r'id="(c-[^"]+)" name="[^"]+" value="in"[^>]*>\s*<label for="[^"]+">(\w+)', form))
    assert set(keys.values()) == {"WINK", "KITSUNE"}, form
    data = dict.fromkeys(keys, "in") | {"csrf": csrf(web)}
    created = web.post(f"/t/{table_id}/new-campaign", data=data, follow_redirects=False)
    assert created.status_code == 303, created.text
    return str(created.headers["location"].rsplit("/", 1)[-1])


def _forms(answer: Any) -> list[Any]:
    """The commands of the page's enabled buttons (each form's hidden ``command``, each entry of a
    card's list of variants)."""
    return [json.loads(wire) for wire in offered_commands(answer.text)]


def _version(web: TestClient, session_id: str) -> int:
    return int(web.get(f"/api/v1/sessions/{session_id}").json()["version"])


def _do(web: TestClient, table_id: str, session_id: str, command: Any, **extra: str) -> Any:
    return web.post(
        f"/t/{table_id}/s/{session_id}/do",
        data={"command": json.dumps(command), "version": str(_version(web, session_id)), **extra},
        headers={"X-CSRF-Token": csrf(web)},
    )


def _state(web: TestClient, session_id: str) -> Any:
    return web.get(f"/api/v1/sessions/{session_id}").json()["state"]


def test_the_gm_runs_a_session_a_challenge_stress_and_undo(web: TestClient) -> None:
    table = _table(web)
    table_id = table["id"]
    session_id = _start(web, table)
    shown = web.get(f"/t/{table_id}/s/{session_id}")
    page = _text(shown)
    assert "WINK" in page and "KITSUNE" in page and "Joué par Ayla" in page, page
    assert (
        f'href="/t/{table_id}/new-fight?campaign={session_id}"' in page
    )  # the GM's way to a fight of the campaign
    assert "start_session" in _forms(shown)
    assert _do(web, table_id, session_id, "start_session").status_code == 200
    assert _do(web, table_id, session_id, "start_scene").status_code == 200
    challenge = next(
        c
        for c in _forms(web.get(f"/t/{table_id}/s/{session_id}"))
        if "challenge" in c and c["challenge"]["character"] == "WINK"
    )
    # "un test d'aptitude se fait en additionnant une aptitude et un trait applicable": Véhicules 3 +
    # Spécialisation moto +2 = 5 against Expert (4), the score the page shows before the button
    odds = _text(
        web.get(
            f"/t/{table_id}/s/{session_id}/odds",
            params={
                "command": json.dumps(challenge),
                "aptitude": "vehicles",
                "difficulty": "4",
                "chosen": "1",
            },
        )
    )
    assert "score de défi\u00a0: 5" in odds and "Réussite\u00a0: 5 ≥ 4." in odds, odds
    done = _do(web, table_id, session_id, challenge, aptitude="vehicles", difficulty="6", chosen="1")
    after = _text(done)
    assert "WINK\u00a0: défi de Véhicules" in after and "= 5 contre Héroïque (6)\u00a0: échec." in after, (
        after
    )
    stress = {"add_stress": {"character": "KITSUNE", "boxes": 2}}
    assert stress in _forms(done)
    after = _text(_do(web, table_id, session_id, stress))
    assert _state(web, session_id)["characters"]["KITSUNE"]["stress"] == 2
    assert "KITSUNE coche 2 cases de stress." in after
    version = _version(web, session_id)
    undone = web.post(
        f"/t/{table_id}/s/{session_id}/undo",
        data={"version": str(version)},
        headers={"X-CSRF-Token": csrf(web)},
    )
    assert undone.status_code == 200
    assert _state(web, session_id)["characters"]["KITSUNE"]["stress"] == 0


FORBIDDEN = "Votre rôle à cette table ne le permet pas."
"""What the page says of a command the caller may not give (nothing is recorded)."""


def _observer(web: TestClient, table: dict[str, Any], name: str) -> None:
    """``name`` watches the table (an observer)."""
    from meneur.server.models import Member

    with web.app.state.store.writer() as db:  # type: ignore[attr-defined]
        db.query(Member).filter_by(table_id=table["id"], name=name).update({"role": "observer"})


def test_a_player_gives_only_their_own_characters_commands_the_book_leaves_to_a_player(
    web: TestClient,
) -> None:
    """Ayla plays WINK: she may have WINK take a défi, not KITSUNE (Bren's), and she may not give
    herself stress ("Le MJ peut distribuer une case de stress"); Cyd, an observer, and a stranger give
    nothing; nothing is recorded by a refusal."""
    table = _table(web)
    table_id = table["id"]
    _observer(web, table, "Cyd")
    session_id = _start(web, table)
    for command in ("start_session", "start_scene"):
        assert _do(web, table_id, session_id, command).status_code == 200
    _as(web, table["Ayla"])
    mine = web.get(f"/t/{table_id}/s/{session_id}")
    offered = _forms(mine)
    kinds = {
        next(iter(c)) for c in offered if isinstance(c, dict) and c[next(iter(c))].get("character") == "WINK"
    }
    assert "challenge" in kinds and "spend_stress" in kinds
    assert not kinds & {"add_stress", "inflict_state", "award_experience", "change_reputation"}
    assert all(c[next(iter(c))].get("character") == "WINK" for c in offered if isinstance(c, dict))
    assert "start_session" not in offered and "end_session" not in offered
    assert "/new-fight" not in mine.text
    version = _version(web, session_id)
    challenge = {"challenge": {"character": "WINK", "aptitude": "vehicles", "difficulty": 3}}
    refused = [
        {"add_stress": {"character": "WINK", "boxes": 1}},  # the GM's
        {"challenge": {"character": "KITSUNE", "aptitude": "vehicles", "difficulty": 3}},  # Bren's
        "end_session",  # the GM's
    ]
    for command in refused:
        answer = _do(web, table_id, session_id, command)
        assert answer.status_code == 200 and FORBIDDEN in _text(answer), command
    assert _version(web, session_id) == version  # nothing recorded
    assert _do(web, table_id, session_id, challenge).status_code == 200
    assert _version(web, session_id) == version + 1
    _as(web, table["Bren"])
    assert FORBIDDEN in _text(_do(web, table_id, session_id, challenge))
    _as(web, table["Cyd"])
    seen = web.get(f"/t/{table_id}/s/{session_id}")
    assert seen.status_code == 200 and not _forms(seen)  # the observer sees, and gives nothing
    assert FORBIDDEN in _text(_do(web, table_id, session_id, challenge))
    web.cookies.clear()
    assert web.get(f"/t/{table_id}/s/{session_id}").status_code in (303, 401, 403)
    _as(web, table["gm"])
    assert _version(web, session_id) == version + 1


def test_a_player_spends_their_aptitude_points_at_the_books_cost(web: TestClient) -> None:
    """ "Augmenter le score d'une aptitude": an aptitude rank costs its rank ("Rang | Coût": 3 | 3,
    4 | 4), so WINK's Véhicules 3 → 4 costs 1 of her aptitude points, shown beside the button before
    she spends it."""
    from meneur.systems.energy.campaign.experience import spend
    from meneur.systems.energy.model import Aptitude

    answer = create_table(web, "Jeudi", "energy")
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    page = web.post(f"/t/{table_id}/join-code", data={"csrf": csrf(web)})
    code = re.search(r'class="code">([^<]+)<', page.text)
    assert code is not None
    gm = dict(web.cookies)
    web.cookies.clear()
    assert join(web, table_id, code.group(1), "Ayla", follow_redirects=False).status_code == 303
    wink = library_hero("wink")
    wink = wink.model_copy(update={"experience": wink.experience.model_copy(update={"aptitude_points": 5})})
    imported = web.post(
        f"/t/{table_id}/character/import",
        data={"csrf": csrf(web)},
        files={"file": ("wink.yaml", dump_character(wink).encode("utf-8"), "application/octet-stream")},
        follow_redirects=False,
    )
    assert imported.status_code == 303, imported.text
    ayla = dict(web.cookies)
    _as(web, gm)
    session_id = _start_with(web, table_id, {"WINK"})
    _as(web, ayla)
    shown = web.get(f"/t/{table_id}/s/{session_id}")
    better = wink.model_copy(update={"aptitudes": {**wink.aptitudes, Aptitude.VEHICLES: 4}})
    cost = spend(wink, better).aptitude_points
    assert cost == 1
    command = next(c for c in _forms(shown) if "raise_aptitude" in c)
    assert command == {"raise_aptitude": {"character": "WINK", "aptitude": "vehicles"}}  # her best score
    page = _text(shown)
    assert "Achète\u00a0: Véhicules 3 → 4." in page and "Coûte 1 point d'aptitude et 0 point de héros" in page
    assert "Véhicules 3 → 4 (1 point d'aptitude)" in page and "Art 2 → 3 (1 point d'aptitude)" in page
    assert _do(web, table_id, session_id, command).status_code == 200
    state = _state(web, session_id)["characters"]["WINK"]
    assert state["aptitudes"]["vehicles"] == 4 and state["experience"]["aptitude_points"] == 5 - cost
    log = _text(web.get(f"/t/{table_id}/s/{session_id}"))
    assert "WINK dépense" in log and "Véhicules 4" in log


def _start_with(web: TestClient, table_id: str, names: set[str]) -> str:
    form = _text(web.get(f"/t/{table_id}/new-campaign"))
    keys = dict(re.findall(r'id="(c-[^"]+)" name="[^"]+" value="in"[^>]*>\s*<label for="[^"]+">(\w+)', form))
    data = {key: "in" for key, name in keys.items() if name in names} | {"csrf": csrf(web)}
    created = web.post(f"/t/{table_id}/new-campaign", data=data, follow_redirects=False)
    assert created.status_code == 303, created.text
    return str(created.headers["location"].rsplit("/", 1)[-1])


def test_a_campaign_with_no_character_ticked_is_refused_and_only_the_gm_opens_the_page(
    web: TestClient,
) -> None:
    table = _table(web)
    table_id = table["id"]
    refused = web.post(f"/t/{table_id}/new-campaign", data={"csrf": csrf(web)}, follow_redirects=False)
    assert refused.status_code == 400 and "Cochez au moins un personnage" in _text(refused)
    _as(web, table["Ayla"])
    assert web.get(f"/t/{table_id}/new-campaign").status_code in (303, 403)
    assert f"/t/{table_id}/new-campaign" not in web.get(f"/t/{table_id}").text


def test_the_gm_awards_experience_with_the_books_criteria_ticked_beside_the_button(web: TestClient) -> None:
    """ "A la fin de chaque séance": the experience table's criteria, 1 point each, ticked beside the
    award's button; the rules' line (what is gained) shows before it is given, then in the log."""
    table = _table(web)
    table_id = table["id"]
    session_id = _start(web, table)
    for command in ("start_session", "end_session"):
        assert _do(web, table_id, session_id, command).status_code == 200
    shown = web.get(f"/t/{table_id}/s/{session_id}")
    award = next(
        c for c in _forms(shown) if "award_experience" in c and c["award_experience"]["character"] == "WINK"
    )
    query = {
        "command": json.dumps(award),
        "chosen": "1",
        "heroic": ["survived", "high_stakes"],
        "aptitude": "learned",
    }
    odds = _text(web.get(f"/t/{table_id}/s/{session_id}/odds", params=query))
    assert "Le personnage a appris quelque chose de nouveau" in odds
    assert "WINK gagne 2 points d'expérience héroïque et 1 point d'expérience d'aptitude." in odds, odds
    none = _text(
        web.get(f"/t/{table_id}/s/{session_id}/odds", params={"command": json.dumps(award), "chosen": "1"})
    )
    assert "Indiquez au moins un critère" in none, none  # the rules' word, the boxes still there
    assert 'name="heroic"' in none
    done = _text(_do(web, table_id, session_id, award, chosen="1", heroic="survived", aptitude="learned"))
    xp = _state(web, session_id)["characters"]["WINK"]["experience"]
    assert xp["heroic_xp"] == 1 and xp["aptitude_xp"] == 1
    assert "WINK gagne 1 point d'expérience héroïque et 1 point d'expérience d'aptitude." in done
    _as(web, table["Ayla"])  # a player awards herself nothing
    again = _do(web, table_id, session_id, {"award_experience": {"character": "WINK", "heroic": ["success"]}})
    assert FORBIDDEN in _text(again)
