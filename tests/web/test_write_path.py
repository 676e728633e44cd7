"""The platform's one write path (companion.tables.play): an entry reads the table once, applies its move once, and
answers with the fresh table; a move overtaken by another phone's is saved on the table as it then stands."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, select, update

from companion.storage import db
from companion.storage.models import Table
from companion.tables import store, view
from companion.tables.play import enter_move, undo
from companion.tables.view import view_of
from tests.games.standin import Add
from tests.web.apps import Phone
from tests.web.helpers import text_of, totals, version_of
from tests.web.test_profiles import copy_default
from tests.web.test_tables import enter, new_table


class Counted:
    """Counts the calls of one function while a test patches it in."""

    def __init__(self, target: Any, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        original = getattr(target, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(target, name, counted)


def test_an_entry_reads_the_table_once_and_applies_its_move_once(app: Flask, phone: Phone,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    url = new_table(phone, "Aki", "Ben")
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    phone.get(url)  # the table as a phone has it open: its log read once, kept
    with app.app_context():
        game = view.games()["tally"]
    loads = Counted(store, "get_table", monkeypatch)
    tapped = Counted(store, "table_with_tap", monkeypatch)
    applies = Counted(type(game), "apply", monkeypatch)
    answer = enter(phone, url, 1, "7", version=1, **{"HX-Request": "true"})
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert totals(html) == [5, 7] and version_of(html) == 2 and "#2 Ben: +7" in text_of(html)
    assert loads.calls + tapped.calls == 1  # the table row, read once: the answer is the write path's fresh table
    assert applies.calls == 1  # checked, applied once; the answer's state is that very result


def test_a_move_overtaken_in_its_turn_is_answered_with_the_table_after_both(app: Flask, phone: Phone) -> None:
    """A phone's move checked on version 1 finds version 2 in the write turn (another phone's move came in
    between): it is saved after it when it means the same, and the answer's state includes both moves, not the
    state the move was first applied to."""
    url = new_table(phone, "Aki", "Ben")
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    token = url.rsplit("/", 1)[1]
    with app.test_request_context():
        mine = view_of(store.get_table(token))  # what this phone read, before the other phone's entry
        other = view_of(store.get_table(token))
        assert enter_move(other, 1, Add(1, 7), "other-phone").kind == "saved"
        outcome = enter_move(mine, 1, Add(0, 2), "this-phone")
        assert outcome.kind == "saved" and outcome.version == 3
        assert outcome.view.state.totals == (7, 7)
        again = view_of(store.get_table(token))
        assert again.state.totals == (7, 7) and again.replay_error is None


class Statements:
    """What the app's engine sends while the block runs: each statement, and each transaction that is one on
    the database (a connection in autocommit, as a request's reads on PostgreSQL are, begins none)."""

    def __init__(self, app: Flask) -> None:
        self.engine = app.extensions["db_engine"]
        self.sent: list[str] = []
        self.transactions = 0

    def _statement(self, _conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        self.sent.append(" ".join(statement.split())[:60])

    def _begin(self, conn: Any) -> None:
        if conn.get_execution_options().get("isolation_level") != "AUTOCOMMIT":
            self.transactions += 1

    def __enter__(self) -> Statements:
        event.listen(self.engine, "before_cursor_execute", self._statement)
        event.listen(self.engine, "begin", self._begin)
        return self

    def __exit__(self, *_exc: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self._statement)
        event.remove(self.engine, "begin", self._begin)


# A plain entry, as the database sees it. PostgreSQL: the table's row read in autocommit (with what the phone's
# tap key had written there, in the same SELECT), then one statement in autocommit (turns.append_unchanged: the
# UPDATE of the row while it is still at the version read and nobody is queued, the entry's INSERT for the row it
# updated, the notice): 2 round trips (11 at first, 5 through the table's turn: BEGIN, lock, write, COMMIT).
# SQLite: the read, then the UPDATE and the INSERT in one transaction; its reads open no transaction on the
# database (the driver begins one only before a write), but SQLAlchemy counts one for them.
PLAIN_ENTRY = {"postgresql": (2, 0), "sqlite": (3, 2)}
# Answered with the table's fresh fragment (htmx), as a phone's page sends it: the state is the one the turn
# applied, the table's row the one it wrote, and the history's newest lines those the page read for version 1
# with the entry just written (companion.tables.recent.carry_on), so the answer reads nothing. Before: 3 reads,
# then 1 (the history).
HTMX_ANSWER = {"postgresql": (0, 0), "sqlite": (0, 0)}


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("key", ["", "k-1234567890"])
def test_an_entry_takes_a_fixed_handful_of_statements(app: Flask, phone: Phone, key: str, htmx: bool) -> None:
    """A regression guard for the write path's cost on either database: were a lookup, a
    second transaction, a read of the answer or a statement the turn already answered to come back, this count
    says so. A tap key costs no statement (read with the table); the htmx answer one."""
    url = new_table(phone, "Aki", "Ben")
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    phone.get(url)  # the page as a phone has it open: its history, read for version 1
    with Statements(app) as seen:
        form = {"seat": 1, "points": "7", "version": 1, **({"entry_key": key} if key else {})}
        answer = phone.post(f"{url}/move", form, headers={"HX-Request": "true"} if htmx else {})
        assert answer.status_code == (200 if htmx else 303)
    statements, transactions = PLAIN_ENTRY[seen.engine.dialect.name]
    if htmx:
        statements += HTMX_ANSWER[seen.engine.dialect.name][0]
        transactions += HTMX_ANSWER[seen.engine.dialect.name][1]
    assert (len(seen.sent), seen.transactions) == (statements, transactions), seen.sent
    page = phone.get(url).get_data(as_text=True)
    assert totals(page) == [5, 7] and "#2 Ben: +7" in text_of(page)


def test_a_table_on_a_user_profile_costs_an_entry_no_statement_more(app: Flask, phone: Phone) -> None:
    """The user profile's version (which says which card data the table plays with) is read with the table's
    row (store.table_with_tap), not apart: apart it was a round trip on PostgreSQL before every entry."""
    url = new_table(phone, "Aki", "Ben", profile_link=copy_default(phone))
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    phone.get(url)
    with Statements(app) as seen:
        answer = phone.post(f"{url}/move", {"seat": 1, "points": "7", "version": 1, "entry_key": "k-profile-7"},
                            headers={"HX-Request": "true"})
        assert answer.status_code == 200
    assert (len(seen.sent), seen.transactions) == PLAIN_ENTRY[seen.engine.dialect.name], seen.sent
    assert "Tally deck (partial) (copy) (Aki, Ben)" in text_of(answer.get_data(as_text=True))  # its own copy
    with Statements(app) as seen:  # another phone's fresh table: the profile's version read with the table's row
        fragment = Phone(app.test_client()).get(f"{url}/poll?v=1", headers={"HX-Request": "true"})
    assert fragment.status_code == 200 and totals(fragment.get_data(as_text=True)) == [5, 7]
    assert not [sql for sql in seen.sent if "profiles" in sql.split("WHERE")[0]], seen.sent


def test_the_one_statement_write_holds_back_for_a_queue_and_takes_over_when_it_empties(app: Flask,
                                                                                       phone: Phone) -> None:
    """turns.append_unchanged writes only while nobody is queued on the table: a phone queued by a stale write
    keeps its place (another phone's plain entry is not written past it but told to wait, the turn's answer), and
    once the line has written, the emptied queue (stored as JSON's null) lets plain entries through in one write."""
    url = new_table(phone, "Aki", "Ben")
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    token = url.rsplit("/", 1)[1]
    with app.test_request_context():
        late = view_of(store.get_table(token))  # version 1, as the late phone saw it
        assert enter_move(view_of(store.get_table(token)), 1, Add(1, 7), "other-phone").kind == "saved"
        assert undo(late, 1, "late-phone").kind == "conflict"  # stale: the late phone is queued
        queued = view_of(store.get_table(token))
        assert queued.table.waiting and queued.version == 2
        told = enter_move(queued, 2, Add(1, 1), "other-phone")
        assert (told.kind, told.version) == ("waiting", 2)  # the queued phone goes first: nothing written
        assert enter_move(view_of(store.get_table(token)), 2, Add(0, 3), "late-phone").kind == "saved"
        assert view_of(store.get_table(token)).table.waiting  # the phone told to wait is next in line
        assert enter_move(view_of(store.get_table(token)), 3, Add(1, 1), "other-phone").kind == "saved"
        assert not view_of(store.get_table(token)).table.waiting
    with Statements(app) as seen:
        assert phone.post(f"{url}/move", {"seat": 1, "points": "4", "version": 4}).status_code == 303
    assert (len(seen.sent), seen.transactions) == PLAIN_ENTRY[seen.engine.dialect.name], seen.sent
    assert totals(phone.get(url).get_data(as_text=True)) == [8, 12]


def test_a_tap_sent_again_is_answered_without_a_write(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    form = {"seat": 1, "points": "7", "version": 0, "entry_key": "k-1234567890"}
    assert phone.post(f"{url}/move", form).status_code == 303
    with Statements(app) as seen:
        assert phone.post(f"{url}/move", form).status_code == 303
    assert not any(s.split()[0] in ("INSERT", "UPDATE", "WITH") for s in seen.sent), seen.sent
    assert totals(phone.get(url).get_data(as_text=True)) == [0, 7]


def test_a_write_on_a_requests_reading_connection_is_refused(app: Flask) -> None:
    """On PostgreSQL a request reads in autocommit (db.READS); a write path that did not end the reads first
    (s.commit()) would write outside any transaction, so it is refused before it reaches the database."""
    with app.test_request_context():
        s = db.session()
        s.execute(select(Table.id)).all()
        if s.get_bind().dialect.name != "postgresql":
            pytest.skip("SQLite's reads run in no autocommit mode of their own: nothing to refuse")
        with pytest.raises(db.WriteOutsideTransaction):
            s.execute(update(Table).values(version=Table.version))
        s.rollback()
        s.commit()  # as every write path starts: the statement then runs in a transaction of its own
        s.execute(update(Table).where(Table.id == -1).values(version=Table.version))
        s.commit()
