"""The fight's plan in a real browser: a player on a phone drags their own token by touch, reads
the engine's cost before dropping (« un petit déplacement de 5 mètres maximum »,
002_58e889a1abff3456.txt), drops it, the move is applied and the GM undoes it; the GM on a laptop
puts a background image under the plan."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tests.web.browser import LAPTOP, PHONE, TABLE_PAGE, Demo, clean, start_demo
from tests.web.test_browser import _action, _join, _on_plan, _online

playwright_api = pytest.importorskip("playwright.sync_api")
if shutil.which("chromium") is None and not Path("/usr/bin/chromium").exists():
    pytest.skip("Debian's chromium is not installed (scripts/test installs it)", allow_module_level=True)

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000
PNG = (  # a 1x1 PNG
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
    b"\x00\x00\x00\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\x00\x05\x00\x01\xff\x89\x99=\x1d\x00\x00\x00\x00IEND\xaeB`\x82"
)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    running = start_demo(tmp_path_factory.mktemp("map"))
    yield running
    running.stop()


def _touch_drag(page: Any, start: tuple[float, float], end: tuple[float, float]) -> Any:
    """A finger on ``start``, moved to ``end`` in steps, kept there (the CDP session, to lift it)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]}
    )
    for step in range(1, 6):
        x = start[0] + (end[0] - start[0]) * step / 5
        y = start[1] + (end[1] - start[1]) * step / 5
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    return cdp


def _kitsune(demo: Demo, session_id: str, token: str) -> list[float]:
    answer = httpx.get(
        f"{demo.url}/api/v1/sessions/{session_id}", headers={"Authorization": f"Bearer {token}"}
    )
    return next(c for c in answer.json()["state"]["combatants"] if c["id"] == "kitsune")["position"]


def test_a_player_drags_their_token_on_a_phone_sees_the_cost_and_the_gm_undoes(
    demo: Demo, browser: Any
) -> None:
    gm_context = browser.new_context(**LAPTOP, locale="fr-FR")
    phone_context = browser.new_context(**PHONE, locale="fr-FR")
    token = demo.gm_link.split("#", 1)[1]
    gm = gm_context.new_page()
    gm.goto(demo.local(demo.gm_link))
    gm.wait_for_url(TABLE_PAGE)
    gm.locator("a[href*='/s/']").first.click()
    session_id = gm.url.rsplit("/", 1)[-1]
    _online(gm)
    ayla = _join(phone_context, demo.local(demo.join_link), "Ayla", "KITSUNE")
    _action(gm, "Commencer le combat").locator("button.do").click()
    expect(ayla.locator("#fight")).to_have_attribute("data-version", "1", timeout=WAIT)
    # only her own token is hers to drag
    assert ayla.locator(".plan g.token[data-id=kitsune]").get_attribute("data-draggable") == "1"
    assert ayla.locator(".plan g.token[data-id=wink]").get_attribute("data-draggable") is None
    before = _kitsune(demo, session_id, token)
    ayla.locator(".plan svg").scroll_into_view_if_needed()  # a finger touches what is on the screen
    box = ayla.locator(".plan g.token[data-id=kitsune] circle").bounding_box()
    assert box is not None
    start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    cdp = _touch_drag(ayla, start, _on_plan(ayla, before[0] + 3, before[1]))
    expect(ayla.locator("#plan-preview")).to_contain_text("Petit déplacement, gratuit", timeout=WAIT)
    expect(ayla.locator("#plan-preview")).to_have_attribute("data-state", "allowed")
    clean(ayla, "map-drag-preview-phone", fits=True)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(ayla.locator("#fight")).to_have_attribute("data-version", "2", timeout=WAIT)
    moved = _kitsune(demo, session_id, token)
    assert abs(moved[0] - (before[0] + 3)) <= 0.3 and abs(moved[1] - before[1]) <= 0.3
    expect(gm.locator("#fight")).to_have_attribute("data-version", "2", timeout=WAIT)
    gm.locator(".undo button", has_text="Annuler").click()
    expect(ayla.locator("#fight")).to_have_attribute("data-version", "1", timeout=WAIT)
    assert _kitsune(demo, session_id, token) == before
    clean(ayla, "map-after-undo-phone", fits=True)

    # the GM puts a background under the plan; the player's page shows it at the next change
    gm.locator("#plan-background summary").click()
    gm.locator("#background-image").set_input_files(
        {"name": "plan.png", "mimeType": "image/png", "buffer": PNG}
    )
    gm.locator("#background-width").fill("30")
    gm.locator("#background-form button[type=submit]").click()
    expect(gm.locator(".plan image.background")).to_have_attribute("width", "30.0", timeout=WAIT)
    clean(gm, "map-background-laptop")
    ayla.reload()
    expect(ayla.locator(".plan image.background")).to_have_count(1, timeout=WAIT)
    href = ayla.locator(".plan image.background").get_attribute("href")
    assert href is not None and href.startswith("/t/")
    gm_context.close()
    phone_context.close()
