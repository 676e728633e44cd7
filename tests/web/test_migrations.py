"""The Alembic migrations build exactly the schema the models describe (no drift), on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from companion.storage.models import Base


def test_migrated_schema_matches_the_models(app) -> None:  # type: ignore[no-untyped-def]
    with app.extensions["db_engine"].connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": False})
        differences = compare_metadata(context, Base.metadata)
    assert differences == []


def test_migrate_command_is_idempotent(app) -> None:  # type: ignore[no-untyped-def]
    from companion.storage import db

    db.upgrade(app)  # already at head: nothing to do, nothing fails
    with app.extensions["db_engine"].connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == "0009"
