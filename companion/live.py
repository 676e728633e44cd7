"""Live tables: every open page of a table hears of each new version at once (issue #23).

One ``Hub`` per app (per worker process) keeps, for each table some page is watching, the newest version it
knows of and the pages waiting for a newer one. A write in this process tells the hub right after its commit
(``published``); writes in other processes and on other hosts reach it through one watcher per process (never
one per page):

- PostgreSQL: the write's transaction sends ``NOTIFY companion_tables, '<table id>:<version>'`` (delivered at
  commit, and only if it commits); the watcher LISTENs on a connection of its own.
- SQLite (one host): the watcher reads the versions of the watched tables, a few times a second, in one small
  query (only tables some page here is watching).

Both also read the watched versions every ``SAFETY_SECONDS``, so a notification lost with a dropped connection
costs a moment, never an update. Only the table id and version travel; each page's stream reads the table
itself. Nothing here is needed for correctness: a page that hears nothing still polls (the fallback).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from flask import Flask, current_app
from sqlalchemy import bindparam, text
from sqlalchemy.engine import Engine

log = logging.getLogger(__name__)

CHANNEL = "companion_tables"
SQLITE_SECONDS = 0.1  # how often the SQLite watcher reads the watched versions (a tiny indexed read)
SAFETY_SECONDS = 2.0  # PostgreSQL's watcher reads them this often too, in case a notification was lost


class Listener:
    """One open page's wait for news of its table."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        self.news = threading.Event()


class Hub:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._lock = threading.Lock()
        self._listeners: dict[int, set[Listener]] = {}
        self._versions: dict[int, int] = {}
        self._watcher: threading.Thread | None = None
        self._stop = threading.Event()

    # -- pages ------------------------------------------------------------------------------------------------

    @contextmanager
    def listening(self, table_id: int) -> Iterator[Listener]:
        """While the block runs, ``listener.news`` is set whenever the table gets a newer version."""
        listener = Listener(table_id)
        with self._lock:
            self._listeners.setdefault(table_id, set()).add(listener)
        self._start_watcher()
        try:
            yield listener
        finally:
            with self._lock:
                found = self._listeners.get(table_id)
                if found is not None:
                    found.discard(listener)
                    if not found:
                        del self._listeners[table_id]
                        self._versions.pop(table_id, None)

    def streams(self) -> int:
        with self._lock:
            return sum(len(found) for found in self._listeners.values())

    # -- news -------------------------------------------------------------------------------------------------

    def publish(self, table_id: int, version: int) -> None:
        """The table has ``version`` now: wake the pages watching it (once per newer version)."""
        with self._lock:
            if version <= self._versions.get(table_id, -1):
                return
            self._versions[table_id] = version
            waiting = list(self._listeners.get(table_id, ()))
        for listener in waiting:
            listener.news.set()

    def _watched(self) -> list[int]:
        with self._lock:
            return list(self._listeners)

    # -- the watcher ------------------------------------------------------------------------------------------

    def _start_watcher(self) -> None:
        with self._lock:
            if self._watcher is not None and self._watcher.is_alive():
                return
            target = self._listen if self._engine.dialect.name == "postgresql" else self._poll
            self._watcher = threading.Thread(target=self._run, args=(target,), name="companion-live", daemon=True)
            self._watcher.start()

    def _run(self, target: Any) -> None:
        while not self._stop.is_set():
            try:
                target()
            except Exception:  # a dropped connection: read again shortly, the pages keep their polling meanwhile
                log.warning("live watcher: restarting after an error", exc_info=True)
                self._stop.wait(1.0)

    def _read_versions(self, connection: Any) -> None:
        watched = self._watched()
        if not watched:
            return
        rows = connection.execute(_VERSIONS, {"ids": watched}).all()
        for table_id, version in rows:
            self.publish(int(table_id), int(version))

    def _poll(self) -> None:
        while not self._stop.is_set():
            if self._watched():
                with self._engine.connect() as connection:
                    self._read_versions(connection)
                    connection.rollback()
            self._stop.wait(SQLITE_SECONDS)

    def _listen(self) -> None:
        # a connection of its own, outside the pool: it stays in autocommit, LISTENing, for the worker's life
        dsn = self._engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(dsn, autocommit=True) as driver:
            driver.execute(f"LISTEN {CHANNEL}")
            with self._engine.connect() as connection:
                last_read = 0.0
                while not self._stop.is_set():
                    for note in driver.notifies(timeout=SAFETY_SECONDS / 4, stop_after=64):
                        table_id, _sep, version = note.payload.partition(":")
                        if table_id.isascii() and table_id.isdigit() and version.isascii() and version.isdigit():
                            self.publish(int(table_id), int(version))
                    if time.monotonic() - last_read >= SAFETY_SECONDS:
                        self._read_versions(connection)
                        connection.rollback()
                        last_read = time.monotonic()

    def stop(self) -> None:
        self._stop.set()


_VERSIONS = text("SELECT id, version FROM tables WHERE id IN :ids").bindparams(bindparam("ids", expanding=True))


def init_app(app: Flask) -> None:
    app.extensions["companion_live"] = Hub(app.extensions["db_engine"])


def hub() -> Hub:
    found: Hub = current_app.extensions["companion_live"]
    return found


def published(table_id: int, version: int) -> None:
    """A write of this process committed ``version``: tell this process's pages now (other processes hear it
    from the database: NOTIFY, or their watcher's read)."""
    hub().publish(table_id, version)


__all__ = ["CHANNEL", "Hub", "Listener", "hub", "init_app", "published"]
