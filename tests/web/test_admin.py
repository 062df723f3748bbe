"""The operator's page (``/admin``): the admin token opens it (form or bearer), a wrong one does
not, and it shows the server's version, tables, connected screens, sessions, database size and
last backup, in French and English."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest

from meneur import __version__
from meneur.server.app import build_app
from meneur.server.backup import backup
from meneur.server.config import Settings
from tests.inprocess import TestClient
from tests.server.conftest import new_table, ready_database_url, start_fight
from tests.web.forms import csrf

ADMIN = "the-operator-token-of-this-server"
NBSP = "\u00a0"


@pytest.fixture
def operated(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(
        db=ready_database_url(tmp_path), admin_token=ADMIN, backup_dir=str(tmp_path / "backups")
    )
    app = build_app(settings)
    with TestClient(app) as client:
        yield client
    app.state.store.close()


def sign_in(client: TestClient, token: str = ADMIN) -> object:
    return client.post(
        "/admin", data={"token": token, "csrf": csrf(client, "/admin")}, follow_redirects=False
    )


def test_without_an_admin_token_the_page_says_how_to_open_it(web: TestClient) -> None:
    page = web.get("/admin", headers={"Accept-Language": "en"})
    assert page.status_code == 404 and "set MENEUR_ADMIN_TOKEN" in page.text
    assert web.post("/admin", data={"token": "", "csrf": csrf(web, "/")}).status_code == 404


def test_the_page_needs_the_admin_token(operated: TestClient) -> None:
    page = operated.get("/admin")
    assert page.status_code == 401 and 'name="token"' in page.text and "data-figure" not in page.text
    wrong = sign_in(operated, "not-it")
    assert wrong.status_code == 401  # type: ignore[attr-defined]
    assert "Ce n'est pas le jeton d'administration du serveur." in html.unescape(wrong.text)  # type: ignore[attr-defined]
    assert "meneur_admin" not in operated.cookies
    no_csrf = operated.post("/admin", data={"token": ADMIN, "csrf": "forged"})
    assert no_csrf.status_code == 403 and "meneur_admin" not in operated.cookies


def test_wrong_tokens_are_limited_per_address(operated: TestClient) -> None:
    codes = [sign_in(operated, "guess").status_code for _ in range(11)]  # type: ignore[attr-defined]
    assert codes[:10] == [401] * 10 and codes[10] == 429
    assert sign_in(operated).status_code == 429  # type: ignore[attr-defined]


def test_the_operator_sees_the_server(operated: TestClient, tmp_path: Path) -> None:
    table = new_table(operated)
    start_fight(operated, table)
    signed = sign_in(operated)
    assert signed.status_code == 303  # type: ignore[attr-defined]
    cookie = operated.cookies.get("meneur_admin")
    assert cookie and ADMIN not in cookie  # the cookie holds a proof, never the token
    with operated.websocket_connect(f"/api/v1/tables/{table.id}/live?token={table.gm.token}") as live:
        live.receive_json()
        page = operated.get("/admin", headers={"Accept-Language": "en"})
    assert page.status_code == 200
    text = page.text
    assert f'data-figure="version">meneur {__version__}<' in text
    assert 'data-figure="tables">1<' in text
    assert 'data-figure="connected">1<' in text
    assert "1 stored, 1 in memory" in text
    assert " MiB" in text and "none yet" in text
    assert (
        f'<tr data-table="{table.id}"><td>Mardi soir</td><td>toy</td><td>1</td><td>1</td><td>1</td></tr>'
        in text
    )
    backup(operated.app.state.store.engine, tmp_path / "backups" / "meneur-20260101T000000.000000Z.sqlite3")  # type: ignore[attr-defined]
    french = operated.get("/admin").text
    assert "meneur-20260101T000000.000000Z.sqlite3" in french
    assert "Dernière sauvegarde" in french and "1 enregistrées, 1 en mémoire" in french
    assert "Mio" in french
    out = operated.post("/admin/out", data={"csrf": csrf(operated, "/admin")}, follow_redirects=False)
    assert out.status_code == 303 and "meneur_admin" not in operated.cookies
    assert operated.get("/admin").status_code == 401


def test_a_script_opens_the_page_with_the_bearer_token(operated: TestClient) -> None:
    page = operated.get("/admin", headers={"Authorization": f"Bearer {ADMIN}"})
    assert page.status_code == 200 and 'data-figure="tables">0<' in page.text
    assert operated.get("/admin", headers={"Authorization": "Bearer nope"}).status_code == 401
