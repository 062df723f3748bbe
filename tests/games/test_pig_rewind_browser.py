"""Going back from the history page in a real browser (Debian's chromium through Playwright) on
``meneur serve --demo`` with pig listed (``MENEUR_GAMES``): the GM on a laptop goes back to before
Ayla's hold, says yes on the confirmation, and a player's phone, left on the session's page, shows
the scores as they were and the log line live. Issue 22, « Backups and rewind »: « after it, every
screen shows the rewound state and a log line ». axe-core runs on the history and the confirmation."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from tests.web.browser import LAPTOP, PHONE, TABLE_PAGE, Demo, clean, launch, playwright, start_demo

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("web")]
WAIT = 10_000
GAMES = "tests.games.pig.plugin:PLUGIN"


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MENEUR_GAMES", GAMES)
        running = start_demo(tmp_path_factory.mktemp("pig-rewind"))
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as playwright:
        launched = launch(playwright)
        yield launched
        launched.close()


def _seated(context: Any, demo: Demo, table_id: str, token: str) -> Any:
    """A page of ``context`` seated at the table by the member's link (``/enter/TABLE#TOKEN``)."""
    page = context.new_page()
    page.goto(f"{demo.url}/enter/{table_id}#{quote(token)}")
    page.wait_for_url(TABLE_PAGE)  # the link's page posts its token
    return page


def _score(page: Any, name: str) -> Any:
    return page.locator(f".being[data-name='{name}'] [data-field=score]")


def test_the_gm_goes_back_before_a_hold_and_the_players_phone_follows(demo: Demo, browser: Any) -> None:
    laptop = browser.new_context(**LAPTOP, locale="fr-FR")
    phone = browser.new_context(**PHONE, locale="fr-FR")
    try:
        api = demo.url + "/api/v1"
        created = laptop.request.post(f"{api}/tables", data={"name": "Pig du jeudi", "system": "pig"}).json()
        table_id, gm_token = created["id"], created["gm_token"]
        gm_seat = {"Authorization": f"Bearer {gm_token}"}
        joined = phone.request.post(
            f"{api}/tables/{table_id}/join", data={"join_code": created["join_code"], "name": "Ayla"}
        ).json()
        session = laptop.request.post(
            f"{api}/tables/{table_id}/sessions",
            data={
                "kind": "pig",
                "setup": {"players": ["Ayla", "Bren"]},
                "controllers": {"Ayla": joined["member_id"]},
            },
            headers=gm_seat,
        ).json()["id"]
        for version, (command, dice) in enumerate(((("roll"), [6]), ("roll", [4]), ("hold", None))):
            body: dict[str, Any] = {"command": {command: {"actor": "Ayla"}}, "version": version}
            if dice:
                body["dice"] = dice
            given = laptop.request.post(f"{api}/sessions/{session}/commands", data=body, headers=gm_seat)
            assert given.ok, given.text()
        session_url = f"{demo.url}/t/{table_id}/s/{session}"

        player = _seated(phone, demo, table_id, joined["token"])
        player.goto(session_url)
        expect(player.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)
        expect(_score(player, "Ayla")).to_have_text("10", timeout=WAIT)

        gm = _seated(laptop, demo, table_id, gm_token)
        gm.goto(session_url)
        gm.get_by_role("link", name="Historique : revenir à un moment".replace(" :", "\u00a0:")).click()
        gm.wait_for_url(session_url + "/history")
        steps = gm.locator("ol.history > li")
        expect(steps).to_have_count(3)
        expect(steps.first.locator("time")).to_have_text(
            re.compile("^\\d\\d\u00a0h\u00a0\\d\\d$"), timeout=WAIT
        )
        clean(gm, "rewind-history-gm-laptop")
        gm.locator("li[data-number='3']").get_by_role("button", name="Revenir avant ceci (étape 3)").click()
        expect(gm.locator("#rewind-confirm")).to_contain_text("La séance revient avant l'étape 3")
        clean(gm, "rewind-confirm-gm-laptop")
        gm.get_by_role("button", name="Oui, revenir").click()
        gm.wait_for_url(session_url)
        expect(_score(gm, "Ayla")).to_have_text("0", timeout=WAIT)

        # the phone was not reloaded: the live feed brings the rewound state and the log line
        expect(_score(player, "Ayla")).to_have_text("0", timeout=WAIT)
        expect(player.locator("#turn")).to_have_attribute("data-turn-points", "10", timeout=WAIT)
        expect(player.locator(".log")).to_contain_text("Le MJ est revenu à", timeout=WAIT)
        clean(player, "rewind-player-phone", fits=True)

        gm.get_by_role("button", name="Annuler").click()  # the rewind is one step: undo takes it back
        expect(_score(player, "Ayla")).to_have_text("10", timeout=WAIT)
    finally:
        laptop.close()
        phone.close()
