"""The Planeta Rica scoring page's photo of a player's cards (issue #36): shown card by card, nothing changes until
"Put these cards in"; a card the game has no more copies of is left out with the reason; a file that is no
picture is refused with a message (422)."""

from __future__ import annotations

import re

from flask import Flask

from companion.profiles.refs import ProfileRef
from tests.web.apps import Phone
from tests.web.helpers import text_of
from tests.web.photos import cards_in_a_row, upload

from .support import SCORE, profile_token_of, query_of, sheet_fields

SLUG = "planeta-rica"


def _photo(phone: Phone, html: str, data: bytes):  # type: ignore[no-untyped-def]
    fields = {k: v for k, v in sheet_fields(html).items() if k != "photo"}
    return phone.post(f"{SCORE}/photo", {**fields, "photo": upload(data)}, content_type="multipart/form-data")


def test_a_photo_of_a_players_cards_is_shown_then_put_in_when_confirmed(phone: Phone, app: Flask) -> None:
    ref = str(ProfileRef.user(profile_token_of(app)))
    html = phone.get(f"{SCORE}?players=3&seat=1&profile={ref}").get_data(as_text=True)
    photo = cards_in_a_row(SLUG, ["tourist_planet", "tachyon_mine", "trade_king_schneider"])
    response = _photo(phone, html, photo)
    assert response.status_code == 200
    shown = response.get_data(as_text=True)
    assert "Read from the photo for Player 2: 3 cards." in text_of(shown)
    listed = shown[shown.index('<ol class="photo-cards">'):]
    assert re.findall(r'<li class="in" data-card="(\w+)"', listed) == [
        "tourist_planet", "tachyon_mine", "trade_king_schneider"]
    assert "tourist_planet" not in sheet_fields(shown).get("p1", "")  # not in before confirming
    fields = {k: v for k, v in sheet_fields(shown).items() if k != "photo"}
    confirmed = phone.post(f"{SCORE}/photo/confirm", fields)
    assert confirmed.status_code == 303
    query = query_of(confirmed.headers["Location"])
    assert query["p1"] == "new_earth,tourist_planet,tachyon_mine" and query["g1"] == "trade_king_schneider"


def test_a_card_with_no_copy_left_is_left_out_with_the_reason(phone: Phone) -> None:
    html = phone.get(f"{SCORE}?players=2&g0=warp_gate").get_data(as_text=True)
    shown = _photo(phone, html, cards_in_a_row(SLUG, ["warp_gate"])).get_data(as_text=True)
    assert '<li class="left-out" data-card="warp_gate"' in shown
    assert 'name="photo_cards"' not in shown


def test_a_file_that_is_no_picture_is_refused_with_a_message(phone: Phone) -> None:
    html = phone.get(SCORE).get_data(as_text=True)
    response = _photo(phone, html, b"\x89PNG but no more")
    assert response.status_code == 422
    assert "The photo is not a JPEG or PNG picture." in text_of(response.get_data(as_text=True))
