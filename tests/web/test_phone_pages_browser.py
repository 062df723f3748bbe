"""The common turn of every game on a 390 × 844 phone (Debian's chromium through Playwright, on
``meneur serve --demo``): the page is at most two screens long (1,688 CSS px), the header folds into
one bar of at most 56 px with the table's name and who the viewer plays, and its menu opens the rest
(the language, the links). The pages are the Energy fight for the player whose turn it is and for
the player under attack, and a player's session page of INS/MV, Warzone and Carpathes; axe-core
finds no violation of any impact on them, light or dark (``prefers-color-scheme``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import LAPTOP, PHONE, TABLE_PAGE, Demo, axe_problems, playwright, shoot
from tests.web.test_games_browser import Table

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000
TWO_SCREENS = 2 * PHONE["viewport"]["height"]  # type: ignore[index]
BAR = 56
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'main button, main select, main input, main summary, header.top button')]
  .filter(e => e.type !== 'hidden' && e.getClientRects().length)
  .filter(e => e.getBoundingClientRect().height < 44)
  .map(e => (e.id || e.className || e.tagName) + ' ' + Math.round(e.getBoundingClientRect().height))"""
"""The controls a finger taps that are less than 44 CSS px high (WCAG 2.5.5's target size)."""
MENU = "Menu"  # the same word in French and English


def _online(page: Any) -> None:
    expect(page.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)


def _short(page: Any, name: str, plays: str) -> None:
    """The page fits two phone screens, its header is one small bar naming who the viewer plays,
    its menu opens (by the keyboard) and closes (Escape), axe finds nothing (light and dark, the menu
    open and closed), and it is shot in both schemes."""
    page.evaluate("window.scrollTo(0, 0)")
    height = page.evaluate("document.documentElement.scrollHeight")
    bar = page.locator("header.top")
    assert bar.bounding_box()["height"] <= BAR, (name, bar.bounding_box())
    expect(bar.locator(".bar-who")).to_contain_text(plays)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    assert page.evaluate(SMALL_TARGETS) == [], name
    toggle = bar.get_by_role("button", name=MENU)
    expect(toggle).to_have_attribute("aria-expanded", "false")
    language = page.locator("#lang-choice")
    expect(language).to_be_hidden()
    toggle.focus()
    page.keyboard.press("Enter")  # a button: the keyboard opens it as a tap does
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(language).to_be_visible()
    problems = axe_problems(page)
    assert not problems, (name, "menu", problems)
    shoot(page, f"phone-{name}-menu")
    page.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(language).to_be_hidden()
    expect(toggle).to_be_focused()  # Escape gives the focus back to the menu's button
    page.evaluate("document.activeElement.blur()")
    problems = axe_problems(page)
    assert not problems, (name, problems)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        dark = scheme == "dark"  # the README shows every page light, and the turn dark too
        shoot(page, f"phone-{name}" + ("-dark" if dark else ""), keep=not dark or name == "fight-turn")
    page.emulate_media(color_scheme="light")
    assert height <= TWO_SCREENS, (name, height)


def _action(page: Any, label: str) -> Any:
    return page.locator("form.action", has=page.locator("span.label", has_text=label)).first


def test_the_energy_fight_fits_two_screens_for_the_player_who_acts_and_the_one_attacked(
    demo: Demo, browser: Any
) -> None:
    gm = browser.new_context(**LAPTOP, locale="fr-FR").new_page()
    gm.goto(demo.local(demo.gm_link))
    gm.wait_for_url(TABLE_PAGE)
    gm.locator("a[href*='/s/']").first.click()
    _online(gm)
    ayla = browser.new_context(**PHONE, locale="fr-FR").new_page()
    ayla.goto(demo.local(demo.join_link))
    ayla.get_by_label("Votre nom").fill("Ayla")
    ayla.locator("form button[type=submit].primary").click()
    ayla.locator("a.continue").click()
    ayla.locator("a[href*='/s/']").first.click()
    _online(ayla)
    ayla.locator(".claim form", has_text="KITSUNE").locator("button").click()
    expect(ayla.locator("#fighter-kitsune")).to_be_visible(timeout=WAIT)

    _action(gm, "Commencer le combat").locator("button.do").click()
    expect(ayla.locator("#fight")).to_have_attribute("data-my-turn", "", timeout=WAIT)
    _short(ayla, "fight-turn", "KITSUNE")

    _action(ayla, "Terminer la phase d'action").locator("button.do").click()
    expect(ayla.locator("#fight[data-my-turn]")).to_have_count(0, timeout=WAIT)
    _action(gm, "Terminer la phase d'action").locator("button.do").click()
    shot = _action(gm, "Attaquer KITSUNE avec Attaque à distance")
    expect(shot).to_be_visible(timeout=WAIT)
    shot.locator("input[name=tokens]").fill("3")
    shot.locator("button.do").click()
    expect(ayla.locator("#fight")).to_have_attribute("data-must-react", "", timeout=WAIT)
    _short(ayla, "fight-attacked", "KITSUNE")


@pytest.mark.parametrize(
    ("system", "lang", "hero"),
    [("insmv", "fr", "Yves"), ("warzone", "en", "Mystic"), ("carpathes", "fr", "Mihail")],
)
def test_a_players_session_page_fits_two_screens(
    demo: Demo, browser: Any, system: str, lang: str, hero: str
) -> None:
    table = Table(demo, browser, system, lang, hero)
    if system == "carpathes":  # the common turn: a scene under way
        table.act(table.gm, "start_session", "")
        table.act(table.gm, "start_scene", "")
        expect(table.player.locator("form.action[data-kind='roll']").first).to_be_visible(timeout=WAIT)
    _short(table.player, f"{system}-session", hero)
    table.close()
