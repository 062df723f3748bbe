"""The GM's help with non-player characters in a real browser (Debian's chromium through Playwright),
on ``meneur serve --demo`` with its real pause: the GM asks for a suggestion and plays it, then
switches auto-play on (a second GM tab shows it on) and the player's phone sees the NPC's turn played
by itself after the players' moves, then wait for the player's reaction."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import (
    LAPTOP,
    PHONE,
    TABLE_PAGE,
    Demo,
    axe_problems,
    launch,
    playwright,
    shoot,
)

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000


def _action(page: Any, label: str, actor: str = "") -> Any:
    scope = page.locator(f"form.action[data-actor='{actor}']") if actor else page.locator("form.action")
    return scope.filter(has=page.locator("span.label", has_text=label)).first


def _online(page: Any) -> None:
    expect(page.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)


def test_the_gm_plays_a_suggestion_and_auto_play_plays_an_npcs_turn(demo: Demo) -> None:
    with playwright_api.sync_playwright() as playwright:
        browser = launch(playwright)
        gm_context = browser.new_context(**LAPTOP, locale="fr-FR")
        phone_context = browser.new_context(**PHONE, locale="fr-FR")
        gm = gm_context.new_page()
        gm.goto(demo.local(demo.gm_link))
        gm.wait_for_url(TABLE_PAGE)  # the link's page posts its token
        gm.locator("a[href*='/s/']").first.click()
        _online(gm)
        player = phone_context.new_page()
        player.goto(demo.local(demo.join_link))
        player.get_by_label("Votre nom").fill("Ayla")
        player.locator("form button[type=submit].primary").click()
        player.locator("a.continue").click()
        player.locator("a[href*='/s/']").first.click()
        _online(player)  # htmx has taken the forms over: a click before would submit a plain form
        player.locator(".claim form", has_text="KITSUNE").locator("button").click()
        expect(player.locator("#npc-help")).to_have_count(0)  # the GM's only
        _action(gm, "Commencer le combat").locator("button.do").click()
        _action(player, "Attaquer Agent Octopus 1 avec Frappes instinctives").locator("button.do").click()
        # Agent Octopus 1 must react: the GM asks the tactical AI
        suggest = gm.get_by_role("button", name="Suggérer (Agent Octopus 1)")
        expect(suggest).to_be_visible(timeout=WAIT)
        suggest.click()
        expect(gm.locator("#suggestion")).to_contain_text("Agent Octopus 1 se défend contre KITSUNE")
        assert not axe_problems(gm)
        shoot(gm, "fight-gm-suggestion")
        gm.locator("#suggestion li.best button").click()
        expect(player.locator("#where")).to_contain_text("coup 3", timeout=WAIT)
        # auto-play on: a second GM tab shows it on too
        gm.locator("#autoplay-switch").click()
        expect(gm.locator("#autoplay-switch")).to_have_attribute("aria-checked", "true", timeout=WAIT)
        other = gm_context.new_page()
        other.goto(gm.url)
        expect(other.locator("#autoplay-switch")).to_have_attribute("aria-checked", "true")
        # KITSUNE and WINK end their action phases; Agent Octopus 2 attacks KITSUNE by itself, and
        # auto-play waits for the player's reaction
        _action(player, "Terminer la phase d'action", "kitsune").locator("button.do").click()
        expect(gm.locator("#where")).to_contain_text("WINK", timeout=WAIT)
        _action(gm, "Terminer la phase d'action", "wink").locator("button.do").click()
        expect(player.locator("#reaction")).to_contain_text("Agent Octopus 2", timeout=WAIT)
        expect(player.locator("#reaction")).to_contain_text("KITSUNE")
        expect(player.locator("#where")).to_contain_text("coup 6")
        expect(other.locator("#autoplay-switch")).to_have_attribute("aria-checked", "true")
        shoot(player, "fight-player-after-autoplay")
        browser.close()
