"""The table's features: its settings (a learning game, the rematch it leads to or is) and its chat.

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
        "table_settings",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("learning", sa.Boolean, nullable=False),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
    )
    op.create_table(
        "chat_lines",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_lines")
    op.drop_table("table_settings")
