"""Admission control: a worker whose event loop is saturated answers new expensive requests "busy" at once.

`make run` serves with gevent workers: every request of a worker shares one thread, the event loop. When the
cores are saturated nothing waits for the database (where ``DB_WAIT_SECONDS`` answers 503), the requests simply
queue on the loop, and every phone waits longer and longer (10-30 s, measured with 120 phones on 30 tables).
So each worker watches its own loop: a greenlet sleeps ``INTERVAL`` and measures how late it wakes. That lag is
how long anything runnable waits for its turn on the loop. One late wake is a spike (a page that took a while,
the machine busy for a moment) and is let pass; a lag that stays past ``ADMISSION_LAG_MS`` for a whole
``ADMISSION_WINDOW_MS`` (CoDel's rule: the smallest lag over the window is past the target) is a standing queue,
and while it stands a share of the expensive requests (in proportion to how far the lag stands past the target)
is answered at once with the busy answer (503, ``Retry-After``, the player's language; ``overload.busy_answer``)
before any of its work is done, so the loop's queue shrinks back towards the target.

What is shed: entries and other writes (nothing is written: the page keeps the tap with its key and sends it
again after ``Retry-After``, static/js/live.js), pages, fragments, PDFs and API calls. What never is: static
files, the live stream (opening it is a read of the version; each version's push is rendered once for all) and
the "anything new?" poll (mostly a 204): they are cheap and keep the phones current, so a shed phone still sees
the table move. Watch links (/w/...) never write, so nothing of theirs can be lost either way.

Inert unless the worker runs gevent (Flask's test client, the development server, gthread workers): there is no
loop to watch. A test turns it on by putting its own ``Saturation`` in ``app.extensions["admission"]``.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from flask import Flask, current_app, request
from flask.typing import ResponseReturnValue

from companion.server.offload import gevent_running
from companion.web.guard.overload import busy_answer
from companion.web.guard.security import DEVICE_COOKIE, client_id

# How often the watching greenlet wakes: often enough that a standing queue is seen within a fraction of the
# window, rarely enough to cost nothing (a timer and a switch, 20 times a second).
INTERVAL = 0.05

# A phone shed is let through on its next try within this long (its page tries again after Retry-After, 5 s).
SPARED_SECONDS = 15.0
SPARED_MOST = 20_000  # phones remembered as shed, at most (a few hundred bytes each)

# Never shed: cheap, and what keeps a phone current while its other requests are told "busy".
CHEAP_ENDPOINTS = frozenset({"static", "tables.events", "tables.watch_events", "tables.poll", "tables.watch_poll"})


class Saturation:
    """CoDel's verdict on one event loop, and how much to shed.

    Overloaded while every lag seen for ``window`` seconds is past ``target`` seconds; a lag below the target
    (the loop had a moment to spare) ends it at once. While overloaded, the share of expensive requests shed is
    in proportion to how far the smallest lag of the window stands past the target (all of them at twice it):
    shedding everything at the first sign would empty the loop, send every shed phone back at once after
    Retry-After and leave the cores idle between the waves (make bench measured half the entries saved that
    way); shedding in proportion keeps the loop just busy, at about its target."""

    def __init__(self, target: float, window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.target = target
        self.window = window
        self.clock = clock
        self.due = clock() + INTERVAL  # when the watching greenlet should wake next
        self.late_since: float | None = None  # when a lag past the target was first seen, if it still is
        self.lags: deque[tuple[float, float]] = deque()  # (when, lag) of the wakes within the last window
        self.owed = 0.0  # the share shed so far not yet paid by a shed request (sheds every 1/share-th one)
        self.stopped = False  # the watcher ended: its last wake would look later and later, so nothing is shed
        self.spared: dict[str, float] = {}  # phones shed lately, to be let through on their next try: until when

    def expect(self, at: float) -> None:
        self.due = at

    def woke(self) -> None:
        now = self.clock()
        self._seen(now, now - self.due)
        self.lags.append((now, now - self.due))
        while self.lags[0][0] < now - self.window:
            self.lags.popleft()

    def _seen(self, now: float, lag: float) -> None:
        if lag < self.target:
            self.late_since = None
        elif self.late_since is None:
            self.late_since = now

    def share(self) -> float:
        """The share of expensive requests to answer "busy" now: 0 while the loop keeps up."""
        now = self.clock()
        # The watcher's own wake may be overdue right now (a loop too busy to run it): that lag counts as seen.
        overdue = now - self.due
        if overdue >= self.target:
            self._seen(now, overdue)
        if self.late_since is None or now - self.late_since < self.window:
            return 0.0
        seen = [lag for when, lag in self.lags if when >= now - self.window]
        if overdue >= self.target:
            seen.append(overdue)  # the lag the watcher suffers right now
        standing = min(seen, default=overdue)
        return min(1.0, max(0.0, (standing - self.target) / self.target))

    def shed(self, phone: str = "") -> bool:
        """Whether to answer this request "busy": every 1/share-th one while overloaded (in order, no dice). A
        phone shed lately is spared on its next try (``SPARED_SECONDS``), so the share falls on the others:
        every phone gets at least every other try through, however its tries line up with the others'."""
        share = 0.0 if self.stopped else self.share()
        if share == 0.0:
            self.owed = 0.0
            return False
        now = self.clock()
        if phone and self.spared.pop(phone, 0.0) > now:
            return False
        self.owed += share
        if self.owed >= 1.0 - 1e-9:  # (a share of a quarter four times is one, give or take a rounding)
            self.owed -= 1.0
            if phone:
                self.spared[phone] = now + SPARED_SECONDS
                while len(self.spared) > SPARED_MOST:  # the oldest first: a dict keeps insertion order
                    self.spared.pop(next(iter(self.spared)))
            return True
        return False




def _watch(saturation: Saturation) -> None:
    import gevent

    try:
        while True:
            saturation.expect(saturation.clock() + INTERVAL)
            gevent.sleep(INTERVAL)
            saturation.woke()
    finally:  # killed (the worker stopping) or failed: never let a watch nobody updates shed every request
        saturation.stopped = True


def _saturation(app: Flask) -> Saturation | None:
    """This worker's watch on its loop, started by its first request (after gunicorn forked the worker: a
    greenlet started before the fork would watch nobody's loop)."""
    found: Saturation | None = app.extensions.get("admission")
    if found is not None or app.config["ADMISSION"] != "auto" or not gevent_running():
        return found
    import gevent

    saturation = Saturation(float(app.config["ADMISSION_LAG_MS"]) / 1000,
                            float(app.config["ADMISSION_WINDOW_MS"]) / 1000)
    app.extensions["admission"] = saturation
    gevent.spawn(_watch, saturation)
    return saturation


def init_app(app: Flask) -> None:
    """Called before CSRFProtect is, so its check runs after this one: a shed entry costs no form parsing."""

    @app.before_request
    def _admit() -> ResponseReturnValue | None:
        if request.endpoint is None or request.endpoint in CHEAP_ENDPOINTS:
            return None
        saturation = _saturation(current_app)
        if saturation is None or not saturation.shed(request.cookies.get(DEVICE_COOKIE, "") or client_id()):
            return None
        return busy_answer()
