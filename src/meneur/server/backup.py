"""Backups of the whole database, taken while the server runs, and their restore.

A SQLite database is copied through SQLite's online backup API (:meth:`sqlite3.Connection.backup`):
one consistent copy, as of one moment, whatever the server writes meanwhile; the backup is itself a
SQLite database. A PostgreSQL database is exported in one ``REPEATABLE READ`` transaction (every
table as of one moment) as JSON lines: a first line ``{"meneur": "backup", "format", "revision"}``
(the schema's Alembic revision), then one ``{"table", "row"}`` per row, parents before children.

A restore never writes what it has not checked: the backup is first brought into a staging SQLite
file beside it, upgraded to this version's schema, checked (SQLite's ``integrity_check``) and every
session is replayed through the engine (:func:`meneur.server.games.restore` and a full replay of its
log, which must agree with each other and with the stored version). Only then is the target
database replaced; a backup that fails any check changes nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, Integer, MetaData, Table, func, select, text
from sqlalchemy.orm import Session as Db

from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message
from meneur.server.db import PRIVATE_FILE, PRIVATE_FOLDER, make_engine, make_private, sqlite_path

log = logging.getLogger("meneur.server.backup")

SQLITE_MAGIC = b"SQLite format 3\x00"
FORMAT = 1
"""The version of the JSON-lines backup."""
PREFIX = "meneur-"
SUFFIXES = (".sqlite3", ".jsonl")
SKIPPED = frozenset({"alembic_version"})
"""Tables a backup does not carry as rows (the revision is in the header)."""


def _bad(msgid: str, **params: Any) -> BadInputError:
    return BadInputError(Message("server", msgid, params), code="bad_backup")


def backup_name(engine: Engine, moment: datetime | None = None) -> str:
    """A backup's file name: its time in UTC, the suffix of its form."""
    moment = moment or datetime.now(UTC)
    suffix = SUFFIXES[0] if engine.dialect.name == "sqlite" else SUFFIXES[1]
    return f"{PREFIX}{moment.strftime('%Y%m%dT%H%M%S.%fZ')}{suffix}"


def backup(engine: Engine, to: Path) -> Path:
    """Write a consistent copy of the whole database of ``engine`` to ``to`` (0600, written beside
    it first and renamed: a reader never sees half a backup).

    Returns:
        The path written.
    """
    to.parent.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(prefix=".partial-", dir=to.parent)
    os.close(handle)
    os.chmod(partial, PRIVATE_FILE)
    try:
        if engine.dialect.name == "sqlite":
            _backup_sqlite(engine, Path(partial))
        else:
            _export_rows(engine, Path(partial))
        os.replace(partial, to)
    finally:
        Path(partial).unlink(missing_ok=True)
    return to


def _sqlite_of(engine: Engine) -> Any:
    """A raw ``sqlite3`` connection of ``engine`` (the caller closes it)."""
    return engine.raw_connection()


def _backup_sqlite(engine: Engine, to: Path) -> None:
    raw = _sqlite_of(engine)
    try:
        target = sqlite3.connect(to)
        try:
            raw.driver_connection.backup(target)
        finally:
            target.close()
    finally:
        raw.close()


def _tables(engine: Engine) -> list[Table]:
    """Every table of the database, parents before children (its schema as it is, any revision)."""
    found = MetaData()
    found.reflect(engine)
    return [table for table in found.sorted_tables if table.name not in SKIPPED]


def _export_rows(engine: Engine, to: Path) -> None:
    tables = _tables(engine)
    with (
        engine.connect().execution_options(isolation_level="REPEATABLE READ") as connection,
        connection.begin(),
        to.open("w", encoding="utf-8") as out,
    ):
        revision = connection.scalar(text("SELECT version_num FROM alembic_version"))
        header = {"meneur": "backup", "format": FORMAT, "revision": revision, "dialect": engine.dialect.name}
        out.write(json.dumps(header) + "\n")
        for table in tables:
            order = list(table.primary_key.columns) or list(table.columns)
            for row in connection.execute(select(table).order_by(*order)):
                out.write(json.dumps({"table": table.name, "row": dict(row._mapping)}, ensure_ascii=False))
                out.write("\n")


# --- the schedule -------------------------------------------------------------------------------


def default_folder(url: str) -> Path:
    """Where scheduled backups go when the settings name no folder: ``backups`` beside a SQLite
    file, else in meneur's data folder."""
    path = sqlite_path(url) if url.startswith("sqlite") else None
    if path is not None:
        return path.parent / "backups"
    from platformdirs import user_data_dir

    return Path(user_data_dir("meneur", appauthor=False)) / "backups"


def backups_in(folder: Path) -> list[Path]:
    """The backups in ``folder``, oldest first (one the schedule removes meanwhile is left out)."""
    if not folder.is_dir():
        return []
    found: list[tuple[float, str, Path]] = []
    for path in folder.iterdir():
        if path.name.startswith(PREFIX) and path.suffix in SUFFIXES:
            try:
                found.append((path.stat().st_mtime, path.name, path))
            except FileNotFoundError:  # the schedule kept only the newest, between listing and reading
                continue
    return [path for _mtime, _name, path in sorted(found)]


def last_backup(folder: Path) -> Path | None:
    """The newest backup in ``folder``, if any."""
    found = backups_in(folder)
    return found[-1] if found else None


def backup_age(folder: Path, now: float | None = None) -> float | None:
    """Seconds since the newest backup of ``folder`` was written (``None``: there is none)."""
    newest = last_backup(folder)
    if newest is None:
        return None
    return max(0.0, (now if now is not None else time.time()) - newest.stat().st_mtime)


def scheduled_backup(engine: Engine, folder: Path, keep: int) -> Path | None:
    """One backup into ``folder``, then the oldest removed beyond ``keep`` (0: keep them all).
    Several worker processes share the schedule: the one holding the folder's lock writes it, the
    others skip this turn (``None``)."""
    folder.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    with _folder_lock(folder) as held:
        if not held:
            return None
        newest = last_backup(folder)
        written = backup(engine, folder / backup_name(engine))
        if newest is not None and newest.stat().st_mtime >= written.stat().st_mtime:
            os.utime(written)  # same clock tick: the new one is the newest
        if keep > 0:
            for old in backups_in(folder)[:-keep]:
                old.unlink(missing_ok=True)
        log.info("backup written", extra={"backup": str(written)})
        return written


@contextlib.contextmanager
def _folder_lock(folder: Path) -> Iterator[bool]:
    with (folder / ".lock").open("a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


# --- restore ------------------------------------------------------------------------------------


def is_empty(engine: Engine) -> bool:
    """Whether the database holds no row of meneur's (a database never migrated is empty)."""
    with engine.connect() as connection:
        for table in _tables(engine):
            if connection.scalar(select(func.count()).select_from(table)):
                return False
    return True


def restore(path: Path, target: Engine, force: bool = False, keep_in: Path | None = None) -> dict[str, Any]:
    """Bring the backup ``path`` into the database of ``target`` once it has been checked.

    Args:
        path: a backup written by :func:`backup` (SQLite file or JSON lines).
        target: the database to fill; it must be empty unless ``force``.
        force: replace a database that holds data (a backup of it is written first).
        keep_in: the folder of that backup of the replaced database.

    Returns:
        ``{"sessions": n, "tables": n, "replaced": path or None}``.

    Raises:
        BadInputError: the file is no backup, is damaged, its schema is unknown, a session does not
            replay, or the target holds data and ``force`` is not given.
    """
    from meneur.server.db import upgrade

    if not path.is_file():
        raise _bad(N_("No backup at {path}."), path=str(path))
    with tempfile.TemporaryDirectory(prefix="meneur-restore-") as folder:
        staging_path = Path(folder) / "staging.sqlite3"
        staging = _stage(path, staging_path)
        try:
            _intact(staging)  # a damaged file is told as such before a migration reads it
            upgrade(staging)
            counted = _check(staging)
            replaced = None
            if not is_empty(target):
                if not force:
                    raise _bad(
                        N_(
                            "The database already holds tables: restore into an empty database, or add"
                            " --force to replace it (a backup of it is written first)."
                        )
                    )
                folder_of_current = keep_in or default_folder(
                    target.url.render_as_string(hide_password=False)
                )
                replaced = str(backup(target, folder_of_current / f"before-restore-{backup_name(target)}"))
            _replace(staging, target)
        finally:
            staging.dispose()
    return {**counted, "replaced": replaced}


def _stage(path: Path, staging_path: Path) -> Engine:
    """The backup ``path`` as a SQLite database at ``staging_path`` (at the backup's revision)."""
    with path.open("rb") as file:
        start = file.read(len(SQLITE_MAGIC))
    make_private(staging_path)
    if start == SQLITE_MAGIC:
        source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            copy = sqlite3.connect(staging_path)
            try:
                source.backup(copy)
            finally:
                copy.close()
        except sqlite3.DatabaseError:
            raise _bad(N_("The backup {path} is damaged: SQLite cannot read it."), path=str(path)) from None
        finally:
            source.close()
        return make_engine(f"sqlite:///{staging_path}", {"pool_size": 1, "max_overflow": 1})
    return _stage_rows(path, staging_path)


def _stage_rows(path: Path, staging_path: Path) -> Engine:
    """A JSON-lines backup loaded into a staging SQLite file at the backup's schema revision."""
    from alembic import command

    from meneur.server.db import _alembic_config

    staging = make_engine(f"sqlite:///{staging_path}", {"pool_size": 1, "max_overflow": 1})
    try:
        with path.open(encoding="utf-8") as lines:
            header = _header(path, lines.readline())
            revision = header["revision"]
            _known_revision(revision)
            command.upgrade(_alembic_config(staging), revision)
            tables = {table.name: table for table in _tables(staging)}
            with staging.begin() as connection:
                for number, line in enumerate(lines, start=2):
                    _insert_line(connection, tables, path, number, line)
    except UnicodeDecodeError:
        staging.dispose()
        raise _bad(N_("{path} is not a meneur backup."), path=str(path)) from None
    except BaseException:
        staging.dispose()
        raise
    return staging


def _header(path: Path, line: str) -> dict[str, Any]:
    try:
        header = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        header = None
    if not isinstance(header, dict) or header.get("meneur") != "backup" or "revision" not in header:
        raise _bad(N_("{path} is not a meneur backup."), path=str(path))
    if header.get("format") != FORMAT:
        raise _bad(
            N_("The backup {path} has format {found}; this version of meneur reads format {known}."),
            path=str(path),
            found=header.get("format"),
            known=FORMAT,
        )
    return header


def _known_revision(revision: Any) -> None:
    from meneur.server.db import migration_scripts

    script = migration_scripts()
    try:
        found = script.get_revision(str(revision))
    except Exception:
        found = None
    if found is None:
        raise _bad(
            N_("The backup was written by a newer version of meneur (migration {revision}); upgrade meneur."),
            revision=str(revision),
        )


def _insert_line(connection: Any, tables: dict[str, Table], path: Path, number: int, line: str) -> None:
    if not line.strip():
        return
    try:
        item = json.loads(line)
        table = tables[item["table"]]
        connection.execute(table.insert().values(**item["row"]))
    except (ValueError, KeyError, TypeError, MeneurError) as error:
        raise _bad(N_("The backup {path} is damaged at line {line}."), path=str(path), line=number) from error
    except Exception as error:  # the database refused the row (a constraint, a column it lacks)
        raise _bad(N_("The backup {path} is damaged at line {line}."), path=str(path), line=number) from error


def _check(staging: Engine) -> dict[str, int]:
    """SQLite's integrity check, then every session replayed (see the module's documentation)."""
    _intact(staging)
    return replay_every_session(staging)


def _intact(staging: Engine) -> None:
    """Refuse a staged backup that SQLite cannot read or whose integrity check fails."""
    from sqlalchemy.exc import DatabaseError

    try:
        with staging.connect() as connection:
            verdict = connection.exec_driver_sql("PRAGMA integrity_check").scalar()
            problems = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    except DatabaseError:
        raise _bad(N_("The backup is damaged: SQLite cannot read it.")) from None
    if verdict != "ok" or problems:
        raise _bad(
            N_("The backup is damaged: SQLite's integrity check fails ({detail})."), detail=str(verdict)
        )


def replay_every_session(engine: Engine) -> dict[str, int]:
    """Replay every stored session through the engine (the server's own restore and a full replay
    of the log; both must give the stored version and the same state).

    Returns:
        ``{"sessions": n, "tables": n}``.

    Raises:
        BadInputError: a session does not replay (named, with the engine's reason).
    """
    from meneur.engine import Session
    from meneur.server.games import restore as load_session
    from meneur.server.games import stored_log
    from meneur.server.models import GameSession, GameTable

    sessions = 0
    with Db(engine) as db:
        tables = db.scalar(select(func.count()).select_from(GameTable)) or 0
        for row in db.scalars(select(GameSession).order_by(GameSession.id)):
            try:
                loaded = load_session(db, row)
                replayed = Session.replay(row.kind, row.setup, stored_log(db, row.id))
            except MeneurError as error:
                raise _bad(
                    N_("Session {session} of the backup does not replay: {reason}"),
                    session=row.id,
                    reason=error.render(),
                ) from None
            except Exception as error:  # an unknown kind, a log the engine cannot read at all
                raise _bad(
                    N_("Session {session} of the backup does not replay: {reason}"),
                    session=row.id,
                    reason=f"{type(error).__name__}: {error}",
                ) from None
            if replayed.version != row.version or loaded.state != replayed.state:
                raise _bad(
                    N_(
                        "Session {session} of the backup does not replay: its log has {found} commands, not {stored}."
                    ),
                    session=row.id,
                    found=replayed.version,
                    stored=row.version,
                )
            sessions += 1
    return {"sessions": sessions, "tables": int(tables)}


def _replace(staging: Engine, target: Engine) -> None:
    """Make ``target`` hold exactly what ``staging`` holds (both at this version's schema)."""
    if target.dialect.name == "sqlite":
        source = _sqlite_of(staging)
        destination = _sqlite_of(target)
        try:
            source.driver_connection.backup(destination.driver_connection)
        finally:
            destination.close()
            source.close()
        return
    from meneur.server.db import upgrade

    upgrade(target)
    tables = _tables(target)
    rows = {table.name: table for table in _tables(staging)}
    with staging.connect() as reading, target.begin() as writing:
        for table in reversed(tables):
            writing.execute(table.delete())
        for table in tables:
            found = [dict(row._mapping) for row in reading.execute(select(rows[table.name]))]
            if found:
                writing.execute(table.insert(), found)
            _advance_sequence(writing, table)


def _advance_sequence(connection: Any, table: Table) -> None:
    """PostgreSQL: the table's id sequence (when it has one) past the ids restored."""
    column = table.columns.get("id")
    if column is None or not isinstance(column.type, Integer):
        return
    connection.execute(
        text(
            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'),"
            f" COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"
        )
    )


async def every(engine: Engine, folder: Path, seconds: float, keep: int) -> None:
    """Write a backup every ``seconds`` until cancelled (a failed one is logged and retried at the
    next turn: the server goes on serving)."""
    import asyncio

    while True:
        await asyncio.sleep(seconds)
        try:
            await asyncio.to_thread(scheduled_backup, engine, folder, keep)
        except Exception:
            log.exception("the scheduled backup failed")


def schedule(settings: Any, engine: Engine) -> Any:
    """The running schedule of the settings' backups (an :class:`asyncio.Task` to cancel), or
    ``None`` when ``backup_every`` is 0."""
    import asyncio

    if not settings.backup_every:
        return None
    return asyncio.create_task(
        every(engine, settings.backup_folder(), settings.backup_every, settings.backup_keep)
    )
