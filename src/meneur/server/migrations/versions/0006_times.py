"""When each command was given and each session started (Unix time, UTC): the GM goes back to a
moment of a session, and an export is cut at a time; rows written before have none

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("commands", schema=None) as batch_op:
        batch_op.add_column(sa.Column("at", sa.Float(), nullable=True))
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("created_at", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_column("created_at")
    with op.batch_alter_table("commands", schema=None) as batch_op:
        batch_op.drop_column("at")
