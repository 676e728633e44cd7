"""The database: its engine, sessions and write lock (``db``), its schema (``models``, with each room's tables:
companion.tables, companion.groups and companion.profiles hold their own models), its migrations (Alembic,
``migrations/``) and what is kept for how long (``retention``: `flask --app companion cleanup`).
"""
