"""The Energy campaign in Chromium, in French, on ``meneur serve --demo``: a player on a phone
(390x844) imports WINK with aptitude points to spend, the GM on a laptop (1280x800) starts a campaign
from the table page, a session and a scene; the player takes a défi whose score and verdict the page
shows before the button (the rules' own), the GM gives stress and a state whose effect both screens
show, the player spends a point at the book's cost, and the GM undoes it (rules of
002_58e889a1abff3456.txt). axe-core runs on every page; screenshots go to test-artefacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from meneur.systems.energy import dump_character, library_hero
from tests.web.browser import PHONE, TABLE_PAGE, Demo, clean, playwright

playwright_api = playwright()

from tests.web.energy_steps import campaign_action as _action  # noqa: E402
from tests.web.energy_steps import online as _online  # noqa: E402

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000
GM_LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def test_a_campaign_session_with_a_challenge_stress_a_state_points_spent_and_undo(
    demo: Demo, browser: Any, tmp_path: Path
) -> None:
    wink = library_hero("WINK")
    wink = wink.model_copy(update={"experience": wink.experience.model_copy(update={"aptitude_points": 3})})
    sheet = tmp_path / "wink.yaml"
    sheet.write_text(dump_character(wink), encoding="utf-8")

    player = browser.new_context(**PHONE, locale="fr-FR").new_page()
    player.goto(demo.local(demo.join_link))
    player.get_by_label("Votre nom").fill("Ayla")
    player.locator("form button[type=submit].primary").click()
    player.get_by_label("Un fichier de personnage (YAML ou JSON)").set_input_files(str(sheet))
    player.get_by_role("button", name="Importer").click()
    expect(player.locator(".characters")).to_contain_text("WINK — le vôtre", timeout=WAIT)

    gm = browser.new_context(**GM_LAPTOP, locale="fr-FR").new_page()
    gm.goto(demo.local(demo.gm_link))
    gm.wait_for_url(TABLE_PAGE)
    gm.get_by_role("link", name="Commencer une campagne").click()
    expect(gm.get_by_role("heading", level=1)).to_contain_text("Commencer une campagne", timeout=WAIT)
    expect(gm.get_by_label("WINK — rang 5 — joué par Ayla")).to_be_checked()
    clean(gm, "energy-new-campaign-gm-laptop", fits=True)
    gm.get_by_role("button", name="Commencer cette campagne").click()
    expect(gm.locator("#game")).to_be_visible(timeout=WAIT)
    _online(gm)
    url = gm.url
    _action(gm, "Commencer une séance").get_by_role("button").click()
    expect(gm.locator(".log")).to_contain_text("Début de la séance 1.", timeout=WAIT)
    _action(gm, "Commencer une scène").get_by_role("button").click()
    expect(gm.locator(".log")).to_contain_text("Début de la scène 1.", timeout=WAIT)

    player.goto(demo.local(url))
    _online(player)
    card = player.locator(".being[data-name='WINK']")
    expect(card.locator("[data-field=player]")).to_have_text("Vous jouez ce personnage.")
    challenge = _action(player, "Défi — WINK")
    expect(challenge.get_by_label("Aptitude")).to_have_value("vehicles")  # her best score, offered first
    challenge.get_by_label("Difficulté").select_option("5")
    verdict = challenge.locator("[data-field=verdict]")
    expect(verdict).to_contain_text("Maître (5)", timeout=WAIT)
    # "un test d'aptitude se fait en additionnant une aptitude et un trait applicable": 3 + 2 = 5 ≥ 5
    expect(verdict).to_contain_text("score de défi\u00a0: 5", timeout=WAIT)
    expect(verdict).to_contain_text("Réussite\u00a0: 5 ≥ 5.")
    challenge.scroll_into_view_if_needed()  # the README's picture shows the défi
    clean(player, "energy-campaign-challenge-player-phone", fits=True, keep=True)
    challenge.get_by_role("button", name="défi — WINK").click()
    line = (
        "WINK\u00a0: défi de Véhicules (aptitude Véhicules +3, trait Spécialisation moto +2) = 5 contre "
        "Maître (5)\u00a0: réussite."
    )
    expect(player.locator(".log")).to_contain_text(line, timeout=WAIT)
    expect(gm.locator(".log")).to_contain_text(line, timeout=WAIT)  # live on the GM's screen

    # "Le MJ peut distribuer une case de stress": the GM's button, not the player's
    expect(_action(player, "Donner du stress — WINK, 2 cases")).to_have_count(0)
    _action(gm, "Donner du stress — WINK, 2 cases").get_by_role("button").click()
    expect(card.locator("[data-field=stress]")).to_contain_text("Stress 2/10", timeout=WAIT)
    expect(card.locator(".box.on")).to_have_count(2)
    expect(gm.locator(".being[data-name='WINK'] [data-field=stress]")).to_contain_text("Stress 2/10")
    _action(gm, "Donner l'état — WINK, épuisé").get_by_role("button").click()
    effect = "épuisé\u00a0: -1 en Énergie jusqu'à une nuit de sommeil."
    expect(card.locator("[data-field=states]")).to_contain_text(effect, timeout=WAIT)
    expect(gm.locator(".being[data-name='WINK'] [data-field=states]")).to_contain_text(effect)
    clean(gm, "energy-campaign-gm-laptop")

    # aptitude points "pour augmenter le score d'une aptitude": rank 3 → 4 costs 4 - 3 = 1 point
    spend = player.locator("form.action[data-kind=raise_aptitude]")
    expect(spend.get_by_label("Aptitude")).to_have_value("vehicles")
    expect(spend).to_contain_text("Achète\u00a0: Véhicules 3 → 4.", timeout=WAIT)
    expect(spend).to_contain_text("Coûte 1 point d'aptitude et 0 point de héros", timeout=WAIT)
    clean(player, "energy-campaign-spend-player-phone", fits=True)
    spend.get_by_role("button").click()
    expect(card.locator("[data-field=xp]")).to_contain_text("2 points d'aptitude", timeout=WAIT)
    expect(player.locator(".log")).to_contain_text("WINK dépense", timeout=WAIT)

    gm.get_by_role("button", name="Annuler", exact=True).click()  # the GM takes the purchase back
    expect(card.locator("[data-field=xp]")).to_contain_text("3 points d'aptitude", timeout=WAIT)
    expect(gm.locator(".being[data-name='WINK'] [data-field=xp]")).to_contain_text("3 points d'aptitude")
    clean(player, "energy-campaign-after-undo-player-phone", fits=True)

    # the GM's way to a fight of this campaign: the fights' card loads, and the new fight knows its campaign
    expect(gm.locator("#campaign-fights")).to_be_attached(timeout=WAIT)
    gm.locator("a.new-fight-link").click()
    expect(gm.locator("#nf-campaign")).to_contain_text("Ce combat fait partie de la campagne", timeout=WAIT)
    expect(gm.locator("input[name=campaign]")).to_have_value(url.rstrip("/").rsplit("/", 1)[-1])
