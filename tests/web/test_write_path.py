"""The platform's one write path (companion.play): an entry reads the table once, applies its move once, and
answers with the fresh table; a move overtaken by another phone's is saved on the table as it then stands."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from companion import play, store
from companion.play import enter_move, view_of
from tests.games.standin import Add
from tests.web.apps import Phone
from tests.web.helpers import text_of, totals, version_of
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
        game = play.games()["tally"]
    loads = Counted(store, "get_table", monkeypatch)
    applies = Counted(type(game), "apply", monkeypatch)
    answer = enter(phone, url, 1, "7", version=1, **{"HX-Request": "true"})
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert totals(html) == [5, 7] and version_of(html) == 2 and "#2 Ben: +7" in text_of(html)
    assert loads.calls == 1  # the table row, read once: the answer is the write path's fresh table
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
