"""Admission control: a worker whose event loop stays saturated answers new expensive
requests "busy" at once (503, Retry-After, the player's language) before doing their work, and never the cheap
ones that keep a phone current (the poll, the live stream, static files). The verdict (CoDel: the lag stays past
its target for a whole window) is checked here on a clock the test moves; tests/web/test_saturation.py drives
a real server to saturation."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.web.guard import admission
from companion.web.guard.admission import Saturation
from tests.web.apps import Phone, make_app
from tests.web.helpers import text_of, totals, version_of
from tests.web.test_live import first_event
from tests.web.test_overload import BUSY_EN, BUSY_JA
from tests.web.test_tables import enter, new_table

PAGE_BUSY_EN = "The server is too busy to answer right now. Try again in a few seconds."
PAGE_BUSY_JA = "サーバーが混み合っていて、今は応答できません。数秒後にもう一度お試しください。"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def woke(saturation: Saturation, clock: Clock, lag: float) -> None:
    """The watching greenlet slept its interval and woke ``lag`` seconds late."""
    saturation.expect(clock.now + admission.INTERVAL)
    clock.now += admission.INTERVAL + lag
    saturation.woke()


def test_a_lag_that_stands_for_the_window_is_overload_a_spike_is_not() -> None:
    clock = Clock()
    saturation = Saturation(target=0.2, window=1.0, clock=clock)
    for _ in range(10):
        woke(saturation, clock, 0.01)
    assert saturation.share() == 0
    woke(saturation, clock, 3.0)  # one very late wake (a long page, the machine busy a moment)...
    assert saturation.share() == 0
    woke(saturation, clock, 0.01)  # ...and the loop had time to spare again: no standing queue
    assert saturation.share() == 0
    for _ in range(3):  # late wake after late wake (each 0.35 s after the last), but for less than the window
        woke(saturation, clock, 0.3)
    assert saturation.share() == 0
    woke(saturation, clock, 0.3)  # the smallest lag over a whole second is past the target
    assert saturation.share() == pytest.approx(0.5)  # half again the target: half the requests shed
    woke(saturation, clock, 0.05)  # one wake on time ends it
    assert saturation.share() == 0


def test_the_share_shed_follows_the_smallest_lag_of_the_window() -> None:
    clock = Clock()
    saturation = Saturation(target=0.2, window=1.0, clock=clock)
    for _ in range(6):
        woke(saturation, clock, 0.25)
    assert saturation.share() == pytest.approx(0.25)
    for _ in range(6):  # the queue grew: every lag of the last second is past twice the target
        woke(saturation, clock, 0.5)
    assert saturation.share() == 1.0
    sheds = [saturation.shed() for _ in range(10)]
    assert sheds == [True] * 10
    for _ in range(4):
        woke(saturation, clock, 0.25)  # shrinking: the window's smallest lag decides
    assert saturation.share() == pytest.approx(0.25)
    sheds = [saturation.shed() for _ in range(8)]
    assert sheds.count(True) == 2  # one request in four, in order (no dice)


def test_a_phone_shed_is_spared_on_its_next_try_so_every_phone_gets_through() -> None:
    """Shedding was unfair: one phone saved 166 entries a minute while another saved 1, by how their tries lined up
    with the sheds. Now a phone shed once is let through on its next try: at full shedding, each phone's tries
    alternate, and whoever comes at whatever moment gets every other try through."""
    clock = Clock()
    saturation = Saturation(target=0.2, window=1.0, clock=clock)
    for _ in range(25):
        woke(saturation, clock, 0.5)
    assert saturation.share() == 1.0  # everything shed, but...
    through: dict[str, int] = {"fast": 0, "slow": 0}
    for turn in range(40):
        for phone in (["fast"] * 3 + (["slow"] if turn % 4 == 0 else [])):
            through[phone] += not saturation.shed(phone)
    assert through["fast"] == 60 and through["slow"] == 5  # every other try of each, the slow one's too
    assert saturation.shed("") is True  # a request naming no phone is shed as before


def test_a_watcher_too_late_to_wake_at_all_counts_its_lag_so_far() -> None:
    """A loop so busy the watcher does not get its turn for seconds: its overdue wake is a lag seen."""
    clock = Clock()
    saturation = Saturation(target=0.2, window=1.0, clock=clock)
    saturation.expect(clock.now + admission.INTERVAL)
    clock.now += 0.5
    assert saturation.share() == 0  # seen late once: the window starts now
    clock.now += 1.5
    assert saturation.share() == 1.0  # still not woken a window later: 2 s late, everything is shed
    assert saturation.shed()
    saturation.stopped = True  # a watcher that ended (its worker stopping) never wakes again: shed nothing
    assert not saturation.shed()


@pytest.fixture
def shedding(tmp_path: Path, database_url: str,
             monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Flask, Clock, Saturation]]:
    """An app whose loop the test says is saturated (the test client has no loop to watch). A phone shed is not
    spared on its next try here: these tests look at what is shed and how it is answered, one phone at a time."""
    monkeypatch.setattr(admission, "SPARED_SECONDS", 0.0)
    app = make_app(tmp_path, database_url)
    clock = Clock()
    saturation = Saturation(target=0.2, window=1.0, clock=clock)
    app.extensions["admission"] = saturation
    yield app, clock, saturation
    app.extensions["db_engine"].dispose()


def saturate(clock: Clock, saturation: Saturation) -> None:
    for _ in range(30):
        woke(saturation, clock, 0.5)
    assert saturation.share() == 1.0  # every expensive request shed


def relieve(clock: Clock, saturation: Saturation) -> None:
    woke(saturation, clock, 0.0)
    assert saturation.share() == 0


def test_under_the_test_client_nothing_watches_and_nothing_is_shed(app: Flask, phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    assert phone.get(table).status_code == 200
    assert "admission" not in app.extensions  # no gevent loop here: inert
    if not any(name.startswith("ADMISSION") for name in os.environ):  # the defaults (docs/deployment.md, Configuration)
        assert app.config["ADMISSION"] == "auto" and app.config["ADMISSION_LAG_MS"] == 200
        assert app.config["ADMISSION_WINDOW_MS"] == 1000


def test_a_shed_entry_is_not_written_and_the_same_tap_is_saved_once_afterwards(
        shedding: tuple[Flask, Clock, Saturation]) -> None:
    app, clock, saturation = shedding
    phone = Phone(app.test_client())
    table = new_table(phone, "Aki", "Ben")
    version = version_of(phone.get(table).get_data(as_text=True))
    tap = {"seat": 0, "points": "5", "version": version, "entry_key": "tap-0001-shed"}
    saturate(clock, saturation)
    busy = phone.post(f"{table}/move", tap, headers={"HX-Request": "true"})
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "5"
    assert busy.mimetype == "text/plain" and BUSY_EN in busy.get_data(as_text=True)
    page = phone.post(f"{table}/move", tap)  # without the script: the error page says the same
    assert page.status_code == 503 and BUSY_EN in text_of(page.get_data(as_text=True))
    ja = Phone(phone.client, lang="ja")
    ja.token = phone.token
    said = ja.post(f"{table}/move", tap, headers={"HX-Request": "true"})
    assert said.status_code == 503 and BUSY_JA in said.get_data(as_text=True)
    # A shed request never reached the CSRF check: not even a form without a token is looked at.
    assert phone.client.post(f"{table}/move", data={"seat": 0}).status_code == 503

    relieve(clock, saturation)
    assert totals(phone.get(table).get_data(as_text=True)) == [0, 0]  # nothing was written
    assert phone.post(f"{table}/move", tap).status_code == 303  # the page sends the tap again, with its key
    assert phone.post(f"{table}/move", tap).status_code == 303  # and once more (its answer lost): written once
    html = phone.get(table).get_data(as_text=True)
    assert totals(html) == [5, 0] and version_of(html) == version + 1


def test_pages_fragments_and_the_api_are_shed_the_poll_stream_and_static_files_never(
        shedding: tuple[Flask, Clock, Saturation]) -> None:
    app, clock, saturation = shedding
    phone = Phone(app.test_client())
    table = new_table(phone, "Aki", "Ben")
    assert enter(phone, table, 0, "5", version=0).status_code == 303
    html = phone.get(table).get_data(as_text=True)
    version = version_of(html)
    found = re.search(r"/w/[A-Za-z0-9_-]{24}", html)
    assert found
    watch = found.group(0)
    saturate(clock, saturation)

    page = phone.get(table)
    assert page.status_code == 503 and page.headers["Retry-After"] == "5"
    assert PAGE_BUSY_EN in text_of(page.get_data(as_text=True))  # a page: nothing was "not saved"
    assert "Not saved" not in page.get_data(as_text=True)
    ja = phone.get(table, headers={"Accept-Language": "ja"})
    assert ja.status_code == 503 and PAGE_BUSY_JA in text_of(ja.get_data(as_text=True))
    fragment = phone.get(f"{table}/history", headers={"HX-Request": "true"})
    assert fragment.status_code == 503 and fragment.mimetype == "text/plain"
    assert phone.get(watch).status_code == 503
    assert phone.get("/").status_code == 503
    api = phone.client.post("/api/v1/tally/score", json={"points": [1, 2]})
    assert api.status_code == 503 and api.headers["Retry-After"] == "5"
    assert api.get_json()["errors"][0]["code"] == "server.busy"

    # What keeps the phone current is always answered.
    assert phone.get(f"{table}/poll?v={version}").status_code == 204
    assert phone.get(f"{watch}/poll?v={version}").status_code == 204
    assert phone.get("/static/css/app.css").status_code == 200
    assert phone.get(f"{table}/poll?v=0").status_code == 200  # a fresh fragment too: the phone catches up
    _fields, data = first_event(phone, f"{table}/events?v=0")  # the live stream opens and pushes the version
    assert data["version"] == version and totals(data["html"]) == [5, 0]

    relieve(clock, saturation)
    assert phone.get(table).status_code == 200


def test_admission_off_never_sheds(tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(admission, "gevent_running", lambda: True)  # as if served by gevent
    app = make_app(tmp_path, database_url, ADMISSION="off")
    try:
        phone = Phone(app.test_client())
        new_table(phone, "Aki", "Ben")
        assert "admission" not in app.extensions
    finally:
        app.extensions["db_engine"].dispose()
