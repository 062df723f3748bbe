"""An Energy fight to its end in a real browser (Debian's chromium): the GM on a laptop knocks both
Octopus agents out with the GM's forms; the GM's laptop and KITSUNE's player's phone both say the
fight is decided, the phone waits for the GM, the GM confirms « terminer le combat » and both screens
show the summary.

"Lorsque le combat est terminé et que tout danger immédiat est écarté, le personnage peut reprendre son
souffle et récupérer tous ses points de vigueur" (002_58e889a1abff3456.txt); rulings "A fight is
decided when a side is all out; the GM ends it" (docs/rulings/energy-combat.md).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.web.browser import LAPTOP, PHONE, TABLE_PAGE, Demo, axe_problems, playwright, shoot

playwright_api = playwright()

from tests.web.energy_steps import knock_out  # noqa: E402
from tests.web.test_browser import _action, _join, _on_plan, _online  # noqa: E402

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000


def _box(locator: Any) -> Any:
    """The element's box once it is drawn (the page may be swapping in the fight's next fragment)."""
    expect(locator).to_be_visible(timeout=WAIT)
    deadline = time.monotonic() + WAIT / 1000
    while (box := locator.bounding_box()) is None:
        assert time.monotonic() < deadline, "the element was never drawn"
        time.sleep(0.05)
    return box


def test_a_fight_reaches_its_end_and_every_screen_shows_the_summary(demo: Demo, browser: Any) -> None:
    gm_context = browser.new_context(**LAPTOP, locale="fr-FR")
    phone_context = browser.new_context(**PHONE, locale="fr-FR")
    gm = gm_context.new_page()
    gm.goto(demo.local(demo.gm_link))
    gm.wait_for_url(TABLE_PAGE)
    gm.locator("a[href*='/s/']").first.click()
    _online(gm)
    ayla = _join(phone_context, demo.local(demo.join_link), "Ayla", "KITSUNE")
    _action(gm, "Commencer le combat").locator("button.do").click()
    expect(ayla.locator("#fighter-kitsune .badge", has_text="agit")).to_be_visible(timeout=WAIT)
    expect(gm.locator("#fighter-kitsune .badge", has_text="agit")).to_be_visible(timeout=WAIT)

    # dragging KITSUNE 3 m is the free small move ("un petit déplacement de 5 mètres maximum. Cela ne
    # lui coûte pas de point d'énergie", 002_58e889a1abff3456.txt): no token spent
    circle = gm.locator(".plan g.token[data-id=kitsune] circle")
    start = (float(circle.get_attribute("cx") or 0), float(circle.get_attribute("cy") or 0))
    box = _box(circle)
    gm.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    gm.mouse.down()
    gm.mouse.move(*_on_plan(gm, start[0], start[1] + 3), steps=4)
    gm.mouse.up()
    expect(ayla.locator("#where")).to_contain_text("coup 2", timeout=WAIT)
    expect(ayla.locator("#fighter-kitsune [data-field=energy]")).to_have_text("6")
    moved = gm.locator(".plan g.token[data-id=kitsune] circle")
    assert abs(float(moved.get_attribute("cy") or 0) - (start[1] + 3)) < 0.3

    # the GM shows an NPC's Vigueur as a bar: the phone's running fight follows at once, a full bar
    options = gm_context.new_page()
    options.goto(gm.url.split("/s/", 1)[0] + "/options")
    options.locator("#opt-npc_vigueur").select_option("bar")
    options.locator("button[type=submit].primary").click()
    expect(options.locator("#options-saved")).to_be_visible(timeout=WAIT)
    agent = ayla.locator("#fighter-agent1")
    expect(agent.locator("[data-field=vigor]")).to_have_text("environ 100\u00a0%", timeout=WAIT)
    assert agent.locator(".bar > span").get_attribute("style") == "width: 100%"
    options.close()

    knock_out(gm, "Agent Octopus 1")
    knock_out(gm, "Agent Octopus 2")
    decided = "tous les adversaires sont hors combat"
    expect(gm.locator("#decided")).to_contain_text(decided, timeout=WAIT)
    expect(ayla.locator("#decided")).to_contain_text(decided, timeout=WAIT)
    expect(ayla.locator("#where")).to_contain_text(decided)
    # the GM's first action is « terminer le combat »
    expect(gm.locator("section.game form.action").first).to_have_attribute("data-kind", "end")
    # KITSUNE passes: WINK (nobody's) acts, and the phone waits for the GM
    _action(ayla, "Terminer la phase d'action").locator("button.do").click()
    expect(ayla.locator("#waiting-gm")).to_have_text("En attente du MJ", timeout=WAIT)
    shoot(ayla, "fight-decided-player-phone")
    shoot(gm, "fight-decided-gm-laptop")

    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    gm.once("dialog", answer)
    _action(gm, "Terminer le combat").locator("button.do").click()
    for page in (gm, ayla):
        summary = page.locator("#summary")
        expect(summary).to_contain_text("Les héros l'emportent", timeout=WAIT)
        expect(summary).to_contain_text("Agent Octopus 1")
        expect(summary).to_contain_text("mis hors combat")
        expect(page.locator("#where")).to_contain_text("Le combat est fini")
        expect(page.locator("#waiting-gm")).to_have_count(0)
    assert asked and asked[0].startswith("Terminer le combat")
    expect(gm.locator("#summary a[href$='/new-fight']")).to_be_visible()
    expect(ayla.locator("#summary a[href$='/new-fight']")).to_have_count(0)
    for page, name in ((gm, "fight-summary-gm-laptop"), (ayla, "fight-summary-player-phone")):
        problems = axe_problems(page)
        assert not problems, (name, problems)
        shoot(page, name)
    assert ayla.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    for context in (gm_context, phone_context):
        context.close()
