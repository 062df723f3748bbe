"""``meneur serve --check``: 0 when the settings and the database are ready, else 2 with each
problem and its fix, in the user's language; the check writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from meneur.server.app import build_app
from meneur.server.config import Settings
from meneur.server.db import make_engine
from tests.cli_helpers import run_cli
from tests.inprocess import TestClient
from tests.server.conftest import database_url

STRONG = "0123456789abcdef0123456789abcdef"


def started(url: str) -> str:
    """``url`` once a server has started on it (migrated, its key made)."""
    app = build_app(Settings(db=url))
    with TestClient(app):
        pass
    app.state.store.close()
    return url


@pytest.fixture
def ready(tmp_path: Path) -> str:
    return started(database_url(tmp_path))


def test_a_ready_database_passes(ready: str) -> None:
    answer = run_cli(["serve", "--check", "--db", ready], lang="en")
    assert answer.exit_code == 0, answer.stderr
    assert "ready" in answer.stdout
    assert answer.stderr == ""


def test_a_database_never_started_fails_with_the_fix(tmp_path: Path) -> None:
    url = database_url(tmp_path)
    for lang, fix in (
        ("en", "Run meneur serve once without --check"),
        ("fr", "Lancez meneur serve une fois"),
    ):
        answer = run_cli(["serve", "--check", "--db", url], lang=lang)
        assert answer.exit_code == 2
        assert fix in answer.stderr
    if url.startswith("sqlite"):
        assert not (tmp_path / "tables.sqlite3").exists()  # the check made nothing


def test_a_database_behind_or_ahead_fails(ready: str) -> None:
    engine = make_engine(ready)
    try:
        with engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = '0001'"))
        behind = run_cli(["serve", "--check", "--db", ready], lang="en")
        with engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = '9999_future'"))
        ahead = run_cli(["serve", "--check", "--db", ready], lang="en")
    finally:
        engine.dispose()
    assert behind.exit_code == 2 and "is at migration 0001" in behind.stderr
    assert ahead.exit_code == 2 and "newer version of meneur" in ahead.stderr
    assert "Upgrade meneur" in ahead.stderr


def test_a_database_without_its_key_fails(ready: str) -> None:
    engine = make_engine(ready)
    try:
        with engine.begin() as connection:
            connection.execute(text("DELETE FROM server_secrets"))
    finally:
        engine.dispose()
    answer = run_cli(["serve", "--check", "--db", ready], lang="en")
    assert answer.exit_code == 2
    assert "no key for the forms' tokens" in answer.stderr


def test_an_unreachable_database_fails() -> None:
    answer = run_cli(
        ["serve", "--check", "--db", "postgresql+psycopg://meneur:secret@127.0.0.1:1/none"], lang="en"
    )
    assert answer.exit_code == 2
    assert "does not answer" in answer.stderr
    assert "secret" not in answer.stderr  # the password is never shown


def test_settings_that_cannot_run_fail(ready: str, monkeypatch: pytest.MonkeyPatch) -> None:
    answer = run_cli(["serve", "--check", "--db", ready, "--host", "0.0.0.0"], lang="en")
    assert answer.exit_code == 2
    assert "without an admin token" in answer.stderr and "MENEUR_ADMIN_TOKEN" in answer.stderr
    monkeypatch.setenv("MENEUR_ADMIN_TOKEN", "short")
    monkeypatch.setenv("MENEUR_TRUSTED_PROXIES", "10.0.0.1,not-an-address")
    answer = run_cli(["serve", "--check", "--db", ready, "--host", "0.0.0.0"], lang="en")
    assert answer.exit_code == 2
    assert "fewer than 16 characters" in answer.stderr
    assert "not-an-address" in answer.stderr and "10.0.0.1 " not in answer.stderr
    monkeypatch.setenv("MENEUR_ADMIN_TOKEN", STRONG)
    monkeypatch.setenv("MENEUR_TRUSTED_PROXIES", "10.0.0.1")
    answer = run_cli(["serve", "--check", "--db", ready, "--host", "0.0.0.0"], lang="en")
    assert answer.exit_code == 0, answer.stderr


def test_a_server_behind_a_proxy_needs_an_admin_token(ready: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """On loopback behind a proxy, the clients are whoever the proxy serves: nobody may create a
    table without an account or the admin token (docs/deploy.md)."""
    monkeypatch.setenv("MENEUR_TRUSTED_PROXIES", "127.0.0.1")
    answer = run_cli(["serve", "--check", "--db", ready], lang="en")
    assert answer.exit_code == 2
    assert "trusts proxies" in answer.stderr and "MENEUR_ADMIN_TOKEN" in answer.stderr
    assert not Settings(host="127.0.0.1", trusted_proxies="127.0.0.1").open_creation
    assert Settings(host="127.0.0.1", trusted_proxies="").open_creation
    monkeypatch.setenv("MENEUR_ADMIN_TOKEN", STRONG)
    assert run_cli(["serve", "--check", "--db", ready], lang="en").exit_code == 0
    app = build_app(Settings(db=ready, trusted_proxies="127.0.0.1"))
    try:
        with TestClient(app, client=("127.0.0.1", 4000)) as proxied:
            refused = proxied.post("/api/v1/tables", json={"name": "T", "system": "toy"})
            assert refused.status_code == 401, refused.text
            made = proxied.post(
                "/api/v1/tables",
                json={"name": "T", "system": "toy"},
                headers={"Authorization": f"Bearer {STRONG}"},
            )
            assert made.status_code == 201, made.text
    finally:
        app.state.store.close()


def test_a_setting_that_does_not_read_fails(ready: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MENEUR_BACKUP_EVERY", "soon")
    answer = run_cli(["serve", "--check", "--db", ready], lang="en")
    assert answer.exit_code == 2
    assert "settings are not valid" in answer.stderr and "backup_every" in answer.stderr
