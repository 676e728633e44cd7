"""The scoring page's photo of a slot's cards (issue #36): what it read is shown card by card and nothing changes
until the player confirms; a card the deck profile does not know is asked for (its rank held in the picker); a
picture that is not one is refused with a message (422)."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from tests.web.apps import Phone
from tests.web.helpers import text_of
from tests.web.photos import cards_in_a_row, upload

from .support import sheet_state, synthetic_profile_token

URL = "/planetary-sisters/score"


def _photo(phone: Phone, state: dict[str, str], data: bytes):  # type: ignore[no-untyped-def]
    return phone.post(f"{URL}/photo", {**state, "photo": upload(data)}, content_type="multipart/form-data")


def _confirm(phone: Phone, html: str):  # type: ignore[no-untyped-def]
    ranks = html.split('name="photo_ranks" value="', 1)[1].split('"', 1)[0]
    response = phone.post(URL, {**sheet_state(html), "photo_ranks": ranks, "do": "photo"})
    assert response.status_code == 303
    return response.headers["Location"], phone.get(response.headers["Location"]).get_data(as_text=True)


def test_a_photo_of_a_house_is_shown_card_by_card_then_put_in_when_confirmed(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = synthetic_profile_token(app)
    html = phone.get(URL, query_string={"profile": f"user:{token}", "slot": "house:0"}).get_data(as_text=True)
    house = ["1", "2", "3", "4", "5", "6", "7", "8"]
    response = _photo(phone, sheet_state(html), cards_in_a_row("planetary-sisters", house, per_row=4))
    assert response.status_code == 200
    shown = response.get_data(as_text=True)
    assert "Read from the photo for Player 1's house cards: 8 cards." in text_of(shown)
    listed = shown[shown.index('<ol class="photo-cards">'):shown.index("</ol>", shown.index('<ol class="photo-cards">'))]
    assert [int(r) for r in re.findall(r'<b class="rank">(\d+)</b>', listed)] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert sheet_state(shown).get("house0", "") == ""  # nothing in before confirming
    url, after = _confirm(phone, shown)
    assert parse_qs(urlsplit(url).query)["house0"] == ["1,2,3,4,5,6,7,8"]
    assert "Player 1 8/8 ✓" in text_of(after)  # in, and the next house is being entered


def test_cards_the_profile_does_not_know_are_asked_for_with_their_rank_held(phone: Phone) -> None:
    html = phone.get(URL, query_string={"slot": "field"}).get_data(as_text=True)  # the built-in profile: no card known
    shown = _photo(phone, sheet_state(html), cards_in_a_row("planetary-sisters", ["27", "30"])).get_data(as_text=True)
    assert "not in the deck profile yet: its icons are asked for after you confirm" in text_of(shown)
    url, after = _confirm(phone, shown)
    assert parse_qs(urlsplit(url).query)["ask"] == ["27,30"]
    assert "Read from the photo, not in the deck profile yet: 27, 30." in text_of(after)
    assert 'name="held" id="held" value="27"' in after


def test_a_file_that_is_no_picture_is_refused_with_a_message(phone: Phone) -> None:
    html = phone.get(URL).get_data(as_text=True)
    response = _photo(phone, sheet_state(html), b"not a picture at all")
    assert response.status_code == 422
    assert "The photo is not a JPEG or PNG picture." in text_of(response.get_data(as_text=True))
    ja = Phone(phone.client, "ja")
    response = _photo(ja, sheet_state(ja.get(URL).get_data(as_text=True)), b"not a picture at all")
    assert response.status_code == 422
    assert "JPEG" in text_of(response.get_data(as_text=True))
