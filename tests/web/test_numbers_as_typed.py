"""Numbers as people type them: a Japanese keyboard in 全角 mode types 「１２」 and 「－３」, some keyboards give
the minus sign "−"; every number reader takes them as the ASCII they stand for (``inputs.as_typed``), while
other characters that look like digits ("²", "٣", "𝟗", "Ⅻ", "½") stay refused with the message they always had.
A score cell also takes a sum as a player writes it on paper ("12+3", 「１２＋３」, "10+5-2") and shows its
parts. Text that is no number (a seat's name 「Ｒ２」, an element called 王２) is never rewritten."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from companion.games.base import ParseError
from companion.inputs import (
    MAX_TERMS,
    Sum,
    as_typed,
    decimal_number,
    form_number,
    notation_as_typed,
    optional_form_number,
    score_sum,
    whole_number,
    written_as_sum,
)
from companion.profiles.refs import ProfileRef
from companion.web.games.planeta_rica.asking import signed_vp
from companion.web.games.planetary_sisters.cards import split
from tests.web.apps import Phone
from tests.web.games.planeta_rica.support import SCORE, profile_token_of, tap, totals_shown
from tests.web.games.planeta_rica.test_tracker import ok
from tests.web.games.planeta_rica.test_tracker_vp import builtin_table
from tests.web.games.sister_combination.support import new_table, send
from tests.web.helpers import input_value, text_of

OTHER_DIGITS = ["²", "٣", "৪", "߁", "𝟗", "Ⅻ", "½", "١٢", "１²"]


# -- the readers ---------------------------------------------------------------------------------------------------

def test_full_width_digits_and_signs_read_as_ascii() -> None:
    assert as_typed("１２") == "12" and as_typed("－３") == "-3" and as_typed("＋３") == "+3"
    assert as_typed("\u22123") == "-3" and as_typed("０１２３４５６７８９") == "0123456789"
    assert as_typed("²٣𝟗Ⅻ") == "²٣𝟗Ⅻ"  # nothing else changes


def test_every_number_reader_takes_full_width() -> None:
    assert whole_number("１２", 0, 99) == 12
    assert whole_number("\u3000１２\u3000", 0, 99) == 12  # a full-width space around it, as an IME leaves
    assert whole_number("－３", -9, 9) == -3 and whole_number("−３", -9, 9) == -3
    assert whole_number("－３", 0, 9) is None  # a minus where none is allowed, as "-3"
    assert form_number({"n": "１２"}, "n", 0, 99, "code", "R-1") == 12
    assert optional_form_number({"n": "－３"}, "n", -9, 9, "code", "R-1", signed=True) == -3
    assert optional_form_number({"n": "＋３"}, "n", -9, 9, "code", "R-1", signed=True) == 3
    assert optional_form_number({"n": "−３"}, "n", -9, 9, "code", "R-1", signed=True) == -3
    with pytest.raises(ParseError):
        optional_form_number({"n": "－３"}, "n", 0, 9, "code", "R-1")  # unsigned: no sign, full-width or not
    assert decimal_number("－１,５", 10) == -1.5 and decimal_number("１.５", 10) == 1.5


@pytest.mark.parametrize("odd", OTHER_DIGITS)
def test_other_digit_like_characters_stay_refused(odd: str) -> None:
    assert whole_number(odd, -(10**9), 10**9) is None
    assert decimal_number(odd, 1000) is None
    assert score_sum(odd, 0, 999) is None and score_sum(f"12+{odd}", 0, 999) is None
    with pytest.raises(ParseError) as raised:
        form_number({"n": odd}, "n", 0, 99, "code", "R-1")
    assert raised.value.params == {"value": odd}


def test_a_score_may_be_a_sum_as_written_on_paper() -> None:
    assert score_sum("12+3", 0, 999) == Sum(15, (12, 3))
    assert score_sum("１２＋３", 0, 999) == Sum(15, (12, 3))
    assert score_sum("10+5-2", 0, 999) == Sum(13, (10, 5, -2))
    assert score_sum(" 10 + 5 − 2 ", 0, 999) == Sum(13, (10, 5, -2))
    assert score_sum("12", 0, 999) == Sum(12, (12,)) and score_sum("１２", 0, 999) == Sum(12, (12,))
    assert score_sum("12+3", 0, 999).parts == "12 + 3"  # type: ignore[union-attr]
    assert score_sum("10+5-2", 0, 999).parts == "10 + 5 − 2"  # type: ignore[union-attr]
    assert score_sum("12", 0, 999).parts == ""  # type: ignore[union-attr]


@pytest.mark.parametrize("odd", ["12++3", "12*3", "12×3", "12/3", "12+", "+", "12 3", "12+-3", "1e3", "",
                                 "+".join(["1"] * (MAX_TERMS + 1)), "990+20", "3-5", "1000-1", "12=15"])
def test_a_sum_is_bounded(odd: str) -> None:
    assert score_sum(odd, 0, 999) is None


def test_a_cards_vp_may_be_typed_in_full_width_with_its_minus() -> None:
    assert signed_vp("－２") == -2 and signed_vp("３") == 3 and signed_vp("-2") == -2
    assert signed_vp("²") is None and signed_vp("1+2") is None  # a printed VP is one number, never a sum


def test_a_refused_sum_says_it_was_written_as_one() -> None:
    assert all(written_as_sum(t) for t in ("12++3", "12*3", "１２＋＋３", "12×3", "12+²"))
    assert not any(written_as_sum(t) for t in ("²", "seven", "-3", "－３", "12"))


def test_a_notation_reads_its_numbers_as_ascii_and_keeps_every_name() -> None:
    assert notation_as_typed("３０,王２*２", ",:*+") == "30,王２*2"
    assert notation_as_typed("１２:ＦＯＯＤ+王２", ",:*+") == "12:ＦＯＯＤ+王２"
    assert notation_as_typed("14,20,FOOD*²", ",:*+") == "14,20,FOOD*²"
    refs, errors = split("３０,王２*２,１４:FOOD")
    assert not errors
    assert [(r.rank, r.elements) for r in refs] == [(30, None), (None, (("王２", 2),)), (14, (("FOOD", 1),))]


# -- through the pages, as a player --------------------------------------------------------------------------------

def _holding(html: str, seat: int, key: str) -> int:
    section = html[html.index('class="card pr-seat'):]
    section = section[section.index(f'data-seat="{seat}"'):]
    found = re.search(rf'<span data-k="{key}">[^<]*?(-?\d+)</span>', section)
    assert found, key
    return int(found.group(1))


def test_a_japanese_phone_enters_full_width_numbers_at_a_table(app: Flask) -> None:
    phone = Phone(app.test_client(), lang="ja")
    url = builtin_table(phone)
    before = _holding(phone.get(url).get_data(as_text=True), 0, "fame")
    html = ok(phone, url, type="adjust", seat="0", card="new_earth", fame="１２")
    assert _holding(html, 0, "fame") == before + 12
    html = ok(phone, url, type="adjust", seat="0", card="new_earth", fame="－３")  # negatives allowed here
    assert _holding(html, 0, "fame") == before + 9


def test_a_full_width_hand_size_is_read_and_a_full_width_name_kept(phone: Phone) -> None:
    table = new_table(phone, "Ｒ２", "Ben", "Chie")
    response = send(phone, table, kind="setup", first="０", sister="karen", symbol="3", h0="７", h1="7", h2="７")
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:800]
    text = text_of(phone.get(table).get_data(as_text=True))
    assert "Set up: Ｒ２ plays first, hands 7, 7, 7, field card Karen 3" in text
    assert "R2" not in text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Ben: “²” is not a number of cards; give a whole number from 0 to 144."),
    ("ja", "Ben：「²」は枚数ではありません。0〜144の整数を入力してください。"),
])
def test_other_digits_are_still_refused_at_a_table_with_todays_message(app: Flask, lang: str, said: str) -> None:
    phone = Phone(app.test_client(), lang=lang)
    table = new_table(phone, "Aki", "Ben", "Chie")
    response = send(phone, table, kind="setup", first="0", sister="karen", symbol="3", h0="7", h1="²", h2="7")
    assert response.status_code == 422
    assert said in text_of(response.get_data(as_text=True))


def test_a_fame_written_as_a_sum_is_added_up_and_shown_with_its_parts(phone: Phone, app: Flask) -> None:
    ref = str(ProfileRef.user(profile_token_of(app)))
    html = phone.get(f"{SCORE}?players=3&profile={ref}").get_data(as_text=True)
    html = tap(phone, html, "update", f0="１２＋３").get_data(as_text=True)
    assert input_value(html, "f0") == "１２＋３"  # the cell keeps what was typed …
    text = text_of(html)
    assert "= 15" in text  # … with its total beside it
    assert totals_shown(html)[0] == "15"
    assert "12 + 3" in text  # the fame in the score's working, with its parts
    html = tap(phone, html, "update", f0="10+5-2").get_data(as_text=True)
    assert totals_shown(html)[0] == "13" and "10 + 5 − 2" in text_of(html)


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "12++3", "Fame adds up whole numbers joined by + or −, such as 12+3, not “12++3”."),
    ("en", "12*3", "Fame adds up whole numbers joined by + or −, such as 12+3, not “12*3”."),
    ("en", "²", "Fame is a whole number from 0 up, not “²”."),
    ("ja", "12++3", "名声の足し算は、12+3 のように整数を + か − でつないで書きます（「12++3」ではなく）。"),
    ("ja", "²", "名声は0以上の整数です（「²」ではなく）。"),
])
def test_a_fame_that_is_no_number_or_no_sum_is_named_and_kept(app: Flask, lang: str, typed: str,
                                                               said: str) -> None:
    phone = Phone(app.test_client(), lang=lang)
    html = phone.get(f"{SCORE}?players=3").get_data(as_text=True)
    html = tap(phone, html, "update", f0=typed).get_data(as_text=True)
    assert input_value(html, "f0") == typed
    assert said in text_of(html)
