"""Presence leases, unlisted tables.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "presence",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("origin", sa.String(16), primary_key=True),
        sa.Column("renewed_at", sa.Float, nullable=False),
    )
    op.create_index("ix_presence_origin", "presence", ["origin"])
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_index("ix_game_tables_created_at", "game_tables", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_game_tables_created_at", "game_tables")
    with op.batch_alter_table("game_tables") as table:
        table.drop_column("listed")
    op.drop_index("ix_presence_origin", "presence")
    op.drop_table("presence")
