"""The phone that made a deck profile, so a phone keeps the list of its profiles.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("maker", sa.String(32), nullable=False, server_default=""))
        batch.create_index("ix_profiles_maker", ["maker"])


def downgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.drop_index("ix_profiles_maker")
        batch.drop_column("maker")
