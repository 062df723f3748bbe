"""The table as an installable app: its manifest, its service worker and its offline page, served by
the real app (a test client on a fresh database)."""

from __future__ import annotations

import importlib.util
import json
import re
import struct
from pathlib import Path

from meneur import __version__
from meneur.web.install import shell
from tests.inprocess import TestClient

STATIC = Path(__file__).resolve().parents[2] / "src" / "meneur" / "web" / "static"


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_names_the_app_its_colours_and_its_icons(web: TestClient) -> None:
    answer = web.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    assert answer.headers["content-language"] == "fr"
    found = json.loads(answer.text)
    assert found["short_name"] == "meneur"
    assert found["name"] == "meneur\u00a0: la table de jeu"
    assert found["start_url"] == "/" and found["scope"] == "/"
    assert found["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", found["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", found["background_color"])
    icons = {(icon["sizes"], icon["purpose"]): icon["src"] for icon in found["icons"]}
    assert set(icons) == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("192x192", "maskable"),
        ("512x512", "maskable"),
    }
    for (sizes, _purpose), src in icons.items():
        image = web.get(src)
        assert image.status_code == 200
        assert image.headers["content-type"] == "image/png"
        width, height = _png_size(image.content)
        assert f"{width}x{height}" == sizes


def test_the_manifest_speaks_english_to_an_english_browser(web: TestClient) -> None:
    web.cookies.set("meneur_lang", "en")
    found = web.get("/manifest.webmanifest")
    assert found.headers["content-language"] == "en"
    assert json.loads(found.text)["name"] == "meneur: the game table"


def test_every_page_names_the_manifest_and_registers_the_worker(web: TestClient) -> None:
    page = web.get("/")
    assert page.status_code == 200
    assert page.headers["content-language"] == "fr"
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page.text
    assert f'<script src="/static/install.js?v={__version__}" defer></script>' in page.text
    assert '<meta name="theme-color"' in page.text
    script = web.get(f"/static/install.js?v={__version__}")
    assert script.status_code == 200
    assert 'navigator.serviceWorker.register("/sw.js", { scope: "/" })' in script.text


def test_the_worker_is_served_as_a_script_with_this_version_s_shell(web: TestClient) -> None:
    answer = web.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["cache-control"] == "no-cache"  # an upgrade is seen at the next visit
    assert "__SHELL__" not in answer.text and "__VERSION__" not in answer.text
    listed = json.loads(re.search(r"var SHELL = (\[.*?\]);", answer.text).group(1))  # type: ignore[union-attr]
    assert listed == shell()
    assert f"/static/meneur.css?v={__version__}" in listed and "/offline" in listed
    for path in listed:  # a shell the browser cannot fetch whole would install no worker
        assert web.get(path).status_code == 200, path
    # it keeps nothing but the shell: no page of a table, no answer of the API, no other site
    assert not any(path.startswith(("/api", "/t/", "/join", "http")) for path in listed)
    assert "url.origin !== self.location.origin" in answer.text


def test_the_shell_is_what_the_pages_ask_for(web: TestClient) -> None:
    page = web.get("/").text
    for asked in re.findall(r'(?:href|src)="(/static/[^"]+)"', page):
        if asked.endswith((".css", ".js")) or "?v=" in asked:
            assert asked in shell(), asked


def test_the_offline_page_says_so_and_holds_no_token(web: TestClient) -> None:
    answer = web.get("/offline")
    assert answer.status_code == 200
    assert answer.headers["content-language"] == "fr"
    assert "<h1>Hors ligne</h1>" in answer.text
    assert "csrf" not in answer.text.lower()
    assert "set-cookie" not in answer.headers  # kept by the worker: nothing of this browser's in it
    web.cookies.set("meneur_lang", "en")
    assert "<h1>Offline</h1>" in web.get("/offline").text


def test_the_icons_are_the_ones_the_script_draws() -> None:
    spec = importlib.util.spec_from_file_location("icons", STATIC.parents[3] / "scripts" / "icons.py")
    assert spec is not None and spec.loader is not None
    icons = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(icons)
    die = icons.die
    for size in (192, 512):
        assert (STATIC / "icons" / f"icon-{size}.png").read_bytes() == die(size, maskable=False)
        assert (STATIC / "icons" / f"maskable-{size}.png").read_bytes() == die(size, maskable=True)
