"""A photo of the opened field on the table page (issue #36): the ranks read fill the set-up form card by card,
nothing is written until the player sends it, and sending it is the one normal entry; a rank the deck profile
does not know is asked for (its rank held in the picker); a file that is no picture is refused with a message."""

from __future__ import annotations

import re

from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of
from tests.web.photos import cards_in_a_row, upload

from .support import enter, hidden, start_table, synthetic_profile_token, token_of


def _photo(phone: Phone, url: str, fields: dict[str, str], data: bytes):  # type: ignore[no-untyped-def]
    version = version_of(phone.get(url).get_data(as_text=True))
    return phone.post(f"/t/{token_of(url)}/photo/cards", {"version": str(version), **fields, "photo": upload(data)},
                      content_type="multipart/form-data")


def test_a_photo_of_the_field_fills_the_set_up_form_and_sending_it_starts_the_game(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    url = start_table(phone, "Aki", "Ben", profile=synthetic_profile_token(app))
    before = version_of(phone.get(url).get_data(as_text=True))
    response = _photo(phone, url, {"kind": "setup", "cards": "", "parent": "1"},
                      cards_in_a_row("planetary-sisters", ["27", "30", "11", "19"]))
    html = response.get_data(as_text=True)
    assert response.status_code == 200, text_of(html)[:400]
    assert "Read from the photo: 27, 30, 11, 19. Check the cards below, then send them." in text_of(html)
    assert "The opened field: 4 of 4" in text_of(html)
    assert hidden(html, "cards") == "27,30,11,19"
    assert re.search(r'name="parent" value="1" checked', html)
    assert version_of(phone.get(url).get_data(as_text=True)) == before  # nothing written
    sent = enter(phone, url, {"kind": "setup", "parent": "1", "cards": hidden(html, "cards")})
    assert sent.status_code == 303
    page = phone.get(url).get_data(as_text=True)
    assert version_of(page) == before + 1  # one entry
    assert "Parent: Ben" in text_of(page)


def test_ranks_the_profile_does_not_know_are_asked_for(phone: Phone) -> None:
    url = start_table(phone, "Aki", "Ben")  # the built-in profile: no card's icons known
    response = _photo(phone, url, {"kind": "setup", "cards": ""}, cards_in_a_row("planetary-sisters", ["27", "30"]))
    html = response.get_data(as_text=True)
    assert "Not in the deck profile yet: 27, 30." in text_of(html)
    assert hidden(html, "cards") == ""
    assert re.search(r'name="rank" value="27"[^>]*checked', html)


def test_a_file_that_is_no_picture_is_refused_with_a_message(phone: Phone) -> None:
    url = start_table(phone, "Aki", "Ben")
    response = _photo(phone, url, {"kind": "setup", "cards": ""}, b"GIF89a not really")
    assert response.status_code == 422
    assert "The photo is not a JPEG or PNG picture." in text_of(response.get_data(as_text=True))


def test_a_photo_of_a_hand_fills_the_end_of_game_reveal(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    from companion.games.planetary_sisters import Phase, Reveal
    from tests.games.planetary_sisters.support import play_game

    from .support import form_of

    url = start_table(phone, "Aki", "Ben", "Chie", profile=synthetic_profile_token(app))
    play = play_game(3, seed=21)
    reveal_at = next(i for i, s in enumerate(play.states) if s.phase is Phase.REVEAL)
    for move, state in zip(play.moves[:reveal_at], play.states[:reveal_at], strict=True):
        assert enter(phone, url, form_of(move, state)).status_code == 303
    reveal = play.moves[reveal_at]
    assert isinstance(reveal, Reveal)
    ranks = [str(c.rank) for c in reveal.cards]
    before = version_of(phone.get(url).get_data(as_text=True))
    response = _photo(phone, url, {"kind": "reveal", "seat": str(reveal.seat), "cards": ""},
                      cards_in_a_row("planetary-sisters", ranks))
    html = response.get_data(as_text=True)
    assert response.status_code == 200, text_of(html)[:400]
    assert sorted(hidden(html, "cards").split(",")) == sorted(ranks)
    assert version_of(phone.get(url).get_data(as_text=True)) == before
    sent = enter(phone, url, {"kind": "reveal", "seat": str(reveal.seat), "cards": hidden(html, "cards")})
    assert sent.status_code == 303
    assert version_of(phone.get(url).get_data(as_text=True)) == before + 1
