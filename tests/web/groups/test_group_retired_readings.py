"""A group's "start a table" page offers only the readings a new table may play by; a retired one
(kept so old tables replay: SC-8 hands as entered, LP-6 buried cards, LP-9 mulligans until play, PR-6 each
develop as entered) is neither offered nor accepted from a hand-made form, and a rematch does not pass it on."""

from __future__ import annotations

import pytest

from tests.web.apps import Phone
from tests.web.groups.support import new_group
from tests.web.helpers import text_of

RETIRED = {
    "sister-combination": ("option_hands", "as-entered", "As entered (the earlier reading, before SC-8 said 7 each)"),
    "lumiere": ("option_remove_phase", "every-card", "Every card on the field, buried ones too (the earlier reading)"),
    "planeta-rica": ("option_gadget_cost", "each-develop", "Gadget costs"),
}


@pytest.mark.parametrize("slug", sorted(RETIRED))
def test_the_pick_page_offers_no_retired_reading(phone: Phone, slug: str) -> None:
    group = new_group(phone, "Club", "Aki", "Ben", "Chie")
    field, value, words = RETIRED[slug]
    page = phone.get(f"{group}/new/{slug}").get_data(as_text=True)
    assert f'name="{field}"' not in page and words not in text_of(page)
    assert "Seat 1" in text_of(page)  # the page itself is there


def test_the_pick_page_still_offers_the_readings_a_table_may_choose(phone: Phone) -> None:
    group = new_group(phone, "Club", "Aki", "Ben", "Chie")
    page = text_of(phone.get(f"{group}/new/planeta-rica").get_data(as_text=True))
    assert 'name="option_new_earth"' in phone.get(f"{group}/new/planeta-rica").get_data(as_text=True)
    assert "Gadget costs" not in page


@pytest.mark.parametrize("lang, words", [
    ("en", "That reading of SC-8 is kept only for tables started before the rule was read again"),
    ("ja", "SC-8"),
])
def test_a_hand_made_form_with_a_retired_reading_is_refused(client, lang: str, words: str) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client, lang)
    group = new_group(phone, "Club", "Aki", "Ben", "Chie")
    form = {"seat0": "Aki", "seat1": "Ben", "seat2": "Chie", "option_hands": "as-entered"}
    refused = phone.post(f"{group}/new/sister-combination", form)
    assert refused.status_code == 422
    said = text_of(refused.get_data(as_text=True))
    assert words in said
    if lang == "ja":
        assert "新しい卓" in said  # said in Japanese, not English
    for path in (f"{group}/new/sister-combination", "/new/sister-combination"):
        assert phone.post(path, form).status_code == 422
    form["option_hands"] = "seven"  # the current reading, sent explicitly, is fine
    assert phone.post(f"{group}/new/sister-combination", form).status_code == 303


def test_a_rematch_does_not_pass_a_retired_reading_on(phone: Phone) -> None:
    """An old table played by the retired SC-8 reading (hands as entered) keeps it; its rematch is a new table
    and plays by the current one (7 each)."""
    import json

    from tests.web.groups.support import export_of, finished_game, import_table

    done = finished_game("sister-combination", ["Aki", "Ben", "Chie"])
    export = export_of(done, 1)
    export["options"]["hands"] = "as-entered"
    old = import_table(phone, export)
    assert json.loads(phone.get(f"{old}/export.json").get_data(as_text=True))["options"]["hands"] == "as-entered"
    response = phone.post(f"{old}/rematch", {"order": "rotate"})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:500]
    new = response.headers["Location"]
    options = json.loads(phone.get(f"{new}/export.json").get_data(as_text=True))["options"]
    assert options["hands"] == "seven"
    assert options["end"] == export["options"]["end"]  # the readings still offered are passed on
