"""A fight handed back to its Energy campaign, in Chromium, in French, on ``meneur serve --demo``: the
GM on a laptop (1280x800) gives WINK two stress boxes in the campaign and launches a fight from the
campaign's page (the new-fight page says what comes from the campaign's sheet), plays it to its end
through the fight's pages (WINK knocked out, the GM's confirmed end), then hands it back ticking
« blessé » ("Un personnage qui a été mis hors combat durant une scène peut subir le statut blessé à la
fin du combat (à la discrétion du MJ)", 002_58e889a1abff3456.txt): a refusal first shows in place, then
the campaign's page shows the wound on the GM's laptop and on the player's phone (390x844), and undo
restores it on both. axe-core runs on every page; screenshots go to test-artefacts/web/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from meneur.systems.energy import dump_character, library_hero
from tests.web.browser import PHONE, TABLE_PAGE, Demo, clean, playwright

playwright_api = playwright()

from tests.web.energy_steps import campaign_action as _action  # noqa: E402
from tests.web.energy_steps import knock_out  # noqa: E402
from tests.web.energy_steps import online as _online  # noqa: E402

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000
GM_LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def test_the_gm_hands_a_fight_back_wounded_both_screens_show_it_and_undo_restores_it(
    demo: Demo, browser: Any, tmp_path: Path
) -> None:
    sheet = tmp_path / "wink.yaml"
    sheet.write_text(dump_character(library_hero("WINK")), encoding="utf-8")
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
    gm.get_by_role("button", name="Commencer cette campagne").click()
    expect(gm.locator("#game")).to_be_visible(timeout=WAIT)
    _online(gm)
    campaign = gm.url
    _action(gm, "Commencer une séance").get_by_role("button").click()
    expect(gm.locator(".log")).to_contain_text("Début de la séance 1.", timeout=WAIT)
    _action(gm, "Commencer une scène").get_by_role("button").click()
    expect(gm.locator(".log")).to_contain_text("Début de la scène 1.", timeout=WAIT)
    _action(gm, "Donner du stress — WINK, 2 cases").get_by_role("button").click()
    gm_wink = gm.locator(".being[data-name='WINK']")
    expect(gm_wink.locator("[data-field=stress]")).to_contain_text("Stress 2/10", timeout=WAIT)

    # the fight starts from the campaign's sheet: WINK's two boxes come with her
    gm.locator("a.new-fight-link").click()
    expect(gm.locator("#nf-campaign")).to_contain_text("Ce combat fait partie de la campagne", timeout=WAIT)
    line = gm.locator(".lineup-row", has=gm.locator("label", has_text="WINK"))
    expect(line.locator("[data-field=from-campaign]")).to_contain_text("D'après la fiche de la campagne")
    expect(line.locator("[data-field=from-campaign]")).to_contain_text("stress 2/10")
    expect(line.get_by_role("combobox")).to_have_value("heroes")
    gm.locator("#nf-ranks").fill("3")
    gm.locator("#nf-name").fill("Agent Octopus")
    clean(gm, "energy-hand-back-new-fight-gm-laptop", fits=True)
    gm.get_by_role("button", name="Lancer ce combat").click()
    expect(gm.locator("#fight")).to_be_visible(timeout=WAIT)
    _online(gm)
    expect(gm.locator("#fighter-wink .numbers")).to_contain_text("Stress2", timeout=WAIT)

    # the fight to its end through its pages: WINK is knocked out, the GM confirms the end
    gm.locator("form.action[data-kind=start] button.do").click()
    expect(gm.locator("#where")).to_contain_text("Tour 1", timeout=WAIT)
    knock_out(gm, "WINK")
    gm.once("dialog", lambda dialog: dialog.accept())
    gm.locator("form.action[data-kind=end] button.do").first.click()
    expect(gm.locator("#summary")).to_contain_text("mis hors combat", timeout=WAIT)

    # back on the campaign's page: the card offers « blessé » for WINK, knocked out
    gm.goto(campaign)
    _online(gm)
    form = gm.locator("form[data-form=hand-back]")
    expect(form).to_be_visible(timeout=WAIT)
    wounded = form.get_by_label("mis hors combat\u00a0: blessé (à votre discrétion, comme le dit le livre)")
    expect(wounded).not_to_be_checked()  # the GM's choice, as the book says
    wounded.check()
    # experience ticked during a session: refused in place, in French, the ticks kept, nothing changed
    form.locator("summary", has_text="Expérience").click()
    form.locator("input[name='xp-WINK']").first.check()
    form.get_by_role("button", name="Reporter le combat").click()
    refusal = gm.locator("#hand-back-error")
    expect(refusal).to_contain_text("entre deux séances", timeout=WAIT)
    expect(gm.locator("form[data-form=hand-back] input[name=wounded]")).to_be_checked()
    expect(gm_wink.locator("[data-field=states]")).to_have_text("Aucun état.")
    clean(gm, "energy-hand-back-refused-gm-laptop")

    player.goto(campaign)
    _online(player)
    card = player.locator(".being[data-name='WINK']")
    expect(card.locator("[data-field=states]")).to_have_text("Aucun état.", timeout=WAIT)
    expect(player.locator("form[data-form=hand-back]")).to_have_count(0)  # the GM's card only

    form = gm.locator("form[data-form=hand-back]")
    form.locator("input[name='xp-WINK']").first.uncheck()
    form.get_by_role("button", name="Reporter le combat").click()
    wound = "blessé\u00a0: Ne récupère que la moitié de sa Vigueur"
    expect(gm_wink.locator("[data-field=states]")).to_contain_text(wound, timeout=WAIT)
    expect(gm.locator("[data-field=handed-back]")).to_have_text("Rapporté à la campagne.", timeout=WAIT)
    expect(gm.locator(".facts")).to_contain_text("Rapporté du combat", timeout=WAIT)
    expect(card.locator("[data-field=states]")).to_contain_text(wound, timeout=WAIT)  # live on the phone
    expect(player.locator(".facts")).to_contain_text("WINK\u00a0: blessé", timeout=WAIT)
    clean(gm, "energy-hand-back-done-gm-laptop")
    card.scroll_into_view_if_needed()
    clean(player, "energy-hand-back-done-player-phone", fits=True, keep=True)

    # undo takes the whole hand-back back, on both screens
    gm.get_by_role("button", name="Annuler", exact=True).click()
    expect(gm_wink.locator("[data-field=states]")).to_have_text("Aucun état.", timeout=WAIT)
    expect(card.locator("[data-field=states]")).to_have_text("Aucun état.", timeout=WAIT)
    expect(gm.locator("form[data-form=hand-back]")).to_be_visible(timeout=WAIT)  # it may go back again
    clean(player, "energy-hand-back-undone-player-phone", fits=True)
    clean(gm, "energy-hand-back-undone-gm-laptop")
