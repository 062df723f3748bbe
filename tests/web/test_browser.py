"""The demo fight in a real browser (Debian's chromium through Playwright): a GM on a laptop and two
players, one on a phone, play KITSUNE and WINK against two Octopus agents (the engine's demo fight,
``combat/examples/demo.yaml``) through the pages of ``meneur serve --demo``.

The numbers on every screen are checked against the engine's state read through the API; a refused
action shows the engine's reason; the reaction reaches the target's player at once with the attack's
value ("le défenseur peut engager des points d'énergie en défense ... en réaction",
002_58e889a1abff3456.txt); a roll for the GM alone never reaches a player's page or socket.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import loopback as httpx
from tests.web.browser import LAPTOP, PHONE, TABLE_PAGE, Demo, axe_problems, playwright, shoot, start_demo

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    running = start_demo(tmp_path_factory.mktemp("web"))
    yield running
    running.stop()
    assert running.process.returncode == 0  # Ctrl-C stops the server cleanly


def _engine(demo: Demo, session_id: str, token: str) -> dict[str, Any]:
    answer = httpx.get(
        f"{demo.url}/api/v1/sessions/{session_id}", headers={"Authorization": f"Bearer {token}"}
    )
    assert answer.status_code == 200, answer.text
    return {c["id"]: c for c in answer.json()["state"]["combatants"]}


def _shown(page: Any, fighter: str) -> dict[str, int | None]:
    """The numbers on a combatant's card; None for a Vigueur the table hides from this viewer."""
    card = page.locator(f"#fighter-{fighter}")
    texts = {
        # (a player's phone folds the others' cards: their text is read even when folded)
        field: card.locator(f"[data-field={field}]").text_content() or ""
        for field in ("energy", "defense", "vigor")
    }
    return {
        field: int(text) if text.strip().lstrip("-").isdecimal() else None for field, text in texts.items()
    }


def _same_numbers(pages: list[Any], state: dict[str, Any]) -> None:
    for page in pages:
        for fighter, data in state.items():
            if page.locator(f"#fighter-{fighter}").count():
                expect(page.locator(f"#fighter-{fighter} [data-field=energy]")).to_have_text(
                    str(data["energy"]), timeout=WAIT
                )
                shown = _shown(page, fighter)
                assert (shown["energy"], shown["defense"]) == (data["energy"], data["defense"])
                # an NPC's Vigueur is hidden from players by default (the table option npc_vigueur)
                assert shown["vigor"] == data["vigor"] or (shown["vigor"] is None and not data["pc"])


def _action(page: Any, label: str) -> Any:
    return page.locator("form.action", has=page.locator("span.label", has_text=label)).first


def _online(page: Any) -> None:
    expect(page.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)


def _sizes(page: Any) -> dict[str, int]:
    found: dict[str, int] = {}

    def seen(response: Any) -> None:
        if response.request.resource_type in ("document", "stylesheet", "script"):
            found[response.url] = len(response.body())

    page.on("response", seen)
    return found


def _join(context: Any, link: str, name: str, hero: str) -> Any:
    page = context.new_page()
    page.goto(link)
    problems = axe_problems(page)
    assert not problems, problems
    page.get_by_label(
        "Votre nom" if "fr" in page.locator("html").get_attribute("lang") else "Your name"
    ).fill(name)
    page.locator("form button[type=submit].primary").click()
    page.locator("a.continue").click()  # no character of the table: the heroes are the fight's
    page.locator("a[href*='/s/']").first.click()
    _online(page)
    page.locator(".claim form", has_text=hero).locator("button").click()
    expect(page.locator(f"#fighter-{hero.lower()}")).to_be_visible(timeout=WAIT)
    return page


def test_the_demo_fight_in_three_browsers(demo: Demo, browser: Any) -> None:
    gm_context = browser.new_context(**LAPTOP, locale="fr-FR")
    phone_context = browser.new_context(**PHONE, locale="fr-FR")
    laptop_context = browser.new_context(**LAPTOP, locale="fr-FR")
    token = demo.gm_link.split("#", 1)[1]  # after the #: never sent to the server in a URL
    gm = gm_context.new_page()
    gm.goto(demo.local(demo.gm_link))
    gm.wait_for_url(TABLE_PAGE)  # the link's page posts its token
    assert not axe_problems(gm)
    shoot(gm, "table-gm-laptop")
    gm.locator("a[href*='/s/']").first.click()
    session_id = gm.url.rsplit("/", 1)[-1]
    _online(gm)

    ayla = _join(phone_context, demo.local(demo.join_link), "Ayla", "KITSUNE")
    sizes = _sizes(ayla)
    ayla.reload()
    _online(ayla)
    total = sum(sizes.values())
    assert 0 < total < 150 * 1024, sizes  # the fight page's first load: HTML, CSS and JavaScript
    bren = _join(laptop_context, demo.local(demo.join_link), "Bren", "WINK")
    _online(bren)
    sockets: list[str] = []
    for page in (ayla, bren):
        page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: sockets.append(str(frame))))
    ayla.reload()
    bren.reload()
    _online(ayla)
    _online(bren)

    # the GM starts the fight: every screen follows, KITSUNE acts first
    _action(gm, "Commencer le combat").locator("button.do").click()
    expect(ayla.locator("#fighter-kitsune .badge", has_text="agit")).to_be_visible(timeout=WAIT)
    expect(bren.locator("#where")).to_contain_text("KITSUNE", timeout=WAIT)
    for page, name in ((gm, "fight-gm-laptop"), (ayla, "fight-player-phone"), (bren, "fight-player-laptop")):
        problems = axe_problems(page)
        assert not problems, (name, problems)
        shoot(page, name, keep=name != "fight-player-laptop")

    # an illegal action is greyed with the engine's reason
    refused = ayla.locator(".action.refused", has_text="attaquer Agent Octopus 2")
    expect(refused.first.locator("button")).to_be_disabled()
    expect(refused.first.locator(".reason")).to_contain_text("Agent Octopus 2 est à plus de 5 m de KITSUNE")
    assert bren.locator("form.action").count() == 0  # WINK waits for his turn: no button

    # KITSUNE attacks the first agent with 2 tokens: the stepper shows the engine's value (2 + 1)
    attack = _action(ayla, "Attaquer Agent Octopus 1 avec Frappes instinctives")
    attack.locator("button.step[data-step='1']").click()
    expect(attack.locator(".value")).to_have_text("3")
    stepper = attack.locator("input[name=tokens]")
    assert stepper.get_attribute("max") == "6"  # never more than she has
    for _ in range(8):
        attack.locator("button.step[data-step='1']").click()
    expect(stepper).to_have_value("6")
    for _ in range(4):
        attack.locator("button.step[data-step='-1']").click()
    expect(stepper).to_have_value("2")
    attack.locator("button.do").click()

    # the GM answers for the agent: the reaction shows the attack's value
    expect(gm.locator("#reaction [data-field=attack]")).to_have_text("3", timeout=WAIT)
    expect(bren.locator("#reaction")).to_contain_text("KITSUNE attaque Agent Octopus 1", timeout=WAIT)
    defend = _action(gm, "Se défendre avec Défense")
    defend.locator("input[name=tokens]").fill("2")
    defend.locator("button.do").click()
    expect(gm.locator("#reaction")).to_have_count(0, timeout=WAIT)
    state = _engine(demo, session_id, token)
    assert state["agent1"]["energy"] == 1 and state["kitsune"]["energy"] == 4  # 3 - 2 and 6 - 2 tokens
    _same_numbers([gm, ayla, bren], state)

    # KITSUNE and WINK pass; the second agent shoots KITSUNE from afar
    _action(ayla, "Terminer la phase d'action").locator("button.do").click()
    expect(bren.locator("#fighter-wink .badge", has_text="agit")).to_be_visible(timeout=WAIT)
    _action(bren, "Terminer la phase d'action").locator("button.do").click()
    expect(gm.locator("#fighter-agent2 .badge", has_text="agit")).to_be_visible(timeout=WAIT)
    shot = _action(gm, "Attaquer KITSUNE avec Attaque à distance")
    shot.locator("input[name=tokens]").fill("3")
    shot.locator("button.do").click()

    # the phone gets the reaction at once, with the attack's value
    reaction = ayla.locator("#reaction.urgent")
    expect(reaction).to_be_visible(timeout=WAIT)
    value = gm.locator("#reaction [data-field=attack]").inner_text()
    expect(reaction.locator("[data-field=attack]")).to_have_text(value)
    shoot(ayla, "reaction-player-phone", keep=True)
    assert not axe_problems(ayla)
    dodge = _action(ayla, "Se défendre avec Esquive instinctive")
    dodge.locator("button.step[data-step='1']").click()
    dodge.locator("button.do").click()
    expect(ayla.locator("#reaction")).to_have_count(0, timeout=WAIT)
    after = _engine(demo, session_id, token)
    _same_numbers([gm, ayla, bren], after)

    # the GM takes the defence back: everyone's screen follows
    gm.locator("form[hx-post$='/undo'] button").click()
    expect(ayla.locator("#reaction.urgent")).to_be_visible(timeout=WAIT)
    expect(bren.locator("#reaction")).to_be_visible(timeout=WAIT)
    _same_numbers([gm, ayla, bren], _engine(demo, session_id, token))
    gm.locator("form[hx-post$='/redo'] button").click()
    expect(ayla.locator("#reaction")).to_have_count(0, timeout=WAIT)
    assert _engine(demo, session_id, token) == after

    # a roll for the GM alone reaches neither a player's page nor a player's socket
    table_id = gm.url.split("/t/", 1)[1].split("/", 1)[0]
    player_rolls = phone_context.new_page()
    player_rolls.on("websocket", lambda ws: ws.on("framereceived", lambda frame: sockets.append(str(frame))))
    player_rolls.goto(f"{demo.url}/t/{table_id}/rolls")
    _online(player_rolls)
    rolls = gm_context.new_page()
    rolls.goto(f"{demo.url}/t/{table_id}/rolls")
    rolls.get_by_label("Expression de dés").fill("3d6+2")
    rolls.get_by_role("button", name="Chances").click()
    expect(rolls.locator("#odds-title")).to_contain_text("3d6+2", timeout=WAIT)
    shoot(rolls, "rolls-gm-laptop", keep=True)
    assert not axe_problems(rolls)
    rolls.get_by_label("Expression de dés").fill("1d20+7")
    rolls.get_by_label("Qui le voit").select_option("blind")
    rolls.get_by_role("button", name="Lancer").click()
    expect(rolls.locator("#roll-list")).to_contain_text("1d20+7", timeout=WAIT)
    rolls.get_by_label("Expression de dés").fill("2d6")
    rolls.get_by_label("Qui le voit").select_option("public")
    rolls.get_by_role("button", name="Lancer").click()
    expect(player_rolls.locator("#roll-list")).to_contain_text("2d6", timeout=WAIT)  # live, no reload
    assert "1d20+7" not in player_rolls.content()
    assert any("2d6" in frame for frame in sockets)
    assert not any("1d20+7" in frame for frame in sockets)
    shoot(player_rolls, "rolls-player-phone")
    for context in (gm_context, phone_context, laptop_context):
        context.close()


def test_the_same_fight_in_english(demo: Demo, browser: Any) -> None:
    gm_context = browser.new_context(**LAPTOP, locale="en-GB")
    phone_context = browser.new_context(**PHONE, locale="en-GB")
    gm = gm_context.new_page()
    gm.goto(demo.url + "/")
    assert not axe_problems(gm)
    shoot(gm, "home-laptop")
    gm.get_by_label("Name of the table").fill("Tuesday")
    gm.get_by_label("System").select_option("energy")
    gm.get_by_role("button", name="Create the table").click()
    link = gm.locator(".join a.join-link").get_attribute("href")
    assert link is not None
    assert gm.locator(".qr svg").count() == 1, gm.content()
    assert not axe_problems(gm)
    gm.locator("a[href*='/s/']").first.click()
    _online(gm)
    player = _join(phone_context, link, "Ayla", "KITSUNE")
    shoot(player, "join-phone")
    _online(player)
    _action(gm, "Start the fight").locator("button.do").click()
    expect(player.locator("#fighter-kitsune .badge", has_text="acting")).to_be_visible(timeout=WAIT)
    refused = player.locator(".action.refused", has_text="attack Agent Octopus 2")
    expect(refused.first.locator(".reason")).to_contain_text("more than 5 m")
    attack = _action(player, "Attack Agent Octopus 1 with Frappes instinctives")
    attack.locator("button.do").click()
    expect(gm.locator("#reaction")).to_contain_text("KITSUNE attacks Agent Octopus 1", timeout=WAIT)
    expect(gm.locator("#reaction [data-field=attack]")).to_have_text("2")
    assert not axe_problems(player)
    assert not axe_problems(gm)
    shoot(gm, "fight-gm-laptop-en")
    # the member's choice wins over the browser's language
    player.get_by_role("button", name="Menu").click()  # on the phone, the language is in the header's menu
    player.get_by_label("Language").select_option("fr")
    player.get_by_role("button", name="Change").click()
    expect(player.locator("#where")).to_contain_text("Tour 1", timeout=WAIT)
    answer = json.loads(json.dumps({"lang": player.locator("html").get_attribute("lang")}))
    assert answer == {"lang": "fr"}
    for context in (gm_context, phone_context):
        context.close()


def test_the_builder_accepts_wink_refuses_an_over_budget_hero_and_prints_one_page(
    demo: Demo, browser: Any
) -> None:
    """Creation budgets: "Rang | Pts de héros" and the aptitude points of the maturity
    (002_58e889a1abff3456.txt), checked by the same validation as ``meneur energy check``."""
    context = browser.new_context(**PHONE, locale="fr-FR")
    page = context.new_page()
    page.goto(demo.url + "/builder")
    page.get_by_label("Héros du livre", exact=True).select_option("WINK")
    page.get_by_role("button", name="Importer", exact=True).click()
    expect(page.locator("#check [data-valid]")).to_have_attribute("data-valid", "true", timeout=WAIT)
    assert not axe_problems(page)
    shoot(page, "builder-phone")
    spent = page.locator("[data-budget=hero_points] [data-field=spent]").inner_text()
    page.get_by_label("Énergie", exact=True).fill("9")
    expect(page.locator("#check [data-valid]")).to_have_attribute("data-valid", "false", timeout=WAIT)
    assert page.locator("[data-budget=hero_points] [data-field=spent]").inner_text() != spent
    expect(page.locator("[data-budget=hero_points] .field-error")).to_contain_text("points de héros dépensés")
    page.get_by_label("Énergie", exact=True).fill("5")
    page.get_by_label("Récupération", exact=True).fill("6")
    expect(page.locator("#err-attributes-recovery")).to_contain_text("Récupération", timeout=WAIT)
    page.get_by_label("Récupération", exact=True).fill("4")
    expect(page.locator("#check [data-valid]")).to_have_attribute("data-valid", "true", timeout=WAIT)
    with page.expect_download() as download:
        page.get_by_role("button", name="Exporter YAML").click()
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert "name: WINK" in saved and "energy: 5" in saved
    page.get_by_role("button", name="La fiche", exact=True).click()
    expect(page.locator("#sheet-name")).to_have_text("WINK", timeout=WAIT)
    assert not axe_problems(page)
    shoot(page, "sheet-phone")
    pdf = page.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1  # one A4 page
    context.close()


def test_the_pages_without_a_table_pass_axe_on_a_phone(demo: Demo, browser: Any) -> None:
    context = browser.new_context(**PHONE, locale="fr-FR")
    page = context.new_page()
    for path, name in (
        ("/encounter", "encounter-phone"),
        ("/carpathes", "carpathes-phone"),
        ("/", "home-phone"),
    ):
        page.goto(demo.url + path)
        problems = axe_problems(page)
        assert not problems, (path, problems)
        shoot(page, name)
    page.goto(demo.url + "/carpathes")
    page.get_by_label("Trait", exact=True).fill("2")
    page.get_by_role("button", name="Chances").click()
    expect(page.locator("#tiers-title")).to_be_visible(timeout=WAIT)
    assert page.locator("tbody tr").count() == 5  # the five tiers
    context.close()


def test_a_page_reconnects_and_catches_up_and_an_action_sent_during_the_drop_is_shown_unsent(
    browser: Any, tmp_path: Path
) -> None:
    first = start_demo(tmp_path)
    context = browser.new_context(**LAPTOP, locale="fr-FR")
    watcher = context.new_page()
    try:
        watcher.goto(first.gm_link)
        watcher.wait_for_url(TABLE_PAGE)  # the link's page posts its token
        watcher.locator("a[href*='/s/']").first.click()
        fight_url = watcher.url
        _online(watcher)
        actor = context.new_page()
        actor.goto(fight_url)
        _online(actor)
        first.stop()
        expect(watcher.locator("#connection")).to_have_attribute("data-state", "offline", timeout=WAIT)
        _action(actor, "Commencer le combat").locator("button.do").click()
        expect(actor.locator("#connection")).to_have_attribute("data-state", "unsent", timeout=WAIT)
        expect(actor.locator("#where")).to_contain_text("pas commencé")  # nothing applied
        second = start_demo(tmp_path, port=int(first.url.rsplit(":", 1)[1]))
        try:
            _online(watcher)
            _online(actor)
            _action(actor, "Commencer le combat").locator("button.do").click()
            expect(watcher.locator("#where")).to_contain_text("Tour 1", timeout=WAIT)  # caught up
            expect(watcher.locator("#fight")).to_have_attribute("data-version", "1")
        finally:
            second.stop()
    finally:
        context.close()


def _on_plan(page: Any, x: float, y: float) -> tuple[float, float]:
    """Where the point (x, y) in metres is on the screen."""
    found = page.evaluate(
        """([x, y]) => { const svg = document.querySelector('.plan svg'); const p = svg.createSVGPoint();
        p.x = x; p.y = y; const s = p.matrixTransform(svg.getScreenCTM()); return [s.x, s.y]; }""",
        [x, y],
    )
    return float(found[0]), float(found[1])


def test_dragging_a_token_moves_it_or_shows_why_not(demo: Demo, browser: Any) -> None:
    """ "un déplacement de 20 m au plus" (002_58e889a1abff3456.txt): the engine moves the token or refuses."""
    context = browser.new_context(**LAPTOP, locale="fr-FR")
    gm = context.new_page()
    gm.goto(demo.url + "/")
    gm.get_by_label("Nom de la table").fill("Plan")
    gm.get_by_role("button", name="Créer la table").click()
    gm.locator("a[href*='/s/']").first.click()
    session_id = gm.url.rsplit("/", 1)[-1]
    _online(gm)  # htmx has taken the forms over: a click before would submit a plain form
    _action(gm, "Commencer le combat").locator("button.do").click()
    expect(gm.locator("#where")).to_contain_text("KITSUNE", timeout=WAIT)
    token = gm.locator(".plan g.token[data-id=kitsune] circle")
    box = token.bounding_box()
    assert box is not None
    gm.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    gm.mouse.down()
    gm.mouse.move(*_on_plan(gm, 24, 3), steps=4)
    gm.mouse.up()
    expect(gm.locator("#refusal")).to_contain_text("20 m", timeout=WAIT)
    box = gm.locator(".plan g.token[data-id=kitsune] circle").bounding_box()
    assert box is not None
    gm.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    gm.mouse.down()
    gm.mouse.move(*_on_plan(gm, 10, 0), steps=4)
    gm.mouse.up()
    expect(gm.locator("#fight")).to_have_attribute("data-version", "2", timeout=WAIT)
    token = next(c["value"] for c in context.cookies() if c["name"].startswith("meneur_token_"))
    answer = httpx.get(f"{demo.url}/api/v1/sessions/{session_id}", cookies={"meneur_token": token})
    kitsune = next(c for c in answer.json()["state"]["combatants"] if c["id"] == "kitsune")
    assert kitsune["position"] == [10.0, 0.0]
    # a click on the plan puts its position in metres into the terrain form; the engine places it
    gm.mouse.click(*_on_plan(gm, 5, 6))
    expect(gm.locator("#terrain-details")).to_have_attribute("open", "", timeout=WAIT)
    expect(gm.locator("#terrain-x")).to_have_value(re.compile(r"^(4\.9|5|5\.1)$"))
    expect(gm.locator("#terrain-y")).to_have_value(re.compile(r"^(5\.9|6|6\.1)$"))
    gm.locator("#terrain-kind").select_option("hazard")
    gm.locator("#terrain-rank").fill("2")
    gm.locator("#terrain-form button[type=submit]").click()
    expect(gm.locator("#fight")).to_have_attribute("data-version", "3", timeout=WAIT)
    expect(gm.locator(".terrain-legend")).to_contain_text("danger, rang 2")
    assert not axe_problems(gm)
    gm.locator("a[href$='/options']").click()
    expect(gm.locator("h1")).to_have_text("Options de la table", timeout=WAIT)
    assert not axe_problems(gm)
    context.close()


def test_an_answer_that_comes_late_neither_hides_a_newer_state_nor_a_conflict(
    demo: Demo, browser: Any
) -> None:
    """An action's answer older than what the socket brought meanwhile does not take the page back;
    an action sent while a conflicting change came first is refused (409) and the page shows it in
    the state as it is now, even though the socket replaced the form it was sent from."""
    context = browser.new_context(**LAPTOP, locale="fr-FR")
    # each answer the page got, counted once its handlers have run
    context.add_init_script(
        "window.answers = 0; const send = XMLHttpRequest.prototype.send;"
        "XMLHttpRequest.prototype.send = function (body) {"
        " this.addEventListener('loadend', () => { window.answers += 1; }); return send.call(this, body); };"
    )
    slow = context.new_page()
    slow.goto(demo.url + "/")
    slow.get_by_label("Nom de la table").fill("Lente")
    slow.get_by_role("button", name="Créer la table").click()
    slow.locator("a[href*='/s/']").first.click()
    quick = context.new_page()
    quick.goto(slow.url)
    _online(slow)
    _online(quick)
    _action(quick, "Commencer le combat").locator("button.do").click()
    expect(slow.locator("#fight")).to_have_attribute("data-version", "1", timeout=WAIT)
    held: list[tuple[Any, Any]] = []
    slow.route("**/do", lambda route: held.append((route, route.fetch())))  # applied, answer held
    _action(slow, "Terminer la phase d'action").locator("button.do").click()
    expect(quick.locator("#fight")).to_have_attribute("data-version", "2", timeout=WAIT)
    expect(slow.locator("#fight")).to_have_attribute("data-version", "2", timeout=WAIT)  # the socket
    _action(quick, "Terminer la phase d'action").locator("button.do").click()
    expect(slow.locator("#fight")).to_have_attribute("data-version", "3", timeout=WAIT)
    answers = slow.evaluate("window.answers")
    route, answer = held.pop()
    route.fulfill(response=answer)  # the answer of move 2 arrives after move 3
    slow.wait_for_function(f"window.answers > {answers}", timeout=WAIT)
    expect(slow.locator("#fight")).to_have_attribute("data-version", "3")
    assert slow.locator("#refusal").count() == 0
    slow.unroute("**/do")

    # a move sent on a screen that a conflicting change overtakes: refused, shown, the page now
    sent: list[Any] = []
    slow.route("**/do", lambda route: sent.append(route))  # held before it reaches the server
    _action(slow, "Terminer la phase d'action").locator("button.do").click()
    _action(quick, "Terminer la phase d'action").locator("button.do").click()
    expect(slow.locator("#fight")).to_have_attribute("data-version", "4", timeout=WAIT)
    sent.pop().continue_()
    expect(slow.locator("#refusal")).to_contain_text("version 4", timeout=WAIT)
    expect(slow.locator("#fight")).to_have_attribute("data-version", "4")
    context.close()
