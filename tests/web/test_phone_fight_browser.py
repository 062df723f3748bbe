"""The Energy fight on a phone (390 × 844, Debian's chromium through Playwright): the page calls its
player when their character acts or is attacked, and its reaction card says what not defending costs,
in the engine's numbers ("le défenseur peut engager des points d'énergie en défense s'il le souhaite en
réaction"; "le nombre de points de vigueur perdus par l'adversaire est égal à la différence",
002_58e889a1abff3456.txt). At night (``prefers-color-scheme: dark``) the page is dark and passes axe.
"""

from __future__ import annotations

from typing import Any

import pytest

from meneur.systems.energy.combat.engine import state_from_json
from meneur.systems.energy.combat.foresee import foresee
from meneur.systems.energy.combat.state import FightState
from tests import loopback as httpx
from tests.web.browser import LAPTOP, PHONE, TABLE_PAGE, Demo, axe_problems, playwright, shoot

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000
BUZZES = (
    "window.__buzzes = []; const buzz = navigator.vibrate ? navigator.vibrate.bind(navigator) : null;"
    " navigator.vibrate = (pattern) => { window.__buzzes.push(pattern); return buzz ? buzz(pattern) : true; };"
)
"""Keeps the phone's vibrations in the page (the real call still goes to the browser)."""


def _engine(demo: Demo, session_id: str, token: str) -> FightState:
    answer = httpx.get(
        f"{demo.url}/api/v1/sessions/{session_id}", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status_code == 200, answer.text
    return state_from_json(answer.json()["state"])


def _action(page: Any, label: str) -> Any:
    return page.locator("form.action", has=page.locator("span.label", has_text=label)).first


def _online(page: Any) -> None:
    expect(page.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)


def _player(context: Any, link: str) -> Any:
    page = context.new_page()
    page.add_init_script(BUZZES)
    page.goto(link)
    page.get_by_label("Votre nom").fill("Ayla")
    page.locator("form button[type=submit].primary").click()
    page.locator("a.continue").click()
    page.locator("a[href*='/s/']").first.click()
    _online(page)
    page.locator(".claim form", has_text="KITSUNE").locator("button").click()
    expect(page.locator("#fighter-kitsune")).to_be_visible(timeout=WAIT)
    return page


def test_the_attacked_phone_is_called_and_told_what_not_defending_costs(demo: Demo, browser: Any) -> None:
    token = demo.gm_link.split("#", 1)[1]
    gm = browser.new_context(**LAPTOP, locale="fr-FR").new_page()
    gm.goto(demo.local(demo.gm_link))
    gm.wait_for_url(TABLE_PAGE)
    gm.locator("a[href*='/s/']").first.click()
    session_id = gm.url.rsplit("/", 1)[-1]
    _online(gm)
    ayla = _player(browser.new_context(**PHONE, locale="fr-FR"), demo.local(demo.join_link))
    fight = ayla.locator("#fight")
    title = ayla.title()
    sound = ayla.locator("#alert-sound")
    expect(sound).not_to_be_checked()  # off until the player turns it on, then kept on this phone
    ayla.get_by_role("button", name="Menu").click()  # a setting of this phone: in the header's menu
    expect(ayla.get_by_role("switch", name="Bip d'alerte")).to_be_visible()
    sound.check()
    ayla.reload()
    _online(ayla)
    expect(ayla.locator("#alert-sound")).to_be_checked()

    # the GM starts: KITSUNE acts first, so Ayla's phone is called
    _action(gm, "Commencer le combat").locator("button.do").click()
    expect(fight).to_have_attribute("data-my-turn", "", timeout=WAIT)
    expect(ayla).to_have_title(f"À vous — {title}")
    expect(ayla.locator("#actions-kitsune")).to_be_in_viewport()
    assert ayla.evaluate("window.__buzzes.length") == 1
    _action(ayla, "Terminer la phase d'action").locator("button.do").click()
    expect(ayla).to_have_title(title, timeout=WAIT)
    assert fight.get_attribute("data-my-turn") is None

    # WINK passes (the GM's), the second agent shoots KITSUNE from afar
    _action(gm, "Terminer la phase d'action").locator("button.do").click()
    shot = _action(gm, "Attaquer KITSUNE avec Attaque à distance")
    expect(shot).to_be_visible(timeout=WAIT)
    shot.locator("input[name=tokens]").fill("3")
    shot.locator("button.do").click()

    expect(fight).to_have_attribute("data-must-react", "", timeout=WAIT)
    expect(ayla).to_have_title(f"On vous attaque — {title}")
    reaction = ayla.locator("#reaction")
    expect(reaction).to_be_in_viewport()
    assert ayla.evaluate("window.__buzzes.length") == 2
    state = _engine(demo, session_id, token)
    lost = foresee(state, 0).vigor_lost
    assert lost > 0
    expect(reaction.locator("[data-field=undefended]")).to_have_text(
        f"Sans défense\u00a0: vous perdrez {lost} de Vigueur."
    )
    expect(reaction.locator("[data-field=defense-in-place]")).to_have_text(str(state.get("kitsune").defense))
    # the stepper says what one more token leads to (the engine's foresight for 1 token)
    dodge = _action(ayla, "Se défendre avec Esquive instinctive")
    dodge.locator("button.step[data-step='1']").click()
    power = dodge.locator("input[name=command]").get_attribute("value")
    assert power is not None and '"power": 1' in power
    one = foresee(state, 1, 1)
    expect(dodge.locator("output.foresight")).to_contain_text(
        f"vous perdrez {one.vigor_lost} de Vigueur" if one.vigor_lost else "aucune Vigueur perdue"
    )
    shoot(ayla, "phone-fight-attacked")
    assert not axe_problems(ayla)

    # the same state swapped in again calls no one again: no buzz, no scroll back to the card
    ayla.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(reaction).not_to_be_in_viewport()
    ayla.evaluate("document.getElementById('fight').dataset.before = 'yes'")
    ayla.evaluate("htmx.ajax('GET', location.pathname, {target: '#fight', swap: 'outerHTML'})")
    expect(ayla.locator("#fight[data-before]")).to_have_count(0, timeout=WAIT)
    expect(ayla.locator("#fight[data-must-react]")).to_have_count(1)
    assert ayla.evaluate("window.__buzzes.length") == 2
    expect(reaction).not_to_be_in_viewport()
    expect(ayla).to_have_title(f"On vous attaque — {title}")
    ayla.evaluate("window.scrollTo(0, 0)")

    # at night the page is dark, and still passes axe
    ayla.emulate_media(color_scheme="dark")
    assert ayla.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(23, 21, 18)"
    assert not axe_problems(ayla)
    shoot(ayla, "phone-fight-attacked-dark")
