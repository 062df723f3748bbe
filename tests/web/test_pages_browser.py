"""In a real browser on ``meneur serve --demo``: the encounter page weighs on a GET and simulates on
its form's POST (played in a worker process of the server), and the roll log's « Jets plus anciens »
puts the older rows in place of its own row (htmx)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from meneur.server.api.rolls import PAGE
from tests import loopback as httpx
from tests.web.browser import LAPTOP, TABLE_PAGE, Demo, axe_problems, playwright, start_demo

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 60_000


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    running = start_demo(tmp_path_factory.mktemp("web"))
    yield running
    running.stop()
    assert running.process.returncode == 0  # Ctrl-C stops the server and its simulation worker cleanly


def test_the_encounter_page_simulates_on_its_forms_post(demo: Demo, browser: Any) -> None:
    context = browser.new_context(**LAPTOP, locale="fr-FR")
    page = context.new_page()
    page.goto(demo.url + "/encounter")
    page.get_by_label("Rangs des héros", exact=False).fill("5,5")
    page.get_by_label("Rangs des adversaires", exact=False).fill("4,4")
    page.get_by_role("button", name="Peser la rencontre").click()
    expect(page.locator("[data-verdict]")).to_be_visible(timeout=WAIT)
    assert "data-simulated" not in page.content()
    page.get_by_label("Combats à simuler").fill("4")
    page.get_by_role("button", name="Simuler le combat").click()
    expect(page.locator('[data-simulated="4"]')).to_be_visible(timeout=WAIT)
    assert not axe_problems(page)
    context.close()


def test_the_roll_log_loads_older_rolls_in_place(demo: Demo, browser: Any) -> None:
    token = demo.gm_link.split("#", 1)[1]  # the GM link keeps its token after the #
    table_id = re.search(r"/enter/([^/?#]+)", demo.gm_link)
    assert table_id is not None
    for die in range(1, PAGE + 4):
        made = httpx.post(
            f"{demo.url}/api/v1/tables/{table_id.group(1)}/rolls",
            json={"expression": "1d100", "dice": [die]},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert made.status_code == 201, made.text
    context = browser.new_context(**LAPTOP, locale="fr-FR")
    page = context.new_page()
    page.goto(demo.local(demo.gm_link))
    page.wait_for_url(TABLE_PAGE)  # the link's page posts its token
    page.goto(f"{demo.url}/t/{table_id.group(1)}/rolls")
    rows = page.locator("#roll-list tbody tr.roll")
    expect(rows).to_have_count(PAGE, timeout=WAIT)
    shown = rows.count()
    page.get_by_role("link", name="Jets plus anciens").click()
    expect(rows).to_have_count(shown + 3, timeout=WAIT)
    assert page.locator("#roll-list tbody tr.roll").last.locator("strong").inner_text() == "1"
    expect(page.get_by_role("link", name="Jets plus anciens")).to_have_count(0)
    assert page.url.endswith("/rolls")  # htmx swapped the rows in; the page did not change
    context.close()
