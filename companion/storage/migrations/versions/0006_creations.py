"""What each client made lately (deck profiles, groups), for the per-client creation limits.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "creations",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("client", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_creations_client_kind", "creations", ["client", "kind", "created_at"])
    op.create_index("ix_creations_created_at", "creations", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_creations_created_at", "creations")
    op.drop_index("ix_creations_client_kind", "creations")
    op.drop_table("creations")
