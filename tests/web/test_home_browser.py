"""A server that listens beyond loopback, in Chromium: a GM signs in and creates a table, a player
joins on a phone and imports a character file, the GM's "my tables" lists the table (axe on each
page). The server listens on 127.0.0.2, a loopback address meneur does not count as one, so it asks
for GM accounts while the test stays on this machine."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests import loopback as httpx
from tests.server.process import free_port
from tests.web.browser import LAPTOP, PHONE, ROOT, clean, playwright

playwright_api = playwright()

expect = playwright_api.expect
pytestmark = pytest.mark.browser
WAIT = 10_000
ADMIN = "the-admin-token-of-this-instance"
HERO = ROOT / "src/meneur/systems/energy/catalogue/heroes/wink.yaml"


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]
    log: Any


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("public")
    port = free_port()
    command = [
        str(Path(sys.executable).parent / "meneur"),
        "serve",
        "--host",
        "127.0.0.2",
        "--port",
        str(port),
    ]
    command += ["--db", f"sqlite:///{folder / 'tables.sqlite3'}"]
    env = {
        **os.environ,
        "MENEUR_LANG": "fr",
        "MENEUR_ADMIN_TOKEN": ADMIN,
        "PYTHONPATH": os.pathsep.join((str(ROOT / "src"), str(ROOT))),
    }
    log = tempfile.NamedTemporaryFile(prefix="meneur-public-", suffix=".log", delete=False)  # noqa: SIM115
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True
    )
    url = f"http://127.0.0.2:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(Path(log.name).read_text(encoding="utf-8", errors="replace"))
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    yield Server(url, process, log)
    os.killpg(process.pid, signal.SIGINT)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    log.close()


def _sign_in(page: Any, server: Server, password: str = "cor-de-chasse") -> None:
    page.goto(server.url + "/")
    page.get_by_label("Nom du compte").fill("Morgane")
    page.get_by_label("Mot de passe", exact=True).fill(password)
    page.get_by_role("button", name="Se connecter").click()


def test_a_gm_signs_in_creates_a_table_and_a_player_joins_with_a_file(server: Server, browser: Any) -> None:
    made = httpx.post(
        server.url + "/api/v1/accounts",
        json={"name": "Morgane", "password": "cor-de-chasse"},
        headers={"Authorization": f"Bearer {ADMIN}"},
    )
    assert made.status_code == 201, made.text
    gm = browser.new_context(**LAPTOP, locale="fr-FR").new_page()
    gm.goto(server.url + "/")
    expect(gm.get_by_role("button", name="Créer la table")).to_have_count(0)  # sign in first
    clean(gm, "home-sign-in")
    _sign_in(gm, server, password="wrong")
    expect(gm.locator("#password-error")).to_contain_text("Aucun compte de MJ", timeout=WAIT)
    clean(gm, "home-sign-in-refused")
    _sign_in(gm, server)
    expect(gm.get_by_text("Connecté au compte Morgane")).to_be_visible(timeout=WAIT)
    gm.get_by_label("Nom de la table").fill("Mardi")
    gm.get_by_label("Système").select_option("energy")
    gm.get_by_role("button", name="Créer la table").click()
    expect(gm.get_by_role("heading", name="Mardi")).to_be_visible(timeout=WAIT)
    link = gm.locator(".join a.join-link").first.inner_text()
    assert link.startswith(server.url + "/join/")
    clean(gm, "table-gm-public")

    player = browser.new_context(**PHONE, locale="fr-FR").new_page()
    player.goto(link)
    clean(player, "join-phone")
    player.get_by_label("Votre nom").fill("Ayla")
    player.locator("form button[type=submit].primary").click()
    expect(player.get_by_role("heading", name="Votre personnage — Mardi")).to_be_visible(timeout=WAIT)
    clean(player, "character-phone")
    player.get_by_label("Un fichier de personnage (YAML ou JSON)").set_input_files(
        {"name": "wink.yaml", "mimeType": "application/yaml", "buffer": b"name: [WINK"}
    )
    player.get_by_role("button", name="Importer").click()
    expect(player.locator("#import-error")).to_be_visible(timeout=WAIT)  # nothing stored, the reason shown
    clean(player, "character-refused-phone")
    player.get_by_label("Un fichier de personnage (YAML ou JSON)").set_input_files(str(HERO))
    player.get_by_role("button", name="Importer").click()
    expect(player.locator(".characters")).to_contain_text("WINK — le vôtre", timeout=WAIT)
    clean(player, "table-player-phone")

    gm.goto(server.url + "/")
    mine = gm.locator(".my-tables")
    expect(mine).to_contain_text("Mardi")
    expect(mine).to_contain_text("vous êtes GM (meneur de jeu)")
    clean(gm, "home-my-tables")
    # another browser of the same GM: the account's table once signed in
    elsewhere = browser.new_context(**PHONE, locale="fr-FR").new_page()
    _sign_in(elsewhere, server)
    elsewhere.locator(".my-tables a", has_text="Mardi").click()
    expect(elsewhere.locator(".characters")).to_contain_text("WINK — Ayla", timeout=WAIT)
    clean(elsewhere, "table-gm-elsewhere-phone")


def test_a_gm_changes_the_password_on_a_phone_and_the_other_browser_is_signed_out(
    server: Server, browser: Any
) -> None:
    made = httpx.post(
        server.url + "/api/v1/accounts",
        json={"name": "Blanche", "password": "brume-du-col"},
        headers={"Authorization": f"Bearer {ADMIN}"},
    )
    assert made.status_code == 201, made.text
    laptop = browser.new_context(**LAPTOP, locale="fr-FR").new_page()
    phone = browser.new_context(**PHONE, locale="fr-FR").new_page()
    for page in (laptop, phone):
        page.goto(server.url + "/")
        page.get_by_label("Nom du compte").fill("Blanche")
        page.get_by_label("Mot de passe", exact=True).fill("brume-du-col")
        page.get_by_role("button", name="Se connecter").click()
        expect(page.get_by_text("Connecté au compte Blanche")).to_be_visible(timeout=WAIT)
    phone.get_by_role("link", name="Votre compte : son mot de passe et ses navigateurs").click()
    expect(phone.get_by_role("heading", name="Compte de MJ Blanche")).to_be_visible(timeout=WAIT)
    expect(phone.get_by_text("Autres navigateurs connectés à ce compte : 1.")).to_be_visible()
    clean(phone, "account-phone")
    phone.get_by_label("Mot de passe actuel").fill("brume-du-col")
    phone.get_by_label("Nouveau mot de passe", exact=True).fill("givre-et-loups")
    phone.get_by_label("Nouveau mot de passe, encore une fois").fill("givre-et-loup")
    phone.get_by_role("button", name="Changer le mot de passe").click()
    expect(phone.locator("#new_password_again-error")).to_contain_text("diffèrent", timeout=WAIT)
    clean(phone, "account-refused-phone")
    phone.get_by_label("Mot de passe actuel").fill("brume-du-col")
    phone.get_by_label("Nouveau mot de passe", exact=True).fill("givre-et-loups")
    phone.get_by_label("Nouveau mot de passe, encore une fois").fill("givre-et-loups")
    phone.get_by_role("button", name="Changer le mot de passe").click()
    expect(phone.get_by_role("status")).to_contain_text("Votre mot de passe est changé", timeout=WAIT)
    expect(phone.get_by_text("Aucun autre navigateur n'est connecté à ce compte.")).to_be_visible()
    clean(phone, "account-changed-phone")
    laptop.goto(server.url + "/account")  # the other browser is signed out
    expect(laptop.get_by_role("heading", name="Vous n'êtes connecté à aucun compte de MJ")).to_be_visible(
        timeout=WAIT
    )
    clean(laptop, "account-signed-out")
