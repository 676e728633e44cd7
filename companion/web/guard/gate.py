"""The gate: what one client may hold of a worker at once, so no phone or client can shut the others out.

Each worker process counts, per client (the keyed hash of its address, ``security.client_id``), its open live
streams and its requests in flight, and in all the connections it is busy with (streams plus requests):

- **A client's streams** are capped (``CLIENT_STREAMS`` a worker): a page of a table holds one, so a phone holds a
  few; a client opening thousands is refused the ones past its cap (503 with Retry-After; the page polls
  meanwhile and opens its stream again later).
- **A client's requests in flight** are capped (``CLIENT_REQUESTS`` a worker): a phone has one or two at a time;
  past the cap it is told 429 with Retry-After, at once, before any work.
- **Streams are shed first.** When the worker is busy with ``WORKER_CONNECTIONS`` connections, a new stream is
  refused, and a request that comes then asks the oldest stream of the client holding the most to end (its page
  reconnects after the ``retry`` it was sent, polling meanwhile), so entries and pages are still served. Only
  when there is no stream left to shed is a request answered "busy" (503).
- **A stream whose phone left** ends within seconds: the stream watches its connection (``client_gone``) rather
  than waiting for a heartbeat write to fail.

What is shed is counted per reason and logged (at most one line per reason every ``LOG_SECONDS``).

The connection before the app sees it is gunicorn's (``companion.server.serving``): each worker accepts at once what
comes (a gevent pool larger than the connections it serves, a batch per wake), so nothing waits in the kernel's
accept queue for the worker to make room; this gate then answers, quickly, what it cannot serve.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, Response, current_app, g, request
from flask.typing import ResponseReturnValue

from companion.i18n import gettext as _
from companion.server.offload import gevent_running
from companion.web.guard.overload import busy_answer
from companion.web.guard.security import client_id

log = logging.getLogger("companion.gate")

STREAM_ENDPOINTS = frozenset({"tables.events", "tables.watch_events"})
RETRY_STREAM_SECONDS = 15  # a stream refused or shed: the page polls, and opens its stream again after this
LOG_SECONDS = 10.0


@dataclass
class StreamSlot:
    """One open stream, as the gate knows it: the stream ends when ``stop`` is set (shed, or its phone left)."""

    client: str
    opened: float
    stop: threading.Event = field(default_factory=threading.Event)
    reason: str = ""
    wake: Callable[[], None] | None = None  # wakes the stream's wait, so it sees ``stop`` at once

    def end(self, reason: str) -> None:
        self.reason = reason
        self.stop.set()
        if self.wake is not None:
            self.wake()


@dataclass
class Gate:
    """One worker's counts. Changed by the requests of this process only (its greenlets share one thread; the
    lock is for the threaded development server)."""

    connections: int
    client_streams: int
    client_requests: int
    streams: dict[str, list[StreamSlot]] = field(default_factory=dict)
    requests: Counter[str] = field(default_factory=Counter)
    shed: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)
    logged: dict[str, float] = field(default_factory=dict)
    open_streams: int = 0
    in_flight: int = 0

    @property
    def busy(self) -> int:
        """Connections this worker is busy with: its open streams and its requests in flight."""
        return self.open_streams + self.in_flight

    def admit_stream(self, client: str, now: float) -> StreamSlot | str:
        """A slot for a new stream, or why not ("client_streams": this client holds its cap; "streams_shed":
        the worker is full, and streams are the first thing it sheds)."""
        with self.lock:
            if len(self.streams.get(client, ())) >= self.client_streams:
                return self._shed("client_streams")
            if self.busy >= self.connections:
                return self._shed("streams_shed")
            slot = StreamSlot(client, now)
            self.streams.setdefault(client, []).append(slot)
            self.open_streams += 1
            return slot

    def close_stream(self, slot: StreamSlot) -> None:
        with self.lock:
            slots = self.streams.get(slot.client, [])
            if slot in slots:
                slots.remove(slot)
                self.open_streams -= 1
            if not slots:
                self.streams.pop(slot.client, None)

    def admit_request(self, client: str) -> str:
        """"" when the request may go on (counted until it ends), else why not ("client_requests": this client
        has its cap in flight; "busy": the worker is full and has no stream left to shed)."""
        with self.lock:
            if self.requests[client] >= self.client_requests:
                return self._shed("client_requests")
            if self.busy >= self.connections and not self._shed_a_stream():
                return self._shed("busy")
            self.requests[client] += 1
            self.in_flight += 1
            return ""

    def request_ended(self, client: str) -> None:
        with self.lock:
            self.in_flight -= 1
            self.requests[client] -= 1
            if self.requests[client] <= 0:
                del self.requests[client]

    def _shed_a_stream(self) -> bool:
        """End the oldest stream of the client holding the most (still counted until it has ended)."""
        live = [s for slots in self.streams.values() for s in slots if not s.stop.is_set()]
        if not live:
            return False
        most = max(len(self.streams[s.client]) for s in live)
        oldest = min((s for s in live if len(self.streams[s.client]) == most), key=lambda s: s.opened)
        oldest.end("shed")
        self._shed("stream_ended")
        return True

    def _shed(self, reason: str) -> str:
        self.shed[reason] += 1
        now = time.monotonic()
        if now - self.logged.get(reason, 0.0) >= LOG_SECONDS:
            self.logged[reason] = now
            log.warning("shed %s (%d so far in this worker; %d streams and %d requests open)", reason,
                        self.shed[reason], self.open_streams, self.in_flight)
        return reason


def gate() -> Gate:
    found: Gate = current_app.extensions["gate"]
    return found


def stream_slot() -> StreamSlot | None:
    """The gate's slot of the stream this request opens (None outside a stream, or with the gate off)."""
    return g.get("stream_slot")


def keep_until_closed(response: Response) -> Response:
    """The stream's slot stays counted while its response is being sent, and is let go when the server closes
    it (the stream ended, or its phone left). The request itself ends, for Flask, before its body is sent."""
    slot = g.pop("stream_slot", None)
    if slot is not None:
        counts = gate()
        response.call_on_close(lambda: counts.close_stream(slot))
    return response


def _refused_stream() -> Response:
    """A stream the worker cannot hold now: the page polls meanwhile and opens it again after Retry-After."""
    response = Response(_("Too many live connections right now: this page checks for news every few seconds "
                          "instead."), status=503, mimetype="text/plain")
    response.headers["Retry-After"] = str(RETRY_STREAM_SECONDS)
    response.headers["Cache-Control"] = "no-store"
    return response


def _too_many_requests() -> Response:
    response = busy_answer()
    response.status_code = 429
    response.headers["Retry-After"] = "2"
    return response


def init_app(app: Flask) -> None:
    """First of the request hooks: a request the worker cannot take is answered before any other work."""
    config = app.config
    app.extensions["gate"] = Gate(int(config["WORKER_CONNECTIONS"]), int(config["CLIENT_STREAMS"]),
                                  int(config["CLIENT_REQUESTS"]))

    @app.before_request
    def _through_the_gate() -> ResponseReturnValue | None:
        if request.endpoint is None or request.endpoint == "static":
            return None
        client = client_id()
        if request.endpoint in STREAM_ENDPOINTS:
            slot = gate().admit_stream(client, time.monotonic())
            if isinstance(slot, str):
                return _refused_stream()
            g.stream_slot = slot
            return None
        refused = gate().admit_request(client)
        if refused == "client_requests":
            return _too_many_requests()
        if refused:
            return busy_answer()
        g.gate_client = client
        return None

    @app.teardown_request
    def _out_of_the_gate(_exc: BaseException | None) -> None:
        slot = g.pop("stream_slot", None)  # a stream that never got to send (its opening read failed)
        if slot is not None:
            gate().close_stream(slot)
        client = g.pop("gate_client", None)
        if client is not None:
            gate().request_ended(client)


@contextmanager
def watching_departure(sock: Any, slot: StreamSlot | None) -> Iterator[None]:
    """While the block runs, a stream whose phone went away (its connection closed: the socket reads as ended)
    is ended within moments, instead of at the next heartbeat write that fails (15 s or more, a slot held all
    that while). Only under gevent (make run), where the wait costs a watcher, not a thread."""
    if sock is None or slot is None or not gevent_running():
        yield
        return
    import gevent
    from gevent.socket import wait_read

    def watch() -> None:
        try:
            wait_read(sock.fileno())
            if sock.recv(1, socket.MSG_PEEK) == b"":  # an orderly close; a page sends nothing on its stream
                slot.end("gone")
        except (OSError, ValueError):  # reset, or closed meanwhile
            slot.end("gone")

    watcher = gevent.spawn(watch)
    try:
        yield
    finally:
        watcher.kill(block=False)
