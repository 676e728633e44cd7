"""The database: one SQLAlchemy engine per app, a session per request, schema through Alembic."""

from __future__ import annotations

import fcntl
import os
import threading
import time
from pathlib import Path
from types import TracebackType
from typing import Any, cast

from flask import Flask, current_app, g
from sqlalchemy import CursorResult, create_engine, event, make_url
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


# How long a request waits for the database before it is answered "busy, try again" (503 with Retry-After, see
# web/overload.py): for a pooled connection, for this process's write lock, for SQLite's lock between processes.
# Well under the 5 s a phone is promised an answer in, whatever the load: an honest "busy, sent again" in seconds
# beats an answer after half a minute, and the page keeps the entry and sends it again with its key.
WAIT_SECONDS = float(os.environ.get("DB_WAIT_SECONDS", "3"))  # app.config["DB_WAIT_SECONDS"]
# Connections each worker process keeps, bounded whatever the worker's concurrency (max_overflow 0: the pool never
# grows; more requests than it wait at most WAIT_SECONDS for one and are then answered 503 at once). A gevent
# worker holds up to WORKER_CONNECTIONS (4,000) phone connections, nearly all of them live streams that hold no
# database connection between their reads; a request holds one only while it runs. SQLite's driver never yields
# while it reads, so a request holds its connection for a moment and 10 suffice. A PostgreSQL query yields to the
# other greenlets while the server answers, so its connection stays held meanwhile: with 10, 25 phones per worker
# queued for connections and a "nothing new" poll took 2.7x the CPU-seconds it takes on SQLite (bench_postgres.py);
# 30 lets the worker's requests run as they come. A worker with fewer than 2,000 phone connections gets a pool in proportion
# (never under POOL_FLOOR: a request, its import thread and the live watcher). On PostgreSQL keep hosts × WORKERS ×
# DB_POOL_SIZE (+ one LISTEN connection per worker) below the server's max_connections (100 by default: 2 workers ×
# 30 + 2 leave room for a migration and psql; two hosts set DB_POOL_SIZE=20). DB_POOL_SIZE sets it outright.
POOL_AT_FULL_WORKER = {"sqlite": 10, "postgresql": 30}
FULL_WORKER = 2000
POOL_FLOOR = 4
WORKER_CONNECTIONS = int(os.environ.get("WORKER_CONNECTIONS", "4000"))  # gunicorn.conf.py reads the same
POOL_SIZE = int(os.environ.get("DB_POOL_SIZE", "0")) or None  # app.config["DB_POOL_SIZE"]; None: the default


def default_pool_size(database: str, worker_connections: int = WORKER_CONNECTIONS) -> int:
    """The pool of a worker with ``worker_connections`` phone connections on ``database`` ("sqlite" or
    "postgresql") unless DB_POOL_SIZE says otherwise."""
    full = POOL_AT_FULL_WORKER[database]
    return max(POOL_FLOOR, min(full, full * worker_connections // FULL_WORKER))


class ServerBusy(Exception):
    """The database could not be had within WAIT_SECONDS: answered 503 with Retry-After, nothing written."""


def make_engine(url: str, pool_size: int | None = POOL_SIZE, wait: float = WAIT_SECONDS) -> Engine:
    size = pool_size or default_pool_size("sqlite" if url.startswith("sqlite") else "postgresql")
    pool: dict[str, Any] = {"pool_size": size, "max_overflow": 0, "pool_timeout": wait}
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
    engine = create_engine(url, **pool)
    _ping_when_idle(engine)
    _refuse_writes_while_reading(engine)
    return engine


# A pooled PostgreSQL connection that has waited this long is checked (one round trip) before a request uses it,
# so a server restarted meanwhile costs a reconnect, never an error. pool_pre_ping would check every checkout:
# a round trip per request (and two per entry) that made a "nothing new" poll three times slower than on SQLite
# (make bench, bench_postgres.py); a connection used within the last seconds was fine a moment ago.
IDLE_PING_SECONDS = 10.0


def _ping_when_idle(engine: Engine) -> None:
    @event.listens_for(engine, "checkin")
    def _idle_from(_dbapi_connection, record) -> None:  # type: ignore[no-untyped-def]
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping(dbapi_connection, record, _proxy) -> None:  # type: ignore[no-untyped-def]
        since = record.info.get("idle_since")
        if since is None or time.monotonic() - since < IDLE_PING_SECONDS:
            return  # just opened, or used a moment ago
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except Exception:
            alive = False
        if not alive:  # the pool drops this connection and checks out (opens) another
            raise DisconnectionError()


class _WriteLock:
    """SQLite lets one writer in at a time across every process, and a writer that finds another there waits in
    SQLite's own busy handler: C code that sleeps the whole process, so under gevent (make run) one worker
    waiting for the other's write freezes every phone of its event loop. So the writers of this app
    take their turn here first, cooperatively: this process's lock (a gevent lock under make run), then a lock
    file beside the database (``flock``, tried without blocking and tried again after short sleeps that let the
    loop run), so by the time SQLite is asked for its lock nobody of this app holds it. Re-entrant for the
    holder; waited for at most WAIT_SECONDS (then ServerBusy: the request is answered 503 at once).

    Held by ``write_lock()`` around a write transaction; any other write statement waits here for it first
    (``_wait_for_the_turn_before_writes``), so the app's writes wait here, not in C."""

    def __init__(self, wait: float, path: Path | None) -> None:
        self._lock = threading.RLock()
        self._wait = wait
        self._path = path
        self._fd: int | None = None
        self._depth = 0

    def acquire(self, blocking: bool = True) -> bool:
        """Take the turn (re-entrant). Without ``blocking``: only if nobody holds it, this holder included."""
        if not blocking:
            if self._depth or not self._lock.acquire(blocking=False):
                return False
            if self._depth == 0 and not self._lock_file(time.monotonic()):
                self._lock.release()
                return False
            self._depth += 1
            return True
        deadline = time.monotonic() + self._wait
        if not self._lock.acquire(timeout=self._wait):
            raise ServerBusy()
        if self._depth == 0:
            while not self._lock_file(deadline):
                if time.monotonic() >= deadline:
                    self._lock.release()
                    raise ServerBusy()
        self._depth += 1
        return True

    def release(self) -> None:
        self._depth -= 1
        if self._depth == 0 and self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        self._lock.release()

    def _lock_file(self, deadline: float) -> bool:
        """The other processes' side: the lock file, tried until ``deadline`` in short cooperative sleeps."""
        if self._path is None:  # an in-memory database: one connection, one process
            return True
        if self._fd is None:
            self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
        pause = 0.001
        while True:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                if time.monotonic() + pause > deadline:
                    return False
                time.sleep(pause)  # gevent's sleep under make run: the loop serves the others meanwhile
                pause = min(pause * 2, 0.02)

    def __enter__(self) -> None:
        self.acquire()

    def __exit__(self, _type: type[BaseException] | None, _exc: BaseException | None,
                 _tb: TracebackType | None) -> None:
        self.release()


class _NoLock:
    """PostgreSQL's stand-in for the write lock: it locks rows itself, so every turn is had at once."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *_exc: object) -> None:
        return None

    def acquire(self, blocking: bool = True) -> bool:
        return True

    def release(self) -> None:
        return None


_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER")
WRITING = "companion_writing"  # on a connection whose transaction has written (so holds SQLite's write lock)


def _wait_for_the_turn_before_writes(engine: Engine, lock: _WriteLock) -> None:
    """A write statement outside ``write_lock()`` (a roster or profile edit) first waits, cooperatively, until no
    writer of the app holds the turn, then goes on without holding it: SQLite's own wait can then only meet a
    write of a single statement, a moment long. (Holding the turn until the transaction ends would tie it to
    a greenlet that may never reach its end; ``write_lock()`` holds it in a ``with`` block instead.)"""

    @event.listens_for(engine, "before_cursor_execute")
    def _before_write(conn, _cursor, statement, _parameters, _context, _many) -> None:  # type: ignore[no-untyped-def]
        if statement.lstrip()[:7].upper().split(" ")[0] not in _WRITES:
            return
        if conn.info.get(WRITING):  # this transaction holds SQLite's lock already: waiting could only deadlock
            return
        lock.acquire()
        lock.release()
        conn.info[WRITING] = True

    @event.listens_for(engine, "commit")
    @event.listens_for(engine, "rollback")
    def _transaction_ended(conn) -> None:  # type: ignore[no-untyped-def]
        conn.info.pop(WRITING, None)

    @event.listens_for(engine.pool, "checkin")
    def _returned(_dbapi_connection, record) -> None:  # type: ignore[no-untyped-def]
        record.info.pop(WRITING, None)  # a connection's info outlives its checkout


def _lock_file_of(url: str) -> Path | None:
    """The file beside an SQLite database that its writers take turns by (None for an in-memory one)."""
    database = make_url(url).database
    if not database or database == ":memory:" or "mode=memory" in url:
        return None
    return Path(database).with_name(Path(database).name + ".write-lock")


def write_lock() -> _WriteLock | _NoLock:
    """Held around a write transaction. SQLite lets one writer in at a time: its writers take turns here,
    cooperatively (_WriteLock). PostgreSQL locks rows itself: no lock there."""
    lock: _WriteLock | _NoLock = current_app.extensions["db_write_lock"]
    return lock


def init_app(app: Flask) -> None:
    wait = float(app.config.get("DB_WAIT_SECONDS", WAIT_SECONDS))
    size = app.config.get("DB_POOL_SIZE", POOL_SIZE)
    engine = make_engine(app.config["DATABASE_URL"], int(size) if size else None, wait)
    if engine.dialect.name == "sqlite":
        lock = _WriteLock(wait, _lock_file_of(app.config["DATABASE_URL"]))
        _wait_for_the_turn_before_writes(engine, lock)
        app.extensions["db_write_lock"] = lock
    else:
        app.extensions["db_write_lock"] = _NoLock()
    app.extensions["db_engine"] = engine
    app.extensions["db_sessionmaker"] = sessionmaker(engine, expire_on_commit=False)
    app.teardown_appcontext(_close_session)


def session() -> Session:
    if "db_session" not in g:
        g.db_session = current_app.extensions["db_sessionmaker"]()
        read_in_autocommit(g.db_session)
    current: Session = g.db_session
    return current


# On PostgreSQL a request reads in autocommit: a transaction around its reads costs a BEGIN and a ROLLBACK, two
# round trips (each waits for the server's process), and the ROLLBACK makes psycopg forget the statements it had
# prepared on that connection. Each plain SELECT sees what it would see in a READ COMMITTED transaction anyway.
# A write begins a transaction of its own: it ends the request's reads first (``s.commit()``, which hands the
# autocommit connection back), so its statements run on a connection of the usual kind and commit or roll back
# together. A write sent on the reading connection by mistake is refused (WriteOutsideTransaction), never run
# alone. SQLite's driver opens no transaction for a read: nothing to do there.
READS = {"isolation_level": "AUTOCOMMIT", "companion_reads": True}
# A write that is one statement may run on the reading connection: in autocommit it commits or fails whole on
# its own (turns.append_unchanged), one round trip where a transaction takes three.
ONE_STATEMENT = {"companion_one_statement": True}


class WriteOutsideTransaction(Exception):
    """A statement other than a SELECT on a request's autocommit reading connection: a write path that did not
    end the request's reads first (s.commit()). A programming error, refused before it reaches the database."""


def read_in_autocommit(s: Session) -> None:
    """The session's next statements read in autocommit (PostgreSQL, and only while it holds no transaction),
    until a write path's ``s.commit()`` ends them."""
    if not s.in_transaction() and current_app.extensions["db_engine"].dialect.name == "postgresql":
        s.connection(execution_options=READS)


def run_alone(s: Session, statement: Any) -> Any:
    """PostgreSQL: a write that is one statement, committed on its own (autocommit, on the request's reading
    connection: ONE_STATEMENT). A session holding a transaction ends it first."""
    if not s.connection().get_execution_options().get("companion_reads"):
        s.commit()
        read_in_autocommit(s)
    return s.execute(statement, execution_options=ONE_STATEMENT)


def _refuse_writes_while_reading(engine: Engine) -> None:
    @event.listens_for(engine, "before_cursor_execute")
    def _only_reads(conn, _cursor, statement, _parameters, context, _many) -> None:  # type: ignore[no-untyped-def]
        if conn.get_execution_options().get("companion_reads") and \
                statement.lstrip()[:6].upper() != "SELECT" and \
                not (context is not None and context.execution_options.get("companion_one_statement")):
            raise WriteOutsideTransaction(statement.split(None, 3)[:3])


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


def rows_changed(result: Any) -> int:
    """How many rows an UPDATE or DELETE changed: a version-checked write reads 0 as "someone wrote first"."""
    return int(cast(CursorResult[Any], result).rowcount)
