"""The connection pool (companion/storage/db.py): sized per database, and on PostgreSQL no round trip per request to check
a connection, yet a connection the server dropped while it sat idle is replaced, never an error for a player."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import text

from companion.storage import db
from companion.storage.db import make_engine
from tests.web.apps import PG_URL


def test_each_database_gets_its_own_pool_size(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert make_engine(f"sqlite:///{tmp_path}/a.db").pool.size() == 10
    # no connection is opened by creating the engine: no server is needed to read its pool
    assert make_engine("postgresql://nobody@127.0.0.1:1/none").pool.size() == 30
    assert make_engine("postgresql://nobody@127.0.0.1:1/none", pool_size=4).pool.size() == 4


pg_only = pytest.mark.skipif(not PG_URL, reason="needs TEST_DATABASE_URL (a PostgreSQL server)")


def _backend_pid(engine) -> int:  # type: ignore[no-untyped-def]
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())


@pg_only
def test_a_connection_in_use_is_not_pinged_on_every_checkout(pg_migrated: bool) -> None:
    engine = make_engine(PG_URL, pool_size=1)
    pings: list[int] = []
    real_ping = engine.dialect.do_ping
    engine.dialect.do_ping = lambda c: pings.append(1) or real_ping(c)  # type: ignore[method-assign]
    try:
        first = _backend_pid(engine)
        for _ in range(5):
            assert _backend_pid(engine) == first
        assert pings == []
    finally:
        engine.dispose()


@pg_only
def test_a_connection_dropped_while_idle_is_replaced(pg_migrated: bool) -> None:
    engine = make_engine(PG_URL, pool_size=1)
    try:
        dropped = _backend_pid(engine)
        with make_engine(PG_URL, pool_size=1).connect() as other:  # the server ends the idle connection
            assert other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": dropped}).scalar_one()
            other.commit()
        time.sleep(0.2)
        # as if it had waited in the pool longer than IDLE_PING_SECONDS
        for record in list(engine.pool._pool.queue):  # type: ignore[attr-defined]
            record.info["idle_since"] -= db.IDLE_PING_SECONDS + 1
        assert _backend_pid(engine) != dropped  # checked, found dead, replaced: no error
    finally:
        engine.dispose()
