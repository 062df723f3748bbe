"""GM accounts in the pages: a browser's account sessions, and the account that created a table

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    with op.batch_alter_table("account_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_account_sessions_account_id"), ["account_id"], unique=False)
    op.add_column("tables", sa.Column("account_id", sa.Integer(), nullable=True))
    op.create_index(op.f("ix_tables_account_id"), "tables", ["account_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_tables_account_id"), table_name="tables")
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.drop_column("account_id")
    with op.batch_alter_table("account_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_account_sessions_account_id"))
    op.drop_table("account_sessions")
