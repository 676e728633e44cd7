"""The entries the table makes by itself (issue 35, companion.tables.entries): after an entry that leaves exactly one
possible entry (the stand-in's T-6: a total of 42 moves on to 43, then the next seat's 0 to 1), the table makes it
in the same log entry, the history shows it as the table's, one Undo takes back the whole entry, Redo puts it back,
and an export imports with it. A table that starts on such an entry offers it in the dock as one tap."""

from __future__ import annotations

import json

from companion.tables.entries import THEN, apply_entry, follow_forced, with_forced
from tests.games.standin import GAME, Add, TallyState
from tests.web.apps import Phone
from tests.web.helpers import text_of, totals, version_of
from tests.web.test_tables import enter, new_table


def test_the_table_follows_a_move_with_what_the_rules_leave_and_stops_where_a_player_chooses() -> None:
    made, state = follow_forced(GAME, TallyState((42, 0, 0), 100))
    assert made == [Add(0, 1), Add(1, 1)] and state.totals == (43, 1, 0)
    assert follow_forced(GAME, TallyState((3, 0), 100)) == ([], TallyState((3, 0), 100))
    payload, after = with_forced(GAME, {"seat": 0, "points": 2}, TallyState((42, 0), 100))
    assert payload == {"seat": 0, "points": 2, THEN: [{"seat": 0, "points": 1}, {"seat": 1, "points": 1}]}
    # replay reads the logged moves, the table's too, and lands where the write did
    assert apply_entry(GAME, TallyState((40, 0), 100), payload) == after == TallyState((43, 1), 100)


def test_a_forced_entry_is_shown_as_the_tables_and_undone_and_redone_with_the_entry(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie")
    enter(phone, table, 0, "40")
    enter(phone, table, 0, "2")
    html = phone.get(table).get_data(as_text=True)
    assert totals(html) == [43, 1, 0]
    page = text_of(html)
    assert "#2 Aki: +2 (then by the table: Aki: +1; Ben: +1)" in page
    # Undo names the whole entry, the table's part too, and takes it all back in one tap
    assert "Undo last entry #2 Aki: +2 (then by the table: Aki: +1; Ben: +1)" in page
    assert phone.post(f"{table}/undo", {"version": version_of(html)}).status_code == 303
    html = phone.get(table).get_data(as_text=True)
    assert totals(html) == [40, 0, 0]
    assert "#3 Undo of #2: Aki: +2 (then by the table: Aki: +1; Ben: +1)" in text_of(html)
    assert phone.post(f"{table}/redo", {"version": version_of(html)}).status_code == 303
    assert totals(phone.get(table).get_data(as_text=True)) == [43, 1, 0]


def test_an_export_with_the_tables_entries_imports_the_same(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    enter(phone, table, 1, "42")
    exported = phone.get(f"{table}/export.json").get_data(as_text=True)
    entry = json.loads(exported)["log"][0]
    assert entry["payload"][THEN] == [{"seat": 1, "points": 1}, {"seat": 0, "points": 1}]
    phone.get("/import")
    response = phone.post("/import", {"text": exported})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    assert totals(phone.get(response.headers["Location"]).get_data(as_text=True)) == [1, 43]


def test_a_table_standing_on_a_forced_entry_offers_it_as_one_tap(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    enter(phone, table, 0, "42")  # the table made 43 and Ben's 1 after it
    html = phone.get(table).get_data(as_text=True)
    assert 'class="dock-next"' not in html  # nothing is left for the table to make
    # An imported log made before the table made entries itself (no "then") stands on 42: offered as one tap.
    exported = json.loads(phone.get(f"{table}/export.json").get_data(as_text=True))
    exported["log"][0]["payload"].pop(THEN)
    phone.get("/import")
    response = phone.post("/import", {"text": json.dumps(exported)})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    old = response.headers["Location"]
    html = phone.get(old).get_data(as_text=True)
    assert totals(html) == [42, 0]
    assert "The only entry the rules leave: Aki: +1" in text_of(html)
    assert phone.post(f"{old}/table-entry", {"version": version_of(html)}).status_code == 303
    html = phone.get(old).get_data(as_text=True)
    assert totals(html) == [43, 1]  # that entry, and the one the table makes after it
    assert "#2 Aki: +1 (then by the table: Ben: +1)" in text_of(html)
    # a stale tap on it is a conflict, not a second entry
    assert phone.post(f"{old}/table-entry", {"version": 1}).status_code == 409
    assert totals(phone.get(old).get_data(as_text=True)) == [43, 1]
