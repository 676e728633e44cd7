"""Hand-edited links: a quick tool's query asking for what cannot be (?players=99, ?rank=Z,
?count=-1, a huge number, full-width digits) is answered with a page that says, in the phone's language, what it
left out; never a 500, never something else shown without a word. An import sent with no file asks for one."""

from __future__ import annotations

import pytest

from tests.web.helpers import text_of

BAD_LINKS = [
    ("/strato-sphere/dispute?players=99", "players=99", "one of 2, 4"),
    ("/strato-sphere/dispute?players=٤", "players=٤", "one of 2, 4"),
    ("/strato-sphere/dispute?players=4&from=1&to=2&ar=Z&an=-1", "ar=Z", "an=-1"),
    ("/strato-sphere/dispute?players=2&from=99999999999999999999999", "from=99999999999999999999…",
     "a whole number from 0 to 5"),
    ("/lumiere/captures?p=99", "p=99", "one of 3, 4"),
    ("/lumiere/captures?p=3&owner=3", "owner=3", "a whole number from 0 to 2"),
    ("/lumiere/captures?mode=fly&card=dragon", "mode=fly", "card=dragon"),
    ("/sister-combination/check?p=99", "p=99", "a whole number from 3 to 13"),
    ("/sister-combination/check?p=5&tn=Z&ts=nobody", "tn=Z", "ts=nobody"),
    ("/planetary-sisters/score?players=99", "players=99", "a whole number from 2 to 4"),
    ("/planetary-sisters/score?players=٣&saved=-1", "players=٣", "saved=-1"),
    ("/planetary-sisters/score?players=3&slot=guards:0", "slot=guards:0", "one of field, house:0, house:1"),
    ("/planeta-rica/score?players=99", "players=99", "a whole number from 3 to 5"),
    ("/planeta-rica/score?players=3&start=7&seat=-1", "start=7", "seat=-1"),
    ("/planeta-rica/score?s_new_earth_1=gold", "s_new_earth_1=gold", "one of "),
]


@pytest.mark.parametrize(("url", "first", "second"), BAD_LINKS)
def test_a_link_asking_for_what_cannot_be_says_what_it_left_out(client, url: str, first: str, second: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get(url, headers={"Accept-Language": "en"})
    assert response.status_code == 200
    text = text_of(response.get_data(as_text=True))
    assert "This link asks for something that cannot be, so the page leaves it out:" in text
    assert first in text and second in text


@pytest.mark.parametrize(("url", "first"), [(url, first) for url, first, _second in BAD_LINKS])
def test_the_same_in_japanese(client, url: str, first: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get(url, headers={"Accept-Language": "ja"})
    assert response.status_code == 200
    text = text_of(response.get_data(as_text=True))
    assert "このリンクにはありえない値が含まれているため" in text
    assert first in text  # the page names what it left out, as the English one does


@pytest.mark.parametrize("url", ["/strato-sphere/dispute?players=4&from=1&to=2", "/lumiere/captures?p=3",
                                 "/sister-combination/check?p=5&tn=3&ts=karen",
                                 "/planetary-sisters/score?players=3&slot=house:1",
                                 "/planeta-rica/score?players=5&start=4&seat=2"])
def test_a_good_link_says_nothing_of_the_kind(client, url: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get(url, headers={"Accept-Language": "en"})
    assert response.status_code == 200
    assert "This link asks for" not in response.get_data(as_text=True)


@pytest.mark.parametrize(("lang", "asked"), [
    ("en", "Choose an export file first (or paste its text), then tap “Import and continue”."),
    ("ja", "先にエクスポートしたファイルを選んで"),
])
def test_an_import_with_no_file_asks_for_one(phone, lang: str, asked: str) -> None:  # type: ignore[no-untyped-def]
    phone.lang = lang
    response = phone.post("/import", {"text": "  "})
    assert response.status_code == 422
    text = text_of(response.get_data(as_text=True))
    assert asked in text
    assert "This file cannot be imported" not in text and "ファイルはインポートできません" not in text


@pytest.mark.parametrize(("url", "kept"), [
    ("/planetary-sisters/score?players=99&name0=Aoi", "Aoi"),
    ("/planeta-rica/score?players=3&start=9&name2=Ren", "Ren"),
])
def test_a_score_page_keeps_what_was_valid(client, url: str, kept: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get(url, headers={"Accept-Language": "en"})
    assert response.status_code == 200
    text = text_of(response.get_data(as_text=True))
    assert "This link asks for something that cannot be" in text
    assert kept in text


def test_a_number_typed_in_full_width_is_read_as_its_number(client) -> None:  # type: ignore[no-untyped-def]
    """A Japanese keyboard's full-width digits (「４」) are a number as typed; other digit-like characters are not."""
    text = text_of(client.get("/strato-sphere/dispute?players=４").get_data(as_text=True))
    assert "This link asks for something that cannot be" not in text
    assert "Player 4" in text
