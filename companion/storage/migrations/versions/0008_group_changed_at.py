"""When each group was last changed, so a group with a roster but no table can be cleaned up once nobody has
changed it for RETENTION_DAYS. Existing groups count from when they were made.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (nullable): a NOT NULL column would make Alembic rebuild the table on SQLite, and
    # dropping the old "groups" there would cascade to its members and tables.
    op.add_column("groups", sa.Column("changed_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE groups SET changed_at = created_at")


def downgrade() -> None:
    # A plain DROP COLUMN too (SQLite has it since 3.35): never a batch rebuild, for the same reason.
    op.drop_column("groups", "changed_at")
