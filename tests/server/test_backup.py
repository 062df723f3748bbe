"""``meneur backup`` and ``meneur restore``: a copy taken mid-fight while the real server runs comes
back into a fresh database and every session replays to the state it had; a damaged backup or one
whose log does not replay is refused and changes nothing."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, func, select, update

from meneur.engine import Session
from meneur.errors import BadInputError
from meneur.server.app import build_app
from meneur.server.backup import backup, backup_age, backups_in, is_empty, restore, scheduled_backup
from meneur.server.config import Settings
from meneur.server.db import make_engine
from meneur.server.games import stored_log
from meneur.server.models import EVENTS, CommandRow, GameSession
from tests import loopback as httpx
from tests.inprocess import TestClient
from tests.server.conftest import database_url, ready_database_url
from tests.server.process import ServerProcess
from tests.server.test_process import seat

pytestmark = pytest.mark.subprocess


@pytest.fixture
def db(tmp_path: Path) -> str:
    return ready_database_url(tmp_path / "live")


@pytest.fixture
def server(db: str) -> Iterator[ServerProcess]:
    """The real server on ``db``, for a backup taken while it serves."""
    process = ServerProcess(db).start()
    yield process
    process.stop()


class Live:
    """The app on ``db`` in this process, for the tests whose point is what a backup holds or what
    a restore refuses, not a server serving beside it (starting one costs seconds of CPU)."""

    def __init__(self, db: str) -> None:
        self.app = build_app(Settings(db=db))
        self.client = TestClient(self.app).__enter__()

    def seat(self) -> tuple[str, dict[str, str], str]:
        return seat("", self.client)

    def play(self, sid: str, headers: dict[str, str]) -> int:
        """One blow of A on B, as the fight's first command: its answer's status."""
        command = {"command": {"attack": {"actor": "A", "target": "B"}}, "version": 0}
        return self.client.post(f"/api/v1/sessions/{sid}/commands", json=command, headers=headers).status_code

    def stop(self) -> None:
        if self.client is not None:
            self.client.__exit__(None, None, None)
            self.app.state.store.close()
            self.client = None  # type: ignore[assignment]


@pytest.fixture
def live(db: str) -> Iterator[Live]:
    app = Live(db)
    yield app
    app.stop()


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Engine]:
    engine = make_engine(database_url(tmp_path / "fresh"))
    yield engine
    engine.dispose()


def play(
    server: ServerProcess, headers: dict[str, str], sid: str, stop: threading.Event, done: list[int]
) -> None:
    with httpx.Client(base_url=server.url, headers=headers, timeout=10) as client:
        version = 0
        while not stop.is_set():
            command = {
                "attack": {"actor": "A" if version % 2 else "B", "target": "B" if version % 2 else "A"}
            }
            answer = client.post(
                f"/api/v1/sessions/{sid}/commands", json={"command": command, "version": version}
            )
            assert answer.status_code == 200, answer.text
            version += 1
            done.append(version)


def replayed(engine: Engine) -> dict[str, Session[Any, Any, Any]]:
    """Every stored session replayed in full from its log."""
    from sqlalchemy.orm import Session as Db

    with Db(engine) as db:
        return {
            row.id: Session.replay(row.kind, row.setup, stored_log(db, row.id))
            for row in db.scalars(select(GameSession))
        }


def test_a_backup_taken_mid_fight_restores_and_replays_every_session(
    server: ServerProcess, db: str, fresh: Engine, tmp_path: Path
) -> None:
    _table, headers, sid = seat(server.url)
    _other, other_headers, quiet = seat(server.url)
    stop = threading.Event()
    done: list[int] = []
    player = threading.Thread(target=play, args=(server, headers, sid, stop, done))
    player.start()
    try:
        while len(done) < 20:
            player.join(0.01)
        live = make_engine(db)
        try:
            path = backup(live, tmp_path / "mid-fight.backup")  # while commands keep coming
        finally:
            live.dispose()
        time.sleep(0.2)  # and go on a while after it
    finally:
        stop.set()
        player.join()
    assert path.stat().st_mode & 0o077 == 0
    counted = restore(path, fresh)
    assert counted["sessions"] == 2 and counted["tables"] == 2 and counted["replaced"] is None
    restored = replayed(fresh)
    assert set(restored) == {sid, quiet}
    cut = restored[sid].version
    assert 20 <= cut < len(done)  # a moment mid-fight: the server went on after it
    original = make_engine(db)
    try:
        from sqlalchemy.orm import Session as Db

        with Db(original) as reader:
            row = reader.get(GameSession, sid)
            assert row is not None
            prefix = Session.replay(row.kind, row.setup, stored_log(reader, sid)[:cut])
    finally:
        original.dispose()
    assert restored[sid].state == prefix.state
    # the restored database serves: a server on it goes on with the fight from the cut
    again = ServerProcess(fresh.url.render_as_string(hide_password=False)).start()
    try:
        state = httpx.get(again.url + f"/api/v1/sessions/{sid}", headers=headers).json()
        assert state["version"] == cut
        command = {"command": {"attack": {"actor": "A", "target": "B"}}, "version": cut}
        answer = httpx.post(again.url + f"/api/v1/sessions/{sid}/commands", json=command, headers=headers)
        assert answer.status_code == 200, answer.text
        assert httpx.get(again.url + f"/api/v1/sessions/{quiet}", headers=other_headers).status_code == 200
    finally:
        again.stop()


def test_restore_refuses_a_database_that_holds_data_unless_forced(
    live: Live, db: str, fresh: Engine, tmp_path: Path
) -> None:
    live.seat()
    live = make_engine(db)
    try:
        first = backup(live, tmp_path / "first.backup")
    finally:
        live.dispose()
    restore(first, fresh)
    with pytest.raises(BadInputError, match="--force"):
        restore(first, fresh)
    done = restore(first, fresh, force=True, keep_in=tmp_path / "kept")
    assert done["replaced"] is not None
    kept = Path(done["replaced"])
    assert kept.parent == tmp_path / "kept" and kept.stat().st_size > 0


def corrupt(path: Path) -> None:
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 4096] = b"\xff" * min(4096, len(data) - middle)
    path.write_bytes(bytes(data))


def test_a_damaged_backup_is_refused_and_changes_nothing(
    live: Live, db: str, fresh: Engine, tmp_path: Path
) -> None:
    _table, _headers, sid = live.seat()
    live = make_engine(db)
    try:
        good = backup(live, tmp_path / "good.backup")
        damaged = backup(live, tmp_path / "damaged.backup")
    finally:
        live.dispose()
    corrupt(damaged)
    restore(good, fresh)
    before = replayed(fresh)
    for bad in (damaged, tmp_path / "missing.backup"):
        with pytest.raises(BadInputError):
            restore(bad, fresh, force=True, keep_in=tmp_path / "kept")
    text = tmp_path / "text.backup"
    text.write_text("not a backup\n", encoding="utf-8")
    with pytest.raises(BadInputError, match="backup"):
        restore(text, fresh, force=True, keep_in=tmp_path / "kept")
    after = replayed(fresh)
    assert {k: s.state for k, s in after.items()} == {k: s.state for k, s in before.items()}
    assert sid in after


def test_a_backup_whose_log_does_not_replay_is_refused(
    live: Live, db: str, fresh: Engine, tmp_path: Path
) -> None:
    _table, headers, sid = live.seat()
    assert live.play(sid, headers) == 200
    live.stop()
    live = make_engine(db)
    try:
        with live.begin() as connection:  # an event the engine cannot fold
            connection.execute(update(EVENTS).values(event={"type": "NoSuchEvent"}))
        broken = backup(live, tmp_path / "broken.backup")
    finally:
        live.dispose()
    with pytest.raises(BadInputError, match=sid):
        restore(broken, fresh)
    assert is_empty(fresh)


def test_a_backup_that_misses_commands_is_refused(live: Live, db: str, fresh: Engine, tmp_path: Path) -> None:
    _table, headers, sid = live.seat()
    assert live.play(sid, headers) == 200
    live.stop()
    live = make_engine(db)
    try:
        with live.begin() as connection:
            connection.execute(update(GameSession.__table__).values(version=5))  # type: ignore[arg-type]
        broken = backup(live, tmp_path / "broken.backup")
    finally:
        live.dispose()
    with pytest.raises(BadInputError, match=sid):
        restore(broken, fresh)
    assert is_empty(fresh)


def test_the_schedule_keeps_the_newest_backups(live: Live, db: str, tmp_path: Path) -> None:
    live.seat()
    live = make_engine(db)
    folder = tmp_path / "backups"
    try:
        assert backup_age(folder) is None
        written = [scheduled_backup(live, folder, keep=2) for _ in range(4)]
    finally:
        live.dispose()
    kept = backups_in(folder)
    assert kept == written[-2:]
    age = backup_age(folder)
    assert age is not None and age < 60


def test_the_server_backs_itself_up_on_its_schedule(db: str, tmp_path: Path) -> None:
    folder = tmp_path / "scheduled"
    env = {"MENEUR_BACKUP_EVERY": "1", "MENEUR_BACKUP_KEEP": "2", "MENEUR_BACKUP_DIR": str(folder)}
    process = ServerProcess(db, env=env).start()
    try:
        seat(process.url)
        deadline = time.monotonic() + 30
        seen: set[str] = set()
        while len(seen) < 3:  # three turns of the schedule, at least
            assert time.monotonic() < deadline, f"scheduled backups seen: {seen}"
            seen |= {path.name for path in backups_in(folder)}
            time.sleep(0.1)
    finally:
        process.stop()
    assert len(backups_in(folder)) == 2


def test_the_commands_back_up_and_restore(live: Live, db: str, tmp_path: Path) -> None:
    from tests.cli_helpers import run_cli

    live.seat()
    target = tmp_path / "cli.backup"
    missing = tmp_path / "none" / "tables.sqlite3"
    answer = run_cli(["backup", "--db", f"sqlite:///{missing}", "--to", str(target)], lang="en")
    assert answer.exit_code == 2 and "nothing to back up" in answer.stderr
    assert not missing.exists() and not target.exists()
    answer = run_cli(["backup", "--db", db, "--to", str(target)])
    assert answer.exit_code == 0, answer.output
    assert answer.stdout.strip() == str(target)
    into = database_url(tmp_path / "into")
    answer = run_cli(["restore", str(target), "--db", into], lang="en")
    assert answer.exit_code == 0, answer.output
    assert "Restored: 1 tables, 1 sessions replayed." in answer.stdout
    for lang, words in (("en", "add --force to replace it"), ("fr", "ajoutez --force")):
        answer = run_cli(["restore", str(target), "--db", into], lang=lang)
        assert answer.exit_code == 2
        assert words in answer.stderr
    engine = make_engine(into)
    try:
        with engine.connect() as connection:
            assert connection.scalar(select(func.count()).select_from(CommandRow.__table__)) == 0
    finally:
        engine.dispose()


@pytest.mark.postgresql
@pytest.mark.skipif(
    not os.environ.get("MENEUR_TEST_DB"),
    reason="needs PostgreSQL: scripts/test_postgres.sh starts one and runs this",
)
def test_a_postgresql_backup_is_every_tables_rows_with_the_schema_revision(
    server: ServerProcess, db: str, fresh: Engine, tmp_path: Path
) -> None:
    import json

    from meneur.server.db import head_revision

    _table, headers, sid = seat(server.url)
    command = {"command": {"attack": {"actor": "A", "target": "B"}}, "version": 0}
    assert (
        httpx.post(server.url + f"/api/v1/sessions/{sid}/commands", json=command, headers=headers).status_code
        == 200
    )
    live = make_engine(db)
    try:
        path = backup(live, tmp_path / "pg.backup")
    finally:
        live.dispose()
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert lines[0] == {"meneur": "backup", "format": 1, "revision": head_revision(), "dialect": "postgresql"}
    tables = [line["table"] for line in lines[1:]]
    assert {"tables", "members", "sessions", "commands", "events", "changes"} <= set(tables)
    assert (
        tables.index("tables") < tables.index("members") < tables.index("commands") < tables.index("events")
    )
    assert restore(path, fresh)["sessions"] == 1
    with fresh.begin() as connection:  # the ids go on after the restored ones
        before = connection.scalar(select(func.max(CommandRow.id)))
        connection.execute(
            CommandRow.__table__.insert().values(session_id=sid, version=2, command=None, undone=True)  # type: ignore[attr-defined]
        )
        assert connection.scalar(select(func.max(CommandRow.id))) == (before or 0) + 1


def test_a_backup_removed_between_listing_and_reading_is_left_out(tmp_path: Path) -> None:
    """The schedule keeps only the newest backups while ``/readyz`` or ``serve --check`` lists them:
    a file listed, then gone (here a link to nothing), is not a backup and no error."""
    from meneur.server.backup import PREFIX

    kept = tmp_path / f"{PREFIX}20261203T100000.000000Z.sqlite3"
    kept.write_bytes(b"kept")
    (tmp_path / f"{PREFIX}20261203T100001.000000Z.sqlite3").symlink_to(tmp_path / "removed")
    assert backups_in(tmp_path) == [kept]
