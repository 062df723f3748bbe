"""The join code a GM is shown again, one-time GM sign-in codes, and a session's name (its date is 0006's)

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("join_code", sa.String(length=40), nullable=True))
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name", sa.String(length=200), nullable=True))
    op.create_table(
        "sign_in_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.Integer(), nullable=False),
        sa.Column("used", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["account_id"], ["accounts.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("code_hash"),
    )
    op.create_index("ix_sign_in_codes_account_id", "sign_in_codes", ["account_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_sign_in_codes_account_id", table_name="sign_in_codes")
    op.drop_table("sign_in_codes")
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_column("name")
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.drop_column("join_code")
