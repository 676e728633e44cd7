"""One client cannot shut the others out: a client's live streams and requests in flight are
capped per worker, streams are the first thing a full worker sheds, and a stream whose phone left ends at once.

The gate's rules on their own first; then a real server (gunicorn as `make run` serves it, two workers), flooded
with streams from one address (127.0.0.1) while a phone from another (127.0.0.2, loopback too) opens its table
and enters: the phone is served, and the flood gets quick refusals past its cap."""

from __future__ import annotations

import http.client
import re
import select
import socket
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from companion.web.guard.gate import Gate
from tests.browser.fixtures import MAKE_RUN, serve

# -- the rules -----------------------------------------------------------------------------------------------------


def test_a_clients_streams_and_requests_are_capped_and_others_still_get_in() -> None:
    gate = Gate(connections=100, client_streams=3, client_requests=2)
    slots = [gate.admit_stream("flood", float(n)) for n in range(3)]
    assert all(not isinstance(s, str) for s in slots)
    assert gate.admit_stream("flood", 4.0) == "client_streams"  # past its cap
    assert not isinstance(gate.admit_stream("phone", 5.0), str)  # another client is let in
    assert gate.admit_request("flood") == gate.admit_request("flood") == ""
    assert gate.admit_request("flood") == "client_requests"
    assert gate.admit_request("phone") == ""
    gate.request_ended("flood")
    assert gate.admit_request("flood") == ""
    assert gate.shed == {"client_streams": 1, "client_requests": 1}


def test_a_full_worker_sheds_streams_first_the_oldest_of_the_client_holding_most() -> None:
    gate = Gate(connections=4, client_streams=10, client_requests=10)
    many = [gate.admit_stream("many", float(n)) for n in range(3)]
    one = gate.admit_stream("one", 0.5)
    assert gate.admit_stream("late", 9.0) == "streams_shed"  # full: no new stream
    assert gate.admit_request("phone") == ""  # an entry gets in: a stream is asked to end for it
    first = many[0]
    assert not isinstance(first, str) and first.stop.is_set() and first.reason == "shed"
    assert not isinstance(one, str) and not one.stop.is_set()  # not the client holding one
    gate.close_stream(first)
    assert (gate.open_streams, gate.in_flight) == (3, 1)
    gate.request_ended("phone")
    assert gate.busy == 3 and gate.requests == {}
    # no stream left to ask: the worker answers "busy"
    full = Gate(connections=1, client_streams=10, client_requests=10)
    assert full.admit_request("a") == ""
    assert full.admit_request("b") == "busy"


# -- a real server ---------------------------------------------------------------------------------------------------

CAP = 6  # streams per client per worker on the test server


@pytest.fixture(scope="module")
def gated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    env = {"CLIENT_STREAMS": str(CAP), "CLIENT_REQUESTS": "16", "WORKER_CONNECTIONS": "200"}
    yield from serve(tmp_path_factory, "tests.browser.serve:app", extra_env=env,
                     server_args=[*MAKE_RUN, "--workers", "2"])


def open_stream(base: str, source: str, path: str) -> tuple[socket.socket, int]:
    """A live stream opened as a page opens it: the socket (left open) and the status it was answered."""
    parts = urlsplit(base)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=120, source_address=(source, 0))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAccept: text/event-stream\r\n\r\n".encode())
    head = b""
    while b"\r\n" not in head:
        chunk = sock.recv(1024)
        if not chunk:
            break
        head += chunk
    status = int(head.split(b" ", 2)[1]) if head else 0
    return sock, status


def start_table(base: str, source: str) -> str:
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120, source_address=(source, 0))
    conn.request("GET", "/new/tally")
    page = conn.getresponse()
    html = page.read().decode()
    cookies = "; ".join(v.split(";", 1)[0] for v in page.headers.get_all("Set-Cookie") or [])
    token = re.search(r'name="csrf-token" content="([^"]+)"', html)
    assert token
    conn.request("POST", "/new/tally", f"seat0=Aki&seat1=Ben&csrf_token={token.group(1)}",
                 {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookies})
    created = conn.getresponse()
    created.read()
    assert created.status == 303
    location = created.headers["Location"]
    conn.close()
    return urlsplit(location).path


def phone_enters(base: str, source: str, table: str, entries: int) -> list[tuple[int, float]]:
    """A phone on ``source`` opens ``table`` and makes ``entries`` entries: (status, seconds) of each request."""
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120, source_address=(source, 0))
    answers: list[tuple[int, float]] = []
    cookies = ""
    version = 0
    for n in range(entries + 1):
        started = time.monotonic()
        conn.request("GET", table, headers={"Cookie": cookies})
        page = conn.getresponse()
        html = page.read().decode()
        answers.append((page.status, time.monotonic() - started))
        cookies = "; ".join([c for c in [cookies] if c] +
                            [v.split(";", 1)[0] for v in page.headers.get_all("Set-Cookie") or []])
        if n == entries:
            break
        found = re.search(r'data-version="(\d+)"', html)
        version = int(found.group(1)) if found else version
        token = re.search(r'name="csrf-token" content="([^"]+)"', html)
        assert token
        started = time.monotonic()
        conn.request("POST", f"{table}/move", f"seat=1&points=1&version={version}&csrf_token={token.group(1)}",
                     {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookies})
        answer = conn.getresponse()
        answer.read()
        answers.append((answer.status, time.monotonic() - started))
    conn.close()
    return answers


def test_a_flood_of_streams_from_one_client_shuts_nobody_out(gated: str) -> None:
    flood_table = start_table(gated, "127.0.0.1")
    table = start_table(gated, "127.0.0.2")
    opened: list[socket.socket] = []
    statuses: list[int] = []
    try:
        for _ in range(60):  # ten times what it may hold on the two workers together
            sock, status = open_stream(gated, "127.0.0.1", f"{flood_table}/events")
            opened.append(sock)
            statuses.append(status)
        held = statuses.count(200)
        assert held <= 2 * CAP  # its cap on each worker, no more
        assert statuses.count(503) == len(statuses) - held  # the rest refused at once, honestly
        # Another phone, from another address, opens its table and enters as usual meanwhile.
        answers = phone_enters(gated, "127.0.0.2", table, entries=5)
        assert [status for status, _seconds in answers] == [200, 303] * 5 + [200]
        # and its own stream is let in: the cap is the flood's, not everyone's
        mine, status = open_stream(gated, "127.0.0.2", f"{table}/events")
        opened.append(mine)
        assert status == 200
    finally:
        for sock in opened:
            sock.close()


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One worker: which of two workers accepts a connection is the kernel's choice (a worker may take a whole batch),
    so only with one does "the client's cap" name an exact number of streams."""
    env = {"CLIENT_STREAMS": str(CAP), "CLIENT_REQUESTS": "16", "WORKER_CONNECTIONS": "200"}
    yield from serve(tmp_path_factory, "tests.browser.serve:app", extra_env=env,
                     server_args=[*MAKE_RUN, "--workers", "1"])


def test_streams_of_phones_that_left_are_let_go_at_once(one_worker: str) -> None:
    """A phone that closed its page frees its stream's place within moments (the socket read as ended), not after
    heartbeats fail: the same client fills its cap again right after closing all of them."""
    table = start_table(one_worker, "127.0.0.3")
    first = [open_stream(one_worker, "127.0.0.3", f"{table}/events") for _ in range(2 * CAP)]
    assert [status for _sock, status in first] == [200] * CAP + [503] * CAP
    for sock, _status in first:
        sock.close()
    deadline = time.monotonic() + 12  # the heartbeat alone would take 15 s or more
    while True:
        again = [open_stream(one_worker, "127.0.0.3", f"{table}/events") for _ in range(CAP)]
        back = sum(status == 200 for _sock, status in again)
        for sock, _status in again:
            sock.close()
        if back == CAP or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert back == CAP


CONNECTIONS = 10  # open connections per address per worker on the second test server


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    env = {"CLIENT_CONNECTIONS": str(CONNECTIONS), "CLIENT_STREAMS": "100", "CLIENT_REQUESTS": "16"}
    yield from serve(tmp_path_factory, "tests.browser.serve:app", extra_env=env,
                     server_args=[*MAKE_RUN, "--workers", "2"])


def closed_by_the_server(socks: list[socket.socket], expected: int) -> list[bool]:
    """Which of these connections the server has closed, watched until ``expected`` are or 4 s have passed (inside
    gunicorn's 5 s for a request to arrive, after which it closes an idle connection anyway)."""
    closed: set[socket.socket] = set()
    deadline = time.monotonic() + 4
    while len(closed) < expected and time.monotonic() < deadline:
        readable, _w, _x = select.select([s for s in socks if s not in closed], [], [], 0.2)
        for sock in readable:
            try:
                if sock.recv(1) == b"":
                    closed.add(sock)
            except OSError:  # reset
                closed.add(sock)
    return [sock in closed for sock in socks]


def test_a_client_holding_idle_connections_is_capped_and_others_get_in(capped: str) -> None:
    """Connections that send nothing (a slow or hostile client) each hold a place in a worker's pool: one
    address may hold CLIENT_CONNECTIONS of them per worker, and the ones past it are closed at once."""
    parts = urlsplit(capped)
    idle = [socket.create_connection((parts.hostname, parts.port), timeout=120, source_address=("127.0.0.4", 0))
            for _ in range(10 * CONNECTIONS)]
    try:
        closed = closed_by_the_server(idle, 10 * CONNECTIONS - 2 * CONNECTIONS)
        kept = closed.count(False)
        assert kept <= 2 * CONNECTIONS  # its cap on each of the two workers
        assert closed.count(True) >= 10 * CONNECTIONS - 2 * CONNECTIONS
        table = start_table(capped, "127.0.0.5")  # another address is served as usual
        assert [status for status, _seconds in phone_enters(capped, "127.0.0.5", table, entries=2)] == \
            [200, 303, 200, 303, 200]
    finally:
        for sock in idle:
            sock.close()
