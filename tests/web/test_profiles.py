"""Deck profiles: built-in ones, copy and edit on the phone, the facts checklist, export and import."""

from __future__ import annotations

import io
import json
import re
import tomllib

from tests.web.apps import Phone
from tests.web.helpers import input_value, text_of


def copy_default(phone: Phone) -> str:
    phone.get("/profiles/tally")
    response = phone.post("/profiles/tally/copy", {"source": "default"})
    assert response.status_code == 303
    assert re.fullmatch(r"/p/[A-Za-z0-9_-]{24}", response.headers["Location"])
    return response.headers["Location"]


def version(html: str) -> int:
    return int(input_value(html, "version"))


def test_built_in_profiles_are_listed_with_how_many_facts_hold(phone: Phone) -> None:
    page = text_of(phone.get("/profiles/tally").get_data(as_text=True))
    assert "Tally deck (partial)" in page
    assert "2 cards known" in page
    assert "0 of 2 rule-text facts hold" in page


def test_a_copy_shows_each_failing_fact_with_the_cards_named(phone: Phone) -> None:
    url = copy_default(phone)
    page = text_of(phone.get(url).get_data(as_text=True))
    assert "Tally deck (partial) (copy)" in page
    assert "✗ fails: Every card has points (missing: moon). T-4" in page
    assert "✗ fails: The deck has 3 cards (it has 2). T-5" in page


def test_adding_cards_until_every_fact_holds(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url).get_data(as_text=True)
    response = phone.post(f"{url}/card", {"version": version(html), "original": "moon", "f_id": "moon",
                                           "f_points": "4", "f_marks__MOON": "2"})
    assert response.status_code == 303
    html = phone.get(url).get_data(as_text=True)
    response = phone.post(f"{url}/card", {"version": version(html), "f_id": "star", "f_points": "1"})
    assert response.status_code == 303
    page = text_of(phone.get(url).get_data(as_text=True))
    assert "2 of 2 hold" in page
    assert "✓ holds: Every card has points (missing: —). T-4" in page
    exported = tomllib.loads(phone.get(f"{url}.toml").get_data(as_text=True))
    assert {"id": "moon", "points": 4, "marks": {"MOON": 2}} in exported["cards"]
    assert [c["id"] for c in exported["cards"]] == ["moon", "star", "sun"]


def test_a_card_breaking_a_per_card_fact_is_refused_with_the_reason_and_kept(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url).get_data(as_text=True)
    response = phone.post(f"{url}/card", {"version": version(html), "f_id": "comet", "f_points": "50"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    page = text_of(html)
    assert "This card breaks a rule-text fact, so nothing was saved:" in page
    assert "A card is worth at most 10 points (this one 50). (T-6)" in page
    assert input_value(html, "f_id") == "comet" and input_value(html, "f_points") == "50"


def test_an_unreadable_card_value_is_explained(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url).get_data(as_text=True)
    response = phone.post(f"{url}/card", {"version": version(html), "f_id": "comet", "f_points": "lots"})
    assert response.status_code == 422
    assert "points must be a whole number, not “lots”." in text_of(response.get_data(as_text=True))


def test_a_card_key_already_used_is_refused(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url).get_data(as_text=True)
    response = phone.post(f"{url}/card", {"version": version(html), "f_id": "sun", "f_points": "1"})
    assert response.status_code == 422
    assert "A card with this id is already in the profile" in text_of(response.get_data(as_text=True))


def test_removing_a_card(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url).get_data(as_text=True)
    assert phone.post(f"{url}/card/delete", {"version": version(html), "original": "sun"}).status_code == 303
    data = json.loads(phone.get(f"{url}.json").get_data(as_text=True))
    assert [c["id"] for c in data["cards"]] == ["moon"]


def test_a_stale_profile_edit_is_a_conflict_and_keeps_the_entry(phone: Phone) -> None:
    url = copy_default(phone)
    phone.post(f"{url}/names", {"version": 0, "name_en": "Mine", "name_ja": "自分の"})
    response = phone.post(f"{url}/card", {"version": 0, "f_id": "comet", "f_points": "2"})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Someone else changed this profile first" in text_of(html)
    assert input_value(html, "f_id") == "comet"


def test_export_and_import_round_trip_in_toml_and_json(phone: Phone) -> None:
    url = copy_default(phone)
    for fmt in ("toml", "json"):
        body = phone.get(f"{url}.{fmt}").get_data()
        response = phone.post("/profiles/tally/import", {"file": (io.BytesIO(body), f"p.{fmt}")},
                              content_type="multipart/form-data")
        assert response.status_code == 303, fmt
        again = json.loads(phone.get(f"{response.headers['Location']}.json").get_data(as_text=True))
        assert again["cards"] == [{"id": "sun", "points": 3}, {"id": "moon"}]
        assert again["name_en"] == "Tally deck (partial) (copy)"


def test_import_problems_are_listed_with_where_they_are(phone: Phone) -> None:
    bad = 'game = "tally"\n[[cards]]\nid = "x"\npoints = "many"\n[[cards]]\npoints = 1\n'
    phone.get("/profiles/tally")
    response = phone.post("/profiles/tally/import", {"text": bad})
    assert response.status_code == 422
    page = text_of(response.get_data(as_text=True))
    assert "cards[0].points: points must be a whole number, not “many”." in page
    assert "cards[1].id: The field id is required." in page
    response = phone.post("/profiles/tally/import", {"text": 'game = "chess"'})
    assert "This profile is for another game (chess), not tally." in text_of(response.get_data(as_text=True))
    response = phone.post("/profiles/tally/import", {"text": "= nonsense"})
    assert "The file is neither a readable TOML nor a JSON profile" in text_of(response.get_data(as_text=True))


def test_a_table_uses_a_user_profile_given_by_its_link(phone: Phone) -> None:
    url = copy_default(phone)
    page = phone.get(f"/new/tally?profile={url.rsplit('/', 1)[1]}").get_data(as_text=True)
    assert input_value(page, "profile_link") == url.rsplit("/", 1)[1]
    response = phone.post("/new/tally", {"seat0": "A", "seat1": "B", "profile_link": "http://x" + url})
    assert response.status_code == 303
    data = json.loads(phone.get(response.headers["Location"] + "/export.json").get_data(as_text=True))
    # The table starts on its own copy of that profile, named after its seats (issue 14: a table's copy is its own).
    assert data["profile"]["name_en"] == "Tally deck (partial) (copy) (A, B)"
    response = phone.post("/new/tally", {"seat0": "A", "seat1": "B", "profile_link": "no-such-profile"})
    assert response.status_code == 422
    assert "No deck profile of this game is at that link." in text_of(response.get_data(as_text=True))


def test_unknown_profile_is_404(phone: Phone) -> None:
    assert phone.get("/p/" + "y" * 24).status_code == 404
    assert phone.get("/profiles/chess").status_code == 404


def test_an_imported_card_breaking_a_per_card_fact_is_refused_by_name(phone: Phone) -> None:
    phone.get("/profiles/tally")
    text = 'game = "tally"\n[[cards]]\nid = "sun"\npoints = 3\n[[cards]]\nid = "nova"\npoints = 40\n'
    response = phone.post("/profiles/tally/import", {"text": text})
    assert response.status_code == 422
    assert "nova: A card is worth at most 10 points (this one 40). (T-6)" in text_of(response.get_data(as_text=True))


def test_editing_a_card_keeps_what_the_editor_does_not_show(phone: Phone) -> None:
    phone.get("/profiles/tally")
    text = 'game = "tally"\n[[cards]]\nid = "sun"\npoints = 3\nprinted_name = "太陽"\n'
    url = phone.post("/profiles/tally/import", {"text": text}).headers["Location"]
    html = phone.get(url).get_data(as_text=True)
    phone.post(f"{url}/card", {"version": version(html), "original": "sun", "f_id": "sun", "f_points": "4"})
    data = json.loads(phone.get(f"{url}.json").get_data(as_text=True))
    assert data["cards"] == [{"printed_name": "太陽", "id": "sun", "points": 4}]
