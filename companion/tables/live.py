"""Live tables: every open page of a table hears of each new version at once.

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

A phone without the stream polls "anything new?" every 2 s. The hub answers that from what it knows, without a
database read, only while its knowledge is as good as a read: the table is watched (polled within
``POLLED_SECONDS``), the watcher has read its version from the database since the watcher's connection began, and
the watcher has caught up (every notification and read done) within ``FRESH_SECONDS``. Otherwise the poll reads
the database, as it always did. What the hub knows is never newer than the database, only at most
``FRESH_SECONDS`` older: a "nothing new" it gives is the answer a poll sent that much earlier would have had.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
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
FRESH_SECONDS = 0.5  # a poll is answered from the hub only if its watcher caught up at most this long ago
NOTIFY_WAIT_SECONDS = 0.2  # PostgreSQL's watcher takes the notifications in batches this long (it catches up each)
NOTIFY_BATCH = 256  # at most this many notifications a batch (a batch this full may not have caught up)
POLLED_SECONDS = 10.0  # a table polled within this long is watched (phones poll every 2 s)
POLLED_TOKENS = 20_000  # the tokens whose table the hub remembers for polls (the least recently polled go first)


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
        self._versions: dict[int, int] = {}  # the newest version known of each watched table
        # polls: which table a (token, watch) is, when each table was last polled, which tables' versions the
        # watcher has read since its connection began, and when it last caught up (monotonic; 0: not since)
        self._tokens: OrderedDict[tuple[str, bool], int] = OrderedDict()
        self._polled: dict[int, float] = {}
        self._read: set[int] = set()
        self._caught_up = 0.0
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
                        if table_id not in self._polled:
                            self._forget(table_id)

    def streams(self) -> int:
        with self._lock:
            return sum(len(found) for found in self._listeners.values())

    # -- news -------------------------------------------------------------------------------------------------

    def publish(self, table_id: int, version: int) -> None:
        """The table has ``version`` now: wake the pages watching it (once per newer version)."""
        with self._lock:
            if table_id not in self._listeners and table_id not in self._polled:
                return  # nobody here watches it (PostgreSQL tells every process of every table's versions)
            if version <= self._versions.get(table_id, -1):
                return
            self._versions[table_id] = version
            waiting = list(self._listeners.get(table_id, ()))
        for listener in waiting:
            listener.news.set()

    # -- polls ------------------------------------------------------------------------------------------------

    def known(self, token: str, watch: bool) -> tuple[int, int] | None:
        """(table id, version) of the table a poll names, if the hub knows it as well as a read would (see the
        module's docstring); None: read the database (then say ``polled``)."""
        now = time.monotonic()
        with self._lock:
            table_id = self._tokens.get((token, watch))
            if table_id is None:
                return None
            self._tokens.move_to_end((token, watch))
            self._polled[table_id] = now
            if table_id not in self._read or now - self._caught_up > FRESH_SECONDS:
                return None
            return table_id, self._versions[table_id]

    def polled(self, token: str, watch: bool, table_id: int, version: int) -> None:
        """A poll read the table's version from the database: watch the table from now on (while it is polled),
        so the next polls can be answered here."""
        with self._lock:
            self._tokens[(token, watch)] = table_id
            self._tokens.move_to_end((token, watch))
            while len(self._tokens) > POLLED_TOKENS:
                self._tokens.popitem(last=False)
            self._polled[table_id] = time.monotonic()
            if version > self._versions.get(table_id, -1):
                self._versions[table_id] = version
        self._start_watcher()

    def _forget(self, table_id: int) -> None:  # with the lock held
        self._versions.pop(table_id, None)
        self._read.discard(table_id)
        self._polled.pop(table_id, None)

    def _watched(self) -> list[int]:
        """The tables some page here is streaming or polled lately (the others are forgotten)."""
        now = time.monotonic()
        with self._lock:
            for table_id in [t for t, at in self._polled.items() if now - at > POLLED_SECONDS]:
                del self._polled[table_id]
                if table_id not in self._listeners:
                    self._forget(table_id)
            return [*self._listeners, *(t for t in self._polled if t not in self._listeners)]

    def _caught_up_at(self, moment: float) -> None:
        with self._lock:
            self._caught_up = max(self._caught_up, moment)

    def _distrust(self) -> None:
        """The watcher's connection is new or broken: notifications may have been missed, so nothing is known
        as well as a read until the watcher has read again."""
        with self._lock:
            self._read.clear()
            self._caught_up = 0.0

    # -- the watcher ------------------------------------------------------------------------------------------

    def _start_watcher(self) -> None:
        # Asked on every stream and poll: answered without the hub's lock, since ``is_alive`` may let other
        # greenlets run (gevent), and a lock held across that made every page wait on the others (issue 39).
        # Only a missing or stopped watcher takes the lock, and looks again under it.
        running = self._watcher
        if running is not None and running.is_alive():
            return
        with self._lock:
            if self._watcher is not None and self._watcher.is_alive():
                return
            target = self._listen if self._engine.dialect.name == "postgresql" else self._poll
            self._watcher = threading.Thread(target=self._run, args=(target,), name="companion-live", daemon=True)
            self._watcher.start()

    def _run(self, target: Any) -> None:
        while not self._stop.is_set():
            self._distrust()
            try:
                target()
            except Exception:  # a dropped connection: read again shortly, the pages keep their polling meanwhile
                self._distrust()
                log.warning("live watcher: restarting after an error", exc_info=True)
                self._stop.wait(1.0)

    def _read_versions(self, connection: Any) -> None:
        """Reads the watched tables' versions; a table no longer there is forgotten (its polls read the database
        and hear it is gone)."""
        watched = self._watched()
        if not watched:
            return
        rows = connection.execute(_VERSIONS, {"ids": watched}).all()
        for table_id, version in rows:
            self.publish(int(table_id), int(version))
        found = {int(table_id) for table_id, _version in rows}
        with self._lock:
            self._read.update(t for t in found if t in self._versions)
            for table_id in set(watched) - found:
                self._forget(table_id)

    def _poll(self) -> None:
        while not self._stop.is_set():
            if self._watched():
                started = time.monotonic()  # the read sees every write committed before it began
                with self._engine.connect() as connection:
                    self._read_versions(connection)
                    connection.rollback()
                self._caught_up_at(started)
            self._stop.wait(SQLITE_SECONDS)

    def _listen(self) -> None:
        # a connection of its own, outside the pool: it stays in autocommit, LISTENing, for the worker's life
        dsn = self._engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(dsn, autocommit=True) as driver:
            driver.execute(f"LISTEN {CHANNEL}")
            with self._engine.connect() as connection:
                last_read = 0.0
                while not self._stop.is_set():
                    taken = 0
                    for note in driver.notifies(timeout=NOTIFY_WAIT_SECONDS, stop_after=NOTIFY_BATCH):
                        taken += 1
                        table_id, _sep, version = note.payload.partition(":")
                        if table_id.isascii() and table_id.isdigit() and version.isascii() and version.isdigit():
                            self.publish(int(table_id), int(version))
                    if taken < NOTIFY_BATCH:  # the batch ended by waiting: every notification sent so far is in
                        self._caught_up_at(time.monotonic())
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
