"""Every entry carries the key its phone made for that tap: a retry or a double submit of the same tap finds it
and is answered as the first was, never written twice.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("entry_key", sa.String(64), nullable=True))
        batch.create_unique_constraint("uq_events_table_key", ["table_id", "entry_key"])


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_constraint("uq_events_table_key", type_="unique")
        batch.drop_column("entry_key")
