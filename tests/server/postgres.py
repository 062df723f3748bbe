"""A fresh PostgreSQL database per test, on the server named by MENEUR_TEST_DB (the test command
starts a throwaway cluster and sets it; see scripts/test_postgres.sh)."""

from __future__ import annotations

import secrets


def fresh_database(base: str) -> str:
    """Create a new empty database on the server of ``base`` and return its URL."""
    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(base)
    name = f"meneur_test_{secrets.token_hex(6)}"
    admin = url.set(drivername="postgresql", database="postgres").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return url.set(database=name).render_as_string(hide_password=False)
