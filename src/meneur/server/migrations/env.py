"""Alembic environment: the engine is handed in by :func:`meneur.server.db.upgrade`."""

from __future__ import annotations

from alembic import context

from meneur.server.models import Base

engine = context.config.attributes["engine"]
with engine.begin() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    context.run_migrations()
