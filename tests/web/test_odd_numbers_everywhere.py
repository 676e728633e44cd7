"""Odd numbers in the newest pages' links and forms (Unicode digits that pass str.isdigit() but not int(),
numbers of thousands of digits, minus signs) get a clear answer, never a 500, and the entry is kept. Full-width
digits are no odd numbers: a Japanese keyboard types them, and they read as ASCII (test_numbers_as_typed.py)."""

from __future__ import annotations

import pytest

from tests.web.apps import Phone
from tests.web.games.sister_combination.support import send, started
from tests.web.helpers import text_of

ODD = ["²", "𝟗", "٣", "9" * 5000, "-1", "1e3", " ", "\x00"]


@pytest.mark.parametrize("odd", ODD)
def test_the_sister_combination_check_page_answers_odd_numbers(phone: Phone, odd: str) -> None:
    response = phone.get("/sister-combination/check", query_string={"p": odd, "h0": odd, "stack": odd,
                                                                     "deck": odd, "turn": odd})
    assert response.status_code in (200, 400)
    text = text_of(response.get_data(as_text=True))
    assert "May this card be played?" in text
    if odd.strip("\x00 "):  # a blank value is no value; any other odd number is named as left out
        assert "This link asks for something that cannot be, so the page leaves it out:" in text


@pytest.mark.parametrize("odd", ODD)
def test_a_sister_combination_entry_with_odd_numbers_is_refused_clearly(phone: Phone, odd: str) -> None:
    table = started(phone)
    response = send(phone, table, kind="reach_missed", seat=odd)
    assert response.status_code == 422
    assert "nothing was saved" in text_of(response.get_data(as_text=True))


@pytest.mark.parametrize("odd", ODD)
def test_the_planeta_rica_score_page_answers_odd_numbers(phone: Phone, odd: str) -> None:
    response = phone.get("/planeta-rica/score", query_string={"players": odd, "f0": odd, "seat": odd,
                                                               "start": odd, "saved": odd})
    assert response.status_code in (200, 400, 422)
    text = text_of(response.get_data(as_text=True))
    assert "Planeta Rica" in text
    if odd.strip("\x00 "):  # a blank value is no value; any other odd number is named as left out
        assert "This link asks for something that cannot be, so the page leaves it out:" in text
    for action in (f"players:{odd}", f"seat:{odd}", f"start:{odd}"):
        posted = phone.post("/planeta-rica/score", {"do": action, "f0": odd})
        assert posted.status_code in (200, 303, 422), (action, posted.status_code)
