"""The Quick start's evening begins, in Chromium: ``meneur serve --demo`` on an address beyond
loopback prints the operator's GM sign-in link; the GM opens it on a laptop, creates a second table
and looks at its page (twice); a player on a phone opens the link that page shows, switches the
page to English (the code stays), and sits at the table: the link still works after the GM viewed
it. Every page passes axe; the screenshots are test artefacts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.browser import LAPTOP, PHONE, Demo, clean, playwright, start_demo

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    started = start_demo(tmp_path_factory.mktemp("links"), host="127.0.0.2")
    yield started
    started.stop()


def test_the_operator_opens_a_second_table_and_a_phone_joins_by_its_shown_link(
    browser: Any, demo: Demo
) -> None:
    assert demo.sign_in_link.startswith(f"{demo.url}/account/code#")
    laptop = browser.new_context(locale="fr-FR", **LAPTOP)
    phone = browser.new_context(locale="fr-FR", **PHONE)
    try:
        gm = laptop.new_page()
        gm.goto(demo.sign_in_link)
        expect(gm.get_by_text("Connecté au compte MJ")).to_be_visible(timeout=WAIT)
        assert "#" not in gm.url  # the code left the address bar
        expect(gm.locator(".my-tables")).to_contain_text("Démo")  # the demo table is the account's
        gm.get_by_label("Nom de la table").fill("Jeudi soir")
        gm.get_by_role("button", name="Créer la table").click()
        expect(gm.locator("h1")).to_have_text("Jeudi soir", timeout=WAIT)
        link = gm.locator("a.join-link").get_attribute("href")
        assert link is not None and link.startswith(f"{demo.url}/join/")  # the printed address
        code = gm.locator("strong.code").inner_text()
        assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", code) and link.endswith(f"?code={code}")
        expect(gm.get_by_role("img", name="QR code du lien pour rejoindre")).to_be_visible()
        gm.reload()  # the GM looks again: the link stays
        assert gm.locator("strong.code").inner_text() == code
        clean(gm, "links-gm-table")

        player = phone.new_page()
        player.goto(link)
        expect(player.locator("h1")).to_have_text("Rejoindre Jeudi soir", timeout=WAIT)
        player.get_by_role("button", name="Menu").click()  # on a phone the language is in the header's menu
        player.locator("#lang-choice").select_option("en")
        player.get_by_role("button", name="Changer").click()
        expect(player.locator("h1")).to_have_text("Join Jeudi soir", timeout=WAIT)
        assert player.url == link
        expect(player.locator("#join-code")).to_have_value(code)
        player.get_by_label("Your name").fill("Ayla")
        clean(player, "links-phone-join", fits=True)
        player.get_by_role("button", name="Sit at the table").click()
        player.wait_for_url(re.compile(r"/character$"), timeout=WAIT)

        gm.reload()
        expect(gm.get_by_text("Ayla — joueur")).to_be_visible(timeout=WAIT)
        assert gm.locator("strong.code").inner_text() == code
        spent = laptop.new_page()
        spent.goto(demo.sign_in_link)  # the one-time link does not work twice
        expect(spent.locator("h1")).to_have_text("Ce lien de connexion ne marche pas", timeout=WAIT)
        clean(spent, "links-sign-in-spent")
    finally:
        laptop.close()
        phone.close()


def test_the_connection_banner_goes_once_an_answer_comes_back(browser: Any, demo: Demo) -> None:
    """An action sent while the network is down says « not sent »; once the network is back the next
    action's answer clears it, the socket having stayed open or come back."""
    laptop = browser.new_context(locale="fr-FR", **LAPTOP)
    try:
        gm = laptop.new_page()
        gm.goto(demo.gm_link)
        gm.wait_for_url(re.compile(r"/t/[0-9a-f]+$"), timeout=WAIT)
        gm.locator("li.session a").first.click()
        banner = gm.locator("#connection")
        expect(banner).to_have_attribute("data-state", "online", timeout=WAIT)
        laptop.set_offline(True)
        start = gm.locator("form.action", has=gm.locator("span.label", has_text="commencer le combat")).first
        start.locator("button.do").click()
        expect(banner).to_have_attribute("data-state", "unsent", timeout=WAIT)
        laptop.set_offline(False)
        start.locator("button.do").click()
        expect(gm.locator("#where")).to_contain_text("Tour 1", timeout=WAIT)
        expect(banner).to_have_attribute("data-state", "online", timeout=WAIT)
        expect(banner).to_have_text("En direct")
    finally:
        laptop.close()


def test_a_player_is_taken_to_the_new_fight_that_gives_their_hero_back(browser: Any, demo: Demo) -> None:
    """A player plays KITSUNE in the demo fight; the GM starts a new fight (KITSUNE with the heroes,
    played by that player again, as the form proposes): the player's phone goes to it."""
    laptop = browser.new_context(locale="fr-FR", **LAPTOP)
    phone = browser.new_context(locale="fr-FR", **PHONE)
    try:
        gm = laptop.new_page()
        gm.goto(demo.gm_link)
        gm.wait_for_url(re.compile(r"/t/[0-9a-f]+$"), timeout=WAIT)
        table_url = gm.url
        player = phone.new_page()
        player.goto(demo.join_link)
        player.get_by_label("Votre nom").fill("Bruno")
        player.get_by_role("button", name="S'asseoir à la table").click()
        player.wait_for_url(re.compile(r"/character$"), timeout=WAIT)
        player.goto(table_url)
        player.locator("li.session a").first.click()
        old_fight = player.url
        expect(player.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)
        player.get_by_role("button", name="Jouer KITSUNE").click()
        expect(player.locator("#fight")).to_contain_text("Bruno", timeout=WAIT)
        gm.goto(table_url + "/new-fight")
        expect(gm.locator("label[for=h-kitsune]")).to_contain_text("joué par Bruno")
        gm.locator("#nf-session-name").fill("La revanche")
        gm.locator("#nf-ranks").fill("3")
        gm.get_by_role("button", name="Lancer ce combat").click()
        gm.wait_for_url(re.compile(r"/s/[0-9a-f]+$"), timeout=WAIT)
        new_fight = gm.url
        assert new_fight != old_fight
        player.wait_for_url(new_fight, timeout=WAIT)  # taken to it, without a tap
        expect(player.locator("#fight")).to_contain_text("KITSUNE", timeout=WAIT)
        gm.goto(table_url)
        expect(gm.locator("li.session", has_text="La revanche")).to_contain_text("avec Bruno")
        clean(player, "links-player-taken-to-new-fight", fits=True)
    finally:
        laptop.close()
        phone.close()
