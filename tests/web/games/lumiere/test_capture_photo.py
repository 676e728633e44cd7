"""The capture checker's photo of the field (issue #36): the cards placed on their areas from the markers'
geometry, facing their seats, whatever the photo's turn; shown area by area, the checker changed only when the
player uses it; cards that cannot be placed without doubt are said so; a file that is no picture is refused."""

from __future__ import annotations

import re

import pytest

from companion.web.games.lumiere.photo_field import Seen, place
from tests.web.apps import Phone
from tests.web.helpers import text_of
from tests.web.photos import field_photo, upload

URL = "/lumiere/captures"
LAYOUT = [(0, 0, "commoner", 0, "a"), (0, 3, "yokai_master", 1, "b"), (2, 1, "exorcist", 2, "a"),
          (3, 3, "warrior", 3, "b"), (3, 0, "commoner", 0, "b"), (1, 2, "magician", 1, "a")]


def _seen(data: bytes) -> list[Seen]:
    from companion.markers import reader

    return [Seen(s.card, tuple(s.corners), tuple(s.other) if s.other else None)
            for s in reader.read_cards("lumiere", data)]


BOTH = [(r, c, card, owner, "ab") for r, c, card, owner, _corner in LAYOUT]  # the photo shows both corners


@pytest.mark.parametrize("layout", [LAYOUT, BOTH], ids=["one-corner", "both-corners"])
@pytest.mark.parametrize("turn", [0.0, 17.0, -30.0, 40.0])
def test_cards_are_placed_on_their_areas_facing_their_seats_whatever_the_turn(turn: float, layout: list) -> None:  # type: ignore[type-arg]
    placing = place(_seen(field_photo(layout, turn)))
    assert placing.doubts == () and not placing.partial
    assert {(p.cell.row, p.cell.col, p.card.value, p.owner) for p in placing.placed} == \
        {(r, c, card, owner) for r, c, card, owner, _corner in LAYOUT}


def test_a_card_between_two_areas_is_said_and_nothing_placed() -> None:
    seen = _seen(field_photo(BOTH))  # 4 pixels a mm: an area is 368 pixels
    card = seen[2]
    assert card.other is not None
    moved = Seen(card.card, tuple((x, y + 184) for x, y in card.corners),  # half an area down
                 tuple((x, y + 184) for x, y in card.other))
    placing = place([*seen[:2], moved, *seen[3:]])
    assert placing.doubts == ("between",) and placing.placed == ()


def test_the_photo_is_shown_area_by_area_and_used_when_confirmed(phone: Phone) -> None:
    html = phone.get(URL).get_data(as_text=True)
    response = phone.post(f"{URL}/photo", {"p": "4", "card": "commoner", "owner": "0", "mode": "put", "f": "",
                                           "photo": upload(field_photo(LAYOUT, 17.0), "field.png")},
                          content_type="multipart/form-data")
    shown = response.get_data(as_text=True)
    assert response.status_code == 200, text_of(shown)[:300]
    text = text_of(shown)
    assert "Read from the photo: 6 cards." in text
    assert "A1: Commoner, facing Player 1" in text and "A4: Yokai Master, facing Player 2" in text
    from companion.games.lumiere import Field
    from companion.web.games.lumiere.tool import encode_field

    empty = f'name="f" value="{encode_field(Field.empty())}"'
    assert empty in shown.split('id="lp-photo"')[0]  # the checker's own field: unchanged until used
    field = re.search(r'<input type="hidden" name="f" value="([^"]+)">\s*<input type="hidden" name="p" value="4">'
                      r'\s*<input type="hidden" name="card" value="commoner">\s*<input type="hidden" name="owner" '
                      r'value="0">\s*<input type="hidden" name="mode" value="active">', shown)
    assert field
    used = phone.post(URL, {"f": field.group(1), "p": "4", "card": "commoner", "owner": "0", "mode": "active"})
    assert used.status_code == 303
    page = phone.get(used.headers["Location"]).get_data(as_text=True)
    assert 'data-cell="r2c1"' in page and "Exorcist" in text_of(page)
    assert html  # the page before the photo was drawn


def test_a_file_that_is_no_picture_is_refused_with_a_message(phone: Phone) -> None:
    phone.get(URL)
    response = phone.post(f"{URL}/photo", {"p": "4", "f": "", "photo": upload(b"no picture")},
                          content_type="multipart/form-data")
    assert response.status_code == 422
    assert "The photo is not a JPEG or PNG picture." in text_of(response.get_data(as_text=True))
