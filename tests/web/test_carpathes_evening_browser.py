"""A whole evening of Carpathes through the pages only, in a real browser (Debian's chromium through
Playwright, on ``meneur serve --demo``): the GM on a laptop starts the chronicle from the form in
the book's words (no JSON), three players on phones take their characters (one plays in English),
Mihail invokes the Talisman de Foi on a roll in peril, Anca plays the Joker du destin, the GM rolls
the scene's initiative with a surprise whispered to the GM, every screen says whose turn it is, and
Anca's attack on the vampire wounds it: its card shows the wound on every screen. Rules quoted from
``003_87a535c5e428c5d3.txt``. Screenshots go to ``test-artefacts/web/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests import loopback as httpx
from tests.web.browser import LAPTOP, PHONE, Demo, clean, playwright

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000

PLAYERS = (("Ayla", "Mihail", "fr"), ("Bogdan", "Anca", "fr"), ("Cara", "Ioana", "en"))
"""Each player, the character they take, their language."""
SIT = {
    "fr": ("Votre nom", "S'asseoir à la table", "Jouer {name}"),
    "en": ("Your name", "Sit at the table", "Play {name}"),
}


def _online(page: Any) -> None:
    expect(page.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)


def _fits(page: Any) -> None:
    """Nothing wider than the screen: no sideways scrolling."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _fill_row(page: Any, key: str, **values: str) -> None:
    for name, value in values.items():
        field = page.locator(f"[name='{key}-{name}']")
        if name == "kind":
            field.select_option(value)
        else:
            field.fill(value)


class Evening:
    """The GM's laptop and the three players' phones at a new Carpathes table."""

    def __init__(self, demo: Demo, browser: Any) -> None:
        self.demo = demo
        self.gm_context = browser.new_context(**LAPTOP, locale="fr-FR")
        gm = self.gm = self.gm_context.new_page()
        gm.goto(demo.url + "/")
        gm.get_by_label("Nom de la table").fill("Carpathes du jeudi")
        gm.get_by_label("Système").select_option("carpathes")
        gm.get_by_role("button", name="Créer la table").click()
        gm.get_by_role("link", name="Commencer une séance").click()
        gm.wait_for_url("**/new-session")
        self.start_from_the_form()
        self.url = gm.url
        self.session_id = gm.url.rsplit("/", 1)[-1]
        table_url = gm.url.split("/s/", 1)[0]
        gm.goto(table_url)
        link = gm.locator(".join a.join-link").get_attribute("href")
        assert link is not None
        gm.goto(self.url)
        _online(gm)
        self.contexts: list[Any] = []
        self.phones: dict[str, Any] = {}
        for player, hero, lang in PLAYERS:
            context = browser.new_context(**PHONE, locale="fr-FR" if lang == "fr" else "en-GB")
            self.contexts.append(context)
            page = self.phones[hero] = context.new_page()
            name, sit, play = SIT[lang]
            page.goto(link)
            page.get_by_label(name).fill(player)
            page.get_by_role("button", name=sit).click()
            page.locator("a.continue").click()
            page.locator("a[href*='/s/']").first.click()
            _online(page)
            page.get_by_role("button", name=play.format(name=hero)).click()
            expect(page.locator(f".being[data-name='{hero}'] [data-field=player]")).not_to_have_text(
                "", timeout=WAIT
            )
            card = gm.locator(f".being[data-name='{hero}'] [data-field=player]")
            expect(card).to_have_text(f"Joué par {player}", timeout=WAIT)

    def start_from_the_form(self) -> None:
        """« 2D6 + Trait concerné (Mental, Physique ou Social) »: the PCs and the vampire by rows."""
        gm = self.gm
        _fill_row(gm, "pc-0", name="Mihail", mental="2", physical="1", social="1", sacred="croix")
        _fill_row(gm, "pc-1", name="Anca", mental="1", physical="2", social="2", talents="escrime=2")
        _fill_row(gm, "pc-2", name="Ioana", mental="2", physical="1", social="2", talents="latin un")
        _fill_row(gm, "npc-0", name="Strigoi", kind="vampire", mental="2", physical="3", social="1")
        _fill_row(gm, "npc-1", name="Lupul", kind="wolf", mental="0", physical="2", social="0")
        # a mistake names its row and field, and the form keeps what was typed (a number out of
        # the book's bounds the browser itself refuses: min 0, max 10)
        gm.get_by_role("button", name="Commencer", exact=True).click()
        expect(gm.locator("#n-error")).to_contain_text("Ligne 3 des PJ, Talents", timeout=WAIT)
        expect(gm.locator("[name='pc-0-name']")).to_have_value("Mihail")
        expect(gm.locator("[name='npc-1-kind']")).to_have_value("wolf")
        _fill_row(gm, "pc-2", talents="")
        # one more row, from its button (htmx), with what is typed kept
        gm.locator("fieldset[data-part=npc] button.add-row").click()
        expect(gm.locator("[name='npc-2-name']")).to_be_visible(timeout=WAIT)
        expect(gm.locator("[name='npc-0-name']")).to_have_value("Strigoi")
        _fill_row(gm, "npc-2", name="Ion", mental="1", physical="1", social="1")
        clean(gm, "carpathes-evening-new-session-gm-laptop")
        gm.get_by_role("button", name="Commencer", exact=True).click()
        expect(gm.locator("#game")).to_be_visible(timeout=WAIT)

    def engine(self) -> dict[str, Any]:
        """The session's state as the engine keeps it, read through the API as the GM."""
        cookies = {c["name"]: c["value"] for c in self.gm_context.cookies()}
        answer = httpx.get(f"{self.demo.url}/api/v1/sessions/{self.session_id}", cookies=cookies)
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    @property
    def screens(self) -> list[Any]:
        return [self.gm, *self.phones.values()]

    def act(self, page: Any, kind: str, actor: str, index: int = 0, dice: str = "") -> None:
        form = page.locator(f"form.action[data-kind='{kind}'][data-actor='{actor}']").nth(index)
        group = page.locator(f"details.group[data-actor='{actor}']")
        if actor and group.count() and group.get_attribute("open") is None:
            group.locator(":scope > summary").click()  # the actor's choices, folded on the GM's screen
        folded = form.locator("xpath=ancestor::details[contains(@class, 'more-actions')][not(@open)]")
        if folded.count():  # a roll in peril: folded with the actor's seldom used commands
            folded.locator(":scope > summary").click()
        if dice:
            form.locator("input[name=dice]").fill(dice)
        version = int(page.locator("#game").get_attribute("data-version"))
        form.locator("button.do").click()
        for screen in self.screens:
            expect(screen.locator("#game")).to_have_attribute("data-version", str(version + 1), timeout=WAIT)

    def card(self, name: str, field: str, value: str) -> None:
        """Every French screen shows ``value`` in ``name``'s card."""
        for screen in self.screens[:3]:
            expect(screen.locator(f".being[data-name='{name}'] [data-field={field}]")).to_have_text(
                value, timeout=WAIT
            )

    def close(self) -> None:
        for context in (self.gm_context, *self.contexts):
            context.close()


def test_carpathes_a_whole_evening_the_talisman_the_joker_the_initiative_and_a_wounded_vampire(
    demo: Demo, browser: Any
) -> None:
    evening = Evening(demo, browser)
    gm, mihail, anca, ioana = (
        evening.gm,
        evening.phones["Mihail"],
        evening.phones["Anca"],
        evening.phones["Ioana"],
    )
    state = evening.engine()["state"]
    assert list(state["characters"]) == ["Mihail", "Anca", "Ioana"]
    assert state["characters"]["Anca"]["talents"] == {"escrime": 2}
    assert {n: v["kind"] for n, v in state["npcs"].items()} == {
        "Strigoi": "vampire",
        "Lupul": "wolf",
        "Ion": "human",
    }
    # every player sees who plays every character (« joué par »)
    expect(mihail.locator(".being[data-name='Anca'] [data-field=player]")).to_have_text("Joué par Bogdan")
    expect(ioana.locator(".being[data-name='Mihail'] [data-field=player]")).to_have_text("Played by Ayla")
    evening.act(gm, "start_session", "")
    evening.act(gm, "start_scene", "")
    evening.act(gm, "begin_confrontation", "")
    evening.card("Strigoi", "wounds", "aucune")
    # wounding a PC is the GM's: no player is offered it, the GM is
    for phone in evening.phones.values():
        expect(phone.locator("form.action[data-kind=inflict_wound]")).to_have_count(0)
    assert gm.locator("form.action[data-kind=inflict_wound]").count() > 0

    # « Le Talisman de Foi »: Mihail's protection roll in peril, 4 + 3 + Mental 2 = 9, a partial
    # success; a sincere word of faith over the cross makes it a full success
    # (the rolls in peril are folded after the three plain ones: the first is Mental's protection)
    evening.act(mihail, "roll", "Mihail", index=3, dice="4 3")
    evening.card("Mihail", "total", "9")
    evening.act(mihail, "invoke_talisman", "Mihail")
    evening.card("Mihail", "talisman", "dépensé")
    evening.card("Mihail", "tier", "succès complet")
    _fits(mihail)
    clean(mihail, "carpathes-evening-talisman-player-phone")

    # « Le Joker du destin »: Anca's 1 + 1 + 1 = 3 in peril is rolled again, 6 + 5 + 1 = 12
    evening.act(anca, "roll", "Anca", index=3, dice="1 1")
    evening.card("Anca", "tier", "échec critique")
    evening.act(anca, "use_joker", "Anca", dice="6 5")
    evening.card("Anca", "joker", "joué")
    evening.card("Anca", "total", "12")

    # « chaque combattant lance 2D6 + Physique »; « Une attaque par surprise déclarée à voix basse
    # donne +2 »: the GM ticks the vampire and whispers its surprise
    initiative = gm.locator("form.action[data-kind='roll_initiative']")
    initiative.locator("fieldset[data-combatant=Strigoi] input[name=npc]").check()
    expect(initiative.locator("fieldset[data-combatant=Strigoi] input[name=npc]")).to_be_checked(timeout=WAIT)
    gm.wait_for_load_state("networkidle")
    initiative.locator("fieldset[data-combatant=Strigoi] input[name=surprise]").check()
    expect(initiative.locator("fieldset[data-combatant=Strigoi] input[name=surprise]")).to_be_checked(
        timeout=WAIT
    )
    gm.wait_for_load_state("networkidle")
    clean(gm, "carpathes-evening-initiative-gm-laptop")
    # Mihail 2+2+1 = 5, Anca 3+3+2 = 8, Ioana 1+2+1 = 4, Strigoi 4+4+3 +2 = 13
    evening.act(gm, "roll_initiative", "", dice="2 2 3 3 1 2 4 4")
    entries = evening.engine()["state"]["initiative"]
    assert [(e["name"], e["surprise"]) for e in entries][-1] == ("Strigoi", True)
    expect(gm.locator(".facts")).to_contain_text(
        "1. Strigoi : 4+4 + Physique 3 + surprise à voix basse 2 = 13"
    )
    for screen in evening.screens[:3]:
        expect(screen.locator(".facts")).to_contain_text("Au tour de Strigoi", timeout=WAIT)
    expect(ioana.locator(".facts")).to_contain_text("Strigoi's turn", timeout=WAIT)
    expect(gm.locator(".being[data-name='Strigoi'] [data-field=turn]")).to_be_visible()
    for phone in evening.phones.values():  # whispered to the GM: a player is told the total only
        expect(phone.locator(".facts")).not_to_contain_text("voix basse")
        expect(phone.locator(".facts")).not_to_contain_text("whispered")
        expect(phone.locator("#log, .log").first).not_to_contain_text("voix basse")
    expect(mihail.locator(".facts")).to_contain_text("1. Strigoi : 13 au premier round")
    expect(mihail.locator(".facts")).to_contain_text("2. Anca : 3+3 + Physique 2 = 8")

    # the vampire's turn: the GM's attack on its foes first, Mihail (3 + 2 + 3 = 8 against 4)
    attack = gm.locator("form.action[data-kind='attack'][data-actor='Strigoi']").first
    expect(attack.locator("[data-field=attack]")).to_have_text("Strigoi attaque Mihail")
    evening.act(gm, "attack", "Strigoi", dice="3 2")
    evening.card("Mihail", "wounds", "blessure légère")
    for screen in evening.screens[:3]:
        expect(screen.locator(".facts")).to_contain_text("Au tour d'Anca", timeout=WAIT)

    # Anca's turn: her first attack is on the vampire, 6 + 6 + Physique 2 = 14 against Défense 6:
    # « Marge 5 à 9 : blessure sérieuse, désavantage à la cible jusqu'à soin médical »
    attack = anca.locator("form.action[data-kind='attack'][data-actor='Anca']").first
    expect(attack.locator("[data-field=attack]")).to_have_text("Anca attaque Strigoi")
    _fits(anca)
    clean(anca, "carpathes-evening-attack-player-phone")
    evening.act(anca, "attack", "Anca", dice="6 6")
    assert evening.engine()["state"]["npc_status"]["Strigoi"]["wounds"] == ["serious"]
    evening.card("Strigoi", "wounds", "blessure sérieuse")
    expect(ioana.locator(".being[data-name='Strigoi'] [data-field=wounds]")).to_have_text("serious wound")
    expect(gm.locator(".being[data-name='Strigoi'] [data-field=defense]")).to_have_text("6")
    expect(anca.locator(".being[data-name='Strigoi'] [data-field=defense]")).to_have_count(0)
    for screen in evening.screens[:3]:
        expect(screen.locator(".facts")).to_contain_text("Au tour de Mihail", timeout=WAIT)
    clean(gm, "carpathes-evening-gm-laptop")
    for hero, page in evening.phones.items():
        _fits(page)
        clean(page, f"carpathes-evening-{hero.lower()}-phone")
    evening.close()
