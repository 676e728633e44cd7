"""Through the pages: a gadget's cost asked once and held for the whole table (PR-6), remembered in the
table's profile copy; digits other than 0–9 refused; the API refuses an empty profile name; the new-table page
offers the readings a table may switch (PR-4, PR-7) and says they are readings."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from companion.profiles import store as profile_store
from tests.web.apps import Phone
from tests.web.helpers import text_of

from .test_tracker import enter, ok
from .test_tracker_vp import builtin_table


def test_pr6_a_gadget_cost_is_asked_once_then_held_for_every_develop(phone: Phone, app: Flask) -> None:
    url = builtin_table(phone)  # the built-in profile knows no gadget cost
    for seat in ("0", "1"):  # a card effect gives each of Aki and Ben two tachyons
        ok(phone, url, type="adjust", seat=seat, card="new_earth", tachyon="2")
    # Aki: a blank cost is asked for, never taken as free
    refused = enter(phone, url, type="develop", gadget="warp_gate", pay="1")
    assert refused.status_code == 422
    assert ("Nobody at this table knows the cost of Warp Gate yet: enter the card's cost once (its named resources "
            "and “any resource”); a blank is not free. (PR-6)") in text_of(refused.get_data(as_text=True))
    html = ok(phone, url, type="develop", gadget="warp_gate", cost_tachyon="1")
    # Ben: the same card costs the same; paying nothing is refused with the held cost and the ruling
    refused = enter(phone, url, type="develop", gadget="warp_gate", pay="1")
    assert refused.status_code == 422
    assert "Warp Gate costs 1 tachyon; the payment is nothing. (PR-6)" in text_of(refused.get_data(as_text=True))
    refused = enter(phone, url, type="develop", gadget="warp_gate", cost_tachyon="0")
    # (the table's profile copy has learnt it meanwhile, so the cost now comes from there)
    assert "Warp Gate costs 1 tachyon in the deck profile, not 0. (PR-6)" in text_of(refused.get_data(as_text=True))
    html = ok(phone, url, type="develop", gadget="warp_gate")
    found = re.search(r'href="/p/([^"]+)"', html)
    assert found is not None  # the table's own profile copy now knows the cost
    with app.app_context():
        row = profile_store.get_profile(found.group(1))
        assert row is not None
        assert {c["id"]: c for c in row.data["cards"]}["warp_gate"]["cost"] == {"tachyon": 1}


def test_digits_other_than_ascii_are_refused_with_a_clear_reason(phone: Phone) -> None:
    url = builtin_table(phone)
    refused = enter(phone, url, type="invade", planet="endymion", cost="٣")
    assert refused.status_code == 422
    assert "“٣” is not a number: write numbers with the digits 0–9." in text_of(refused.get_data(as_text=True))


def test_a_cost_typed_in_full_width_is_read_as_its_number(phone: Phone) -> None:
    url = builtin_table(phone)
    full_width = enter(phone, url, type="invade", planet="endymion", cost="３")  # a keyboard in 全角 mode
    assert full_width.status_code == 303, text_of(full_width.get_data(as_text=True))[:600]  # as "3" is


def test_the_api_refuses_an_empty_profile_name_with_the_error_schema(client: FlaskClient) -> None:
    body = {"players": 3, "start": 0, "profile": "", "seats": [{"fame": 1}, {"fame": 0}, {"fame": 0}]}
    response = client.post("/api/v1/planeta-rica/score", json=body)
    assert response.status_code == 422
    (error,) = response.get_json()["errors"]
    assert (error["path"], error["code"], error["rule"]) == ("profile", "pr.api.empty_profile", "PR-6")
    assert error["message"] == ("An empty profile name names no deck profile: give one, or leave “profile” out for "
                                "the built-in one.")


def test_the_new_table_page_offers_the_readings_and_says_they_are_readings(phone: Phone) -> None:
    page = text_of(phone.get("/new/planeta-rica").get_data(as_text=True))
    assert "New Earth and the 12 cards that end the game (a reading) PR-4" in page
    assert "New Earth counts: it is a planet card the player holds" in page
    assert "Time Machine (a reading: the FAQ says only that using it is optional) PR-7" in page
    assert "Gadget costs" not in page  # kept only for tables started before PR-6 changed
    ja = text_of(phone.get("/new/planeta-rica", headers={"Accept-Language": "ja"}).get_data(as_text=True))
    assert "解釈" in ja


def test_a_table_started_with_new_earth_not_counted_keeps_it(phone: Phone) -> None:
    response = phone.post("/new/planeta-rica", {"seat0": "Aki", "seat1": "Ben", "seat2": "Chie",
                                                "option_new_earth": "not-counted", "option_time_machine": "spent"})
    assert response.status_code == 303
    token = response.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    exported = phone.get(f"/t/{token}/export.json").get_json()
    assert exported["options"] == {"new_earth": "not-counted", "time_machine": "spent", "fame": "hidden",
                                   "gadget_cost": "held"}
