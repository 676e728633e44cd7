"""One way to word a seat, in every room of the game: at a table a refusal and a history line name
the seat by its table name; on the quick tool (the scoring page, no table) a seat is "Player 2"; the referee API
says "seat 1" (0-based); and a slot with an odd digit (``house:²``) is refused with a message, never a 500."""

from __future__ import annotations

from flask import Flask

from companion.games.base import Reason
from companion.games.planetary_sisters import CardRef, NameParent, Turn
from companion.web.games.planetary_sisters.history import describe_move
from companion.web.games.planetary_sisters.messages import explain
from companion.web.wording import API, PAGE, Wording
from tests.web.apps import Phone
from tests.web.helpers import text_of

from .support import enter, start_table, synthetic_profile_token

TOOL = "/planetary-sisters/score"


def test_at_a_table_a_refusal_and_a_history_line_name_the_seat(app: Flask, phone: Phone) -> None:
    url = start_table(phone, "Aki", "Ben", "Chie", profile=synthetic_profile_token(app))
    enter(phone, url, {"kind": "setup", "parent": "1", "cards": "14,20,19"})
    page = text_of(phone.get(url).get_data(as_text=True))
    assert "#1 Ben is the first parent; the field opens with 14" in page
    response = enter(phone, url, {"kind": "turn", "seat": "1", "p_rank": "22"})
    assert response.status_code == 422
    said = text_of(response.get_data(as_text=True))
    assert "Tap the field card Ben took." in said
    assert "seat 1" not in said and "seat 0" not in said and "Player 2" not in said


def test_a_history_line_reads_the_typed_move(app: Flask) -> None:
    with app.test_request_context("/"):
        table = Wording.of_table(["Aki", "Ben"])
        turn = Turn(1, CardRef(30, (("FOOD", 2), ("PLANT", 1))), CardRef(None, (("ANIMAL", 1),)))
        assert describe_move(turn, None, table) == "Ben played 30 (FOOD×2 PLANT) and took ANIMAL."  # type: ignore[arg-type]
        assert describe_move(NameParent(0), None, table) == "The table named Aki the new parent."  # type: ignore[arg-type]
        assert describe_move(NameParent(1), None, PAGE) == "The table named Player 2 the new parent."  # type: ignore[arg-type]


def test_on_the_quick_tool_a_seat_without_a_name_is_player_2(phone: Phone) -> None:
    page = text_of(phone.get(TOOL, query_string={"players": "3", "slot": "house:1"}).get_data(as_text=True))
    assert "Player 2's house cards" in page
    named = text_of(phone.get(TOOL, query_string={"players": "3", "name1": "Ben", "slot": "house:1"}).get_data(as_text=True))
    assert "Ben's house cards" in named and "Player 2's house cards" not in named
    assert "seat 0" not in page and "seat 1" not in page


def test_the_referee_api_says_seat_1(app: Flask) -> None:
    flip = Reason("ps.condition.flipped", "PS-5", True, {"seat": 1, "condition": "far"})
    with app.test_request_context("/api/v1/planetary-sisters/score"):
        assert explain(flip, API) == "seat 1 flips the condition card: next round is Far."
        assert explain(flip, Wording.of_table(["Aki", "Ben"])) == "Ben flips the condition card: next round is Far."


def test_a_slot_with_an_odd_digit_is_refused_in_a_link(phone: Phone) -> None:
    for odd in ("house:²", "house:𝟗", "guards:٣", "house:" + "9" * 50):
        response = phone.get(TOOL, query_string={"players": "2", "slot": odd})
        assert response.status_code == 200, odd
        page = text_of(response.get_data(as_text=True))
        assert "This link asks for something that cannot be, so the page leaves it out:" in page, odd
        assert "“slot=house:" in page or "“slot=guards:" in page, odd  # (a long value is shown cut short)
    assert "“slot=house:²”" in text_of(phone.get(TOOL, query_string={"slot": "house:²"}).get_data(as_text=True))


def test_a_slot_with_an_odd_digit_is_refused_on_a_tap(phone: Phone) -> None:
    for odd in ("house:²", "house:𝟗", "remove:house:²:0", "clear:guards:²"):
        action = odd if odd.startswith(("remove", "clear")) else f"slot:{odd}"
        response = phone.post(TOOL, {"players": "2", "do": action})
        assert response.status_code == 422, odd
        page = text_of(response.get_data(as_text=True))
        if action.startswith("slot:"):
            assert f"“{odd}” is not a place on the score sheet. (§4.5)" in page, odd
        else:
            assert "This entry is not understood; reload the page." in page, odd


def test_a_slot_typed_in_full_width_is_that_slot(phone: Phone) -> None:
    page = text_of(phone.get(TOOL, query_string={"players": "2", "slot": "house:１"}).get_data(as_text=True))
    assert "This link asks for something that cannot be" not in page
    response = phone.post(TOOL, {"players": "2", "do": "slot:house:１"})
    assert response.status_code == 303
    assert "slot=house%3A1" in response.headers["Location"] or "slot=house:1" in response.headers["Location"]
