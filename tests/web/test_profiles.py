"""Deck profiles: built-in ones, "Copy and edit", the one card editor (tap a card, fill it in, the checklist of
what is still missing), export and import, and the list of profiles a phone keeps (rename, delete)."""

from __future__ import annotations

import io
import json
import re
import tomllib

from flask import Flask
from sqlalchemy import update

from companion.profiles import store as profile_store
from companion.storage import db
from companion.storage.models import Profile
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


def known_line(html: str) -> str:
    found = re.search(r'<span class="known-count"[^>]*>(.*?)</span>', html)
    assert found, "no 'cards known' line"
    return text_of(found.group(1))


def test_built_in_profiles_are_listed_with_how_many_cards_they_know(phone: Phone) -> None:
    page = text_of(phone.get("/profiles/tally").get_data(as_text=True))
    assert "Tally deck (partial)" in page
    assert "1 of 3 cards known · 0 of 2 rule-text facts hold" in page


def test_a_copy_shows_each_failing_fact_with_the_cards_named(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url).get_data(as_text=True)
    page = text_of(html)
    assert "Tally deck (partial) (copy)" in page
    assert known_line(html) == "1 of 3 cards known"
    assert "✗ fails: Every card has points (missing: moon). T-4" in page
    assert "✗ fails: The deck has 3 cards (it has 2). T-5" in page


def test_tapping_a_card_then_saving_fills_it_in_and_moves_on_until_every_fact_holds(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url, query_string={"card": "moon"}).get_data(as_text=True)
    assert "<h3>Moon</h3>" in html
    assert 'name="card" value="moon"' in html
    assert "add or replace" not in text_of(html).lower()  # the form that could never add anything is gone
    response = phone.post(f"{url}/card", {"version": version(html), "card": "moon", "f_points": "4",
                                           "f_marks__MOON": "2", "then": "next"})
    assert response.status_code == 303
    assert response.headers["Location"] == f"{url}?card=star#card"  # on to the next card still missing
    html = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert known_line(html) == "2 of 3 cards known"
    response = phone.post(f"{url}/card", {"version": version(html), "card": "star", "f_points": "1",
                                           "then": "next"})
    assert response.status_code == 303
    html = phone.get(url).get_data(as_text=True)
    page = text_of(html)
    assert known_line(html) == "3 of 3 cards known"
    assert "2 of 2 hold" in page
    assert "✓ holds: Every card has points (missing: —). T-4" in page
    exported = tomllib.loads(phone.get(f"{url}.toml").get_data(as_text=True))
    assert {"id": "moon", "points": 4, "marks": {"MOON": 2}} in exported["cards"]
    assert [c["id"] for c in exported["cards"]] == ["sun", "moon", "star"]


def test_a_card_breaking_a_per_card_fact_is_refused_with_the_reason_and_kept(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url).get_data(as_text=True)
    response = phone.post(f"{url}/card", {"version": version(html), "card": "star", "f_points": "50"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    page = text_of(html)
    assert "This card breaks a rule-text fact, so nothing was saved:" in page
    assert "A card is worth at most 10 points (this one 50). (T-6)" in page
    assert input_value(html, "f_points") == "50"


def test_an_unreadable_card_value_is_explained_and_kept(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url).get_data(as_text=True)
    for typed in ("lots", "²", "9" * 40, "\x00"):
        response = phone.post(f"{url}/card", {"version": version(html), "card": "star", "f_points": typed})
        assert response.status_code == 422, typed
        page = text_of(response.get_data(as_text=True))
        assert "This card could not be read, so nothing was saved:" in page
    response = phone.post(f"{url}/card", {"version": version(html), "card": "star", "f_points": "lots"})
    assert "points must be a whole number, not “lots”." in text_of(response.get_data(as_text=True))
    assert input_value(response.get_data(as_text=True), "f_points") == "lots"


def test_a_card_value_typed_in_full_width_is_saved_as_its_number(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url).get_data(as_text=True)
    response = phone.post(f"{url}/card", {"version": version(html), "card": "star", "f_points": "５",
                                          "f_marks__STAR": "２", "f_marks__MOON": "０"})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:600]
    data = json.loads(phone.get(f"{url}.json").get_data(as_text=True))
    assert {"id": "star", "points": 5, "marks": {"STAR": 2}} in data["cards"]  # a full-width 0 is no mark either


def test_a_card_that_is_not_in_the_deck_is_answered_not_added(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url).get_data(as_text=True)
    response = phone.post(f"{url}/card", {"version": version(html), "card": "comet", "f_points": "2"})
    assert response.status_code == 422
    assert "Tap a card of the grid first, then fill it in." in text_of(response.get_data(as_text=True))
    data = json.loads(phone.get(f"{url}.json").get_data(as_text=True))
    assert [c["id"] for c in data["cards"]] == ["sun", "moon"]


def test_forgetting_a_card_keeps_it_listed(phone: Phone) -> None:
    url = copy_default(phone)
    html = phone.get(url).get_data(as_text=True)
    assert phone.post(f"{url}/card/forget", {"version": version(html), "card": "sun"}).status_code == 303
    data = json.loads(phone.get(f"{url}.json").get_data(as_text=True))
    assert data["cards"] == [{"id": "sun"}, {"id": "moon"}]
    assert known_line(phone.get(url).get_data(as_text=True)) == "0 of 3 cards known"


def test_a_stale_profile_edit_is_a_conflict_and_keeps_the_entry(phone: Phone) -> None:
    url = copy_default(phone)
    phone.post(f"{url}/names", {"version": 0, "name_en": "Mine", "name_ja": "自分の"})
    response = phone.post(f"{url}/card", {"version": 0, "card": "star", "f_points": "2"})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Someone else changed this profile first" in text_of(html)
    assert input_value(html, "f_points") == "2"


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


def test_an_imported_number_typed_in_full_width_is_read_as_its_number(phone: Phone) -> None:
    phone.get("/profiles/tally")
    text = 'game = "tally"\n[[cards]]\nid = "sun"\npoints = "３"\n[[cards]]\nid = "moon"\npoints = "²"\n'
    response = phone.post("/profiles/tally/import", {"text": text})
    assert response.status_code == 422  # "²" stays no number, and is named
    assert "cards[1].points: points must be a whole number, not “²”." in text_of(response.get_data(as_text=True))
    assert "cards[0]" not in text_of(response.get_data(as_text=True))  # 「３」 is 3
    response = phone.post("/profiles/tally/import", {"text": text.replace("²", "４")})
    assert response.status_code == 303
    data = json.loads(phone.get(f"{response.headers['Location']}.json").get_data(as_text=True))
    assert data["cards"] == [{"id": "sun", "points": 3}, {"id": "moon", "points": 4}]


def test_a_table_uses_a_user_profile_given_by_its_link(phone: Phone) -> None:
    url = copy_default(phone)
    page = phone.get(f"/new/tally?profile={url.rsplit('/', 1)[1]}").get_data(as_text=True)
    assert input_value(page, "profile_link") == url.rsplit("/", 1)[1]
    response = phone.post("/new/tally", {"seat0": "A", "seat1": "B", "profile_link": "http://x" + url})
    assert response.status_code == 303
    data = json.loads(phone.get(response.headers["Location"] + "/export.json").get_data(as_text=True))
    # The table starts on its own copy of that profile, named after its seats (a table's copy is its own, so no two
    # tables change each other's cards).
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
    phone.post(f"{url}/card", {"version": version(html), "card": "sun", "f_points": "4"})
    data = json.loads(phone.get(f"{url}.json").get_data(as_text=True))
    assert data["cards"] == [{"id": "sun", "printed_name": "太陽", "points": 4}]


# -- the phone's list --------------------------------------------------------------------------------------------

def test_the_phone_keeps_the_profiles_it_made_and_renames_and_deletes_them(app: Flask, phone: Phone) -> None:
    url = copy_default(phone)
    token = url.rsplit("/", 1)[1]
    html = phone.get("/profiles").get_data(as_text=True)
    page = text_of(html)
    assert "Tally deck (partial) (copy)" in page and "1 of 3 cards known" in page
    assert f'href="{url}"' in html  # the card editor, even with the link lost
    assert f'href="{url}"' in phone.get("/profiles/tally").get_data(as_text=True)

    response = phone.post(f"{url}/names", {"version": 0, "name": "Thursday deck", "back": "list"})
    assert response.status_code == 303
    page = text_of(phone.get("/profiles").get_data(as_text=True))
    assert "Thursday deck" in page and "Tally deck (partial) (copy)" not in page

    response = phone.post(f"{url}/names", {"version": 1, "name": " ", "back": "list"})
    assert response.status_code == 422
    assert "A name has 1 to 80 characters, on one line. Nothing was changed." in text_of(response.get_data(as_text=True))

    other = Phone(app.test_client())
    other.get("/profiles")
    assert "Thursday deck" not in text_of(other.get("/profiles").get_data(as_text=True))
    refused = other.post(f"{url}/delete", {"version": 1})
    assert refused.status_code == 403
    assert "Only the phone that made this profile can delete it." in text_of(refused.get_data(as_text=True))

    # One tap only asks (with or without JavaScript): the typed cards are not lost by a slip of the thumb.
    response = phone.post(f"{url}/delete", {"version": 1})
    assert response.status_code == 200
    page = text_of(response.get_data(as_text=True))
    assert "Delete “Thursday deck” for good? The cards typed into it go with it." in page
    assert "Delete for good" in page and "Keep it" in page and "was deleted" not in page
    assert phone.get(url).status_code == 200
    response = phone.post(f"{url}/delete", {"version": 1, "confirm": "yes"})
    assert response.status_code == 200
    page = text_of(response.get_data(as_text=True))
    assert "“Thursday deck” was deleted." in page
    assert "This phone has made no deck profile yet." in page
    assert phone.get(url).status_code == 404
    with app.app_context():
        assert profile_store.get_profile(token) is None


def test_a_table_owned_copy_cannot_be_deleted(app: Flask, phone: Phone) -> None:
    response = phone.post("/new/tally", {"seat0": "A", "seat1": "B"})
    table = response.headers["Location"]
    html = phone.get(table).get_data(as_text=True)
    assert "Deck profile: Tally deck (partial) · 1 of 3 cards known" in text_of(html)
    response = phone.post(f"{table}/profile-copy", {"version": version(html)})
    assert response.status_code == 303
    editor = response.headers["Location"]
    html = phone.get(editor).get_data(as_text=True)
    assert "This is the deck profile of one table: what you fill in here counts at that table alone." in text_of(html)
    assert "My deck profiles" not in text_of(html.split('id="card"')[0])  # not this phone's: the table's
    assert editor not in phone.get("/profiles").get_data(as_text=True)
    token = editor.rsplit("/", 1)[1]
    device = phone.client.get_cookie("device")
    assert device is not None
    with app.app_context():  # even the phone that made the table's copy (were it kept in its list) cannot delete it
        db.session().commit()  # a write begins its own transaction, as the app's write paths do (db.READS)
        db.session().execute(update(Profile).where(Profile.token == token).values(maker=device.value))
        db.session().commit()
    response = phone.post(f"{editor}/delete", {"version": "0", "confirm": "yes"})
    assert response.status_code == 409
    assert ("A table plays with this profile, so it cannot be deleted: the table would lose its cards. Nothing was "
            "deleted.") in text_of(response.get_data(as_text=True))
    assert phone.get(editor).status_code == 200
    table_page = text_of(phone.get(table).get_data(as_text=True))
    assert "Card editor" in table_page and "Copy and edit" not in table_page
