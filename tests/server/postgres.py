"""A fresh PostgreSQL database per test, on the server named by MENEUR_TEST_DB (the test command
starts a throwaway cluster and sets it; see scripts/test_postgres.sh).

A MENEUR_TEST_DB that names SQLite gets a new file under the test's own temporary folder: the name
of a database is never a path relative to where the tests run (it once left an empty
``meneur_test_…`` file at the repository's root)."""

from __future__ import annotations

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
    import psycopg

    admin = url.set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return url.set(database=name).render_as_string(hide_password=False)
