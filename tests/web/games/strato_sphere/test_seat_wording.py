"""One way to word a seat: the table's name at a table, "Player 2" where there is no table, "seat 1"
(0-based, as requests write seats) in a referee API answer; never "seat 0" on a page."""

from __future__ import annotations

import string

import pytest
from flask import Flask

from companion.games.base import Reason
from companion.web.games.strato_sphere.messages import DEFAULT_KINDS, KINDS, MESSAGES
from companion.web.messages import explain
from companion.web.wording import API, PAGE, Wording

TABLE = Wording.of_table(("Aki", "Ben", "Chie", "Dan"))
SEAT_PARAMS = [name for name, kind in DEFAULT_KINDS.items() if kind in ("seat", "seats")]


def test_the_game_leaves_seats_to_the_platform() -> None:
    assert "seat" not in KINDS and "seats" not in KINDS
    assert {"player", "holder", "seat", "also_seat", "captured", "winners", "seats"} <= set(SEAT_PARAMS)


def _params(text: str) -> dict[str, object]:
    names = {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field}
    return {name: ([0, 2] if DEFAULT_KINDS.get(name) == "seats" else 0) for name in names}


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_no_message_on_a_page_says_seat_0(app: Flask, code: str) -> None:
    with app.test_request_context(headers={"Accept-Language": "en"}):
        params = _params(str(MESSAGES[code]))
        for wording in (PAGE, TABLE):
            text = MESSAGES[code].render(params, wording)
            assert "seat 0" not in text.lower() and "seat {" not in text.lower(), text


def test_a_seat_in_a_message_as_each_reader_reads_it(app: Flask) -> None:
    reason = Reason("ss.force.taken", "SS-3", True, {"player": 1, "force": "S", "holder": 0})
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert explain(reason, TABLE) == ("♠ already belongs to Aki, so this card does not decide the force of Ben: "
                                          "their next one will.")
        assert explain(reason, PAGE) == ("♠ already belongs to Player 1, so this card does not decide the force of "
                                         "Player 2: their next one will.")
        assert explain(reason, API) == ("♠ already belongs to seat 0, so this card does not decide the force of "
                                        "seat 1: their next one will.")
    won = Reason("ss.score.win", "SS-8", True, {"winners": [0, 2], "captured": 1, "nodes": [3, 4, 5]})
    with app.test_request_context(headers={"Accept-Language": "ja"}):
        assert explain(won, TABLE) == "Aki, Chieの勝ち：Benの前のノード（ノード3, 4, 5）がすべてその側のものです。"
