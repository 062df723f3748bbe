"""Alembic environment: the engine is handed in by :func:`meneur.server.db.upgrade`.

On PostgreSQL the migrations run under a transaction-level advisory lock: several workers or hosts
starting at once upgrade one after the other (the later ones find the database already current)
instead of racing to create the same tables.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from meneur.server.models import Base

MIGRATION_LOCK = 0x6D656E657572
"""The advisory lock's key ("meneur" in ASCII)."""

engine = context.config.attributes["engine"]
with engine.begin() as connection:
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    context.run_migrations()
