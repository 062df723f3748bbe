"""When each roll of the table's roll log was made (a Unix time; ``NULL`` for older rolls)

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rolls", schema=None) as batch_op:
        batch_op.add_column(sa.Column("at", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rolls", schema=None) as batch_op:
        batch_op.drop_column("at")
