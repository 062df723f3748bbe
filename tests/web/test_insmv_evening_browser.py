"""A whole evening of INS/MV through the pages only, in Debian's chromium on ``meneur serve --demo``:
the GM, on a laptop, sets the beings up by the new-session form (no JSON) and adds a row for an NPC;
three players on phones (Ayla and Bren in French, Chloé in English) join and take their beings; tests
with the GM's shift and a player's voluntary shift, a power that spends PP, and an opposed test, with
the dice rolled at the table so every number is exact. Each screen shows who plays whom, the cards'
PP as the engine counts them (read through the API), and the log's whole test lines; the players are
never offered the GM's shift. Screenshots go to ``test-artefacts/web/``; axe-core runs on each page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests import loopback as httpx
from tests.web.browser import LAPTOP, PHONE, Demo, clean, playwright

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000

BEINGS = [
    {
        "name": "Yves",
        "kind": "angel",
        "will": "4",
        "characteristics": "Force 2, Présence 3",
        "talents": "Discussion (Présence -1) 4; Acrobatie (Agilité -2)",
        "powers": "Charme 3",
    },
    {
        "name": "Asmo",
        "kind": "demon",
        "will": "3",
        "pp_max": "5",
        "characteristics": "Force 3",
        "powers": "Tentation 2",
    },
    {"name": "Gabriel", "kind": "angel", "will": "5", "characteristics": "Force 3, Perception 4"},
]
NPC = {"name": "Marc", "kind": "human", "will": "2", "characteristics": "Perception 2, Force 3"}
PLAYERS = [("Ayla", "Yves", "fr-FR"), ("Bren", "Asmo", "fr-FR"), ("Chloé", "Gabriel", "en-GB")]


def _online(page: Any) -> None:
    expect(page.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)


def _fill_row(page: Any, index: int, being: dict[str, str]) -> None:
    for field, value in being.items():
        box = page.locator(f"[name='being-{index}-{field}']")
        if field == "kind":
            box.select_option(value)
        else:
            box.fill(value)


class Evening:
    """The GM's laptop and the three players' phones at a new INS/MV table."""

    def __init__(self, demo: Demo, browser: Any) -> None:
        self.demo = demo
        self.contexts = [browser.new_context(**LAPTOP, locale="fr-FR")] + [
            browser.new_context(**PHONE, locale=locale) for _, _, locale in PLAYERS
        ]
        gm = self.gm = self.contexts[0].new_page()
        gm.goto(demo.url + "/")
        gm.get_by_label("Nom de la table").fill("INS/MV du vendredi")
        gm.get_by_label("Système").select_option("insmv")
        gm.get_by_role("button", name="Créer la table").click()
        gm.get_by_role("link", name="Commencer une séance").click()
        gm.wait_for_url("**/new-session")
        self.setup(gm)
        self.url = gm.url
        self.session_id = gm.url.rsplit("/", 1)[-1]
        self.table_url = gm.url.split("/s/", 1)[0]
        gm.goto(self.table_url)
        link = gm.locator(".join a.join-link").get_attribute("href")
        assert link is not None
        gm.goto(self.url)
        _online(gm)
        self.phones = [
            self.seat(context, link, name, being)
            for context, (name, being, _) in zip(self.contexts[1:], PLAYERS, strict=True)
        ]

    def setup(self, gm: Any) -> None:
        """The beings by form: a mistake first (a Volonté beyond the rules' bound), named beside its
        field; then one row more for the NPC Marc (« Ajouter une ligne »)."""
        expect(gm.locator("[name='being-3-name']")).to_be_visible(timeout=WAIT)
        assert gm.locator("[name='being-4-name']").count() == 0
        for index, being in enumerate(BEINGS):
            _fill_row(gm, index, being)
        gm.locator("[name='being-3-will']").fill("3")  # a row with no name
        gm.get_by_role("button", name="Ajouter une ligne").click()
        expect(gm.locator("[name='being-4-name']")).to_be_visible(timeout=WAIT)
        assert gm.locator("[name='being-0-name']").input_value() == "Yves"  # kept
        _fill_row(gm, 4, NPC)
        clean(gm, "insmv-evening-setup-gm-laptop")
        gm.get_by_role("button", name="Commencer", exact=True).click()
        expect(gm.locator("#n-error")).to_have_text(
            "Ligne 4 (—), Nom\u00a0: un être a besoin d'un nom\u00a0: écrivez-le, ou videz la ligne.",
            timeout=WAIT,
        )
        assert gm.locator("[name='being-4-name']").input_value() == "Marc"  # the form as it was sent
        gm.locator("[name='being-3-will']").fill("")
        gm.get_by_role("button", name="Commencer", exact=True).click()
        expect(gm.locator("#game")).to_be_visible(timeout=WAIT)

    def seat(self, context: Any, link: str, name: str, being: str) -> Any:
        phone = context.new_page()
        phone.goto(link)
        english = context is self.contexts[3]
        phone.get_by_label("Your name" if english else "Votre nom").fill(name)
        phone.get_by_role("button", name="Sit at the table" if english else "S'asseoir à la table").click()
        phone.locator("a.continue").click()
        phone.locator("a[href*='/s/']").first.click()
        _online(phone)
        phone.get_by_role(
            "button", name=("Play {name}" if english else "Jouer {name}").format(name=being)
        ).click()
        you = ("You play {name}" if english else "Vous jouez {name}").format(name=being)
        expect(phone.locator("#where")).to_contain_text(you, timeout=WAIT)
        expect(self.gm.locator(f".being[data-name='{being}'] [data-field=player]")).to_have_text(
            f"Joué par {name}", timeout=WAIT
        )
        return phone

    @property
    def pages(self) -> list[Any]:
        return [self.gm, *self.phones]

    def engine(self) -> dict[str, Any]:
        cookies = {c["name"]: c["value"] for c in self.contexts[0].cookies()}
        answer = httpx.get(f"{self.demo.url}/api/v1/sessions/{self.session_id}", cookies=cookies)
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def left(self, being: str) -> int:
        from meneur.systems.insmv.engine import state_from_json

        found: int = state_from_json(self.engine()["state"]).beings[being].current_power_points
        return found

    def act(self, page: Any, form: Any, dice: str, **fields: str) -> None:
        actor = form.get_attribute("data-actor")
        group = page.locator(f"details.group[data-actor='{actor}']")
        if group.count() and group.get_attribute("open") is None:
            group.locator("summary").first.click()
        for name, value in fields.items():  # each choice, then its odds swapped in before the next
            box = form.locator(f"[name={name}]")
            if box.evaluate("e => e.tagName") == "SELECT":
                box.select_option(value)
            else:
                box.fill(value)
                box.dispatch_event("change")
            page.wait_for_function("() => !document.querySelector('.htmx-request')")
            expect(form.locator(f"[name={name}]")).to_have_value(value, timeout=WAIT)
        form.locator("input[name=dice]").fill(dice)
        version = int(page.locator("#game").get_attribute("data-version"))
        form.locator("button.do").click()
        for shown in self.pages:
            expect(shown.locator("#game")).to_have_attribute("data-version", str(version + 1), timeout=WAIT)

    def everyone_reads(self, french: str, english: str) -> None:
        """The last log line, on every screen (Chloé's in English)."""
        for page in self.pages:
            line = english if page is self.phones[2] else french
            expect(page.locator(".log .lines li").first).to_contain_text(line, timeout=WAIT)

    def pp(self, being: str) -> None:
        """The being's PP on every screen, as the engine counts them."""
        left = str(self.left(being))
        for page in self.pages:
            expect(page.locator(f".being[data-name='{being}'] [data-field=pp]")).to_have_text(
                left, timeout=WAIT
            )

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def _fits(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _taps(page: Any) -> None:
    """Every button and field a phone shows is at least 44 px high."""
    small = page.evaluate(
        "() => [...document.querySelectorAll("
        "'#game button, #game input:not([type=hidden]), #game select, #game summary')]"
        ".filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44)"
        ".map(e => e.outerHTML.slice(0, 80))"
    )
    assert small == []


def test_an_evening_of_insmv_beings_by_form_tests_with_shifts_and_pp_and_an_opposed_test(
    demo: Demo, browser: Any
) -> None:
    """« Le maître de jeu peut souhaiter modifier les probabilités [...] en modifiant la colonne »,
    « Un joueur peut décider d'accorder, de lui-même, un décalage vers la gauche », the PP as
    « carburant » of the powers, « Lorsqu'un personnage tente une action et lorsqu'un autre souhaite
    se défendre » (000_008acb24c72771e3.txt)."""
    evening = Evening(demo, browser)
    gm, (ayla, bren, chloe) = evening.gm, evening.phones
    state = evening.engine()["state"]["beings"]
    assert sorted(state) == ["Asmo", "Gabriel", "Marc", "Yves"]
    assert state["Asmo"]["rules"]["power_point_modifier"] == 2 and state["Yves"]["powers"] == {"Charme": 3}
    # who plays whom, on every screen
    expect(ayla.locator(".being[data-name='Asmo'] [data-field=player]")).to_have_text("Joué par Bren")
    expect(chloe.locator(".being[data-name='Yves'] [data-field=player]")).to_have_text("Played by Ayla")
    expect(bren.locator(".being[data-name='Marc'] [data-field=player]")).to_have_text(
        "Personne ne joue encore ce personnage."
    )
    # the players are offered their own voluntary shift, never the GM's
    for phone in evening.phones:
        assert phone.locator("#game input[name^=shift]").count() == 0
    assert gm.locator("#game input[name=shift]").count() > 0
    # Ayla: Discussion, with 2 columns of her own, dice 1 2 3
    discussion = ayla.locator("form.action[data-kind='test'][data-actor='Yves']", has_text="Discussion").first
    evening.act(ayla, discussion, "1 2 3", voluntary="2")
    evening.everyone_reads(
        "Yves teste le talent Discussion (4), ligne moyenne, décalage volontaire 2\u00a0: colonne",
        "Yves tests talent Discussion (4), average row, voluntary shift 2: column",
    )
    evening.everyone_reads("d666 123\u00a0: réussite, unités 5.", "d666 123: success, units 5.")
    for page, name in ((ayla, "ayla"), (bren, "bren"), (chloe, "chloe")):
        _fits(page)
        _taps(page)
        clean(page, f"insmv-evening-{name}-phone")
    # the GM: Marc's Perception on the hard row, one column to the left (his shift), dice 6 5 4
    perception = gm.locator("form.action[data-kind='test'][data-actor='Marc']", has_text="Perception").first
    evening.act(gm, perception, "6 5 4", difficulty="difficile", shift="-1")
    evening.everyone_reads(
        "Marc teste Perception (2), ligne difficile, décalage du MJ \u22121",
        "Marc tests Perception (2), hard row, game master's shift \u22121",
    )
    evening.everyone_reads("d666 654\u00a0: échec", "d666 654: failure")
    # Bren: a power of Asmo with 2 PP, dice 2 2 2
    before = evening.left("Asmo")
    power = bren.locator("form.action[data-kind='power'][data-actor='Asmo']").first
    evening.act(bren, power, "2 2 2", amount="2")
    assert evening.left("Asmo") == before - 2
    evening.pp("Asmo")
    evening.everyone_reads(
        f"Asmo dépense 2 PP\u00a0; il reste {before - 2} PP.", f"Asmo spends 2 PP; {before - 2} PP left."
    )
    # Bren opposes Asmo to Gabriel: both tests and the winner in the log, dice 1 1 4 then 3 3 2
    opposed = bren.locator("form.action[data-kind='opposed'][data-actor='Asmo']").first
    expect(opposed.locator(".odds")).to_contain_text("Asmo l'emporte", timeout=WAIT)
    evening.act(bren, opposed, "1 1 4 3 3 2")
    log = evening.engine()
    assert log["version"] == 4
    evening.everyone_reads("Asmo contre Gabriel\u00a0:", "Asmo against Gabriel:")
    evening.everyone_reads("Asmo teste", "Asmo tests")
    evening.everyone_reads("Gabriel teste", "Gabriel tests")
    evening.pp("Asmo")
    for page, name in ((bren, "bren-opposed"), (chloe, "chloe-opposed")):
        _fits(page)
        clean(page, f"insmv-evening-{name}-phone")
    clean(gm, "insmv-evening-gm-laptop")
    assert re.search(r"\d", gm.locator(".being[data-name='Asmo'] [data-field=pp]").inner_text())
    evening.close()
