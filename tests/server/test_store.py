"""The database: migrations match the models, a newer database is refused, SQLite is tuned for
durability, and a table survives export and import."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from meneur.errors import BadInputError
from meneur.server.db import head_revision, make_engine, upgrade
from meneur.server.models import Base
from meneur.server.store import Store
from meneur.server.transfer import export_table, import_table
from tests.inprocess import TestClient
from tests.server.conftest import Table, ready_database_url, start_fight

SRC = Path(__file__).resolve().parents[2] / "src"


def test_migrations_build_exactly_the_models(tmp_path: Path) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    upgrade(engine)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    engine.dispose()


def test_a_database_from_a_newer_meneur_is_refused(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    upgrade(engine)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(BadInputError, match="9999"):
        upgrade(engine)
    engine.dispose()


def test_a_database_at_the_head_migration_is_not_migrated_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restart (and every test's copied database) reads the version table and stops there."""
    from alembic import command

    runs: list[str] = []
    original = command.upgrade

    def counted(config: object, revision: str, **options: object) -> None:
        runs.append(revision)
        original(config, revision, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(command, "upgrade", counted)
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    upgrade(engine)
    assert runs == ["head"]
    upgrade(engine)
    assert runs == ["head"]
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == head_revision()
    engine.dispose()


def test_the_head_read_from_the_scripts_is_alembics_own_and_a_fresh_database_has_none(
    tmp_path: Path,
) -> None:
    from meneur.server.db import current_revision, migration_scripts

    assert head_revision() == migration_scripts().get_current_head()
    engine = make_engine(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    assert current_revision(engine) is None
    upgrade(engine)
    assert current_revision(engine) == head_revision()
    engine.dispose()


def test_a_server_whose_database_is_up_to_date_starts_without_importing_alembic(tmp_path: Path) -> None:
    url = ready_database_url(tmp_path)
    probe = (
        "import sys\n"
        "from meneur.server.db import make_engine, upgrade\n"
        f"upgrade(make_engine({url!r}))\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'alembic'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
    )
    assert done.stdout.strip() == "[]", done.stdout


def test_a_tests_ready_database_is_a_migrated_copy(tmp_path: Path) -> None:
    url = ready_database_url(tmp_path)
    engine = make_engine(url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == head_revision()
        assert connection.execute(text("SELECT count(*) FROM tables")).scalar() == 0
    engine.dispose()


def test_sqlite_runs_in_wal_with_synchronous_full(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    with engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    engine.dispose()


def _played(client: TestClient, table: Table) -> str:
    sid = start_fight(client, table)
    for version, command in enumerate(
        (
            {"attack": {"actor": "Ayla", "target": "Ghoul"}},
            "rest",
            {"attack": {"actor": "Bren", "target": "Ghoul"}},
        )
    ):
        answer = client.post(
            f"/api/v1/sessions/{sid}/commands",
            json={"command": command, "version": version},
            headers=table.gm.headers,
        )
        assert answer.status_code == 200
    client.post(f"/api/v1/sessions/{sid}/undo", json={"version": 3}, headers=table.gm.headers)
    client.post(
        f"/api/v1/tables/{table.id}/rolls",
        json={"expression": "1d6", "visibility": "gm"},
        headers=table.ayla.headers,
    )
    return sid


def test_export_then_import_gives_the_same_table(client: TestClient, table: Table) -> None:
    sid = _played(client, table)
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    with store.reader() as db:
        exported = export_table(db, table.id)
    assert "token" not in json.dumps(exported) and table.gm.token not in json.dumps(exported)
    with store.writer() as db:
        created = import_table(db, json.loads(json.dumps(exported)))
    gm = {"Authorization": f"Bearer {created['gm_token']}"}
    copy = client.get(f"/api/v1/tables/{created['id']}", headers=gm).json()
    assert [s["version"] for s in copy["sessions"]] == [2]
    before = client.get(f"/api/v1/sessions/{sid}", headers=table.gm.headers).json()["state"]
    after = client.get(f"/api/v1/sessions/{copy['sessions'][0]['id']}", headers=gm).json()["state"]
    assert before == after
    with store.reader() as db:
        again = export_table(db, created["id"])
    assert again["sessions"][0]["log"] == exported["sessions"][0]["log"]
    assert len(again["rolls"]) == 1 and len(again["characters"]) == 2


def test_import_refuses_a_log_that_does_not_replay(client: TestClient, table: Table) -> None:
    _played(client, table)
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    with store.reader() as db:
        exported = export_table(db, table.id)
    exported["sessions"][0]["log"][0]["events"] = [{"explode": {}}]
    with pytest.raises(BadInputError, match="ne se rejoue pas"), store.writer() as db:
        import_table(db, exported)
    with store.reader() as db:
        assert db.execute(text("SELECT count(*) FROM tables")).scalar() == 2  # nothing was written


def test_cli_export_and_import(client: TestClient, table: Table, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from meneur.cli.app import build_app

    _played(client, table)
    url = str(client.app.state.store.url)  # type: ignore[attr-defined]
    runner = CliRunner()
    exported = runner.invoke(build_app(), ["table", "export", table.id, "--db", url])
    assert exported.exit_code == 0, exported.output
    path = tmp_path / "table.json"
    path.write_text(exported.stdout, encoding="utf-8")
    imported = runner.invoke(build_app(), ["table", "import", str(path), "--db", url])
    assert imported.exit_code == 0, imported.output
    assert set(json.loads(imported.stdout)) == {"id", "gm_token", "join_code"}
    missing = runner.invoke(build_app(), ["table", "export", "nope", "--db", url])
    assert missing.exit_code == 2


def test_group_commit_takes_back_only_the_failing_job(tmp_path: Path) -> None:
    from concurrent.futures import Future

    from meneur.server.models import Account

    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    store.migrate()

    def add(name: str) -> object:
        def job(db: object) -> str:
            db.add(Account(name=name, password_hash="x"))  # type: ignore[attr-defined]
            db.flush()  # type: ignore[attr-defined]
            return name

        return job

    def fail(db: object) -> str:
        db.add(Account(name="doomed", password_hash="x"))  # type: ignore[attr-defined]
        db.flush()  # type: ignore[attr-defined]
        raise ValueError("conflict")

    futures: list[Future[object]] = [Future(), Future(), Future()]
    store._run([(add("a"), futures[0]), (fail, futures[1]), (add("b"), futures[2])])  # type: ignore[list-item]
    assert futures[0].result() == "a" and futures[2].result() == "b"
    with pytest.raises(ValueError, match="conflict"):
        futures[1].result()
    with store.reader() as db:
        assert sorted(db.execute(text("SELECT name FROM accounts")).scalars()) == ["a", "b"]
    assert store.write(add("c")) == "c"  # through the committing thread
    store.close()


def test_log_lines_are_json_and_never_show_a_token() -> None:
    import logging

    from meneur.server.logs import JsonFormatter

    record = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        "",
        0,
        '%s - "WebSocket %s" [accepted]',
        ("127.0.0.1:5", "/api/v1/tables/x/live?token=SECRET&after=3"),
        None,
    )
    line = json.loads(JsonFormatter().format(record))
    assert line["level"] == "INFO" and "SECRET" not in line["message"] and "after=3" in line["message"]


def _mode(path: Path) -> int:
    import stat

    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_sqlite_database_is_private_to_its_user(tmp_path: Path) -> None:
    """Issue 17, item 8: the database was 0644 in a 0755 folder, its -wal and -shm too."""
    path = tmp_path / "data" / "tables.sqlite3"
    store = Store(f"sqlite:///{path}")
    store.migrate()
    with store.writer() as writer:  # a write: SQLite makes its -wal and -shm files
        writer.execute(text("INSERT INTO accounts (name, password_hash) VALUES ('gm', 'x')"))
    made = [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
    assert all(file.exists() for file in made)
    assert _mode(path.parent) == 0o700
    assert [_mode(file) for file in made] == [0o600] * 3
    store.close()


def test_an_existing_readable_database_is_tightened_with_a_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "tables.sqlite3"
    Store(f"sqlite:///{path}").close()
    path.chmod(0o644)
    with caplog.at_level("WARNING", logger="meneur.server.db"):
        store = Store(f"sqlite:///{path}")
    assert _mode(path) == 0o600
    assert any(str(path) in line and "0644" in line for line in caplog.messages)
    store.close()
