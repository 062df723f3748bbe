"""A whole evening of the Energy System through the pages only, in Debian's chromium on ``meneur serve
--demo``: three players on phones (Ayla and Bren in French, Chloé in English) import WINK, ALTAIR and
KITSUNE; the GM, on a laptop, starts a campaign with them, a session and a scene. A défi: the GM picks
WINK's aptitude and difficulty, every screen shows her aptitude and trait, Ayla's phone the score and
verdict, and her défi is logged in full on every screen. A fight from the campaign is played to its
end through the fight pages (Bren's button, the GM's « ajuster », the phones told the fight is decided
and waiting for the GM, the GM's confirmed end) with the summary on every screen; the GM hands it back,
WINK wounded, and every campaign page shows it. The session ends, the GM awards Chloé's KITSUNE the
book's criteria, Chloé spends the point on her phone at the book's cost, the GM's screen shows it, and
the GM's undo restores the engine's state exactly (read through the API). Rules of
002_58e889a1abff3456.txt. Screenshots go to ``test-artefacts/web/energy-evening-*``; axe-core runs on
each page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from meneur.systems.energy import library_hero
from tests import loopback as httpx
from tests.web.browser import LAPTOP, PHONE, TABLE_PAGE, Demo, clean, playwright

playwright_api = playwright()

from tests.web import energy_steps as steps  # noqa: E402
from tests.web.energy_steps import WAIT, campaign_action, choose, online, press, unfold  # noqa: E402

expect = playwright_api.expect
pytestmark = pytest.mark.browser
PLAYERS = [("Ayla", "WINK", "fr-FR"), ("Bren", "ALTAIR", "fr-FR"), ("Chloé", "KITSUNE", "en-GB")]


class Evening:
    """The GM's laptop and the three players' phones at the demo's Energy table."""

    def __init__(self, demo: Demo, browser: Any, folder: Path) -> None:
        self.demo = demo
        self.contexts = [browser.new_context(**LAPTOP, locale="fr-FR")] + [
            browser.new_context(**PHONE, locale=locale) for _, _, locale in PLAYERS
        ]
        kitsune = library_hero("KITSUNE")  # 8 aptitude xp from earlier sessions: 2 more make a point
        kitsune = kitsune.model_copy(
            update={"experience": kitsune.experience.model_copy(update={"aptitude_xp": 8})}
        )
        heroes = {"WINK": library_hero("WINK"), "ALTAIR": library_hero("ALTAIR"), "KITSUNE": kitsune}
        self.phones = [
            steps.join_with_sheet(
                context, demo.local(demo.join_link), name, heroes[hero], folder, english=locale == "en-GB"
            )
            for context, (name, hero, locale) in zip(self.contexts[1:], PLAYERS, strict=True)
        ]
        self.gm = self.contexts[0].new_page()
        self.gm.goto(demo.local(demo.gm_link))
        self.gm.wait_for_url(TABLE_PAGE)
        self.table = self.gm.url

    @property
    def pages(self) -> list[Any]:
        return [self.gm, *self.phones]

    def english(self, page: Any) -> bool:
        return page is self.phones[2]

    def say(self, page: Any, french: str, english: str) -> str:
        return english if self.english(page) else french

    def engine(self, session: str) -> dict[str, Any]:
        """A session's state as the engine keeps it (read through the API with the GM's cookies)."""
        cookies = {c["name"]: c["value"] for c in self.contexts[0].cookies()}
        answer = httpx.get(f"{self.demo.url}/api/v1/sessions/{session}", cookies=cookies)
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def open(self, page: Any, session: str) -> None:
        """A player's way to a session: the table's page and the session's link in its list."""
        page.goto(self.table)
        page.locator(f"a[href$='/s/{session}']").first.click()
        online(page)

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def test_an_energy_evening_a_campaign_session_a_challenge_a_fight_to_its_end_and_experience_spent(
    demo: Demo, browser: Any, tmp_path: Path
) -> None:
    evening = Evening(demo, browser, tmp_path)
    gm, (ayla, bren, chloe) = evening.gm, evening.phones

    # 1. the campaign with the players' heroes, a session and a scene
    gm.get_by_role("link", name="Commencer une campagne").click()
    for name, hero, _ in PLAYERS:
        expect(gm.get_by_label(f"{hero} — rang 5 — joué par {name}")).to_be_checked()
    clean(gm, "energy-evening-new-campaign-gm-laptop", fits=True)
    gm.get_by_role("button", name="Commencer cette campagne").click()
    expect(gm.locator("#game")).to_be_visible(timeout=WAIT)
    online(gm)
    campaign = gm.url.rstrip("/").rsplit("/", 1)[-1]
    press(gm, "Commencer une séance")
    expect(gm.locator(".log")).to_contain_text("Début de la séance 1.", timeout=WAIT)
    press(gm, "Commencer une scène")
    expect(gm.locator(".log")).to_contain_text("Début de la scène 1.", timeout=WAIT)
    for phone, (name, hero, _) in zip(evening.phones, PLAYERS, strict=True):
        evening.open(phone, campaign)
        card = phone.locator(f".being[data-name='{hero}']")
        expect(card.locator("[data-field=player]")).to_have_text(
            evening.say(phone, "Vous jouez ce personnage.", "You play this character."), timeout=WAIT
        )
        expect(gm.locator(f".being[data-name='{hero}'] [data-field=player]")).to_have_text(f"Joué par {name}")
    expect(chloe.locator(".being[data-name='WINK'] [data-field=player]")).to_have_text("Played by Ayla")

    # 2. a défi: "Un test d'aptitude se fait en additionnant une aptitude et un trait applicable. Pour
    # que le défi soit remporté, le résultat doit être égal ou supérieur à la difficulté du défi."
    # WINK's Véhicules 3 + Spécialisation moto +2 = 5 against Expert (4), as the book's tree
    for page in evening.pages:
        skill = page.locator(".being[data-name='WINK'] .skills li").filter(
            has_text=evening.say(page, "Véhicules", "Vehicles")
        )
        expect(skill).to_have_text(
            evening.say(
                page, "Véhicules 3 + Spécialisation moto +2 = 5", "Vehicles 3 + Spécialisation moto +2 = 5"
            )
        )
    unfold(gm, "WINK")
    gm_challenge = campaign_action(gm, "Défi — WINK")
    choose(gm, gm_challenge, "Aptitude", "vehicles")
    choose(gm, gm_challenge, "Difficulté", "4")
    expect(gm_challenge.locator("[data-field=verdict]")).to_contain_text(
        "Réussite\u00a0: 5 ≥ 4.", timeout=WAIT
    )
    clean(gm, "energy-evening-challenge-gm-laptop")
    challenge = campaign_action(ayla, "Défi — WINK")
    choose(ayla, challenge, "Aptitude", "vehicles")
    choose(ayla, challenge, "Difficulté", "4")
    verdict = challenge.locator("[data-field=verdict]")
    expect(verdict).to_contain_text("Expert (4)", timeout=WAIT)
    expect(verdict).to_contain_text("score de défi\u00a0: 5", timeout=WAIT)
    expect(verdict).to_contain_text("Réussite\u00a0: 5 ≥ 4.")
    clean(ayla, "energy-evening-challenge-ayla-phone", fits=True)
    press(ayla, "Défi — WINK", "défi — WINK")
    french = (
        "WINK\u00a0: défi de Véhicules (aptitude Véhicules +3, trait Spécialisation moto +2) = 5 contre "
        "Expert (4)\u00a0: réussite."
    )
    english = (
        "WINK: challenge of Vehicles (aptitude Vehicles +3, trait Spécialisation moto +2) = 5 against "
        "Expert (4): success."
    )
    for page in evening.pages:
        expect(page.locator(".log")).to_contain_text(evening.say(page, french, english), timeout=WAIT)
    clean(chloe, "energy-evening-challenge-chloe-phone", fits=True)

    # 3. a fight from the campaign, to its end
    gm.locator("a.new-fight-link").click()
    expect(gm.locator("#nf-campaign")).to_contain_text("Ce combat fait partie de la campagne", timeout=WAIT)
    gm.locator("#nf-ranks").fill("3")
    gm.locator("#nf-name").fill("Agent Octopus")
    gm.get_by_role("button", name="Lancer ce combat").click()
    expect(gm.locator("#fight")).to_be_visible(timeout=WAIT)
    online(gm)
    fight = gm.url.rstrip("/").rsplit("/", 1)[-1]
    for phone in evening.phones:
        evening.open(phone, fight)
    gm.locator("form.action[data-kind=start] button.do").click()
    for page in evening.pages:
        expect(page.locator("#where")).to_contain_text(evening.say(page, "Tour 1", "Turn 1"), timeout=WAIT)
    shoot_all = [(gm, "gm-laptop"), (ayla, "ayla-phone"), (bren, "bren-phone"), (chloe, "chloe-phone")]
    for page, name in shoot_all:
        clean(page, f"energy-evening-fight-{name}", fits=page is not gm)
    names = gm.locator("#adj-target option").evaluate_all("options => options.map(o => o.textContent)")
    foes = [name for name in names if name.startswith("Agent Octopus")]
    assert foes, names
    steps.knock_out(gm, "WINK")
    for foe in foes:
        steps.knock_out(gm, foe)
    for page in evening.pages:
        expect(page.locator("#decided")).to_contain_text(
            evening.say(page, "tous les adversaires sont hors combat", "every foe is out"), timeout=WAIT
        )
    expect(gm.locator("section.game form.action").first).to_have_attribute("data-kind", "end")
    # KITSUNE, whose turn it is, passes on Chloé's phone: nothing is left to the players
    expect(chloe.locator("#where")).to_contain_text("every foe is out of the fight; the GM may end it")
    _fight_action(chloe, "End the action phase").locator("button.do").click()
    expect(chloe.locator("#waiting-gm")).to_have_text("Waiting for the GM", timeout=WAIT)
    # ALTAIR's turn: Bren passes too; WINK, out, keeps her player's « second souffle » ("sauf si le
    # personnage utilise sa détermination pour obtenir un second souffle")
    expect(ayla.locator("form.action[data-kind=stress][data-actor=wink]")).to_have_count(1)
    _fight_action(bren, "Terminer la phase d'action").locator("button.do").click()
    expect(bren.locator("#waiting-gm")).to_have_text("En attente du MJ", timeout=WAIT)
    for phone in evening.phones:
        expect(phone.locator("#where")).to_contain_text(
            evening.say(phone, "le MJ peut terminer le combat", "the GM may end it")
        )
    clean(chloe, "energy-evening-decided-chloe-phone", fits=True)
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    gm.once("dialog", answer)
    _fight_action(gm, "Terminer le combat").locator("button.do").click()
    for page in evening.pages:
        summary = page.locator("#summary")
        expect(summary.locator("[data-field=winner]")).to_contain_text(
            evening.say(page, "Les héros l'emportent", "The heroes win"), timeout=WAIT
        )
        out = summary.locator("tr", has=page.locator("th", has_text="WINK"))
        expect(out).to_contain_text(evening.say(page, "mis hors combat", "knocked out"))
        for foe in foes:
            expect(summary.locator("tr", has=page.locator("th", has_text=foe))).to_contain_text(
                evening.say(page, "mis hors combat", "knocked out")
            )
        expect(page.locator("#waiting-gm")).to_have_count(0)
    assert asked and asked[0].startswith("Terminer le combat")
    for page, name in shoot_all:
        clean(page, f"energy-evening-summary-{name}", fits=page is not gm)
        if page is not gm:  # the summary's table scrolls inside its card, the phone keeps its width
            steps.fits(page)

    # the GM hands the fight back: WINK, knocked out, is wounded ("Un personnage qui a été mis hors
    # combat durant une scène peut subir le statut blessé à la fin du combat (à la discrétion du MJ)")
    # the summary's first next step: back to the campaign the fight came from
    for page in evening.pages:
        back = page.locator("#summary [data-field=back-to-campaign]")
        expect(back).to_have_text(evening.say(page, "Retour à la campagne", "Back to the campaign"))
    gm.locator("#summary [data-field=back-to-campaign]").click()
    online(gm)
    form = gm.locator("form[data-form=hand-back]")
    expect(form).to_be_visible(timeout=WAIT)
    form.get_by_label("mis hors combat\u00a0: blessé (à votre discrétion, comme le dit le livre)").check()
    version = int(gm.locator("#game").get_attribute("data-version") or 0)
    form.get_by_role("button", name="Reporter le combat").click()
    expect(gm.locator("[data-field=handed-back]")).to_have_text("Rapporté à la campagne.", timeout=WAIT)
    expect(gm.locator("#game")).to_have_attribute("data-version", str(version + 1), timeout=WAIT)
    for phone in evening.phones:
        phone.locator("#summary [data-field=back-to-campaign]").click()
        online(phone)
    for page in evening.pages:
        wound = evening.say(page, "blessé\u00a0: Ne récupère que la moitié de sa Vigueur", "wounded: ")
        expect(page.locator(".being[data-name='WINK'] [data-field=states]")).to_contain_text(
            wound, timeout=WAIT
        )
        expect(page.locator(".facts")).to_contain_text(
            evening.say(page, "WINK\u00a0: blessé", "WINK: wounded")
        )
        for hero in ("ALTAIR", "KITSUNE"):
            expect(page.locator(f".being[data-name='{hero}'] [data-field=states]")).to_have_text(
                evening.say(page, "Aucun état.", "No state.")
            )
    for page, name in shoot_all:
        clean(page, f"energy-evening-handed-back-{name}", fits=page is not gm)

    # 4. the session ends; KITSUNE took part and survived, used her aptitudes ("Critères | Gain
    # d'expérience", 1 each): 8 + 2 aptitude xp, and "10 XP d'aptitude donnent 1 point d'aptitude"
    press(gm, "Finir la séance")
    unfold(gm, "KITSUNE")
    award = campaign_action(gm, "Attribuer l'expérience — KITSUNE")
    for value in ("survived", "used_aptitudes"):
        award.locator(f"input[name=aptitude][value={value}]").check()
        gm.wait_for_function("() => !document.querySelector('.htmx-request')")
    expect(award.locator("[data-field=award]")).to_contain_text("KITSUNE", timeout=WAIT)
    clean(gm, "energy-evening-award-gm-laptop")
    press(gm, "Attribuer l'expérience — KITSUNE")
    kitsune = _character(evening.engine(campaign), "KITSUNE")
    xp = kitsune["experience"]
    assert (xp["heroic_xp"], xp["aptitude_xp"], xp["aptitude_points"]) == (1, 0, 1)  # survived: heroic too
    expect(chloe.locator(".log .lines li").first).to_contain_text(
        "KITSUNE gains 1 heroic experience point and 2 aptitude experience points. 10 aptitude "
        "experience points become 1 aptitude point.",
        timeout=WAIT,
    )
    mine = chloe.locator(".being[data-name='KITSUNE'] [data-field=xp]")
    expect(mine).to_contain_text("1 aptitude point", timeout=WAIT)
    expect(gm.locator(".being[data-name='KITSUNE'] [data-field=xp]")).to_contain_text("1 point d'aptitude")

    # Chloé spends it: "Chaque rang d'aptitude [...] coûtent 1 point d'aptitude": Technology 1 → 2
    before = evening.engine(campaign)["state"]
    spend = chloe.locator("form.action[data-kind=raise_aptitude]")
    choose(chloe, spend, "Aptitude", "technology")
    expect(spend).to_contain_text("Buys: Technology 1 → 2.", timeout=WAIT)
    expect(spend).to_contain_text("Costs 1 aptitude point and 0 hero points", timeout=WAIT)
    clean(chloe, "energy-evening-spend-chloe-phone", fits=True)
    version = int(chloe.locator("#game").get_attribute("data-version") or 0)
    spend.get_by_role("button").click()
    for page in evening.pages:
        expect(page.locator("#game")).to_have_attribute("data-version", str(version + 1), timeout=WAIT)
        skill = page.locator(".being[data-name='KITSUNE'] .skills li").filter(
            has_text=evening.say(page, "Technologie", "Technology")
        )
        expect(skill).to_have_text(evening.say(page, "Technologie 2 = 2", "Technology 2 = 2"))
    expect(mine).to_contain_text("0 aptitude points")
    expect(gm.locator(".log")).to_contain_text("KITSUNE dépense", timeout=WAIT)
    kitsune = _character(evening.engine(campaign), "KITSUNE")
    assert kitsune["experience"]["aptitude_points"] == 0
    clean(gm, "energy-evening-spent-gm-laptop")

    # the GM's undo takes the purchase back, exactly
    gm.get_by_role("button", name="Annuler", exact=True).click()
    expect(mine).to_contain_text("1 aptitude point", timeout=WAIT)
    assert evening.engine(campaign)["state"] == before
    clean(chloe, "energy-evening-undone-chloe-phone", fits=True)
    evening.close()


def _fight_action(page: Any, label: str) -> Any:
    """A fight page's action form whose label holds ``label``."""
    return page.locator("form.action", has=page.locator("span.label", has_text=label)).first


def _character(session: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = session["state"]["characters"][name]
    return found
