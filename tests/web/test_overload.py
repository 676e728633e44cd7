"""Overload and a full disk answer quickly and honestly: a request that cannot have
the database within DB_WAIT_SECONDS gets 503 with Retry-After and a plain message in the player's language
(never a 500, never a long wait); a write on a full disk gets 507 "not saved: the server's storage is full";
nothing is written, and the same entry is saved once the server can again."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event

from companion.storage import db
from tests.web.apps import PG_URL, Phone, make_app
from tests.web.helpers import text_of, totals, version_of
from tests.web.test_tables import enter, new_table

BUSY_EN = "The server could not answer just now."
BUSY_JA = "サーバーが今は応答できませんでした。"
FULL_EN = "Not saved: the server's storage is full."
FULL_JA = "保存されていません：サーバーの保存領域がいっぱいです。"


@pytest.fixture
def small_app(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    """One pooled connection, waited for a fifth of a second: easy to exhaust in a test."""
    app = make_app(tmp_path, database_url, DB_POOL_SIZE=1, DB_WAIT_SECONDS=0.2)
    yield app
    app.extensions["db_engine"].dispose()


def test_a_request_that_cannot_have_the_database_in_time_is_told_the_server_is_busy(small_app: Flask) -> None:
    phone = Phone(small_app.test_client())
    table = new_table(phone, "Aki", "Ben")
    version = version_of(phone.get(table).get_data(as_text=True))
    held = small_app.extensions["db_engine"].connect()  # another request holds the only connection
    try:
        busy = enter(phone, table, 0, "5", version=version, **{"HX-Request": "true"})
        assert busy.status_code == 503
        assert busy.headers["Retry-After"] == "5"
        assert busy.mimetype == "text/plain"  # the page's script shows it; the form keeps the entry
        assert BUSY_EN in busy.get_data(as_text=True)
        page = enter(phone, table, 0, "5", version=version)  # without the script: an error page saying the same
        assert page.status_code == 503 and BUSY_EN in text_of(page.get_data(as_text=True))
        japanese = Phone(small_app.test_client(), lang="ja")
        japanese.token = phone.token
        japanese.client.set_cookie("session", phone.client.get_cookie("session").value)  # type: ignore[union-attr]
        said = enter(japanese, table, 0, "5", version=version, **{"HX-Request": "true"})
        assert said.status_code == 503 and BUSY_JA in said.get_data(as_text=True)
    finally:
        held.close()
    saved = enter(phone, table, 0, "5", version=version)  # the same entry, sent again: saved once
    assert saved.status_code == 303
    html = phone.get(table).get_data(as_text=True)
    assert totals(html) == [5, 0] and version_of(html) == version + 1


def test_the_write_lock_is_waited_for_briefly_then_busy(small_app: Flask) -> None:
    if PG_URL:
        pytest.skip("PostgreSQL locks rows itself: no process write lock")
    phone = Phone(small_app.test_client())
    table = new_table(phone, "Aki", "Ben")
    version = version_of(phone.get(table).get_data(as_text=True))
    lock = small_app.extensions["db_write_lock"]
    taken, done = threading.Event(), threading.Event()

    def another_entry() -> None:  # another request of this process is writing, and holds on
        with lock:
            taken.set()
            done.wait(60)

    holder = threading.Thread(target=another_entry)
    holder.start()
    try:
        assert taken.wait(60)
        busy = enter(phone, table, 1, "3", version=version)
    finally:
        done.set()
        holder.join()
    assert busy.status_code == 503 and BUSY_EN in text_of(busy.get_data(as_text=True))
    assert enter(phone, table, 1, "3", version=version).status_code == 303


def _fill_disk(app: Flask) -> Any:
    """SQLite's own "database or disk is full" (SQLITE_FULL), for real: every new connection may not grow the
    file past its present size."""
    engine = app.extensions["db_engine"]

    def cap(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count={pages}")

    event.listen(engine, "connect", cap)
    engine.dispose()
    return cap


def test_an_entry_on_a_full_disk_is_not_saved_and_says_so_then_saves_once_there_is_space(app: Flask) -> None:
    if PG_URL:
        pytest.skip("fills an SQLite file; PostgreSQL's disk-full (SQLSTATE 53100) is read the same way")
    phone = Phone(app.test_client())
    table = new_table(phone, "Aki", "Ben")
    version = version_of(phone.get(table).get_data(as_text=True))
    # Fill the file's free pages first, so the next entry must grow it.
    for n in range(40):
        assert enter(phone, table, 0, "1", version=version + n).status_code == 303
    version += 40
    cap = _fill_disk(app)
    refused = []
    for n in range(150):  # entries until one needs a new page (each seat's total stays under the cap of 100)
        answer = enter(phone, table, n % 2, "1", version=version, **{"HX-Request": "true"})
        if answer.status_code != 200:
            refused.append(answer)
            break
        version += 1
    assert refused, "the capped file never filled"
    full = refused[0]
    assert full.status_code == 507 and full.headers["Retry-After"] == "5"
    assert FULL_EN in full.get_data(as_text=True)
    ja = Phone(app.test_client(), lang="ja")
    ja.token = phone.token
    ja.client.set_cookie("session", phone.client.get_cookie("session").value)  # type: ignore[union-attr]
    said = enter(ja, table, 1, "1", version=version, **{"HX-Request": "true"})
    assert said.status_code == 507 and FULL_JA in said.get_data(as_text=True)

    event.remove(app.extensions["db_engine"], "connect", cap)  # space freed
    app.extensions["db_engine"].dispose()
    assert enter(phone, table, 1, "1", version=version).status_code == 303
    html = phone.get(table).get_data(as_text=True)
    assert version_of(html) == version + 1


def test_the_pool_is_sized_from_the_workers_connections_and_stays_bounded(tmp_path: Path) -> None:
    """DB_POOL_SIZE's default: 10 on SQLite and 30 on PostgreSQL for a worker of 2,000 connections
    (gunicorn.conf.py), less in proportion for fewer (never under 4), never more; the pool never grows past its
    size and a request waits for it at most DB_WAIT_SECONDS, so overload is a quick 503, never a pile of
    connections."""
    assert (db.default_pool_size("sqlite", 2000), db.default_pool_size("postgresql", 2000)) == (10, 30)
    assert db.default_pool_size("postgresql", 100_000) == 30  # bounded however many connections the worker holds
    assert db.default_pool_size("postgresql", 1000) == 15
    assert db.default_pool_size("sqlite", 50) == 4  # enough for a request, its import thread and the live watcher
    if "DB_POOL_SIZE" not in os.environ:
        assert db.POOL_SIZE is None  # each database its own default
    engine = db.make_engine(f"sqlite:///{tmp_path / 'pool.db'}", wait=1.5)
    try:
        pool: Any = engine.pool
        assert pool.size() == 10 and pool._max_overflow == 0 and pool._timeout == 1.5
    finally:
        engine.dispose()
    conf = (Path(__file__).parents[2] / "gunicorn.conf.py").read_text()
    # gevent's pool is larger than the connections a worker serves: what it cannot serve is accepted and answered
    assert 'worker_connections = 4 * int(os.environ.get("WORKER_CONNECTIONS", "4000"))' in conf
    assert db.WORKER_CONNECTIONS == int(os.environ.get("WORKER_CONNECTIONS", "4000"))


def _disk_full_on_postgresql(dbapi: str) -> Exception:
    """What the driver raises when PostgreSQL's disk is full: SQLSTATE 53100 (disk_full), in words that name no
    disk, so only the code can tell (SQLite's driver gets the same code, to run this on either database)."""
    said = 'could not write block 7 of relation base/16384/16402'
    if dbapi == "postgresql":
        from psycopg.errors import DiskFull

        return DiskFull(said)
    found = sqlite3.OperationalError(said)
    found.sqlstate = "53100"  # type: ignore[attr-defined]
    return found


def test_a_write_refused_with_sqlstate_53100_is_storage_full_in_both_languages_and_nothing_half_written(
        app: Flask) -> None:
    """PostgreSQL's disk-full path: the statement that writes the entry fails inside a real request (on
    PostgreSQL the same statement bumps the table's version; on SQLite the bump follows in the same
    transaction); the answer is 507 with the storage-full words, the transaction is rolled back whole, and the
    same tap is saved once when there is space again."""
    phone = Phone(app.test_client())
    table = new_table(phone, "Aki", "Ben")
    version = version_of(phone.get(table).get_data(as_text=True))
    engine = app.extensions["db_engine"]
    refused: list[str] = []

    def full(cursor: Any, statement: str, parameters: Any, context: Any) -> None:
        if "INSERT INTO EVENTS" in statement.upper():  # alone, or inside the WITH that also bumps the version
            refused.append(statement)
            raise _disk_full_on_postgresql(engine.dialect.name)

    event.listen(engine, "do_execute", full)
    tap = {"seat": 0, "points": "5", "version": version, "entry_key": "tap-disk-full-1"}
    try:
        answer = phone.post(f"{table}/move", tap, headers={"HX-Request": "true"})
        assert refused, "the entry's INSERT never ran"
        assert answer.status_code == 507 and answer.headers["Retry-After"] == "5"
        assert answer.mimetype == "text/plain" and FULL_EN in answer.get_data(as_text=True)
        page = phone.post(f"{table}/move", tap)  # without the script: the error page
        assert page.status_code == 507 and FULL_EN in text_of(page.get_data(as_text=True))
        ja = Phone(phone.client, lang="ja")
        ja.token = phone.token
        said = ja.post(f"{table}/move", tap, headers={"HX-Request": "true"})
        assert said.status_code == 507 and FULL_JA in said.get_data(as_text=True)
    finally:
        event.remove(engine, "do_execute", full)
    html = phone.get(table).get_data(as_text=True)
    assert version_of(html) == version and totals(html) == [0, 0]  # nothing half-written: not even the version
    assert phone.post(f"{table}/move", tap).status_code == 303  # space again: the same tap, saved once
    assert phone.post(f"{table}/move", tap).status_code == 303
    html = phone.get(table).get_data(as_text=True)
    assert version_of(html) == version + 1 and totals(html) == [5, 0]
