"""A phone that polls (no live stream) is answered "nothing new" from the live hub without a database read, and
only while the hub knows the table's version as well as a read would (companion/tables/live.py): a write by this
process or another reaches the next polls, a table that is gone is a 404, and a watcher that stopped keeping up
sends the polls back to the database. Runs on SQLite (the watcher reads) and PostgreSQL (LISTEN/NOTIFY)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.storage.models import utcnow
from companion.tables import live, retention, store
from tests.web.apps import Phone, make_app
from tests.web.helpers import version_of
from tests.web.test_tables import enter, new_table
from tests.web.test_write_path import Statements

PATIENCE_SECONDS = 60.0  # only a bound for a test that would otherwise hang: the hub's reads take a tenth of that


def eventually(what: str, check: Callable[[], Any]) -> Any:
    """``check()``'s first true answer, asked until PATIENCE_SECONDS have passed (a busy machine is slow, never
    wrong)."""
    ends = time.monotonic() + PATIENCE_SECONDS
    while time.monotonic() < ends:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    pytest.fail(f"never: {what}")


def table_token(url: str) -> str:
    return url.rsplit("/", 1)[1]


def poll(app: Flask, phone: Phone, url: str, seen: int) -> tuple[int, int | None, list[str]]:
    """One poll as a page sends it: its status, the version of the fragment it brought (if any) and the
    statements it sent to the database."""
    with Statements(app) as sent:
        response = phone.get(f"{url}/poll?v={seen}", headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    return response.status_code, version_of(html) if response.status_code == 200 else None, sent.sent


def answered_by_the_hub(app: Flask, phone: Phone, url: str, seen: int) -> bool:
    status, _version, sent = poll(app, phone, url, seen)
    assert status == 204
    return sent == []


@pytest.fixture
def other_process(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    """A second app on the same database: another worker process, or another host (a hub of its own)."""
    other = make_app(tmp_path / "other", database_url)
    yield other
    other.extensions["companion_live"].stop()
    other.extensions["db_engine"].dispose()


def test_a_polled_tables_next_polls_read_nothing_from_the_database(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    status, _version, sent = poll(app, phone, url, 0)
    assert status == 204 and len(sent) == 1  # the first poll reads the table's version: the hub watches it now
    eventually("a poll answered without a database read", lambda: answered_by_the_hub(app, phone, url, 0))
    with app.app_context():
        table = store.get_table(table_token(url))
        assert table is not None
        assert live.hub().known(table_token(url), watch=False) in (None, (table.id, 0))


def test_an_entry_on_this_process_reaches_the_next_poll_at_once(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    poll(app, phone, url, 0)
    eventually("the hub answers", lambda: answered_by_the_hub(app, phone, url, 0))
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    status, version, _sent = poll(app, phone, url, 0)  # no waiting: the write told the hub after its commit
    assert (status, version) == (200, 1)


def test_an_entry_on_another_process_reaches_the_polls_here(app: Flask, phone: Phone, other_process: Flask) -> None:
    url = new_table(phone, "Aki", "Ben")
    poll(app, phone, url, 0)
    eventually("the hub answers", lambda: answered_by_the_hub(app, phone, url, 0))
    elsewhere = Phone(other_process.test_client())
    assert enter(elsewhere, url, 1, "4", version=0).status_code == 303
    status, version, _sent = eventually("the other process's entry polled here",
                                        lambda: (found := poll(app, phone, url, 0))[0] == 200 and found)
    assert version == 1
    # and the phone that has it hears "nothing new" again, from the hub
    eventually("the hub answers at version 1", lambda: answered_by_the_hub(app, phone, url, 1))


def test_the_watch_links_polls_are_answered_for_the_watch_token_only(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    found = re.search(r"/w/([A-Za-z0-9_-]{24})", phone.get(url).get_data(as_text=True))
    assert found is not None
    watch = found.group(0)
    poll(app, phone, watch, 0)
    eventually("the watch link's poll answered by the hub", lambda: answered_by_the_hub(app, phone, watch, 0))
    with app.app_context():
        assert live.hub().known(table_token(watch), watch=False) is None  # a watch token is no players' link
    assert phone.get(f"/t/{table_token(watch)}/poll?v=0").status_code == 404


def test_a_table_that_is_gone_is_a_404_once_the_watcher_reads_again(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")  # never played: the retention cleanup deletes it when it is old
    poll(app, phone, url, 0)
    eventually("the hub answers", lambda: answered_by_the_hub(app, phone, url, 0))
    with app.app_context():
        assert retention.cleanup(30, 3600, now=utcnow() + timedelta(days=60)).tables == 1
    eventually("the deleted table's poll is a 404",
               lambda: phone.get(f"{url}/poll?v=0", headers={"HX-Request": "true"}).status_code == 404)


def test_a_watcher_that_stopped_keeping_up_sends_polls_back_to_the_database(app: Flask, phone: Phone,
                                                                          other_process: Flask) -> None:
    url = new_table(phone, "Aki", "Ben")
    poll(app, phone, url, 0)
    eventually("the hub answers", lambda: answered_by_the_hub(app, phone, url, 0))
    hub = app.extensions["companion_live"]
    hub.stop()  # the watcher ends: what the hub knows ages from here
    hub._watcher.join(PATIENCE_SECONDS)
    assert not hub._watcher.is_alive()
    eventually("polls read the database again", lambda: len(poll(app, phone, url, 0)[2]) == 1)
    elsewhere = Phone(other_process.test_client())
    assert enter(elsewhere, url, 1, "4", version=0).status_code == 303
    status, version, sent = poll(app, phone, url, 0)  # nobody here heard of it: the read finds it
    assert (status, version) == (200, 1) and sent


def test_a_broken_watcher_connection_trusts_nothing_until_it_has_read_again(app: Flask) -> None:
    hub = live.Hub(app.extensions["db_engine"])
    hub._start_watcher = lambda: None  # type: ignore[method-assign]  # driven by hand below
    hub.polled("t" * 24, False, 7, 3)
    assert hub.known("t" * 24, False) is None  # not read by the watcher yet
    with app.app_context(), app.extensions["db_engine"].connect() as connection:
        hub._caught_up_at(time.monotonic())
        hub._read_versions(connection)  # table 7 is not in this database: it is forgotten
        assert hub.known("t" * 24, False) is None
        hub.polled("t" * 24, False, 7, 3)
        with hub._lock:
            hub._read.add(7)
        assert hub.known("t" * 24, False) == (7, 3)
        hub._distrust()  # what a dropped connection does
        assert hub.known("t" * 24, False) is None


def test_the_hub_remembers_a_bounded_number_of_tokens_and_only_watched_tables(app: Flask,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "POLLED_TOKENS", 3)
    hub = live.Hub(app.extensions["db_engine"])
    hub._start_watcher = lambda: None  # type: ignore[method-assign]
    for n in range(5):
        hub.polled(f"{n}" * 24, False, n, 0)
    assert list(hub._tokens) == [("2" * 24, False), ("3" * 24, False), ("4" * 24, False)]
    hub.publish(99, 4)  # a table nobody here watches (PostgreSQL tells every process of every table)
    assert 99 not in hub._versions
    monkeypatch.setattr(live, "POLLED_SECONDS", 0.0)
    time.sleep(0.01)
    assert hub._watched() == [] and hub._versions == {}  # tables no longer polled are forgotten


def test_a_reconnecting_page_reads_its_tables_version_once(app: Flask, phone: Phone,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A room's pages reconnecting together (a Wi-Fi blip): each stream reads the version for its answer (the 404
    of a table that is gone), and its first turn takes the hub's, not a second read."""
    from companion.web.tables import routes as tables

    monkeypatch.setattr(tables, "HEARTBEAT_SECONDS", 0.0)  # the first turn's heartbeat at once: the turn is done
    url = new_table(phone, "Aki", "Ben")
    poll(app, phone, url, 0)
    eventually("the hub answers", lambda: answered_by_the_hub(app, phone, url, 0))
    with Statements(app) as sent:
        response = phone.client.get(f"{url}/events", headers={"Last-Event-ID": "0"}, buffered=False)
        chunks = iter(response.response)
        said = [next(chunks), next(chunks)]
        response.close()
    assert [c.decode() if isinstance(c, bytes) else c for c in said][1] == ": still here\n\n"  # nothing new
    assert len(sent.sent) == 1, sent.sent
