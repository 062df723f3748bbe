"""In real browsers on ``meneur serve --demo``: the GM on a laptop (1280×800), the players Ayla and
Bren on 390×844 phones, each on the table page. The GM whispers to Ayla: her screen shows it live,
Bren's never (live or after a reload); the GM shows a handout with an image to Bren: his screen
shows it, Ayla's never. Screenshots in ``test-artefacts/web/``; axe finds no serious violation."""

from __future__ import annotations

import re
import struct
import zlib
from typing import Any

import pytest

from tests.web.browser import PHONE, TABLE_PAGE, Demo, axe_problems, playwright, shoot

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 60_000
GM_LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def _png(width: int = 24, height: int = 16) -> bytes:
    """A real PNG image (a red and blue stripe), made here: nothing is fetched from elsewhere."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(
        b"\x00" + b"".join(b"\xc0\x20\x20" if x < width // 2 else b"\x20\x40\xc0" for x in range(width))
        for _y in range(height)
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def _player(browser: Any, demo: Demo, name: str) -> Any:
    """A player on a phone of their own, joined by the join link, on the table page."""
    context = browser.new_context(**PHONE, locale="fr-FR")
    page = context.new_page()
    page.goto(demo.local(demo.join_link))
    page.get_by_label("Votre nom").fill(name)
    page.locator("form button[type=submit].primary").click()
    page.locator("a.continue").click()
    page.wait_for_url(TABLE_PAGE)
    return page


def _open_chat(page: Any) -> Any:
    """The table page's chat drawer, opened by one tap when the phone folded it."""
    drawer = page.locator("#chat-drawer")
    if drawer.get_attribute("open") is None:
        drawer.locator("summary").tap()
    expect(page.locator("#chat-panel")).to_be_visible(timeout=WAIT)
    return drawer


def _send(page: Any, text: str, to: str) -> None:
    page.locator("#chat-text").fill(text)
    page.locator("#chat-to").select_option(label=to)
    page.get_by_role("button", name="Envoyer").click()
    expect(page.locator("#chat-messages")).to_contain_text(text, timeout=WAIT)


def test_a_whisper_reaches_its_addressee_only_and_a_handout_its_reader_only(demo: Demo, browser: Any) -> None:
    gm_context = browser.new_context(**GM_LAPTOP, locale="fr-FR")
    gm = gm_context.new_page()
    gm.goto(demo.local(demo.gm_link))
    gm.wait_for_url(TABLE_PAGE)
    ayla = _player(browser, demo, "Ayla")
    bren = _player(browser, demo, "Bren")
    gm.reload()  # the players are at the table now: the GM's form names them
    for page in (ayla, bren):
        assert page.locator("#chat-drawer").get_attribute("open") is None  # folded on a phone
        _open_chat(page)
    _open_chat(gm)
    assert not axe_problems(ayla), axe_problems(ayla)

    _send(gm, "Ayla, tu entends un cliquetis derrière la porte.", "Ayla (murmure)")
    expect(ayla.locator("#chat-messages")).to_contain_text("un cliquetis", timeout=WAIT)
    expect(ayla.locator("#chat-messages")).to_contain_text("murmure à Ayla", timeout=WAIT)
    _send(gm, "Tout le monde : on reprend dans cinq minutes.", "tout le monde")
    expect(bren.locator("#chat-messages")).to_contain_text("on reprend", timeout=WAIT)
    assert "cliquetis" not in bren.content()  # the public message came after it: the whisper never did
    shoot(ayla, "chat-whisper-ayla-phone")
    shoot(bren, "chat-whisper-bren-phone")
    shoot(gm, "chat-whisper-gm-laptop")

    for page in (ayla, bren):
        page.reload()
        _open_chat(page)
    expect(ayla.locator("#chat-messages")).to_contain_text("un cliquetis", timeout=WAIT)
    expect(bren.locator("#chat-messages")).to_contain_text("on reprend", timeout=WAIT)
    assert "cliquetis" not in bren.content()

    gm.locator("summary", has_text="Montrer un document").click()
    gm.get_by_label("Titre").fill("Le plan du manoir")
    gm.get_by_label("Texte (facultatif)").fill("Trouvé dans la poche du majordome.")
    gm.locator("#handout-image").set_input_files(
        files=[{"name": "plan.png", "mimeType": "image/png", "buffer": _png()}]
    )
    gm.get_by_label("Bren", exact=True).check()
    gm.get_by_role("button", name="Le montrer").click()
    expect(gm.locator("#handouts")).to_contain_text("Montré à\u00a0: Bren", timeout=WAIT)
    handout = bren.locator("#handouts .handout", has_text="Le plan du manoir")
    expect(handout).to_be_visible(timeout=WAIT)
    image = handout.locator("img")
    expect(image).to_be_visible(timeout=WAIT)
    bren.wait_for_function("img => img.complete && img.naturalWidth === 24", arg=image.element_handle())
    _send(gm, "Bren, tu peux le lire à voix haute si tu veux.", "tout le monde")
    expect(ayla.locator("#chat-messages")).to_contain_text("à voix haute", timeout=WAIT)
    assert "Le plan du manoir" not in ayla.content()
    source = image.get_attribute("src")
    assert source is not None and re.fullmatch(r"/t/[0-9a-f]+/images/[0-9a-f]+", source)
    refused = ayla.request.get(demo.url + source)  # Ayla's cookies: the image is not hers to see
    assert refused.status == 404
    shoot(bren, "chat-handout-bren-phone")
    shoot(ayla, "chat-handout-ayla-phone")
    bren.reload()
    _open_chat(bren)
    expect(bren.locator("#handouts .handout", has_text="Le plan du manoir")).to_be_visible(timeout=WAIT)
    assert not axe_problems(bren), axe_problems(bren)
    assert bren.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    ayla.reload()  # folded again: a message that comes meanwhile is announced on the drawer's summary
    expect(ayla.locator("#chat-messages")).to_contain_text("à voix haute", timeout=WAIT)
    assert ayla.locator("#chat-drawer").get_attribute("open") is None
    expect(ayla.locator("#chat-unread")).to_be_hidden()
    _send(gm, "Dernier tour avant la pause.", "tout le monde")
    expect(ayla.locator("#chat-unread")).to_be_visible(timeout=WAIT)
    expect(ayla.locator("#chat-unread")).to_have_text("nouveau")
    _open_chat(ayla)
    expect(ayla.locator("#chat-unread")).to_be_hidden()
    expect(ayla.locator("#chat-messages")).to_contain_text("Dernier tour", timeout=WAIT)
    assert not axe_problems(gm), axe_problems(gm)  # the GM's page, with the handout form open

    table = gm.url
    for page in (ayla, bren):  # the evening's journal, as each one may see it
        page.goto(table + "/journal")
        expect(page.locator(".journal")).to_contain_text("on reprend", timeout=WAIT)
        assert not axe_problems(page), axe_problems(page)
    expect(ayla.locator(".journal")).to_contain_text("un cliquetis")
    assert "cliquetis" not in bren.content()
    shoot(ayla, "chat-journal-ayla-phone")
    gm.goto(table + "/chat")
    expect(gm.locator("#chat-messages")).to_contain_text("un cliquetis", timeout=WAIT)
    expect(gm.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)
    assert not axe_problems(gm), axe_problems(gm)
    shoot(gm, "chat-page-gm-laptop")
    for page in (gm, ayla, bren):
        page.context.close()
