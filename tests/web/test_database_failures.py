"""The database failing under a request: a connection cut, or the server restarted, after an
entry's commit and before its answer. The answer is an honest "busy, try again" (503 with Retry-After, never a
500), the page's form is offered again with the same tap key, and the same tap sent again is answered "saved"
without writing twice: the log grows by exactly one.

Three ways the connection goes: a driver error raised in the app (both databases); PostgreSQL ending the
request's connection (pg_terminate_backend, the suite's PostgreSQL run); and a real PostgreSQL server, of this
test's own, restarted between the commit and the answer (where PostgreSQL's programs are installed)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from companion.storage import db
from companion.tables import live, store, turns
from companion.web.tables import routes as tables
from tests.web.apps import PG_URL, Phone, make_app
from tests.web.helpers import text_of, version_of
from tests.web.test_tables import new_table

BUSY = "The server could not answer just now. What you entered is kept here: send it again in a few seconds"
KEY = "0123456789abcdef01234567"


def cut_once(monkeypatch: pytest.MonkeyPatch, cut: Callable[[], None]) -> list[int]:
    """``cut()`` runs once, right after the next entry's commit (where the write path tells the live hub)."""
    published = live.published
    done: list[int] = []

    def after_commit(table_id: int, version: int) -> None:
        if not done:
            done.append(version)
            cut()
        published(table_id, version)

    monkeypatch.setattr("companion.tables.play.live.published", after_commit)
    return done


def entry(phone: Phone, table: str, version: int, htmx: bool = False):  # type: ignore[no-untyped-def]
    headers = {"HX-Request": "true"} if htmx else {}
    return phone.post(f"{table}/move", {"seat": 1, "points": "7", "version": version, "entry_key": KEY},
                      headers=headers)


def log_length(app: Flask) -> int:
    with app.app_context():
        return int(db.session().execute(text("SELECT count(*) FROM events")).scalar_one())


def assert_saved_once_after(app: Flask, phone: Phone, table: str, first: Any, htmx: bool = False) -> None:
    """The cut entry was answered "busy" (a page with the form to send again; for the page's script, the plain
    message it shows); sent again with the same key, it is "saved" once."""
    assert first.status_code == 503 and first.headers["Retry-After"] == "5"
    said = first.get_data(as_text=True)
    if htmx:
        assert first.mimetype == "text/plain" and said.startswith(BUSY)
    else:
        assert BUSY in text_of(said)
        assert f'name="entry_key" value="{KEY}"' in said and 'name="points" value="7"' in said  # the form, kept
        assert re.search(rf'<form method="post" action="{table}/move"', said)
        assert f'href="{table}"' in said  # and the way back to the table
    again = entry(phone, table, 0, htmx)
    assert again.status_code == (200 if htmx else 303)  # "saved": the first try's commit stands
    html = phone.get(table).get_data(as_text=True)
    assert version_of(html) == 1 and log_length(app) == 1
    assert "#1 Ben: +7" in text_of(html)


def test_a_connection_error_after_the_commit_is_busy_and_the_tap_sent_again_is_saved_once(
        app: Flask, phone: Phone, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(phone, "Aki", "Ben")

    def connection_lost() -> None:
        raise OperationalError("SELECT 1", {}, Exception("server closed the connection unexpectedly"),
                               connection_invalidated=True)

    cut_once(monkeypatch, connection_lost)
    assert_saved_once_after(app, phone, table, entry(phone, table, 0))


def test_the_htmx_answer_to_a_cut_connection_is_plain_text_for_the_page_to_show(
        app: Flask, phone: Phone, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(phone, "Aki", "Ben")

    def connection_lost() -> None:
        raise OperationalError("COMMIT", {}, Exception("terminating connection due to administrator command"))

    cut_once(monkeypatch, connection_lost)
    assert_saved_once_after(app, phone, table, entry(phone, table, 0, htmx=True), htmx=True)


def test_postgresql_ending_the_connection_after_the_commit_is_busy_and_saved_once(
        app: Flask, phone: Phone, monkeypatch: pytest.MonkeyPatch) -> None:
    if not PG_URL:
        pytest.skip("PostgreSQL's own cut (pg_terminate_backend): the suite's PostgreSQL run")
    table = new_table(phone, "Aki", "Ben")
    admin = db.make_engine(PG_URL, pool_size=1)

    def terminate_the_requests_connection() -> None:
        # This request's connection only: other servers of this test process share the database (and must keep
        # their connections, their LISTEN among them).
        pid = db.session().execute(text("SELECT pg_backend_pid()")).scalar_one()
        with admin.connect() as conn:
            conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
            conn.commit()

    cut_once(monkeypatch, terminate_the_requests_connection)
    try:
        # the page's entry (htmx): its answer reads the table again on the connection that was ended
        assert_saved_once_after(app, phone, table, entry(phone, table, 0, htmx=True), htmx=True)
    finally:
        admin.dispose()


# -- a PostgreSQL server of this test's own, restarted mid-request --------------------------------------------

def _postgres_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


def _as_postgres(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@pytest.fixture
def own_postgres() -> Iterator[tuple[str, Callable[[], None]]]:
    """A throwaway PostgreSQL cluster on a free loopback port: (its URL, restart())."""
    bindir = _postgres_bin()
    if bindir is None or (os.geteuid() == 0 and shutil.which("runuser") is None):
        pytest.skip("PostgreSQL's programs are not installed (CI installs them before its PostgreSQL run)")
    folder = Path(tempfile.mkdtemp(prefix="companion-restart-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = folder / "data"
    subprocess.run(_as_postgres([str(bindir / "initdb"), "-D", str(data), "-U", "companion", "--auth=trust",
                                 "-E", "UTF8"]), check=True, capture_output=True)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    ctl = [str(bindir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "-o", options]
    subprocess.run(_as_postgres([*ctl, "start"]), check=True, capture_output=True)

    def restart() -> None:
        subprocess.run(_as_postgres([*ctl, "-m", "fast", "restart"]), check=True, capture_output=True)

    try:
        yield f"postgresql://companion@127.0.0.1:{port}/postgres", restart
    finally:
        subprocess.run(_as_postgres([*ctl, "-m", "immediate", "stop"]), capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_postgresql_restart_between_the_commit_and_the_answer_is_busy_and_saved_once(
        tmp_path: Path, own_postgres: tuple[str, Callable[[], None]], monkeypatch: pytest.MonkeyPatch) -> None:
    url, restart = own_postgres
    app = make_app(tmp_path, url)
    db.upgrade(app)
    try:
        phone = Phone(app.test_client())
        table = new_table(phone, "Aki", "Ben")
        cut_once(monkeypatch, restart)
        assert_saved_once_after(app, phone, table, entry(phone, table, 0, htmx=True), htmx=True)
        # and the next entries are saved as usual, on connections opened afresh
        assert phone.post(f"{table}/move", {"seat": 0, "points": "2", "version": 1}).status_code == 303
        assert log_length(app) == 2
    finally:
        app.extensions["companion_live"].stop()
        app.extensions["db_engine"].dispose()


def test_a_live_stream_waits_out_a_database_that_does_not_answer_and_goes_on(
        app: Flask, phone: Phone, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read that fails (a restart, a pool with no connection to spare) does not end the page's stream: it
    says so in a comment line, reads again, and sends the table when the database answers."""
    table = new_table(phone, "Aki", "Ben")
    assert phone.post(f"{table}/move", {"seat": 0, "points": "3", "version": 0}).status_code == 303
    real = store.version_by_token
    failures: list[Exception] = [OperationalError("SELECT", {}, Exception("the database system is starting up")),
                                 PoolTimeout("QueuePool limit reached")]

    def flaky(token: str, watch: bool = False) -> tuple[int, int] | None:
        if failures:
            raise failures.pop(0)
        return real(token, watch=watch)

    monkeypatch.setattr(tables, "STREAM_RETRY_SECONDS", 0.01)
    monkeypatch.setattr(tables.store, "version_by_token", real)  # the stream's opening read works
    response = phone.client.get(f"{table}/events?v=0", buffered=False)
    assert response.status_code == 200
    monkeypatch.setattr(tables.store, "version_by_token", flaky)
    chunks = iter(response.response)
    said: list[str] = []
    for chunk in chunks:
        said.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
        if "event: table" in said[-1]:
            break
    response.close()
    assert said[0].startswith("retry: ")  # when the page reconnects (tests/web/test_live.py)
    assert said.count(": the database did not answer; trying again\n\n") == 2
    assert said[-1].startswith("id: 1\nevent: table\n")


@pytest.mark.parametrize("write", ["append_unchanged", "table_turn"])
def test_a_full_disk_without_javascript_keeps_the_entry_in_a_form_to_send_again(
        app: Flask, phone: Phone, monkeypatch: pytest.MonkeyPatch, write: str) -> None:
    """A page that said the entry was kept and offered only Home left no way to send it. It draws the form again,
    filled in (with its tap key), and sending it once there is space saves it once. Either write fails so: the
    common entry's one statement, or the table's turn (taken when the one statement does not apply)."""
    table = new_table(phone, "Aki", "Ben")
    full: list[bool] = []

    def fills_once(written: Any) -> Any:
        def disk_full(*args: Any) -> Any:
            if not full:
                full.append(True)
                raise OperationalError("INSERT", {}, Exception("database or disk is full"))
            return written(*args)
        return disk_full

    if write == "append_unchanged":
        monkeypatch.setattr(turns, "append_unchanged", fills_once(turns.append_unchanged))
    else:
        monkeypatch.setattr(turns, "append_unchanged", lambda *_args: None)  # as when the table moved on
        monkeypatch.setattr(turns.TableTurn, "save", fills_once(turns.TableTurn.save))
    refused = entry(phone, table, 0)
    assert refused.status_code == 507
    page = refused.get_data(as_text=True)
    assert "Not saved: the server's storage is full. What you entered is kept here" in text_of(page)
    assert f'name="entry_key" value="{KEY}"' in page and 'name="points" value="7"' in page
    assert "Send it again" in page and "Back without sending" in page
    assert log_length(app) == 0
    sent = phone.post(f"{table}/move", dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page)))
    assert sent.status_code == 303 and log_length(app) == 1
