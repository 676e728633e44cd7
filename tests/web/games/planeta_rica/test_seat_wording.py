"""One way to word a seat: the table's name at a table (refusals, history lines), "Player 2" on the
score tool where no name is typed, "seat 1" (0-based) in a referee API answer; never "seat 0" on a page."""

from __future__ import annotations

import string

import pytest
from flask import Flask

from companion.games.base import Reason
from companion.web.games.planeta_rica.messages import DEFAULT_KINDS, KINDS, MESSAGES
from companion.web.messages import explain, message_for
from companion.web.wording import API, PAGE, Wording
from tests.web.apps import Phone
from tests.web.helpers import text_of

from .test_tracker import enter, ok
from .test_tracker_vp import builtin_table

TABLE = Wording.of_table(("Aki", "Ben", "Chie"))


def test_the_game_leaves_seats_to_the_platform() -> None:
    assert "seat" not in KINDS and "seats" not in KINDS
    assert {DEFAULT_KINDS[k] for k in ("seat", "last_seat", "start")} == {"seat"}
    assert {DEFAULT_KINDS[k] for k in ("seats", "order")} == {"seats"}


def test_a_refusal_and_a_history_line_name_the_seat_by_the_tables_name(phone: Phone) -> None:
    url = builtin_table(phone)
    refused = enter(phone, url, type="adjust", seat="1", card="tourist_planet", fame="1")
    assert refused.status_code == 422
    text = text_of(refused.get_data(as_text=True))
    assert "A card effect names a card its player holds: Tourist Planet for Ben." in text
    assert "Player 2" not in text and "seat 1" not in text.lower() and "seat 0" not in text.lower()
    html = ok(phone, url, type="adjust", seat="1", card="new_earth", fame="2")
    assert "Ben, effect of New Earth: fame +2" in text_of(html)
    assert "Start player: Aki" in text_of(html)


def test_the_score_tool_names_an_unnamed_seat_player_2(phone: Phone) -> None:
    html = phone.get("/planeta-rica/score?players=3").get_data(as_text=True)
    assert "Player 2" in text_of(html) and "seat 1" not in text_of(html).lower()


def _params(text: str) -> dict[str, object]:
    names = {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field}
    return {name: ([0, 2] if DEFAULT_KINDS.get(name) == "seats" else 0) for name in names}


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_no_message_on_a_page_says_seat_0(app: Flask, code: str) -> None:
    with app.test_request_context(headers={"Accept-Language": "en"}):
        params = _params(str(MESSAGES[code]))
        for wording in (PAGE, TABLE):
            text = message_for(code, params, wording)
            assert "seat 0" not in text.lower() and "seat {" not in text.lower(), text


def test_a_seat_in_a_message_as_each_reader_reads_it(app: Flask) -> None:
    reason = Reason("pr.rank.tie_break", "PR-5", True, {"vp": 14, "seats": [0, 1], "order": [1, 0]})
    with app.test_request_context(headers={"Accept-Language": "en"}):
        at_table, on_tool, in_api = (explain(reason, w) for w in (TABLE, PAGE, API))
    assert at_table.startswith("Tied at 14 VP: Aki, Ben.")
    assert on_tool.startswith("Tied at 14 VP: Player 1, Player 2.")
    assert in_api.startswith("Tied at 14 VP: seat 0, seat 1.")
