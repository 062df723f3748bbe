"""The GM's new fight in Chromium, both on phones (390x844): a player imports WINK's file, the GM
puts WINK against quick NPCs on the new-fight page (axe, no sideways scrolling, the book's verdict
refreshed as the form changes, a refusal beside its field), starts it, and the player plays WINK."""

from __future__ import annotations

from typing import Any

import pytest

from meneur.systems.energy import balance, library_hero
from tests.web.browser import PHONE, ROOT, TABLE_PAGE, Demo, clean, playwright, shoot

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000
HERO = ROOT / "src/meneur/systems/energy/catalogue/heroes/wink.yaml"


def test_the_gm_lines_up_a_players_character_against_npcs_and_the_player_plays_it(
    demo: Demo, browser: Any
) -> None:
    player = browser.new_context(**PHONE, locale="fr-FR").new_page()
    player.goto(demo.local(demo.join_link))
    player.get_by_label("Votre nom").fill("Ayla")
    player.locator("form button[type=submit].primary").click()
    player.get_by_label("Un fichier de personnage (YAML ou JSON)").set_input_files(str(HERO))
    player.get_by_role("button", name="Importer").click()
    expect(player.locator(".characters")).to_contain_text("WINK — le vôtre", timeout=WAIT)

    gm = browser.new_context(**PHONE, locale="fr-FR").new_page()
    gm.goto(demo.local(demo.gm_link))
    gm.wait_for_url(TABLE_PAGE)  # the link's page posts its token
    gm.get_by_role("link", name="Lancer un combat").click()
    expect(gm.get_by_role("heading", level=1)).to_contain_text("Lancer un combat", timeout=WAIT)
    expect(gm.get_by_label("WINK — rang 5 — joué par Ayla")).to_have_value("heroes")
    clean(gm, "new-fight-phone", fits=True)

    wink = library_hero("wink").rank
    found = balance([wink], [3, 4])
    gm.locator("#nf-ranks").fill("3,4")
    gm.locator("#nf-name").fill("Agent Octopus")
    verdict = gm.locator("#nf-balance")
    expect(verdict).to_have_attribute("data-verdict", found.verdict.value, timeout=WAIT)
    expect(verdict).to_contain_text(found.explain()[0].render("fr"))

    gm.locator("#nf-ranks").fill("3,zéro")
    gm.get_by_role("button", name="Lancer ce combat").click()
    expect(gm.locator("#nf-ranks-error")).to_contain_text("« zéro »", timeout=WAIT)
    clean(gm, "new-fight-refused-phone", fits=True)
    gm.locator("#nf-ranks").fill("3,4")
    gm.get_by_role("button", name="Lancer ce combat").click()
    expect(gm.locator("#fighter-agent_octopus_2")).to_be_visible(timeout=WAIT)
    gm.locator("form.action[data-kind=start] button[type=submit]").click()
    expect(gm.locator("#fight")).to_have_attribute("data-version", "1", timeout=WAIT)

    player.goto(gm.url)
    mine = player.locator("form.action[data-actor=wink]:not([data-kind=stress])")
    expect(mine.first).to_be_visible(timeout=WAIT)
    assert player.locator("form.action[data-actor^=agent]").count() == 0
    mine.first.locator("button[type=submit]").click()
    expect(player.locator("#fight")).to_have_attribute("data-version", "2", timeout=WAIT)
    shoot(player, "new-fight-played-phone")
