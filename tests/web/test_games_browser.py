"""The INS/MV, Warzone and Carpathes session pages in a real browser (Debian's chromium through
Playwright), on ``meneur serve --demo``: a GM on a laptop creates a table of the system and starts a
session from the page's setup, a player joins on a phone (390x844), takes a character and acts with
dice rolled at the table (so the numbers are exact); both screens show the engine's numbers (read
through the API), a refused action shows the engine's reason, the GM undoes and the player's page
follows. axe-core runs on every page; Warzone is played in English.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests import loopback as httpx
from tests.web.browser import LAPTOP, PHONE, Demo, choose, clean, playwright
from tests.web.forms import pct

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000
WORDS = {
    "fr": {
        "table": "Nom de la table",
        "system": "Système",
        "create": "Créer la table",
        "start": "Commencer une séance",
        "go": "Commencer",
        "name": "Votre nom",
        "sit": "S'asseoir à la table",
        "play": "Jouer {name}",
        "by": "Joué par {name}",
        "you": "Vous jouez {name}",
        "undo": "Annuler",
        "refused": "Impossible maintenant, et pourquoi",
        "dice": "Dés lancés à la table (facultatif)",
    },
    "en": {
        "table": "Name of the table",
        "system": "System",
        "create": "Create the table",
        "start": "Start a session",
        "go": "Start",
        "name": "Your name",
        "sit": "Sit at the table",
        "play": "Play {name}",
        "by": "Played by {name}",
        "you": "You play {name}",
        "undo": "Undo",
        "refused": "Not possible now, and why",
        "dice": "Dice rolled at the table (optional)",
    },
}


def _online(page: Any) -> None:
    expect(page.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)


class Table:
    """A GM on a laptop and a player on a phone at a new table of ``system``, in ``lang``."""

    def __init__(self, demo: Demo, browser: Any, system: str, lang: str, hero: str) -> None:
        self.demo, self.words, self.system = demo, WORDS[lang], system
        locale = "fr-FR" if lang == "fr" else "en-GB"
        self.contexts = [
            browser.new_context(**LAPTOP, locale=locale),
            browser.new_context(**PHONE, locale=locale),
        ]
        gm = self.gm = self.contexts[0].new_page()
        gm.goto(demo.url + "/")
        gm.get_by_label(self.words["table"]).fill(f"{system} du jeudi")
        gm.get_by_label(self.words["system"]).select_option(system)
        gm.get_by_role("button", name=self.words["create"]).click()
        gm.get_by_role("link", name=self.words["start"]).click()
        gm.wait_for_url("**/new-session")
        setup = gm.locator("textarea[name=setup]")
        if gm.locator("details.advanced").count():  # a game with its own form: its example imported
            gm.locator("details.advanced > summary").click()
            setup.fill(setup.get_attribute("placeholder") or "")
        expect(setup).to_be_visible(timeout=WAIT)
        clean(gm, f"{system}-new-session-gm-laptop")
        gm.get_by_role("button", name=self.words["go"], exact=True).click()
        expect(gm.locator("#game")).to_be_visible(timeout=WAIT)
        self.url = gm.url
        self.session_id = gm.url.rsplit("/", 1)[-1]
        self.table_url = gm.url.split("/s/", 1)[0]
        gm.goto(self.table_url)
        link = gm.locator(".join a.join-link").get_attribute("href")
        assert link is not None
        gm.goto(self.url)
        _online(gm)
        player = self.player = self.contexts[1].new_page()
        player.goto(link)
        player.get_by_label(self.words["name"]).fill("Ayla")
        player.get_by_role("button", name=self.words["sit"]).click()
        player.locator("a.continue").click()  # no character of the table: the session's are taken below
        player.locator("a[href*='/s/']").first.click()
        _online(player)
        clean(player, f"{system}-claim-player-phone")
        player.get_by_role("button", name=self.words["play"].format(name=hero)).click()
        expect(player.locator("#where")).to_contain_text(self.words["you"].format(name=hero), timeout=WAIT)
        card = gm.locator(f".being[data-name='{hero}'] [data-field=player]")
        expect(card).to_have_text(self.words["by"].format(name="Ayla"), timeout=WAIT)  # live on the GM's page

    def cookies(self, who: int) -> dict[str, str]:
        """The GM's (0) or the player's (1) cookies: their seat at this table."""
        return {c["name"]: c["value"] for c in self.contexts[who].cookies()}

    def engine(self) -> dict[str, Any]:
        """The session's state as the engine keeps it, read through the API as the GM."""
        answer = httpx.get(f"{self.demo.url}/api/v1/sessions/{self.session_id}", cookies=self.cookies(0))
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def refusals(self) -> set[str]:
        """The reasons the engine gives for the player's refused commands now (the API's word)."""
        answer = httpx.get(
            f"{self.demo.url}/api/v1/sessions/{self.session_id}/legal",
            params={"refused": "true"},
            cookies=self.cookies(1),
            headers={"Accept-Language": "fr" if self.words is WORDS["fr"] else "en"},
        )
        return {e["reason"] for e in answer.json()["legal"] if e["reason"]}

    def act(self, page: Any, kind: str, actor: str, index: int = 0, dice: str = "", **fields: str) -> None:
        form = page.locator(f"form.action[data-kind='{kind}'][data-actor='{actor}']").nth(index)
        folded = form.locator("xpath=ancestor::details[contains(@class, 'more-actions')][not(@open)]")
        if folded.count():  # a seldom used command: folded with the actor's others
            folded.locator(":scope > summary").click()
        for name, value in fields.items():
            form.locator(f"input[name={name}]").fill(value)
        if dice:
            form.get_by_label(self.words["dice"]).fill(dice)
        version = int(page.locator("#game").get_attribute("data-version"))
        form.locator("button.do").click()
        expect(page.locator("#game")).to_have_attribute("data-version", str(version + 1), timeout=WAIT)

    def undo(self) -> None:
        version = int(self.gm.locator("#game").get_attribute("data-version"))
        self.gm.get_by_role("button", name=self.words["undo"]).click()
        for page in (self.gm, self.player):
            expect(page.locator("#game")).to_have_attribute("data-version", str(version - 1), timeout=WAIT)

    def same(self, field: str, card: str, value: Any) -> None:
        for page in (self.gm, self.player):
            expect(page.locator(f".being[data-name='{card}'] [data-field={field}]")).to_have_text(
                str(value), timeout=WAIT
            )

    def open_refused(self, page: Any) -> None:
        if page.locator("details.refused-list[open]").count() == 0:
            page.get_by_text(self.words["refused"]).click()

    def refused_reason_shown(self, page: Any) -> None:
        self.open_refused(page)
        shown = page.locator(".action.refused .reason").all_inner_texts()
        assert shown and set(shown) <= self.refusals()

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def _power_points(shown: dict[str, Any]) -> int:
    """Yves's power points left, as the engine counts them (``None`` in the state: all of them)."""
    from meneur.systems.insmv.engine import state_from_json

    found: int = state_from_json(shown["state"]).beings["Yves"].current_power_points
    return found


def _success(shown: dict[str, Any], row: str) -> float:
    """The chance in per cent that Yves's Discussion (talent 4) succeeds on ``row`` (the table UM)."""
    from meneur.systems.insmv.engine import state_from_json
    from meneur.systems.insmv.odds import odds_of
    from meneur.systems.insmv.resolution import TestRequest, plan_test
    from meneur.systems.insmv.table_um import Difficulty

    rules = state_from_json(shown["state"]).beings["Yves"].rules
    return float(odds_of(plan_test(TestRequest(4, Difficulty(row), 0, 0, None), rules)).success) * 100


def _asmo_wins(shown: dict[str, Any], row: str | None) -> str:
    """The chance in per cent that Asmo (value 3 on ``row``) wins against Yves (value 3): « Le
    résultat le plus important indique le vainqueur du conflit » (000_008acb24c72771e3.txt)."""
    from meneur.systems.insmv.engine import state_from_json
    from meneur.systems.insmv.odds import opposed_winner_odds
    from meneur.systems.insmv.resolution import TestRequest, plan_test
    from meneur.systems.insmv.table_um import Difficulty

    state = state_from_json(shown["state"])
    a = plan_test(TestRequest(3, Difficulty(row) if row else None, 0, 0, None), state.beings["Asmo"].rules)
    b = plan_test(TestRequest(3, None, 0, 0, None), state.beings["Yves"].rules)
    return f"Asmo l'emporte {pct(float(opposed_winner_odds(a, b, state.options)['attacker']) * 100)}"


def _fits(page: Any) -> None:
    """Nothing wider than the screen: no sideways scrolling."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_insmv_a_player_takes_yves_uses_a_power_with_entered_dice_and_the_gm_undoes(
    demo: Demo, browser: Any
) -> None:
    """« on lance trois dés » (d666) on the table UM; power points spent (INS/MV, docs/rulings)."""
    table = Table(demo, browser, "insmv", "fr", "Yves")
    gm, player = table.gm, table.player
    before = _power_points(table.engine())
    table.same("pp", "Yves", before)
    # the test's place on the table UM before rolling
    test = player.locator("form.action[data-kind='test'][data-actor='Yves']").first
    expect(test.locator(".odds")).to_contain_text("réussite")
    test.locator("summary").click()
    expect(test.locator(".um-test h3")).to_contain_text("La table UM : colonne")
    # the row chosen for Discussion: the odds before rolling follow, as the table UM gives them
    discussion = player.locator("form.action[data-kind='test']", has_text="Discussion")
    discussion.get_by_label("Difficulté").select_option("difficile")
    expect(discussion.locator(".odds")).to_contain_text(
        f"réussite {pct(_success(table.engine(), 'difficile'))}"
    )
    clean(player, "insmv-session-player-phone")
    # the opposed test on the GM's page, at a phone's width: who wins before rolling, and the
    # attacker's row chosen moves the odds as the rules core computes them
    gm.set_viewport_size(PHONE["viewport"])
    opposed = gm.locator("form.action[data-kind='opposed'][data-actor='Asmo']")
    expect(opposed.locator(".odds")).to_contain_text(_asmo_wins(table.engine(), None), timeout=WAIT)
    opposed.locator("select[name=difficulty_a]").select_option("difficile")
    expect(opposed.locator(".odds")).to_contain_text(_asmo_wins(table.engine(), "difficile"), timeout=WAIT)
    opposed.locator("details[data-side=b] summary").click()
    expect(opposed.locator("details[data-side=b] .um-test h3")).to_contain_text("La table UM : colonne")
    _fits(gm)
    clean(gm, "insmv-opposed-gm-phone")
    gm.set_viewport_size(LAPTOP["viewport"])
    # a power with 2 points and the dice rolled at the table: 3, 4, 5
    table.act(player, "power", "Yves", dice="3 4 5", amount="2")
    assert _power_points(table.engine()) == before - 2
    table.same("pp", "Yves", before - 2)
    table.same("dice", "Yves", "3 4 5")
    table.same("units", "Yves", "5")
    clean(gm, "insmv-session-gm-laptop")
    # more points than Yves has: the engine's reason, nothing applied
    player.locator("details.more-actions > summary").first.click()  # spending by hand: folded away
    spend = player.locator("form.action[data-kind='spend'][data-actor='Yves']").first
    spend.locator("input[name=amount]").evaluate("e => { e.removeAttribute('max'); e.value = '40'; }")
    spend.locator("button.do").click()
    expect(player.locator("#refusal")).to_have_text(
        "Yves a 2 points de pouvoir ; le pouvoir en demande 40.", timeout=WAIT
    )
    assert table.engine()["version"] == 1
    table.refused_reason_shown(player)
    # the GM takes the power back: the phone follows
    table.undo()
    table.same("pp", "Yves", before)
    assert player.locator(".being[data-name='Yves'] [data-field=dice]").count() == 0
    table.close()


def test_warzone_in_english_a_critical_failure_rolls_on_the_violence_table_and_the_gm_undoes(
    demo: Demo, browser: Any
) -> None:
    """« on a "20" the power fails and a d20 is rolled on the violence table » (casting.py)."""
    table = Table(demo, browser, "warzone", "en", "Mystic")
    gm, player = table.gm, table.player
    table.same("power", "Mystic", 14)
    table.act(player, "activate", "Mystic")
    declare = player.locator("form.action[data-kind='declare'][data-actor='Mystic']")
    choose(declare, "Shield, Haste")  # the techniques' variants: one card and its list
    declare.locator("button.do").click()
    expect(player.locator("[data-field=declared]")).to_contain_text("1. Shield · 2. Haste", timeout=WAIT)
    technique = player.locator("form.action[data-kind='technique']").first
    expect(technique.locator(".odds")).to_contain_text("Critical Failure")
    clean(player, "warzone-session-player-phone-en")
    table.act(player, "technique", "Mystic", dice="20 5")
    model = table.engine()["state"]["models"]["Mystic"]
    assert model["penalty"] == 3 and model["cannot_concentrate"]
    table.same("penalty", "Mystic", 3)
    table.same("actions", "Mystic", model["actions_left"])
    table.same("outcome", "Mystic", "Critical Failure")
    for page in (gm, player):
        expect(page.locator("#violence-title + p + table tr.here th")).to_have_text("1-10")
    clean(gm, "warzone-session-gm-laptop-en")
    table.refused_reason_shown(player)
    table.undo()
    table.same("actions", "Mystic", table.engine()["state"]["models"]["Mystic"]["actions_left"])
    assert player.locator(".being[data-name='Mystic'] [data-field=penalty]").count() == 0
    table.close()


def test_carpathes_a_player_rolls_for_mihail_with_entered_dice_the_five_tiers_before_and_the_gm_undoes(
    demo: Demo, browser: Any
) -> None:
    """« Résolution : 2D6 plus Trait, cinq paliers »: 6 + 5 + Mental 2 = 13."""
    table = Table(demo, browser, "carpathes", "fr", "Mihail")
    gm, player = table.gm, table.player
    table.refused_reason_shown(player)  # no session yet: the engine says why
    table.act(gm, "start_session", "")
    table.act(gm, "start_scene", "")
    roll = player.locator("form.action[data-kind='roll'][data-actor='Mihail']").first
    expect(roll.locator(".odds [data-outcome]")).to_have_count(5, timeout=WAIT)
    table.same("defense", "Mihail", 4)  # Mental 2 + Physique 1 + Social 1
    # Mihail's attack on the Strigoi (a foe first): each wound's chance before rolling
    # (« Marge 1 à 4 : blessure légère »)
    attack = player.locator("form.action[data-kind='attack'][data-actor='Mihail']").first
    expect(attack.locator(".odds [data-outcome]")).to_have_count(4, timeout=WAIT)
    expect(attack.locator(".odds")).to_contain_text("blessure légère")
    _fits(player)
    clean(player, "carpathes-session-player-phone")
    table.act(player, "roll", "Mihail", dice="6 5")
    status = table.engine()["state"]["status"]["Mihail"]
    assert status["last_roll"]["roll"]["dice"] == [6, 5]
    table.same("total", "Mihail", 13)
    table.same("talisman", "Mihail", "disponible")
    # the Joker on a roll without peril: greyed with the engine's reason
    refused = player.locator(".action.refused[data-kind='use_joker']")
    table.open_refused(player)
    expect(refused.locator(".reason")).to_have_text(
        "Le Joker ne relance qu'un jet qui met le personnage en péril direct."
    )
    table.refused_reason_shown(player)
    # a protection roll in peril (1 + 1 + 2 = 4), then the Joker du destin rolls again (6 + 5 + 2)
    # (the rolls in peril are folded after the three plain ones: the first is Mental's protection)
    table.act(player, "roll", "Mihail", index=3, dice="1 1")
    table.same("total", "Mihail", 4)
    table.act(player, "use_joker", "Mihail", dice="6 5")
    assert table.engine()["state"]["status"]["Mihail"]["joker_used_in"] == 1
    table.same("joker", "Mihail", "joué")
    table.same("total", "Mihail", 13)
    clean(gm, "carpathes-session-gm-laptop")
    table.undo()
    table.same("joker", "Mihail", "disponible")
    table.same("total", "Mihail", 4)
    # the GM's initiative with a quick wolf, added beside the button (« chaque combattant lance
    # 2D6 + Physique »): Mihail 1 + 1 + 1, Anca 2 + 2 + 2, Loup 6 + 6 + 2 acts first
    initiative = gm.locator("form.action[data-kind='roll_initiative']")
    initiative.get_by_label("Nom du PNJ rapide").fill("Loup")
    initiative.locator("fieldset[data-kind=new]").get_by_label("Physique").fill("2")
    initiative.get_by_role("button", name="Ajouter").click()
    expect(initiative.locator("fieldset[data-combatant=Loup] input[name=quick_physical]")).to_have_value(
        "2", timeout=WAIT
    )
    clean(gm, "carpathes-initiative-gm-laptop")
    table.act(gm, "roll_initiative", "", dice="1 1 2 2 6 6")
    entries = table.engine()["state"]["initiative"]
    assert [(e["name"], e["physical"], e["is_pc"]) for e in entries] == [
        ("Mihail", 1, True),
        ("Anca", 2, True),
        ("Loup", 2, False),
    ]
    expect(player.locator(".facts")).to_contain_text("1. Loup : 6+6 + Physique 2 = 14", timeout=WAIT)
    table.close()
