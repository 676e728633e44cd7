"""The tracker asks the VP the table's deck profile lacks (PR-6): once per card type, answered on the
table page, remembered in the table's own profile copy (never the built-in profile, never another table's),
refused with the reason when no number (what was typed kept), never from a watch link; until answered the VP
say which cards they wait for instead of a number."""

from __future__ import annotations

import re

from flask import Flask

from companion.profiles import store as profile_store
from companion.profiles.refs import ProfileRef
from companion.tables import store
from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of

from .support import start_table
from .test_tracker import MARKET, ok


def token_of(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[-1]


def builtin_table(phone: Phone) -> str:
    """A 3-player table on the built-in profile (it knows no VP), set up: everyone holds New Earth."""
    url = start_table(phone, "Aki", "Ben", "Chie")
    ok(phone, url, type="start", seat="0")
    for planet in MARKET:
        ok(phone, url, type="reveal", planet=planet)
    return url


def answer(phone: Phone, url: str, **typed: str):  # type: ignore[no-untyped-def]
    html = phone.get(url).get_data(as_text=True)
    return phone.post(f"/t/{token_of(url)}/act/vp", {"version": str(version_of(html)), **typed})


def profile_of(app: Flask, url: str) -> ProfileRef:
    with app.app_context():
        table = store.get_table(token_of(url))
        assert table is not None
        return ProfileRef.parse(table.profile_ref)


def test_the_vp_the_profile_lacks_is_asked_and_the_totals_say_what_they_wait_for(phone: Phone) -> None:
    url = builtin_table(phone)
    html = phone.get(url).get_data(as_text=True)
    assert html.count('name="vp_new_earth"') == 1  # one question for the three copies
    assert re.search(r'action="/t/[^/"]+/act/vp"', html)
    text = text_of(html)
    assert "Aki's total waits for the VP of New Earth. PR-6" in text
    # the running VP, fame face down and not counted (PR-8)
    assert "= not known yet" in text and "at least 0 VP, fame not counted; 1 card's VP unknown" in text


def test_an_answer_shows_the_vp_and_is_remembered_in_the_tables_own_copy(phone: Phone, app: Flask) -> None:
    url = builtin_table(phone)
    other = builtin_table(phone)  # a second table from the same built-in profile
    response = answer(phone, url, vp_new_earth="2")
    assert response.status_code == 303
    html = phone.get(url).get_data(as_text=True)
    assert 'name="vp_new_earth"' not in html
    text = text_of(html)
    assert "waits for the VP" not in text and "not known yet" not in text
    assert re.search(r"Aki ?: Planets 2 \+ Gadgets 0 = 2", text), text[-1500:]  # fame face down (PR-8)
    ref = profile_of(app, url)
    assert ref.is_user
    with app.app_context():
        row = profile_store.get_profile(ref.token)
        assert row is not None
        assert {c["id"]: c for c in row.data["cards"]}["new_earth"]["vp"] == 2
    # the built-in profile and the other table are as they were: it still asks
    assert not profile_of(app, other).is_user
    assert 'name="vp_new_earth"' in phone.get(other).get_data(as_text=True)
    # a later answer goes into the same copy (the table keeps its one copy)
    ok(phone, url, type="invade", planet="tourist_planet", cost="2")
    ok(phone, url, type="reveal", planet="steel_city")
    assert answer(phone, url, vp_tourist_planet="3").status_code == 303
    assert profile_of(app, url) == ref
    with app.app_context():
        row = profile_store.get_profile(ref.token)
        assert row is not None
        cards = {c["id"]: c for c in row.data["cards"]}
        assert cards["new_earth"]["vp"] == 2 and cards["tourist_planet"]["vp"] == 3 and cards["tourist_planet"]["coins"] == 2
    assert re.search(r"Aki ?: Planets 5 \+ Gadgets 0 = 5", text_of(phone.get(url).get_data(as_text=True)))


def test_an_answer_that_is_no_number_is_refused_and_kept(phone: Phone, app: Flask) -> None:
    url = builtin_table(phone)
    response = answer(phone, url, vp_new_earth="two")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "The VP of New Earth is a whole number, not “two”. (PR-6)" in text_of(html)
    assert 'name="vp_new_earth" value="two"' in html and '<details class="pr-asked" id="asked" open>' in html
    assert not profile_of(app, url).is_user
    empty = answer(phone, url, vp_new_earth="")
    assert empty.status_code == 422 and "Type the VP printed on the card first" in text_of(empty.get_data(as_text=True))


def test_an_answer_from_a_phone_behind_is_not_saved_and_kept(phone: Phone, app: Flask) -> None:
    url = builtin_table(phone)
    response = phone.post(f"/t/{token_of(url)}/act/vp", {"version": "1", "vp_new_earth": "2"})
    assert response.status_code == 409
    assert 'name="vp_new_earth" value="2"' in response.get_data(as_text=True)
    assert not profile_of(app, url).is_user


def test_htmx_answer_is_the_fragment_with_a_notice(phone: Phone) -> None:
    url = builtin_table(phone)
    html = phone.get(url).get_data(as_text=True)
    response = phone.post(f"/t/{token_of(url)}/act/vp", {"version": str(version_of(html)),
                                                                  "vp_new_earth": "-1"},
                          headers={"HX-Request": "true"})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="live"')
    assert "1 card value remembered in the table's deck profile." in text_of(body)
    assert "= -1" in text_of(body)


def test_a_watch_link_shows_a_note_and_cannot_answer(phone: Phone, app: Flask) -> None:
    url = builtin_table(phone)
    with app.app_context():
        table = store.get_table(token_of(url))
        assert table is not None
        watch = table.watch_token
    html = phone.get(f"/w/{watch}").get_data(as_text=True)
    assert 'name="vp_new_earth"' not in html and "/act/vp" not in html
    assert "The deck profile lacks the VP of New Earth; a player's phone can enter them." in text_of(html)
    response = phone.post(f"/t/{watch}/act/vp", {"version": "99", "vp_new_earth": "2"})
    assert response.status_code == 404
    assert not profile_of(app, url).is_user


def test_japanese_question(app: Flask) -> None:
    phone = Phone(app.test_client(), lang="ja")
    url = builtin_table(phone)
    text = text_of(phone.get(url).get_data(as_text=True))
    assert "ニューアース" in text and "PR-6" in text


def test_the_summary_shows_unknown_places_as_unknown_not_a_tie_for_last(phone: Phone) -> None:
    """On the built-in profile no VP is known; the printed ranking says "?" for each place
    and each score, never "3 3 3" (every player third)."""
    from tests.print.pdfs import all_text, open_pdf

    url = builtin_table(phone)
    response = phone.client.get(f"{url}/summary.pdf?lang=en&paper=a4")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    with open_pdf(response.data) as pdf:
        words = " ".join(all_text(pdf).split())
    ranking = words[words.index("Final place Seat Score"):]
    assert ranking.startswith("Final place Seat Score ? Aki ? ? Ben ? ? Chie ?"), ranking[:80]


def test_a_seat_shows_its_running_vp_and_how_many_cards_wait(phone: Phone) -> None:
    """While a card's VP is unknown, each seat says what it has at least and how many cards
    still wait, with a tap to fill them in; the watch link says the same without the tap."""
    url = builtin_table(phone)
    html = phone.get(url).get_data(as_text=True)
    header = re.search(r'<span class="pr-total" data-seat="0">(.*?)</span></h2>', html, flags=re.S)
    assert header and text_of(header.group(1)) == "at least 0 VP, fame not counted; 1 card's VP unknown Enter them"
    assert '<a href="#asked">Enter them</a>' in header.group(1)
    watch = re.search(r'(/w/[A-Za-z0-9_-]+)', html)
    assert watch
    seen = phone.get(watch.group(1)).get_data(as_text=True)
    header = re.search(r'<span class="pr-total" data-seat="0">(.*?)</span></h2>', seen, flags=re.S)
    assert header and text_of(header.group(1)) == "at least 0 VP, fame not counted; 1 card's VP unknown"
