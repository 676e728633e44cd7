"""The database: one SQLAlchemy engine per app, a session per request, schema through Alembic."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

from flask import Flask, current_app, g
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


# How long a request waits for the database before it is answered "busy, try again" (503 with Retry-After, see
# web/overload.py): for a pooled connection, for this process's write lock, for SQLite's lock between processes.
# Well under gunicorn's 30 s worker timeout and a phone's patience: an honest "not saved, busy" in seconds beats
# an answer after half a minute, and the page keeps the entry.
WAIT_SECONDS = float(os.environ.get("DB_WAIT_SECONDS", "8"))  # app.config["DB_WAIT_SECONDS"]
# Connections each worker process keeps, bounded whatever the worker's concurrency. A gevent worker holds up to
# WORKER_CONNECTIONS (2,000) connections from phones, nearly all of them live streams that hold no database
# connection between their reads; a request holds one only while it runs. So the default is one database
# connection per STREAMS_PER_CONNECTION phone connections (20 for 2,000), never fewer than POOL_FLOOR nor more
# than POOL_CEILING: more requests than that wait at most WAIT_SECONDS for one and are then answered 503 at once
# (max_overflow 0: the pool never grows past its size). On PostgreSQL keep hosts × WORKERS × DB_POOL_SIZE (+ one
# LISTEN connection per worker) below the server's max_connections (100 by default: 2 hosts × 2 workers × 20 + 4
# = 84). DB_POOL_SIZE sets it outright.
STREAMS_PER_CONNECTION = 100
POOL_FLOOR = 4
POOL_CEILING = 20
WORKER_CONNECTIONS = int(os.environ.get("WORKER_CONNECTIONS", "2000"))  # gunicorn.conf.py reads the same


def default_pool_size(worker_connections: int = WORKER_CONNECTIONS) -> int:
    """The pool a worker with ``worker_connections`` phone connections gets unless DB_POOL_SIZE says otherwise."""
    return max(POOL_FLOOR, min(POOL_CEILING, worker_connections // STREAMS_PER_CONNECTION))


POOL_SIZE = int(os.environ.get("DB_POOL_SIZE") or default_pool_size())  # app.config["DB_POOL_SIZE"]


class ServerBusy(Exception):
    """The database could not be had within WAIT_SECONDS: answered 503 with Retry-After, nothing written."""


def make_engine(url: str, pool_size: int = POOL_SIZE, wait: float = WAIT_SECONDS) -> Engine:
    pool: dict[str, Any] = {"pool_size": pool_size, "max_overflow": 0, "pool_timeout": wait}
    if url.startswith("sqlite"):
        in_memory = url in ("sqlite://", "sqlite:///:memory:") or "mode=memory" in url
        # an in-memory database lives in one connection (SQLAlchemy's single-connection pool): no pool to size
        engine = create_engine(url, connect_args={"timeout": wait}, **({} if in_memory else pool))

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
            # WAL lets phones read while another writes; the busy timeout makes writers wait, not fail.
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA busy_timeout={int(wait * 1000)}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return create_engine(url, pool_pre_ping=True, **pool)


class _BoundedLock:
    """This process's write lock, waited for at most WAIT_SECONDS (then ServerBusy: the request is answered
    503 at once instead of queueing behind a backlog it cannot outwait)."""

    def __init__(self, wait: float) -> None:
        self._lock = threading.Lock()
        self._wait = wait

    def __enter__(self) -> None:
        if not self._lock.acquire(timeout=self._wait):
            raise ServerBusy()

    def __exit__(self, _type: type[BaseException] | None, _exc: BaseException | None,
                 _tb: TracebackType | None) -> None:
        self._lock.release()


class _NoLock:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *_exc: object) -> None:
        return None


def write_lock():  # type: ignore[no-untyped-def]
    """Held around a write transaction. SQLite lets one writer in at a time and makes the others poll with
    growing sleeps; queueing this process's threads on a lock instead keeps an entry's wait short. PostgreSQL
    locks rows itself: no lock there."""
    return current_app.extensions["db_write_lock"]


def init_app(app: Flask) -> None:
    wait = float(app.config.get("DB_WAIT_SECONDS", WAIT_SECONDS))
    engine = make_engine(app.config["DATABASE_URL"], int(app.config.get("DB_POOL_SIZE", POOL_SIZE)), wait)
    app.extensions["db_write_lock"] = _BoundedLock(wait) if engine.dialect.name == "sqlite" else _NoLock()
    app.extensions["db_engine"] = engine
    app.extensions["db_sessionmaker"] = sessionmaker(engine, expire_on_commit=False)
    app.teardown_appcontext(_close_session)


def session() -> Session:
    if "db_session" not in g:
        g.db_session = current_app.extensions["db_sessionmaker"]()
    return g.db_session


def _close_session(_exc: BaseException | None) -> None:
    s = g.pop("db_session", None)
    if s is not None:
        s.close()


def alembic_config(url: str):  # type: ignore[no-untyped-def]
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(app: Flask) -> None:
    """Bring the schema to the newest migration (run by `make run` and the tests, never per request)."""
    from alembic import command

    cfg = alembic_config(app.config["DATABASE_URL"])
    with app.extensions["db_engine"].begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")
