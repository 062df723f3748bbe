"""A whole Warzone evening through the pages only, in a real browser (Debian's chromium through
Playwright, on ``meneur serve --demo``): the GM on a laptop starts the battle from the form in the
book's words (no JSON), three players on phones take the squad's models (one plays in English),
Mystic's activation tests two declared techniques, one failing and told as failed, then casts a
spell; the GM's Nepharite fumbles its spell, the violence table's « 20 » and a failed DW test wound
it, and its card shows the wound on every screen; « panique » is offered to the GM alone. Rules
quoted from ``001_0209eda46e4737a1.txt``. Screenshots go to ``test-artefacts/web/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests import loopback as httpx
from tests.web.browser import LAPTOP, PHONE, Demo, choose, clean, playwright

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000

PLAYERS = (("Ayla", "Mystic", "fr"), ("Bruno", "Valkyrie", "fr"), ("Cara", "Seer", "en"))
"""Each player, the model they take, their language."""
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
        field.fill(value)


class Evening:
    """The GM's laptop and the three players' phones at a new Warzone table."""

    def __init__(self, demo: Demo, browser: Any) -> None:
        self.demo = demo
        self.gm_context = browser.new_context(**LAPTOP, locale="fr-FR")
        gm = self.gm = self.gm_context.new_page()
        gm.goto(demo.url + "/")
        gm.get_by_label("Nom de la table").fill("Warzone du samedi")
        gm.get_by_label("Système").select_option("warzone")
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
        """The squad and the opponent by rows, in the book's words: Moc, DW, actions and powers."""
        gm = self.gm
        _fill_row(
            gm,
            "model-0",
            name="Mystic",
            power="14",
            leadership="12",
            actions="3",
            powers="Bolt, sort, 2, 2\nShield, technique, 1\nHaste, technique, 3",
        )
        _fill_row(
            gm,
            "model-1",
            name="Valkyrie",
            power="12",
            leadership="11",
            actions="3",
            powers="Heal, sort, 0, 1",
        )
        _fill_row(
            gm, "model-2", name="Seer", power="13", leadership="10", actions="2", powers="Ward, technique, 0"
        )
        _fill_row(
            gm,
            "opp-0",
            name="Nepharite",
            power="13",
            leadership="9",
            actions="3",
            powers="Dark Blast, spell, 3, 1",
        )
        # a mistake names its row and field, and the form keeps what was typed
        _fill_row(gm, "opp-0", powers="Dark Blast, spell, 3")
        gm.get_by_role("button", name="Commencer", exact=True).click()
        expect(gm.locator("#n-error")).to_contain_text("Ligne 1 des adversaires, Pouvoirs", timeout=WAIT)
        expect(gm.locator("[name='model-0-name']")).to_have_value("Mystic")
        _fill_row(gm, "opp-0", powers="Dark Blast, spell, 3, 1")
        clean(gm, "warzone-evening-new-session-gm-laptop")
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


def test_warzone_a_whole_evening_techniques_a_spell_and_a_wounded_opponent(demo: Demo, browser: Any) -> None:
    evening = Evening(demo, browser)
    gm, mystic, valkyrie, seer = (
        evening.gm,
        evening.phones["Mystic"],
        evening.phones["Valkyrie"],
        evening.phones["Seer"],
    )
    state = evening.engine()["state"]
    assert list(state["models"]) == ["Mystic", "Valkyrie", "Seer", "Nepharite"]
    assert state["opponents"] == ["Nepharite"]
    # every player sees who plays every model (« joué par »), and that the GM plays the opponent
    expect(mystic.locator(".being[data-name='Valkyrie'] [data-field=player]")).to_have_text("Joué par Bruno")
    expect(seer.locator(".being[data-name='Mystic'] [data-field=player]")).to_have_text("Played by Ayla")
    expect(seer.locator(".being[data-name='Nepharite'] [data-field=player]")).to_have_text(
        "Opponent: the GM plays it."
    )
    evening.card("Nepharite", "wounds", "0")
    # its sheet is the GM's: Moc on the GM's screen only
    expect(gm.locator(".being[data-name='Nepharite'] [data-field=power]")).to_have_text("13")
    for phone in evening.phones.values():
        expect(phone.locator(".being[data-name='Nepharite'] [data-field=power]")).to_have_count(0)
        expect(phone.locator("form.action[data-kind=panic]")).to_have_count(0)  # « panique »: the GM's
    assert gm.locator("form.action[data-kind=panic]").count() > 0

    # « Na początku aktywacji decydujemy których technik będzie używał i w jakiej kolejności »
    evening.act(mystic, "activate", "Mystic")
    declare = mystic.locator("form.action[data-kind='declare'][data-actor='Mystic']")
    expect(declare).to_have_count(1)  # the variants are one card, chosen in its list
    choose(declare, "Shield, Haste")
    evening.act(mystic, "declare", "Mystic")
    evening.card("Mystic", "declared", "1. Shield · 2. Haste")
    # Shield: Moc 14 - 1 = 13, a 5 succeeds; Haste, the second: 14 - 3 - 2 = 9, a 15 fails
    evening.act(mystic, "technique", "Mystic", dice="5")
    evening.act(mystic, "technique", "Mystic", dice="15")
    evening.card("Mystic", "declared", "1. Shield ✓ Succès · 2. Haste ✗ Échec")
    expect(seer.locator(".being[data-name='Mystic'] [data-field=declared]")).to_have_text(
        "1. Shield ✓ Success · 2. Haste ✗ Failure"
    )
    expect(mystic.locator(".being[data-name='Mystic'] [data-tested=failure]")).to_have_text("✗ Échec")
    expect(valkyrie.locator(".being[data-name='Mystic'] [data-tested=success]")).to_have_text("✓ Succès")
    # a spell: Bolt, 14 - 2 = 12, a 3 succeeds and spends its two actions
    evening.act(mystic, "spell", "Mystic", dice="3")
    evening.card("Mystic", "actions", "1")
    evening.card("Mystic", "outcome", "Succès")
    _fits(mystic)
    clean(mystic, "warzone-evening-activation-player-phone")
    for screen in evening.screens:
        expect(screen.locator(".log")).to_contain_text("Haste", timeout=WAIT)
    expect(gm.locator(".log")).to_contain_text(
        "Mystic\u00a0: Technique «\u00a0Haste\u00a0»\u00a0: d20 = 15 contre 9\u00a0: Échec"
    )
    evening.act(mystic, "end_activation", "Mystic")

    # the GM's Nepharite: « Przy wyrzuceniu "20" zamierzona Moc nie odnosi efektu », then the table's
    # « 20 Model musi wykonać test DW pomniejszonego o Stopień Trudności nieudanej Mocy. Porażka
    # oznacza odniesienie jednej rany »: DW 9 - 3 = 6, a 15 fails
    evening.act(gm, "activate", "Nepharite")
    evening.act(gm, "declare", "Nepharite")
    evening.act(gm, "spell", "Nepharite", dice="20 20 15")
    assert evening.engine()["state"]["models"]["Nepharite"]["wounds"] == 1
    evening.card("Nepharite", "wounds", "1")
    expect(seer.locator(".being[data-name='Nepharite'] [data-field=wounds]")).to_have_text("1")
    for screen in evening.screens:
        expect(screen.locator(".log")).to_contain_text("Nepharite", timeout=WAIT)
    expect(gm.locator(".log")).to_contain_text("Table de violence\u00a0: d20 = 20")
    expect(seer.locator(".log")).to_contain_text("Violence table: d20 rolled 20")
    expect(seer.locator(".log")).to_contain_text("suffers one wound")
    for phone in evening.phones.values():  # the live feed's fragments: still no « panique » for a player
        expect(phone.locator("form.action[data-kind=panic]")).to_have_count(0)
    clean(gm, "warzone-evening-gm-laptop")
    for hero, page in evening.phones.items():
        _fits(page)
        clean(page, f"warzone-evening-{hero.lower()}-phone")
    evening.close()
