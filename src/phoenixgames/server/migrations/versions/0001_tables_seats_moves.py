"""Tables, seats and moves.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("clock", sa.Float, nullable=True),
        sa.Column("absence", sa.Float, nullable=True),
        sa.Column("stand_in", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_game_tables_status", "game_tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("agent", sa.Text, nullable=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("absent_since", sa.Float, nullable=True),
        sa.Column("stood_in", sa.Boolean, nullable=False),
    )
    op.create_table(
        "moves",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("notation", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_index("ix_game_tables_status", "game_tables")
    op.drop_table("game_tables")
