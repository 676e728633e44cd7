"""Fair under contention: a phone whose entry crossed with another's gets the next write for a moment, so it
cannot be refused forever by faster phones; nothing is ever saved on an old version."""

from __future__ import annotations

import time

from flask import Flask
from flask.testing import FlaskClient

from tests.web.apps import Phone
from tests.web.helpers import text_of, totals, version_of
from tests.web.test_tables import enter, new_table


def second_phone(app: Flask) -> Phone:
    client: FlaskClient = app.test_client()
    client.environ_base["REMOTE_ADDR"] = "10.9.9.9"  # another phone (its own device cookie, too)
    return Phone(client)


def test_a_phone_refused_as_stale_goes_first_on_its_next_try(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    other = second_phone(app)
    other.get(url)
    assert enter(phone, url, 0, "5", version=0).status_code == 303  # this phone wins the race
    crossed = enter(other, url, 1, "7", version=0)  # the other phone's entry crossed with it
    assert crossed.status_code == 409
    # Before the refused phone tries again, a third entry from the fast phone waits for it.
    waiting = enter(phone, url, 0, "1", version=1)
    assert waiting.status_code == 409
    assert "Another phone is sending again an entry that crossed with one from here" in text_of(
        waiting.get_data(as_text=True))
    assert version_of(waiting.get_data(as_text=True)) == 1  # nothing saved
    assert enter(other, url, 1, "7", version=1).status_code == 303  # the refused phone lands
    assert enter(phone, url, 0, "1", version=2).status_code == 303  # then the fast phone again
    assert totals(phone.get(url).get_data(as_text=True)) == [6, 7]


def test_the_write_turn_lapses_when_the_refused_phone_does_not_come_back(app: Flask, phone: Phone) -> None:
    app.config["WRITE_TURN_SECONDS"] = 0.3
    url = new_table(phone, "Aki", "Ben")
    other = second_phone(app)
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    assert enter(other, url, 1, "7", version=0).status_code == 409
    time.sleep(0.4)
    assert enter(phone, url, 0, "1", version=1).status_code == 303


def test_refused_phones_write_in_the_order_they_were_refused(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    first, second = second_phone(app), Phone(app.test_client())
    second.client.environ_base["REMOTE_ADDR"] = "10.9.9.8"
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    assert enter(first, url, 1, "1", version=0).status_code == 409  # refused first
    assert enter(second, url, 1, "2", version=0).status_code == 409  # refused second
    assert enter(second, url, 1, "2", version=1).status_code == 409  # not its turn yet: nothing saved
    assert enter(phone, url, 0, "3", version=1).status_code == 409
    assert enter(first, url, 1, "1", version=1).status_code == 303
    assert enter(second, url, 1, "2", version=2).status_code == 303
    html = phone.get(url).get_data(as_text=True)
    assert totals(html) == [5, 3] and version_of(html) == 3
