"""The web pages over the server's services, without a browser: create, join, the fight's buttons
come from the legal-action query and a refusal is the engine's message."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from tests.inprocess import TestClient
from tests.web.forms import create_table, csrf, join, pct


def _table(client: TestClient) -> tuple[str, str]:
    """Create an Energy table from the home page; the table's id and its demo fight's id."""
    answer = create_table(client, "Mardi", "energy")
    assert answer.status_code == 303
    table_id = answer.headers["location"].rsplit("/", 1)[-1]
    page = client.get(f"/t/{table_id}")
    assert page.status_code == 200
    session_id = re.search(rf"/t/{table_id}/s/([0-9a-f]+)", page.text)
    assert session_id is not None
    return table_id, session_id.group(1)


def _csrf(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": csrf(client)}


def test_home_is_french_by_default_and_english_on_request(web: TestClient) -> None:
    assert "Créer une table" in web.get("/").text
    assert "Create a table" in web.get("/", headers={"Accept-Language": "en-GB,en"}).text
    web.post("/language", data={"lang": "en", "next": "/"})
    assert "Create a table" in web.get("/").text


def test_a_table_seats_its_creator_as_gm_and_starts_with_the_demo_fight(web: TestClient) -> None:
    table_id, session_id = _table(web)
    fight = web.get(f"/t/{table_id}/s/{session_id}")
    assert fight.status_code == 200
    assert "KITSUNE" in fight.text and "Agent Octopus 1" in fight.text
    assert "Commencer le combat" in fight.text  # the engine's words for the legal "start"
    assert f'ws-connect="/t/{table_id}/live?page=fight&amp;session={session_id}&amp;after=' in fight.text


def test_a_page_without_a_seat_says_so(web: TestClient, tmp_path: Path) -> None:
    table_id, _session = _table(web)
    web.cookies.clear()
    assert web.get(f"/t/{table_id}").status_code == 401


def test_a_change_without_the_csrf_value_is_refused(web: TestClient) -> None:
    table_id, session_id = _table(web)
    answer = web.post(f"/t/{table_id}/s/{session_id}/do", data={"command": '"start"', "version": "0"})
    assert answer.status_code == 403
    assert web.get(f"/api/v1/sessions/{session_id}").status_code == 200  # the cookie reaches the API too
    done = web.post(
        f"/t/{table_id}/s/{session_id}/do", data={"command": '"start"', "version": "0"}, headers=_csrf(web)
    )
    assert done.status_code == 200 and "move 1" not in done.text and "coup 1" in done.text


def test_join_claims_a_hero_and_sees_only_its_legal_buttons(web: TestClient) -> None:
    table_id, session_id = _table(web)
    gm = dict(web.cookies)
    code = web.get(f"/t/{table_id}")
    found = re.search(r'class="code">([^<]+)<', code.text)
    assert found is not None
    web.cookies.clear()
    bad = join(web, table_id, "nope", "Ayla")
    assert bad.status_code == 400 and "Aucune table n'a ce code" in html.unescape(bad.text)
    joined = join(web, table_id, found.group(1), "Ayla", follow_redirects=False)
    assert joined.status_code == 303
    player = dict(web.cookies)
    claimed = web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": "kitsune"}, headers=_csrf(web))
    assert claimed.status_code == 200 and "joué par Ayla" in claimed.text
    web.cookies.clear()
    web.cookies.update(gm)
    web.post(
        f"/t/{table_id}/s/{session_id}/do", data={"command": '"start"', "version": "0"}, headers=_csrf(web)
    )
    web.cookies.clear()
    web.cookies.update(player)
    page = html.unescape(web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text)
    raw = web.get(f"/t/{table_id}/s/{session_id}", headers={"HX-Request": "true"}).text
    commands = [json.loads(html.unescape(c)) for c in re.findall(r'name="command" value="([^"]+)"', raw)]
    assert commands and all(
        next(iter(c.values()))["actor"] == "kitsune" for c in commands if isinstance(c, dict)
    )
    # a refused action is greyed with the engine's reason (the rule text in French)
    assert "est à plus de 5\u00a0m de KITSUNE" in page
    attack = next(c for c in commands if isinstance(c, dict) and "attack" in c)
    done = web.post(
        f"/t/{table_id}/s/{session_id}/do",
        headers=_csrf(web),
        data={"command": json.dumps(attack), "version": "1", "tokens": "2"},
    )
    assert done.status_code == 200 and "coup 2" in done.text
    # the same attack again on a stale version: the server's conflict, in French
    again = web.post(
        f"/t/{table_id}/s/{session_id}/do",
        headers=_csrf(web),
        data={"command": json.dumps(attack), "version": "1", "tokens": "2"},
    )
    assert "version 2" in again.text and 'role="alert"' in again.text


def test_the_roll_log_shows_odds_refusals_entered_dice_and_hides_blind_rolls(web: TestClient) -> None:
    table_id, _session = _table(web)
    gm = dict(web.cookies)
    odds = web.post(f"/t/{table_id}/rolls", data={"expression": "2d6", "action": "odds"}, headers=_csrf(web))
    assert (
        "De 2 à 12, moyenne 7,00" in html.unescape(odds.text) and "16,67\u00a0%" in odds.text
    )  # 6/36, decimal comma
    refused = web.post(
        f"/t/{table_id}/rolls", data={"expression": "100d100kh50", "action": "odds"}, headers=_csrf(web)
    )
    assert "Les probabilités exactes ne sont pas disponibles" in html.unescape(refused.text)
    rolled = web.post(
        f"/t/{table_id}/rolls",
        headers=_csrf(web),
        data={"expression": "4d6kh3+1", "dice": "1 5 6 2", "visibility": "blind"},
    )
    assert rolled.status_code == 200 and "<strong>14</strong>" in rolled.text
    bad = web.post(f"/t/{table_id}/rolls", headers=_csrf(web), data={"expression": "2d6", "dice": "un deux"})
    assert "Les dés sont des nombres entiers" in html.unescape(bad.text)
    code = re.search(r'class="code">([^<]+)<', web.get(f"/t/{table_id}").text)
    assert code is not None
    web.cookies.clear()
    join(web, table_id, code.group(1), "Ayla")
    seen = web.get(f"/t/{table_id}/rolls").text
    assert "4d6kh3+1" not in seen and "Aucun jet" in seen
    web.cookies.clear()
    web.cookies.update(gm)
    assert "4d6kh3+1" in web.get(f"/t/{table_id}/rolls").text


def test_carpathes_shows_the_five_tiers_before_rolling_and_the_roll_with_entered_dice(
    web: TestClient,
) -> None:
    """« Résolution : 2D6 plus Trait, cinq paliers »: the odds come from meneur.systems.carpathes.odds."""
    from meneur.systems.carpathes.model import Tier
    from meneur.systems.carpathes.odds import tier_odds

    page = html.unescape(web.post("/carpathes", data={"trait": "2", "bonus": "1", "action": "odds"}).text)
    for tier, chance in tier_odds(2, 1).items():
        assert f"{pct(float(chance) * 100)}" in page, tier
    assert len(Tier) == 5
    rolled = html.unescape(
        web.post("/carpathes", data={"trait": "2", "bonus": "0", "dice": "6 5", "action": "roll"}).text
    )
    assert "<strong>13</strong>" in rolled and "Dés lancés : 6, 5." in rolled
    refused = html.unescape(web.post("/carpathes", data={"trait": "99", "action": "odds"}).text)
    assert 'role="alert"' in refused and "trait" in refused.lower()


def test_the_encounter_builder_gives_the_books_verdict_by_ranks(web: TestClient) -> None:
    from meneur.systems.energy.encounter import balance

    page = html.unescape(web.get("/encounter", params={"heroes": "5,5,5,5", "foes": "8,6,6"}).text)
    expected = balance([5, 5, 5, 5], [8, 6, 6])
    assert f'data-verdict="{expected.verdict.value}"' in page
    assert expected.explain()[0].render("fr") in page
    assert 'role="alert"' in html.unescape(web.get("/encounter", params={"heroes": "", "foes": "3"}).text)


def test_insmv_shows_the_column_the_cell_and_the_odds_before_rolling(web: TestClient) -> None:
    """The table UM (000_008acb24c72771e3.txt): value 3 starts in its column; the GM's +1 and a voluntary
    2 to the left land one column to the left; the odds are meneur.systems.insmv.odds's."""
    from meneur.systems.insmv.catalogue import rules_for
    from meneur.systems.insmv.model import BeingKind
    from meneur.systems.insmv.odds import odds_of
    from meneur.systems.insmv.resolution import TestRequest, plan_test

    form = {"value": "3", "difficulty": "moyenne", "shift": "1", "kind": "angel", "voluntary": "2"}
    plan = plan_test(TestRequest(3, None, 1, 2), rules_for(BeingKind.ANGEL))
    page = html.unescape(web.post("/insmv", data={**form, "action": "odds"}).text)
    assert f"colonne {plan.column} (depuis {plan.start_column}, décalage -1)" in page
    assert f"Réussite {pct(float(odds_of(plan).success) * 100)}" in page
    rolled = html.unescape(web.post("/insmv", data={**form, "dice": "2 3 4", "action": "roll"}).text)
    assert "d666 : 234" in rolled
    human = html.unescape(web.post("/insmv", data={**form, "kind": "human", "action": "odds"}).text)
    assert 'role="alert"' in human  # a human may not shift voluntarily: the engine's refusal


def test_warzone_shows_the_outcomes_odds_before_rolling_and_the_roll(web: TestClient) -> None:
    """A power test: d20 at most the Power less the difficulty; 1 an absolute success, 20 a critical
    failure (meneur.systems.warzone.odds)."""
    from meneur.systems.warzone.odds import outcome_odds
    from meneur.systems.warzone.power_test import PowerTestSpec

    page = html.unescape(web.post("/warzone", data={"power": "14", "difficulty": "2", "action": "odds"}).text)
    assert "d20 inférieur ou égal à 12" in page
    for chance in outcome_odds(PowerTestSpec(14, 2)).values():
        assert f"{pct(float(chance) * 100)}" in page
    rolled = web.post("/warzone", data={"power": "14", "difficulty": "2", "dice": "5", "action": "roll"})
    assert rolled.status_code == 200 and "Résultat" in html.unescape(rolled.text)
    refused = html.unescape(web.post("/warzone", data={"power": "14", "difficulty": "2", "order": "7"}).text)
    assert 'role="alert"' in refused


def test_the_encounter_builder_simulates_the_fight_when_asked(web: TestClient) -> None:
    """The simulated win rate is meneur.systems.energy.ai's, over seeded fights (reproducible), asked
    by a POST carrying the CSRF value; a GET weighs the encounter and never simulates."""
    from meneur.systems.energy.ai.simulate import Encounter, run_range, summarize
    from meneur.systems.energy.quick import quick_npc

    params = {"heroes": "5,5", "foes": "4,4", "simulate": "on"}
    weighed = html.unescape(web.get("/encounter", params=params).text)
    assert "data-verdict=" in weighed and "data-simulated" not in weighed
    form = {"heroes": "5,5", "foes": "4,4", "fights": "6"}
    assert web.post("/encounter", data=form).status_code == 403  # no CSRF value
    page = html.unescape(web.post("/encounter", data={**form, "csrf": csrf(web, "/encounter")}).text)
    encounter = Encounter(
        tuple(quick_npc(5, f"Héros {n}") for n in (1, 2)),
        tuple(quick_npc(4, f"Adversaire {n}") for n in (1, 2)),
    )
    summary = summarize(encounter, run_range(encounter, 0, 0, 6))
    assert f"les héros gagnent {100 * summary.hero_win_rate:.0f}\u00a0% de 6 combats" in page


def test_a_simulation_over_the_pages_bound_is_refused_with_a_message(web: TestClient) -> None:
    from meneur.systems.energy.view.simulation import MAX_COST

    token = csrf(web, "/encounter")
    form = {"heroes": ",".join(["5"] * 12), "foes": "5", "fights": "24", "csrf": token}
    refused = web.post("/encounter", data=form)
    assert refused.status_code == 400
    page = html.unescape(refused.text)
    assert f"au plus {MAX_COST} combats × combattants (24 × 13 = 312" in page
    assert "meneur energy balance --simulate" in page and "data-simulated" not in page


def test_a_hero_played_by_one_player_cannot_be_taken_by_another(web: TestClient) -> None:
    table_id, session_id = _table(web)
    code = re.search(r'class="code">([^<]+)<', web.get(f"/t/{table_id}").text)
    assert code is not None
    players = []
    for name in ("Ayla", "Bren"):
        web.cookies.clear()
        join(web, table_id, code.group(1), name)
        players.append(dict(web.cookies))
    web.cookies.clear()
    web.cookies.update(players[0])
    assert (
        "joué par Ayla"
        in web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": "kitsune"}, headers=_csrf(web)).text
    )
    web.cookies.clear()
    web.cookies.update(players[1])
    second = html.unescape(
        web.post(f"/t/{table_id}/s/{session_id}/claim", data={"actor": "kitsune"}, headers=_csrf(web)).text
    )
    assert "déjà joué" in second and "joué par Bren" not in second
    assert "agent1" not in re.findall(r'name="actor" value="([^"]+)"', second)  # NPCs are the GM's
