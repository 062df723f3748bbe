"""The table's chat, its handouts and the images kept with it

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_images",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("use", sa.String(length=20), nullable=False),
        sa.Column("media_type", sa.String(length=20), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_table_images_table_id"), "table_images", ["table_id"], unique=False)
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("author_id", sa.String(length=32), nullable=False),
        sa.Column("audience", sa.String(length=10), nullable=False),
        sa.Column("addressee_id", sa.String(length=32), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.ForeignKeyConstraint(["author_id"], ["members.id"]),
        sa.ForeignKeyConstraint(["addressee_id"], ["members.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_chat_messages_table_id"), "chat_messages", ["table_id"], unique=False)
    op.create_table(
        "handouts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("author_id", sa.String(length=32), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("image_id", sa.String(length=32), nullable=True),
        sa.Column("at", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"]),
        sa.ForeignKeyConstraint(["author_id"], ["members.id"]),
        sa.ForeignKeyConstraint(["image_id"], ["table_images.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_handouts_table_id"), "handouts", ["table_id"], unique=False)
    op.create_table(
        "handout_readers",
        sa.Column("handout_id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(["handout_id"], ["handouts.id"]),
        sa.ForeignKeyConstraint(["member_id"], ["members.id"]),
        sa.PrimaryKeyConstraint("handout_id", "member_id"),
    )
    op.create_index(op.f("ix_handout_readers_member_id"), "handout_readers", ["member_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_handout_readers_member_id"), table_name="handout_readers")
    op.drop_table("handout_readers")
    op.drop_index(op.f("ix_handouts_table_id"), table_name="handouts")
    op.drop_table("handouts")
    op.drop_index(op.f("ix_chat_messages_table_id"), table_name="chat_messages")
    op.drop_table("chat_messages")
    op.drop_index(op.f("ix_table_images_table_id"), table_name="table_images")
    op.drop_table("table_images")
