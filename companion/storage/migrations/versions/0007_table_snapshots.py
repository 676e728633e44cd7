"""A stored snapshot of each long table's replayed log, so the first view after a restart reads only the entries
after it, not the whole log.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_snapshots",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("profile_key", sa.String(200), nullable=False),
        sa.Column("engine", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "profile_key", name="uq_table_snapshots_profile"),
    )
    op.create_index("ix_table_snapshots_table_id", "table_snapshots", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_table_snapshots_table_id", "table_snapshots")
    op.drop_table("table_snapshots")
