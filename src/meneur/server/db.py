"""The database: the engine for a URL (SQLite tuned for durability), migrations at start.

SQLite runs in WAL mode with ``synchronous=FULL`` (a command that got its 200 survives a crash of
the process or the machine), foreign keys on, and a writer's transaction begins ``IMMEDIATE`` (it takes
the lock at once, so two writers never deadlock upgrading a read lock). PostgreSQL runs at
``READ COMMITTED`` (each statement sees what other writers committed before it) through psycopg 3;
a pooled connection is checked before use only when it has been idle a while
(:data:`IDLE_BEFORE_PING`): a ping on every checkout was a round trip on every command.
"""

from __future__ import annotations

import ast
import functools
import logging
import os
import stat
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import sessionmaker

from meneur.errors import BadInputError
from meneur.i18n import N_, Message
from meneur.server import jsontext

MIGRATIONS = Path(__file__).parent / "migrations"
log = logging.getLogger("meneur.server.db")
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
JSON_TEXT: dict[str, Any] = {"json_serializer": jsontext.dumps, "json_deserializer": jsontext.loads}
"""How the JSON columns (a command's events, a change's payload) are written and read: orjson."""
SQLITE_COMPANIONS = ("", "-wal", "-shm", "-journal")
"""The database file and the files SQLite keeps beside it (WAL, shared memory, rollback journal)."""


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


POOL: dict[str, Any] = {"pool_size": 41, "max_overflow": 41, "pool_timeout": 30.0}
"""Connections per process when the settings give none: two per request thread (a read and a write)
of the 40 a SQLite server runs at once, and two more, so no request waits for a connection another
request holds (see :meth:`meneur.server.config.Settings.pool`)."""


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL, or ``None`` (in memory)."""
    from sqlalchemy.engine import make_url

    database = make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database)


def make_private(path: Path) -> None:
    """The database's folder (when missing) 0700 and its files 0600: other users of the machine
    read no private note, hidden NPC, blind roll or password hash. The file is made before SQLite
    opens it, so it is never readable by others, and SQLite gives its ``-wal`` and ``-shm`` files
    the database's mode. An existing file that others could read is tightened, with a log line."""
    if not path.parent.exists():
        path.parent.mkdir(mode=PRIVATE_FOLDER, parents=True)
    if not path.exists():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, PRIVATE_FILE))
    for name in SQLITE_COMPANIONS:
        tighten(Path(f"{path}{name}"), PRIVATE_FILE)


def tighten(path: Path, mode: int) -> None:
    """Take from ``path`` every permission beyond ``mode`` (a log line says so)."""
    try:
        found = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return
    if found & ~mode:
        path.chmod(found & mode)
        log.warning("%s was readable by other users (mode %04o): now %04o", path, found, found & mode)


def make_engine(url: str, pool: Mapping[str, Any] | None = None) -> Engine:
    """The SQLAlchemy engine for ``url`` (SQLite: WAL, synchronous FULL, immediate writers, private
    files) with the connection pool ``pool`` (SQLAlchemy's ``pool_size``, ``max_overflow``,
    ``pool_timeout``)."""
    sizes = dict(pool if pool is not None else POOL)
    if is_sqlite(url):
        path = sqlite_path(url)
        if path is not None:
            make_private(path)
        engine = create_engine(
            url, connect_args={"timeout": 60, "check_same_thread": False}, **JSON_TEXT, **sizes
        )

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, record: Any) -> None:
            connection.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=60000")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(connection: Any) -> None:
            immediate = connection.get_execution_options().get("immediate", False)
            connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

        return engine
    engine = create_engine(url, isolation_level="READ COMMITTED", **JSON_TEXT, **sizes)

    @event.listens_for(engine, "checkin")
    def _idle_since(connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping_if_idle(connection: Any, record: Any, proxy: Any) -> None:
        """Ping a connection idle for :data:`IDLE_BEFORE_PING` seconds the way SQLAlchemy's
        pre-ping does; a dead one is replaced (the pool retries the checkout with a new one)."""
        idle = time.monotonic() - record.info.get("idle_since", time.monotonic())
        if idle < IDLE_BEFORE_PING:
            return
        try:
            alive = engine.dialect.do_ping(connection)
        except Exception as error:  # the driver's own error, whatever it is: the connection is gone
            raise DisconnectionError(str(error)) from error
        if not alive:
            raise DisconnectionError("the connection was closed while it sat in the pool")

    return engine


IDLE_BEFORE_PING = 10.0
"""Seconds a pooled PostgreSQL connection may sit unused before it is pinged at checkout (a
restarted server, or a firewall that dropped the connection, is found there, not in a request)."""


def sessions_for(engine: Engine) -> sessionmaker[Any]:
    return sessionmaker(engine, expire_on_commit=False)


def _alembic_config(engine: Engine) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


@functools.cache
def migration_scripts() -> Any:
    """The migration scripts, read once per process (they do not change while it runs)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_alembic_config(None))  # type: ignore[arg-type]


@functools.cache
def head_revision() -> str:
    """The newest migration this version of meneur knows: the one no other script revises.

    Read from each script's own ``revision`` and ``down_revision`` lines, without importing Alembic
    (a third of a second, at every start of a server whose database is up to date already);
    ``tests/server/test_store.py`` checks it is Alembic's own head.
    """
    revised: dict[str, str | None] = {}
    for script in sorted((MIGRATIONS / "versions").glob("*.py")):
        names = {
            target.id: node.value.value
            for node in ast.parse(script.read_text(encoding="utf-8")).body
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        down = names.get("down_revision")
        revised[str(names["revision"])] = None if down is None else str(down)
    heads = set(revised) - set(revised.values())
    assert len(heads) == 1, f"the migrations have {len(heads)} heads"
    return heads.pop()


def current_revision(engine: Engine) -> str | None:
    """The migration the database is at (``None`` for an empty database): its version table, read as
    Alembic writes it."""
    with engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        found = connection.scalar(text("SELECT version_num FROM alembic_version"))
        return None if found is None else str(found)


def upgrade(engine: Engine) -> None:
    """Bring the database to this version's schema; refuse a database written by a newer meneur.

    A database already at the head revision is left as it is without importing Alembic (one read
    of its version table).

    Raises:
        BadInputError: the database carries a migration this version does not know.
    """
    current = current_revision(engine)
    if current == head_revision():
        return
    from alembic import command

    if current is not None:
        try:
            migration_scripts().get_revision(current)
        except Exception:
            raise BadInputError(
                Message(
                    "server",
                    N_(
                        "The database was written by a newer version of meneur (migration {revision});"
                        " upgrade meneur to use it."
                    ),
                    {"revision": current},
                )
            ) from None
    command.upgrade(_alembic_config(engine), "head")


def table_names(engine: Engine) -> list[str]:
    return sorted(inspect(engine).get_table_names())
