"""Fair under contention: a stale entry that still means the same is saved on the fresh
table; one whose meaning changed is refused with the fresh table and a reason, and its phone queues for the
next write, so no phone is refused forever; nothing is ever saved on a table its player did not see.

The stand-in game's entries with ``expect`` ("seat 0 had this total") refer to what the phone saw, so they do
not commute: they exercise the refusals and the queue. Plain entries commute: they exercise the rebase."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.browser.fixtures import MAKE_RUN, serve
from tests.web.apps import Phone
from tests.web.helpers import input_value, text_of, totals, version_of
from tests.web.test_tables import enter, new_table

STALE = "Another phone entered something first, so this entry was not saved."
WAITING = "Another phone is sending again an entry that crossed with one from here; it goes first."


def other_phone(app: Flask, address: str = "10.9.9.9") -> Phone:
    client: FlaskClient = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address  # another phone (its own device cookie, too)
    return Phone(client)


def expecting(phone: Phone, url: str, total: int, points: int, version: int):  # type: ignore[no-untyped-def]
    """An entry on seat 0 that names the total its phone saw there (it does not commute with another)."""
    return phone.post(f"{url}/move", {"seat": 0, "points": points, "expect": total, "version": version})


def test_a_stale_entry_that_means_the_same_is_saved_after_the_other(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    other = other_phone(app)
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    assert enter(other, url, 1, "7", version=0).status_code == 303  # made on version 0, saved as version 2
    html = phone.get(url).get_data(as_text=True)
    assert totals(html) == [5, 7] and version_of(html) == 2
    assert "#2 Ben: +7" in text_of(html) and "#1 Aki: +5" in text_of(html)


def test_a_stale_entry_whose_meaning_changed_is_refused_with_the_fresh_table(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    other = other_phone(app)
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    refused = expecting(other, url, 0, 3, version=0)
    assert refused.status_code == 409
    html = refused.get_data(as_text=True)
    assert STALE in text_of(html) and totals(html) == [5, 0] and version_of(html) == 1
    assert input_value(html, "points") == "3"  # the phone's input is kept


def test_a_stale_undo_or_an_entry_across_an_undo_is_refused(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    other = other_phone(app)
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    assert other.post(f"{url}/undo", {"version": 0}).status_code == 409  # it would undo what it never saw
    assert other.post(f"{url}/undo", {"version": 1, "confirm": "1"}).status_code == 303  # seen, confirmed: undone
    assert enter(phone, url, 1, "2", version=1).status_code == 409  # the table changed under it: not rebased
    html = phone.get(url).get_data(as_text=True)
    assert totals(html) == [0, 0] and version_of(html) == 2


def test_a_phone_refused_as_stale_goes_first_on_its_next_try(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    other = other_phone(app)
    assert expecting(phone, url, 0, 5, version=0).status_code == 303  # this phone wins the race
    assert expecting(other, url, 0, 7, version=0).status_code == 409  # the other's crossed with it
    # Before the refused phone tries again, the fast phone's next entry waits for it (a plain one, too).
    waiting = enter(phone, url, 1, "1", version=1)
    assert waiting.status_code == 409 and WAITING in text_of(waiting.get_data(as_text=True))
    assert version_of(waiting.get_data(as_text=True)) == 1  # nothing saved
    assert expecting(other, url, 5, 7, version=1).status_code == 303  # the refused phone lands
    assert enter(phone, url, 1, "1", version=2).status_code == 303  # then the fast phone again
    assert totals(phone.get(url).get_data(as_text=True)) == [12, 1]


def test_the_write_turn_lapses_when_the_refused_phone_does_not_come_back(app: Flask, phone: Phone) -> None:
    app.config["WRITE_TURN_SECONDS"] = 0.3
    url = new_table(phone, "Aki", "Ben")
    other = other_phone(app)
    assert expecting(phone, url, 0, 5, version=0).status_code == 303
    assert expecting(other, url, 0, 7, version=0).status_code == 409
    time.sleep(0.4)
    assert enter(phone, url, 0, "1", version=1).status_code == 303
    html = phone.get(url).get_data(as_text=True)
    assert totals(html) == [6, 0] and version_of(html) == 2  # the refused phone's 7 was never saved


def test_refused_phones_write_in_the_order_they_were_refused(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    first, second = other_phone(app), other_phone(app, "10.9.9.8")
    assert expecting(phone, url, 0, 5, version=0).status_code == 303
    assert expecting(first, url, 0, 1, version=0).status_code == 409  # refused first
    assert expecting(second, url, 0, 2, version=0).status_code == 409  # refused second
    assert expecting(second, url, 5, 2, version=1).status_code == 409  # not its turn yet: nothing saved
    assert expecting(phone, url, 5, 3, version=1).status_code == 409
    assert expecting(first, url, 5, 1, version=1).status_code == 303
    assert expecting(second, url, 5, 2, version=1).status_code == 409  # stale again: it keeps its turn
    assert expecting(phone, url, 6, 3, version=2).status_code == 409  # so this one still waits
    assert expecting(second, url, 6, 2, version=2).status_code == 303
    html = phone.get(url).get_data(as_text=True)
    assert totals(html) == [8, 0] and version_of(html) == 3


# -- many phones racing on a real server ------------------------------------------------------------------------

class _Keep(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: object, **_kw: object) -> None:
        return None  # a 303 is an answer to read, not a page to fetch


_NO_REDIRECTS = urllib.request.build_opener(_Keep)
RACING_PHONES = 20
ENTRIES_EACH = 2
MOST_TRIES = 200  # a phone gives up after this many sends (it never should: the assertions below say)


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """gunicorn as `make run` serves (gevent), with two worker processes: the queue must hold across them."""
    yield from serve(tmp_path_factory, "tests.browser.serve:app", server_args=[*MAKE_RUN, "--workers", "2"])


@dataclass
class Racer:
    """One phone: its own cookies (device, session), sending as a person would, as fast as it can."""

    base: str
    table: str
    index: int
    cookies: dict[str, str] = field(default_factory=dict)
    csrf: str = ""
    version: int = 0
    total: int = 0
    saved: int = 0
    stale_before_first: int = 0
    tries: int = 0
    refusals: list[str] = field(default_factory=list)
    odd_answers: list[int] = field(default_factory=list)

    def send(self, method: str, path: str, data: dict[str, object] | None = None,
             htmx: bool = True) -> tuple[int, str, str]:
        """(status, body, Location): cookies kept by hand (the session cookie is Secure, which a cookie jar
        would not send over plain HTTP on loopback), redirects not followed."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        headers = {"Accept-Language": "en", "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if htmx:
            headers["HX-Request"] = "true"
        request = urllib.request.Request(self.base + path, body, method=method, headers=headers)
        try:
            response = _NO_REDIRECTS.open(request, timeout=60)
        except urllib.error.HTTPError as exc:
            response = exc
        with response:
            for value in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
            return response.status, response.read().decode(), response.headers.get("Location", "")

    def look(self, html: str) -> None:
        if 'id="live"' in html:
            self.version, self.total = version_of(html), totals(html)[0]
        found = re.search(r'name="csrf-token" content="([^"]+)"', html)
        self.csrf = found.group(1) if found else self.csrf

    def race(self) -> None:
        _status, html, _ = self.send("GET", self.table, htmx=False)
        self.look(html)
        while self.saved < ENTRIES_EACH and self.tries < MOST_TRIES:
            self.tries += 1
            # Even phones name the total they saw (refused when it changed), odd ones add plainly (rebased).
            entry: dict[str, object] = {"csrf_token": self.csrf, "seat": self.index % 2, "points": 1,
                                        "version": self.version}
            if self.index % 2 == 0:
                entry["expect"] = self.total
            status, html, _ = self.send("POST", f"{self.table}/move", entry)
            if status == 200:
                self.saved += 1
            elif status == 409:
                said = text_of(html)
                self.refusals.append(STALE if STALE in said else WAITING if WAITING in said else said[:200])
                if STALE in said and not self.saved:
                    self.stale_before_first += 1
                if WAITING in said:
                    time.sleep(0.02)  # a person looks at the table before sending again
            else:
                self.odd_answers.append(status)
            self.look(html if 'id="live"' in html else self.send("GET", self.table, htmx=False)[1])


def test_twenty_phones_racing_on_one_table_all_get_entries_saved(two_workers: str) -> None:
    starter = Racer(two_workers, "", -1)
    starter.look(starter.send("GET", "/new/tally", htmx=False)[1])
    status, _, table = starter.send("POST", "/new/tally", {"csrf_token": starter.csrf, "seat0": "Aki",
                                                           "seat1": "Ben"}, htmx=False)
    assert status == 303, status
    table = urllib.parse.urlparse(table).path
    racers = [Racer(two_workers, table, i) for i in range(RACING_PHONES)]
    threads = [threading.Thread(target=r.race) for r in racers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)

    assert [r.saved for r in racers] == [ENTRIES_EACH] * RACING_PHONES  # every phone, every entry
    assert all(not r.odd_answers for r in racers), [r.odd_answers for r in racers]
    assert all(reason in (STALE, WAITING) for r in racers for reason in r.refusals)  # each with a reason
    # Bounded: refused as stale once to join the queue, at most once more as its head (a version it had not
    # seen yet), then saved; while others are ahead it is told to wait, never refused as stale.
    assert max(r.stale_before_first for r in racers) <= 2, [r.stale_before_first for r in racers]
    export = json.loads(starter.send("GET", f"{table}/export.json")[1])
    seqs = [e["seq"] for e in export["log"]]
    assert seqs == list(range(1, RACING_PHONES * ENTRIES_EACH + 1))  # no gap, no duplicate, nothing extra
    assert len({e["device"] for e in export["log"]}) == RACING_PHONES
    assert sum(e["payload"]["points"] for e in export["log"]) == RACING_PHONES * ENTRIES_EACH


# -- one phone cannot hold a table's turn -----------------------------------------------------

HONEST_ENTRIES = 35
UNREADABLE = "This entry names a version of the table it never had, so it was not read."


def honest_entries(phone: Phone, url: str, between) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """``HONEST_ENTRIES`` plain entries, each sent again after a refusal as a person would (on the fresh table),
    with ``between()`` (the other phone's send) before every try: (saved, tries)."""
    saved = tries = 0
    for _entry in range(HONEST_ENTRIES):
        for _try in range(5):
            between()
            tries += 1
            version = version_of(phone.get(url).get_data(as_text=True))
            if enter(phone, url, 1, "1", version=version).status_code == 303:
                saved += 1
                break
    return saved, tries


@pytest.mark.parametrize("version", ["abc", "99999", "-3", ""])
def test_a_phone_sending_a_version_the_table_never_had_holds_nobody_up(app: Flask, phone: Phone,
                                                                        version: str) -> None:
    url = new_table(phone, "Aki", "Ben")
    bad = other_phone(app)
    bad.get(url)
    answers: list[int] = []

    def send_bad() -> None:
        refused = bad.post(f"{url}/move", {"seat": 0, "points": 9, "version": version})
        answers.append(refused.status_code)
        if len(answers) == 1:
            said = text_of(refused.get_data(as_text=True))
            assert UNREADABLE in said and input_value(refused.get_data(as_text=True), "points") == "9"

    saved, tries = honest_entries(phone, url, send_bad)
    assert (saved, tries) == (HONEST_ENTRIES, HONEST_ENTRIES)  # every entry saved at its first try
    assert set(answers) == {422}
    assert totals(phone.get(url).get_data(as_text=True)) == [0, HONEST_ENTRIES]


def test_a_phone_sending_old_versions_again_and_again_holds_the_others_up_once_at_most(app: Flask,
                                                                                        phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    assert enter(phone, url, 0, "1", version=0).status_code == 303
    bad = other_phone(app)
    answers: list[int] = []

    def send_stale() -> None:  # made on version 0, naming what it saw there: it never means the same now
        answers.append(expecting(bad, url, 0, 1, version=0).status_code)

    saved, tries = honest_entries(phone, url, send_stale)
    assert saved == HONEST_ENTRIES
    assert tries <= HONEST_ENTRIES + 2  # held up once (its turn, then its one allowed refusal), then benched
    assert set(answers) == {409}
    assert totals(phone.get(url).get_data(as_text=True)) == [1, HONEST_ENTRIES]
