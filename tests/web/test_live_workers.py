"""The live table across processes: a stream opened on one gunicorn worker process hears of
an entry written through another. Two servers of one worker each on one database, so which process holds the
stream and which one writes is certain (two workers behind one port share connections at random): on SQLite
the stream's worker hears it through its watcher; when TEST_DATABASE_URL names PostgreSQL (CI's second run),
both servers serve that database (``serve`` uses it) and the news travels by LISTEN/NOTIFY."""

from __future__ import annotations

import http.client
import json
import urllib.parse
from collections.abc import Iterator

import pytest

from tests.browser.fixtures import MAKE_RUN, WAIT_MS, database_of, serve
from tests.web.apps import PG_URL
from tests.web.helpers import totals
from tests.web.test_contention import Racer


@pytest.fixture(scope="module")
def two_processes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    one_worker = [*MAKE_RUN, "--workers", "1"]
    for first in serve(tmp_path_factory, "tests.browser.serve:app", server_args=one_worker):
        for second in serve(tmp_path_factory, "tests.browser.serve:app", server_args=one_worker,
                            database=database_of(first)):
            yield first, second


def events(stream: http.client.HTTPResponse) -> Iterator[dict[str, str]]:
    """The events of a server-sent event stream as they come (heartbeat comments skipped)."""
    fields: dict[str, str] = {}
    while True:
        line = stream.readline().decode()
        if not line:
            return
        line = line.rstrip("\n")
        if not line:
            if "event" in fields:
                yield fields
            fields = {}
        elif not line.startswith(":"):
            name, _sep, value = line.partition(": ")
            fields[name] = value


def test_an_entry_written_through_one_process_reaches_a_stream_on_another(two_processes: tuple[str, str]) -> None:
    reader_base, writer_base = two_processes
    writer = Racer(writer_base, "", -1)
    writer.look(writer.send("GET", "/new/tally", htmx=False)[1])
    status, _, location = writer.send("POST", "/new/tally", {"csrf_token": writer.csrf, "seat0": "Aki",
                                                              "seat1": "Ben"}, htmx=False)
    assert status == 303, status
    table = urllib.parse.urlparse(location).path

    host = urllib.parse.urlparse(reader_base)
    connection = http.client.HTTPConnection(host.hostname, host.port, timeout=WAIT_MS / 1000)
    connection.request("GET", f"{table}/events?v=0", headers={"Accept-Language": "en"})
    stream = connection.getresponse()
    assert stream.status == 200 and stream.getheader("Content-Type", "").startswith("text/event-stream")
    assert stream.readline().decode().startswith("retry:")  # the stream is open on the reading process

    status, html, _ = writer.send("POST", f"{table}/move", {"csrf_token": writer.csrf, "seat": 1, "points": 7,
                                                             "version": 0})
    assert status == 200 and totals(html) == [0, 7]
    event = next(events(stream))
    connection.close()
    assert event["event"] == "table" and event["id"] == "1"
    data = json.loads(event["data"])
    assert data["version"] == 1 and totals(data["html"]) == [0, 7]
    assert data["said"] == ["Ben: +7"]  # the stream's phone did not make it: it is told


def test_both_processes_serve_the_database_the_run_names(two_processes: tuple[str, str]) -> None:
    reader, writer = two_processes
    assert database_of(reader) == database_of(writer)
    assert database_of(reader)[1].startswith("postgresql") == bool(PG_URL)
