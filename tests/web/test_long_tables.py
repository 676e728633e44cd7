"""Long games: an entry costs one move however long the log (the state is advanced, not replayed), pages show
the recent history with the rest one tap away, and a refused entry answers with no more than that."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event

from companion.tables import recent, store, turns
from tests.games.standin import Tally
from tests.web import entries
from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of
from tests.web.test_tables import enter, new_table

ENTRIES = 45


def fill(app: Flask, url: str, count: int) -> None:
    """``count`` entries straight into the log (seat 0 and 1 take turns adding 1), as many phones would."""
    token = url.rsplit("/", 1)[1]
    with app.app_context():
        table = store.get_table(token)
        table_id, version = table.id, table.version
        for i in range(count):
            version = entries.append_event(table_id, version, "move", {"seat": i % 2, "points": 1}, f"p{i % 3}")


def log_items(html: str) -> list[str]:
    return re.findall(r'<li class="log-\w+[^"]*" data-seq="(\d+)"', html)


def test_a_page_shows_the_recent_history_and_the_whole_of_it_one_tap_away(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    fill(app, url, ENTRIES)
    html = phone.get(url).get_data(as_text=True)
    assert log_items(html) == [str(seq) for seq in range(ENTRIES, ENTRIES - 30, -1)]
    assert "Show the whole history" in text_of(html)
    whole = phone.get(url + "/history").get_data(as_text=True)
    assert log_items(whole) == [str(seq) for seq in range(ENTRIES, 0, -1)]
    assert "(45 entries)" in text_of(whole)
    assert "#1 Aki: +1" in text_of(whole) and "#2 Ben: +1" in text_of(whole)  # old lines still name the mover
    watch = html.split('id="watch-link" readonly value="', 1)[1].split('"', 1)[0]
    assert log_items(phone.get(watch.replace("http://localhost", "") + "/history").get_data(as_text=True))[-1] == "1"


def test_a_refused_entry_answers_with_the_recent_history_only(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    fill(app, url, ENTRIES)
    stale = phone.post(f"{url}/move", {"seat": 0, "points": 3, "expect": 1, "version": 3},  # it saw seat 0 at 1
                       headers={"HX-Request": "true"})
    assert stale.status_code == 409
    html = stale.get_data(as_text=True)
    assert len(log_items(html)) == 30 and version_of(html) == ENTRIES
    refused = enter(phone, url, 0, "-99", version=ENTRIES, **{"HX-Request": "true"})
    assert refused.status_code == 422 and len(log_items(refused.get_data(as_text=True))) == 30


def test_an_entry_applies_one_move_not_the_whole_log(app: Flask, phone: Phone, monkeypatch: pytest.MonkeyPatch) -> None:
    url = new_table(phone, "Aki", "Ben")
    fill(app, url, ENTRIES)
    assert "23" in text_of(phone.get(url).get_data(as_text=True))  # read once: the table is warm
    applied: list[int] = []
    original = Tally.apply

    def counting(self: Tally, state, move):  # type: ignore[no-untyped-def]
        applied.append(move.seat)
        return original(self, state, move)

    monkeypatch.setattr(Tally, "apply", counting)
    response = enter(phone, url, 1, "5", version=ENTRIES)
    assert response.status_code == 303
    page = phone.get(url).get_data(as_text=True)
    assert version_of(page) == ENTRIES + 1
    assert len(applied) <= 3, applied  # the engine's last word, then the new entry advanced once (not 46)


def test_undo_back_past_the_kept_states_reads_the_log_again_exactly(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    fill(app, url, 70)
    phone.get(url)
    token = url.rsplit("/", 1)[1]
    with app.app_context():
        table_id = store.get_table(token).id
        for i in range(66):  # more undos than the 64 states a table keeps
            entries.append_event(table_id, 70 + i, "undo", {"target": 70 - i}, "p0")
    html = phone.get(url).get_data(as_text=True)
    assert re.findall(r'class="total" data-seat="\d">(\d+)<', html) == ["2", "2"]


def test_history_numbers_do_not_skip_and_phones_have_short_names(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    assert enter(phone, url, 0, "2").status_code == 303
    token = url.rsplit("/", 1)[1]
    with app.app_context():
        table = store.get_table(token)
        with turns.table_turn(table.id, "p0") as turn:  # a write that logs no entry (the deck learnt a card)
            assert turn is not None
            turn.touch()
    other = Phone(app.test_client())
    assert enter(other, url, 1, "3").status_code == 303
    html = phone.get(url).get_data(as_text=True)
    lines = text_of(html.split('class="log"', 1)[1].split("</ol>", 1)[0])
    assert "#2 Ben: +3 phone 2" in lines and "#1 Aki: +2 phone 1" in lines
    assert re.findall(r'data-seq="(\d+)"', html) == ["3", "1"]  # the log's own numbers skip; people's do not


def test_phones_keep_their_numbers_while_only_the_new_entries_are_read_for_them(app: Flask, phone: Phone) -> None:
    """A phone's number is its place in the order of the phones' first entries. A process reads a table's log for
    it once; later fresh fragments ask only for the entries after those read (a long log is not grouped again at
    every version), and a phone that joins later gets the next number, on a process that read nothing too."""
    url = new_table(phone, "Aki", "Ben")
    token = url.rsplit("/", 1)[1]
    fill(app, url, ENTRIES)  # phones p0, p1, p2 take turns
    known: list[int] = []
    engine = app.extensions["db_engine"]

    def seen(_conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, _many: bool) -> None:
        if "'phone'" in statement:
            values = parameters if isinstance(parameters, dict) else {}
            known.append(int(values.get("known", parameters[-1] if not values else -2)))

    event.listen(engine, "before_cursor_execute", seen)
    try:
        first = text_of(phone.get(url).get_data(as_text=True).split('class="log"', 1)[1].split("</ol>", 1)[0])
        fill(app, url, 1)  # the first phone again: it keeps its number
        assert enter(Phone(app.test_client()), url, 1, "3").status_code == 303  # a fourth phone's first entry
        later = text_of(phone.get(url).get_data(as_text=True).split('class="log"', 1)[1].split("</ol>", 1)[0])
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert "#45 Aki: +1 phone 3" in first and "#43 Aki: +1 phone 1" in first  # p2 and p0 (entries 45 and 43)
    assert "#47 Ben: +3 phone 4" in later and "#46 Aki: +1 phone 1" in later and "#45 Aki: +1 phone 3" in later
    assert known[0] <= 0 and known[-1] >= ENTRIES  # the whole log once, then only what came after it
    recent._first_entries.clear()  # a process that read nothing of this table numbers them the same
    again = text_of(phone.get(url + "/history").get_data(as_text=True))
    assert "#47 Ben: +3 phone 4" in again and "#1 Aki: +1 phone 1" in again and "#2 Ben: +1 phone 2" in again
    with app.app_context():
        assert recent._first_entries.get(token) is not None
