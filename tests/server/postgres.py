"""A fresh PostgreSQL database per test, on the server named by MENEUR_TEST_DB (the test command
starts a throwaway cluster and sets it; see scripts/test_postgres.sh).

A MENEUR_TEST_DB that names SQLite gets a new file under the test's own temporary folder: the name
of a database is never a path relative to where the tests run (it once left an empty
``meneur_test_…`` file at the repository's root)."""

from __future__ import annotations

import functools
import os
import secrets
from pathlib import Path


def fresh_database(base: str, folder: Path) -> str:
    """Create a new empty database on the server of ``base`` and return its URL (a SQLite base:
    a new file under ``folder``)."""
    from sqlalchemy.engine import make_url

    url = make_url(base)
    name = f"meneur_test_{secrets.token_hex(6)}"
    if url.get_backend_name() == "sqlite":
        return url.set(database=str(folder / f"{name}.sqlite3")).render_as_string(hide_password=False)
    _create(base, f'CREATE DATABASE "{name}"')
    return url.set(database=name).render_as_string(hide_password=False)


@functools.cache
def _template(base: str) -> str:
    """A database of this process at the head migration, the template of its ready databases."""
    from sqlalchemy.engine import make_url

    from meneur.server.db import make_engine, upgrade

    name = f"meneur_template_{os.getpid()}_{secrets.token_hex(3)}"
    url = make_url(base)
    _create(base, f'CREATE DATABASE "{name}"')
    engine = make_engine(url.set(database=name).render_as_string(hide_password=False))
    upgrade(engine)
    engine.dispose()
    return name


def ready_database(base: str) -> str:
    """A new PostgreSQL database already at the head migration: a copy of this process's template
    (``CREATE DATABASE … TEMPLATE``), so a test's app does not run the migrations again."""
    from sqlalchemy.engine import make_url

    name = f"meneur_test_{secrets.token_hex(6)}"
    _create(base, f'CREATE DATABASE "{name}" TEMPLATE "{_template(base)}"')
    return make_url(base).set(database=name).render_as_string(hide_password=False)


def _create(base: str, statement: str) -> None:
    import psycopg
    from sqlalchemy.engine import make_url

    admin = make_url(base).set(drivername="postgresql", database="postgres")
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as connection:
        connection.execute(statement)
