"""The fight's plan in a real browser: a player on a phone drags their own token by touch, reads
the engine's cost before dropping (« un petit déplacement de 5 mètres maximum »,
002_58e889a1abff3456.txt), drops it, the move is applied and the GM undoes it; the GM on a laptop
puts a background image under the plan."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests import loopback as httpx
from tests.web.browser import ARTEFACTS, KEEP, LAPTOP, PHONE, TABLE_PAGE, Demo, clean, playwright
from tests.web.test_browser import _action, _join, _on_plan, _online

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000
PNG = (  # a 1x1 PNG
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
    b"\x00\x00\x00\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\x00\x05\x00\x01\xff\x89\x99=\x1d\x00\x00\x00\x00IEND\xaeB`\x82"
)


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


def _touch_move(cdp: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    """The finger kept down moves on from ``start`` to ``end``, in steps."""
    for step in range(1, 6):
        x = start[0] + (end[0] - start[0]) * step / 5
        y = start[1] + (end[1] - start[1]) * step / 5
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})


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
    expect(gm.locator("#fight")).to_have_attribute("data-version", "1", timeout=WAIT)
    assert _collisions(gm) == []  # the GM's laptop: names and the rings' names clear of one another
    # only her own token is hers to drag
    assert ayla.locator(".plan g.token[data-id=kitsune]").get_attribute("data-draggable") == "1"
    assert ayla.locator(".plan g.token[data-id=wink]").get_attribute("data-draggable") is None
    before = _kitsune(demo, session_id, token)
    ayla.locator(".plan svg").scroll_into_view_if_needed()  # a finger touches what is on the screen
    box = ayla.locator(".plan g.token[data-id=kitsune] circle").bounding_box()
    assert box is not None
    start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    preview = ayla.locator("#plan-preview")
    # farther than the free 5 m: a token (« un jeton d'énergie pour se déplacer de 20 mètres »)
    paid = _on_plan(ayla, before[0] + 12, before[1])
    cdp = _touch_drag(ayla, start, paid)
    expect(preview).to_contain_text("Déplacement\u00a0: 1 jeton, 12\u00a0m.", timeout=WAIT)
    expect(preview).to_have_attribute("data-state", "allowed")
    # beyond 20 m: refused, and why, before any drop
    far = _on_plan(ayla, before[0] + 21, before[1])
    _touch_move(cdp, paid, far)
    expect(preview).to_have_attribute("data-state", "refused", timeout=WAIT)
    expect(preview).to_contain_text("20 m")
    clean(ayla, "map-drag-refused-phone", fits=True)
    # back within 5 m: the small move, free
    _touch_move(cdp, far, _on_plan(ayla, before[0] + 3, before[1]))
    expect(preview).to_contain_text("Petit déplacement, gratuit", timeout=WAIT)
    expect(preview).to_have_attribute("data-state", "allowed")
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


CROWD = [  # six combatants within 3 m of one another, long names: where labels would collide
    {"id": "kitsune", "hero": "KITSUNE", "side": "heroes", "position": [10, 10]},
    {"id": "wink", "hero": "WINK", "side": "heroes", "position": [11, 10]},
    {"id": "grimoire", "hero": "GRIMOIRE", "side": "heroes", "position": [10, 11]},
    {"id": "agent1", "npc": 2, "name": "Agent Octopus 1", "side": "foes", "position": [12, 11]},
    {"id": "agent2", "npc": 2, "name": "Agent Octopus 2", "side": "foes", "position": [11, 12]},
    {"id": "agent3", "npc": 2, "name": "Agent Octopus 3", "side": "foes", "position": [12, 9]},
]
BOXES = """() => { const at = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const tokens = [...document.querySelectorAll('.plan svg g.token')].map(g =>
    ({id: g.dataset.id, name: at(g.querySelector('text.name')), mark: at(g.querySelector('circle'))}));
  const rings = [...document.querySelectorAll('.plan svg g.rings text.ring-label')]
    .filter(t => t.getAttribute('visibility') !== 'hidden')
    .map(t => ({id: 'ring ' + t.classList[1], name: at(t), mark: [0, 0, 0, 0]}));
  return [...tokens, ...rings]; }"""
"""Each token's name and disc, and each shown ring's name, as the browser drew them (screen pixels:
left, top, right, bottom)."""

RING_LABELS_SHOWN = """() => { const plan = document.querySelector('.plan svg').getBoundingClientRect();
  return [...document.querySelectorAll('.plan g.rings text.ring-label')].map(t => {
    const r = t.getBoundingClientRect();
    if (t.getAttribute('visibility') === 'hidden') { return 'hidden'; }
    return r.left >= plan.left && r.right <= plan.right && r.top >= plan.top && r.bottom <= plan.bottom
      ? 'shown' : 'cut'; }); }"""
"""Whether each ring's name is drawn inside the plan's frame (``shown``), hidden (its circle is
out of view), or cut by the frame."""


def _crossing(a: list[float], b: list[float]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def _collisions(page: Any) -> list[tuple[str, str, str]]:
    """The names (of tokens, of rings) that cross another name or a token's disc, as drawn."""
    drawn = page.evaluate(BOXES)
    found = []
    for i, one in enumerate(drawn):
        for other in drawn[i + 1 :]:
            if _crossing(one["name"], other["name"]):
                found.append(("name", one["id"], other["id"]))
        for other in drawn:
            if other is not one and _crossing(one["name"], other["mark"]):
                found.append(("disc", one["id"], other["id"]))
    return found


def _crowded(demo: Demo, gm: Any) -> str:
    """A table of its own (no background from another test) made from the home page, and a fight of
    :data:`CROWD` made there through the API, started; the fight page's address."""
    gm.goto(demo.url + "/")
    gm.get_by_label("Nom de la table").fill("Mêlée")
    gm.get_by_role("button", name="Créer la table").click()
    gm.wait_for_url(TABLE_PAGE)
    table_id = gm.url.rsplit("/", 1)[-1]
    token = next(c["value"] for c in gm.context.cookies() if c["name"] == f"meneur_token_{table_id}")
    headers = {"Authorization": f"Bearer {token}"}
    created = httpx.post(
        f"{demo.url}/api/v1/tables/{table_id}/sessions",
        json={"kind": "energy-fight", "setup": {"combatants": CROWD}},
        headers=headers,
    )
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    started = httpx.post(
        f"{demo.url}/api/v1/sessions/{sid}/commands", json={"command": "start", "version": 0}, headers=headers
    )
    assert started.status_code == 200, started.text
    return f"{demo.url}/t/{table_id}/s/{sid}"


def _view(page: Any) -> list[float]:
    return [float(v) for v in page.locator(".plan svg").get_attribute("viewBox").split()]


def test_a_crowded_plan_has_its_grid_ruler_rings_and_labels_that_do_not_overlap(
    demo: Demo, browser: Any
) -> None:
    """Six combatants within 3 m: every name is drawn clear of the other names and discs, on a
    laptop and on a phone; the grid says its square in metres, the scale bar its length; a tap on a
    token puts the rules' rings around it (« un petit déplacement de 5 mètres maximum », « maximum
    20 mètres de diamètre », « se déplacer de 20 mètres », 002_58e889a1abff3456.txt); a finger pans
    the plan and two fingers zoom it."""
    laptop = browser.new_context(**LAPTOP, locale="fr-FR")
    gm = laptop.new_page()
    address = _crowded(demo, gm)
    gm.goto(address)
    _online(gm)
    expect(gm.locator(".plan g.token")).to_have_count(len(CROWD))
    for fighter in CROWD:  # initials on each disc
        initials = gm.locator(f".plan g.token[data-id={fighter['id']}] text.initials")
        expect(initials).to_have_text(re.compile(r"^[A-Z0-9]{2}$"))
    assert len(set(gm.locator(".plan text.initials").all_text_contents())) == len(CROWD)  # A1, A2, A3
    expect(gm.locator(".plan .grid-scale")).to_have_text(re.compile(r"^Un carreau\s:\s2\sm$"))
    assert gm.locator(".plan g.grid line").count() > 10
    expect(gm.locator(".plan g.ruler text")).to_have_text(re.compile(r"^\d+\sm$"))
    assert _collisions(gm) == []
    # the rings go around the token tapped, at the rules' distances
    gm.locator(".plan g.token[data-id=agent2] circle").click()
    rings = gm.locator(".plan g.rings")
    expect(rings).to_have_attribute("data-for", "agent2")
    radii = sorted(
        float(r) for r in rings.locator("circle").evaluate_all("cs => cs.map(c => c.getAttribute('r'))")
    )
    assert radii == [5.0, 10.0, 20.0]
    expect(rings.locator("text")).to_have_text(
        [
            re.compile(r"^petit déplacement 5\sm$"),
            re.compile(r"^zone d.effet de 20\sm de diamètre$"),
            re.compile(r"^déplacement 20\sm$"),
        ]
    )
    assert rings.get_attribute("transform") == "translate(11.0 12.0)"
    # each name on its circle, in view; the 20 m circle lies wholly outside this 20 m × 12 m plan
    assert gm.evaluate(RING_LABELS_SHOWN) == ["shown", "shown", "hidden"]
    gm.locator(".plan button.zoom[data-zoom=out]").click()
    gm.locator(".plan button.zoom[data-zoom=out]").click()
    assert gm.evaluate(RING_LABELS_SHOWN) == ["shown", "shown", "shown"]
    assert _collisions(gm) == []
    clean(gm, "map-crowd-laptop")
    gm.locator(".plan svg").screenshot(path=str(ARTEFACTS / "map-crowd-plan-laptop.png"))

    # the same plan on a phone (the GM's, every token draggable): names still clear of one another
    phone = browser.new_context(**PHONE, locale="fr-FR")
    phone.add_cookies(laptop.cookies())  # the same GM, on a phone
    gm_phone = phone.new_page()
    gm_phone.goto(address)
    _online(gm_phone)
    assert _collisions(gm_phone) == []
    draggable = gm_phone.locator(".plan g.token[data-draggable='1']")
    expect(draggable).to_have_count(len(CROWD))  # the GM drags anyone
    svg = gm_phone.locator(".plan svg")
    svg.scroll_into_view_if_needed()
    box = svg.bounding_box()
    assert box is not None
    before = _view(gm_phone)
    # one finger on the background pans
    corner = (box["x"] + 12, box["y"] + 12)
    cdp = _touch_drag(gm_phone, corner, (corner[0] + 60, corner[1] + 40))
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    panned = _view(gm_phone)
    assert panned[0] < before[0] and panned[1] < before[1] and panned[2] == before[2]
    # two fingers spread apart zoom in
    middle = (box["x"] + box["width"] / 2, box["y"] + 14)
    cdp.send(
        "Input.dispatchTouchEvent",
        {
            "type": "touchStart",
            "touchPoints": [
                {"x": middle[0] - 20, "y": middle[1], "id": 1},
                {"x": middle[0] + 20, "y": middle[1], "id": 2},
            ],
        },
    )
    for step in range(1, 6):
        cdp.send(
            "Input.dispatchTouchEvent",
            {
                "type": "touchMove",
                "touchPoints": [
                    {"x": middle[0] - 20 - 12 * step, "y": middle[1], "id": 1},
                    {"x": middle[0] + 20 + 12 * step, "y": middle[1], "id": 2},
                ],
            },
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    zoomed = _view(gm_phone)
    assert zoomed[2] < panned[2] * 0.6, (panned, zoomed)
    gm_phone.locator(".plan button.zoom[data-zoom=reset]").click()
    assert _view(gm_phone) == before
    clean(gm_phone, "map-crowd-gm-phone", fits=True)
    svg.screenshot(path=str(ARTEFACTS / "map-crowd-plan-phone.png"))
    if KEEP:  # the README's picture of the plan
        svg.screenshot(path=str(Path(KEEP) / "map-crowd-plan-phone.png"))
    laptop.close()
    phone.close()
