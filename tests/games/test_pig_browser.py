"""Pig in a real browser (Debian's chromium through Playwright) on ``meneur serve --demo`` started
with ``MENEUR_GAMES``: a GM on a laptop creates a table of pig from the home page (the system list
names it « Pig »), sets the goal on the options page (pig's own ``TableOptions``), starts a session;
a player on a phone (390x844) takes Ayla, rolls and holds with the die rolled at the table until the
scores change on both screens, and the GM's undo takes the hold back on both. axe-core runs on the
pages."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests import loopback as httpx
from tests.web.browser import LAPTOP, PHONE, Demo, clean, launch, playwright, start_demo

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("web")]
WAIT = 10_000
GAMES = "tests.games.pig.plugin:PLUGIN"


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    """The demo server, whose registry lists pig from the start (``MENEUR_GAMES``)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MENEUR_GAMES", GAMES)
        running = start_demo(tmp_path_factory.mktemp("pig"))
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as playwright:
        launched = launch(playwright)
        yield launched
        launched.close()


def _online(page: Any) -> None:
    expect(page.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)


def _score(page: Any, name: str) -> Any:
    return page.locator(f".being[data-name='{name}'] [data-field=score]")


def _act(page: Any, kind: str, dice: str = "") -> None:
    form = page.locator(f"form.action[data-kind='{kind}'][data-actor='Ayla']")
    if dice:
        form.get_by_label("Dés lancés à la table (facultatif)").fill(dice)
    version = int(page.locator("#game").get_attribute("data-version"))
    form.locator("button.do").click()
    expect(page.locator("#game")).to_have_attribute("data-version", str(version + 1), timeout=WAIT)


def test_a_gm_sets_the_goal_and_a_player_on_a_phone_plays_pig(demo: Demo, browser: Any) -> None:
    laptop = browser.new_context(**LAPTOP, locale="fr-FR")
    phone = browser.new_context(**PHONE, locale="fr-FR")
    try:
        gm = laptop.new_page()
        gm.goto(demo.url + "/")
        gm.get_by_label("Nom de la table").fill("Pig du jeudi")
        system = gm.get_by_label("Système")
        assert "Pig" in system.locator("option").all_inner_texts()
        system.select_option(label="Pig")
        gm.get_by_role("button", name="Créer la table").click()
        gm.get_by_role("link", name="Options de la table").click()
        goal = gm.get_by_label("The points a player banks to win")
        expect(goal).to_have_value("20", timeout=WAIT)
        clean(gm, "pig-options-gm-laptop")
        goal.fill("30")
        gm.get_by_role("button", name="Enregistrer").click()
        expect(gm.locator("#options-saved")).to_be_visible(timeout=WAIT)
        expect(gm.get_by_label("The points a player banks to win")).to_have_value("30")
        table_url = gm.url.split("/options", 1)[0]
        gm.goto(table_url)
        gm.get_by_role("link", name="Commencer une séance").click()
        gm.wait_for_url("**/new-session")
        gm.locator("textarea[name=setup]").fill('{"players": ["Ayla", "Bren"]}')
        gm.get_by_role("button", name="Commencer", exact=True).click()
        expect(gm.locator("#game")).to_be_visible(timeout=WAIT)
        session_url = gm.url
        session_id = session_url.rsplit("/", 1)[-1]
        cookies = {c["name"]: c["value"] for c in laptop.cookies()}
        shown = httpx.get(f"{demo.url}/api/v1/sessions/{session_id}", cookies=cookies).json()
        assert shown["state"]["options"] == {"goal": 30}  # the engine reads the goal the page set
        expect(gm.locator("#scores-title")).to_contain_text("30")
        gm.goto(table_url)
        link = gm.locator(".join a.join-link").get_attribute("href")
        assert link is not None
        gm.goto(session_url)
        _online(gm)

        player = phone.new_page()
        player.goto(link)
        player.get_by_label("Votre nom").fill("Ayla")
        player.get_by_role("button", name="S'asseoir à la table").click()
        player.locator("a.continue").click()
        player.locator("a[href*='/s/']").first.click()
        _online(player)
        clean(player, "pig-claim-player-phone", fits=True)
        player.get_by_role("button", name="Jouer Ayla").click()
        expect(player.locator("#where")).to_contain_text("Vous jouez Ayla", timeout=WAIT)
        expect(gm.locator(".being[data-name='Ayla'] [data-field=player]")).to_have_text(
            "Joué par Ayla", timeout=WAIT
        )
        expect(player.locator("form.action[data-kind=hold]")).to_have_count(0)  # nothing to bank yet

        _act(player, "roll", dice="5")
        expect(player.locator("#turn")).to_have_attribute("data-turn-points", "5", timeout=WAIT)
        _act(player, "roll", dice="4")
        expect(gm.locator("#turn")).to_have_attribute("data-turn-points", "9", timeout=WAIT)  # live
        clean(player, "pig-turn-player-phone", fits=True)
        _act(player, "hold")
        for page in (player, gm):
            expect(_score(page, "Ayla")).to_have_text("9", timeout=WAIT)
            expect(page.locator("#turn")).to_have_attribute("data-current", "Bren", timeout=WAIT)
        expect(player.locator("form.action")).to_have_count(0)  # Bren's turn: not hers
        clean(gm, "pig-session-gm-laptop")

        gm.get_by_role("button", name="Annuler").click()
        for page in (gm, player):
            expect(_score(page, "Ayla")).to_have_text("0", timeout=WAIT)
            expect(page.locator("#turn")).to_have_attribute("data-turn-points", "9", timeout=WAIT)
        _act(player, "hold")
        expect(_score(gm, "Ayla")).to_have_text("9", timeout=WAIT)
    finally:
        laptop.close()
        phone.close()
