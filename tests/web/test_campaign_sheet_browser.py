"""Experience spent and a relation written from a phone, in Chromium, in French, on ``meneur serve
--demo``: Ayla (390x844) improves WINK's Énergie among every step her hero points may buy, with the
rules' price beside the button, and writes a relation with the book's words for its value; the GM's
laptop (1280x800) shows both live (rules of 002_58e889a1abff3456.txt). axe-core runs on every page;
screenshots go to test-artefacts/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from meneur.systems.energy import dump_character, library_hero
from tests.web.browser import PHONE, TABLE_PAGE, Demo, clean, playwright

playwright_api = playwright()

from tests.web.energy_steps import campaign_action as _action  # noqa: E402
from tests.web.energy_steps import choose as _choose  # noqa: E402
from tests.web.energy_steps import online as _online  # noqa: E402

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000
GM_LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def test_a_player_raises_an_attribute_and_writes_a_relation_on_a_phone(
    demo: Demo, browser: Any, tmp_path: Path
) -> None:
    """ "augmenter leurs attributs": Ayla's phone picks Énergie among every step WINK's 2 hero points
    may buy, sees its price ("Énergie | 2") and what is left before pressing, and the GM's laptop shows
    Énergie 6; then she writes « Hélène » at +3 ("Le joueur est libre d'ajouter les relations qu'il
    souhaite"), the book's words for +3 beside the value, and the GM's screen shows it."""
    wink = library_hero("WINK")
    wink = wink.model_copy(update={"experience": wink.experience.model_copy(update={"heroic_points": 2})})
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
    gm.get_by_role("button", name="Commencer cette campagne").click()
    expect(gm.locator("#game")).to_be_visible(timeout=WAIT)
    _online(gm)
    player.goto(demo.local(gm.url))
    _online(player)

    improve = _action(player, "Améliorer la fiche — WINK")
    expect(improve.get_by_label("Quoi améliorer")).to_contain_text("Vigueur 5 → 6 (1 point de héros)")
    expect(improve.get_by_label("Quoi améliorer")).to_contain_text("Récupération 4 → 5 (pas assez de points)")
    _choose(player, improve, "Quoi améliorer", "attribute:energy")
    expect(improve).to_contain_text("Achète\u00a0: Énergie 5 → 6.", timeout=WAIT)
    expect(improve).to_contain_text(
        "Coûte 2 points de héros\u00a0; il restera 0 point de héros", timeout=WAIT
    )
    clean(player, "energy-campaign-improve-player-phone", fits=True)
    improve.get_by_role("button").click()
    for page in (player, gm):
        expect(page.locator(".being[data-name='WINK'] [data-field=attributes]")).to_contain_text(
            "Énergie 6", timeout=WAIT
        )
    expect(gm.locator(".log")).to_contain_text("Acheté\u00a0: Énergie 6.", timeout=WAIT)
    expect(_action(player, "Améliorer la fiche — WINK")).to_have_count(0)  # no point left

    add = _action(player, "Ajouter une relation — WINK")
    add.get_by_label("Nom de la relation").fill("Hélène")
    _choose(player, add, "Valeur", "3")
    expect(add.locator("[data-field=relation]")).to_contain_text(
        "Le personnage vous apprécie assez", timeout=WAIT
    )
    expect(add.get_by_label("Nom de la relation")).to_have_value("Hélène")
    clean(player, "energy-campaign-relation-player-phone", fits=True)
    add.get_by_role("button").click()
    expect(_action(player, "Ajouter une relation dans une case du MJ — WINK")).to_have_count(0)
    for page in (player, gm):
        relation = page.locator(".being[data-name='WINK'] [data-relation='Hélène']")
        expect(relation).to_contain_text("Hélène 3", timeout=WAIT)
    expect(gm.locator(".log")).to_contain_text("WINK\u00a0: nouvelle relation avec Hélène à 3.")
    expect(_action(gm, "Ajouter une relation dans une case du MJ — WINK")).to_have_count(1)
