"""The table a rematch was started from, once per finished table: a double tap on Rematch (or the same form sent
again) opens the rematch already started instead of starting a second one. Unique. A finished table has entries,
and retention deletes only tables without any: the table a rematch points at is never deleted.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (nullable, as 0008): never a batch rebuild of "tables" on SQLite, which would cascade.
    # SQLite takes the reference inline in ADD COLUMN (Alembic would ask for a rebuild to add it as a constraint).
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE tables ADD COLUMN rematch_of INTEGER REFERENCES tables (id)")
    else:
        op.add_column("tables", sa.Column("rematch_of", sa.Integer(), nullable=True))
        op.create_foreign_key(None, "tables", "tables", ["rematch_of"], ["id"])
    op.create_index("ix_tables_rematch_of", "tables", ["rematch_of"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_tables_rematch_of", table_name="tables")
    op.drop_column("tables", "rematch_of")
