"""The newest lines of a table's history carried on from the entry just written (companion.tables.recent): an
entry's answer does not read the history again, and what it shows is what a fresh read shows, line numbers,
phones' numbers and all, past the 30 lines the fragment holds and with a phone that joins late."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from sqlalchemy import event

from companion.tables import recent, store
from companion.web import memo
from companion.web.tables import history
from tests.web import entries
from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of
from tests.web.test_tables import enter, new_table

HTMX = {"HX-Request": "true"}


def history_text(html: str) -> str:
    return text_of(html.split('class="log"', 1)[1].split("</ol>", 1)[0])


def forget_everything_read() -> None:
    """As a process that has read nothing of the table (another worker, or this one after a restart)."""
    for kept in (recent._kept, recent._first_entries, history._recent, history._described):
        kept.clear()
    memo.clear()


def test_an_entry_answers_with_its_history_carried_on_as_a_fresh_read_shows_it(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    token = url.rsplit("/", 1)[1]
    phones = [phone, Phone(app.test_client()), Phone(app.test_client())]
    reads: list[str] = []
    engine = app.extensions["db_engine"]

    def seen(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if "'phone'" in statement:  # the history's statement (recent._RECENT_LOG)
            reads.append(statement)

    version = version_of(phone.get(url).get_data(as_text=True))
    answer = enter(phone, url, 0, "1", version=version, **HTMX)  # the first entry: nothing to carry on yet
    version = version_of(answer.get_data(as_text=True))
    event.listen(engine, "before_cursor_execute", seen)
    try:
        for i in range(1, 40):  # two phones, then a third from the 8th entry on, well past the 30 lines shown
            who = i % 3 if i >= 7 else i % 2
            answer = enter(phones[who], url, i % 2, "1", version=version, **HTMX)
            assert answer.status_code == 200, text_of(answer.get_data(as_text=True))[:300]
            version = version_of(answer.get_data(as_text=True))
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    assert reads == []  # 39 entries, each answered with its history, and not one history read
    carried = history_text(answer.get_data(as_text=True))
    assert "#40 Ben: +1" in carried and "#11 Aki: +1" in carried and "#10 " not in carried  # the newest 30
    assert "phone 3" in carried  # the late phone got the next number
    with app.app_context():
        table_id = store.get_table(token).id
        kept = recent.recent_log(table_id, token, 30, version=version)
        forget_everything_read()
        read = recent.recent_log(table_id, token, 30)
    assert kept == read  # the entries (with their times as read), the count before them, the phones' numbers
    assert read.before == 10 and len(read.entries) == 30
    forget_everything_read()
    assert history_text(phone.get(url).get_data(as_text=True)) == carried


def test_nothing_is_carried_on_past_an_entry_another_process_wrote(app: Flask, phone: Phone) -> None:
    """The newest lines this process read end before the version it writes on (another worker's entry came in
    between): its answer reads the history, and shows that entry too."""
    url = new_table(phone, "Aki", "Ben")
    token = url.rsplit("/", 1)[1]
    first = enter(phone, url, 0, "1", **HTMX)
    version = version_of(first.get_data(as_text=True))
    with app.app_context():  # another worker's entry: written straight into the log, unseen by this process
        table = store.get_table(token)
        version = entries.append_event(table.id, table.version, "move", {"seat": 1, "points": 5}, "elsewhere")
    answer = enter(phone, url, 0, "2", version=version, **HTMX)
    lines = history_text(answer.get_data(as_text=True))
    assert re.search(r"#3 Aki: \+2.*#2 Ben: \+5.*#1 Aki: \+1", lines), lines
