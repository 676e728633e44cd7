"""One way to word a seat: at a table a refusal and a history line name the seat by the table's name;
the quick tool, with no table, says "Player 2" (counted from 1); the referee API says "seat 1" (0-based, as its
requests write seats); and no message of the game on a page says "seat 0"."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from companion.games.base import Reason
from companion.web.games.sister_combination.messages import KINDS, MESSAGES
from companion.web.messages import SEAT_KINDS, explain
from companion.web.wording import PAGE, Wording
from tests.web.apps import Phone
from tests.web.helpers import text_of

from .support import new_table, page, play, send, started

TOOL = "/sister-combination/check"
PLAY = "/api/v1/sister-combination/play"


def test_a_refusal_at_a_table_names_the_seat_by_its_name(phone: Phone) -> None:
    table = started(phone)  # Aki, Ben, Chie, Dai, Emi; nobody has left one card
    response = send(phone, table, kind="reach_missed", seat="2")
    assert response.status_code == 422
    text = text_of(response.get_data(as_text=True))
    assert "Chie owes no “リーチ” penalty (only a player left with one card who did not say it). (SC-6)" in text
    assert "Player 3" not in text and "seat 2" not in text


def test_a_setup_refusal_names_the_hand_by_its_seat(phone: Phone) -> None:
    table = new_table(phone)
    response = send(phone, table, kind="setup", first="0", sister="karen", symbol="3",
                    **{f"h{i}": ("lots" if i == 1 else "7") for i in range(5)})
    assert response.status_code == 422
    assert "Ben: “lots” is not a number of cards; give a whole number from 0 to 144. (SC-8)" in text_of(
        response.get_data(as_text=True))


def test_a_history_line_names_the_seat_by_its_name(phone: Phone) -> None:
    table = started(phone)
    play(phone, table, "play sister=haruka symbol=sp colour=blue target=3")  # Aki gives 2 to Dai
    text = page(phone, table)
    assert "Aki: plays Haruka S.P., names blue, 2 cards to Dai" in text
    assert "Dai gets 2 at once, and 3 cards go on the stack. SC-5" in text  # the last entry's effect, by name


def test_the_quick_tool_counts_players_from_one(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get(TOOL, query_string={"p": "4", "turn": "0", "ts": "karen", "tn": "3", "cs": "yotsuba",
                                              "cn": "sp", "named": "red", "target": "1"},
                          headers={"Accept-Language": "en"})
    text = text_of(response.get_data(as_text=True))
    assert response.status_code == 200
    assert "Yotsuba's S.P.: Player 2 gets 2 at once from the deck. SC-5" in text
    assert "seat 1" not in text and "seat 0" not in text


def test_the_api_keeps_its_0_based_seats(client) -> None:  # type: ignore[no-untyped-def]
    body = {"players": 4, "hands": [7, 7, 7, 7], "turn": 0, "direction": 1, "discard": ["karen:3"], "stack": 0,
            "deck": 100, "card": "yotsuba:sp", "choices": {"colour": "red", "target": 1}}
    answer = client.post(PLAY, json=body, headers={"Accept-Language": "en"}).get_json()
    messages = {r["code"]: r["message"] for r in answer["reasons"]}
    assert messages["sc.sp.yotsuba"] == "Yotsuba's S.P.: seat 1 gets 2 at once from the deck."
    assert messages["sc.choice.target"] == "Yotsuba S.P. gives 2 cards to seat 1."


def test_the_game_leaves_seats_to_the_platform() -> None:
    """No "seat"/"seats" shower of its own: the Wording a caller passes names every seat."""
    assert not set(KINDS) & set(SEAT_KINDS)


@pytest.mark.parametrize("code", sorted(c for c, m in MESSAGES.items() if "{" in str(m)))
def test_no_message_on_a_page_says_seat_0(app: Flask, code: str) -> None:
    params = {key: 0 for key in re.findall(r"\{(\w+)\}", str(MESSAGES[code]))}
    for wording in (PAGE, Wording.of_table(["Aki", "Ben", "Chie"])):
        for lang in ("en", "ja"):
            with app.test_request_context("/", headers={"Accept-Language": lang}):
                text = explain(Reason(code, "SC-1", True, params), wording)
            assert not re.search(r"seat 0|席0", text), (code, lang, text)
