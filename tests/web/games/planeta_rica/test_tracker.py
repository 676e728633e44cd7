"""The tracker on the table page: set-up (start player, the market turned up), a turn's return phase and one
action each checked and applied or refused with the reason and its ruling, the end announced, the VP from the
state; every form works with JavaScript off (POST-redirect-GET) and with htmx; undo through the log."""

from __future__ import annotations

import re

from flask import Flask

from companion.profiles import store as profile_store
from companion.profiles.refs import ProfileRef
from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of

from .support import profile_token_of, start_table

MARKET = ("tourist_planet", "ai_autonomy", "tachyon_mine", "endymion", "merchant_guild")


def enter(phone: Phone, url: str, **fields: str):  # type: ignore[no-untyped-def]
    html = phone.get(url).get_data(as_text=True)
    token = url.rstrip("/").rsplit("/", 1)[-1]
    return phone.post(f"/t/{token}/move", {"version": str(version_of(html)), **fields})


def ok(phone: Phone, url: str, **fields: str) -> str:
    response = enter(phone, url, **fields)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:1500]
    return phone.get(url).get_data(as_text=True)


def set_up(phone: Phone, app: Flask) -> str:
    url = start_table(phone, "Aki", "Ben", "Chie", profile=str(ProfileRef.user(profile_token_of(app))))
    ok(phone, url, type="start", seat="0")
    for planet in MARKET:
        ok(phone, url, type="reveal", planet=planet)
    return url


def test_set_up_then_the_first_turn_is_the_start_players(phone: Phone, app: Flask) -> None:
    url = set_up(phone, app)
    html = phone.get(url).get_data(as_text=True)
    text = text_of(html)
    assert 'data-phase="action"' in html
    assert "Turn 1" in text and "Aki's turn" in text
    assert "Deck: 36 planets" in text and "Fame pool: 36" in text  # 44 − 5 in the market − 3 New Earth; 12 × 3


def test_dispatch_gap_is_refused_with_the_reason_and_ruling(phone: Phone, app: Flask) -> None:
    url = set_up(phone, app)
    response = enter(phone, url, type="dispatch", d0_1="1", d0_3="1")
    assert response.status_code == 422
    text = text_of(response.get_data(as_text=True))
    assert "Slot 2 of New Earth is empty, so a worker cannot go to slot 3" in text and "(PR-3)" in text
    # the entry is kept in the form
    assert 'name="d0_1" value="1" checked' in response.get_data(as_text=True)


def test_a_refused_dispatch_shows_its_own_ticks_not_the_last_refused_ones(phone: Phone, app: Flask) -> None:
    """The dispatch planets are drawn once for what they show (companion/web/memo.py): the ticks of a refused
    entry are part of that, so its answer never reuses the drawing of another entry's ticks."""
    url = set_up(phone, app)
    first = enter(phone, url, type="dispatch", d0_1="1", d0_3="1")
    assert first.status_code == 422 and 'name="d0_3" value="1" checked' in first.get_data(as_text=True)
    second = enter(phone, url, type="dispatch", d0_2="1", d0_4="1")
    html = second.get_data(as_text=True)
    assert second.status_code == 422
    assert 'name="d0_2" value="1" checked' in html and 'name="d0_4" value="1" checked' in html
    assert 'name="d0_1" value="1" >' in html and 'name="d0_3" value="1" >' in html  # the first entry's ticks: gone


def test_a_turn_with_a_dispatch_then_an_invade_with_refill(phone: Phone, app: Flask) -> None:
    url = set_up(phone, app)
    html = ok(phone, url, type="dispatch", d0_1="1", d0_2="1")
    assert "Ben's turn" in text_of(html)
    seat0 = html[html.index('class="card pr-seat" data-seat="0"'):]
    assert "hand 4" in text_of(seat0[:3000])
    # Ben invades Tourist Planet (TEST_PROFILE: 2 coins) from the market, then the market is refilled
    html = ok(phone, url, type="invade", planet="tourist_planet")
    assert 'data-phase="refill"' in html
    html = ok(phone, url, type="reveal", planet="steel_city")
    assert "Chie's turn" in text_of(html)
    seat1 = html[html.index('data-seat="1"'):]
    assert "coins 3" in text_of(seat1[:4000])
    # Chie cannot afford more than she has: Endymion costs 4, she has 5 → fine; a second refusal: collect bad
    response = enter(phone, url, type="collect", resource="mithril")
    assert response.status_code == 422
    assert "(PR-3)" in text_of(response.get_data(as_text=True))


def test_return_phase_pays_the_slot_by_the_tables_hand_and_undoes_with_the_entry(phone: Phone, app: Flask) -> None:
    """Issue 35: New Earth slot 1 pays a coin (TEST_PROFILE) and asks nothing, so the table makes Aki's return itself
    (forced.py, PR-2) after Chie's entry, shown as the table's; undoing Chie's entry undoes it too."""
    url = set_up(phone, app)
    ok(phone, url, type="dispatch", d0_1="1", d0_2="1")
    ok(phone, url, type="collect")
    html = ok(phone, url, type="collect")
    assert 'data-phase="action"' in html and "Aki's turn" in text_of(html)
    seat0 = html[html.index('class="card pr-seat turn" data-seat="0"'):]
    assert "coins 6" in text_of(seat0[:3000]) and "hand 5" in text_of(seat0[:3000])
    assert "(then by the table" in text_of(phone.get(url).get_data(as_text=True))
    token = url.rstrip("/").rsplit("/", 1)[-1]
    assert phone.post(f"/t/{token}/undo", {"version": str(version_of(html))}).status_code == 303
    html = phone.get(url).get_data(as_text=True)
    assert "Chie's turn" in text_of(html) and 'data-phase="action"' in html
    seat0 = html[html.index('data-seat="0"'):]
    assert "coins 5" in text_of(seat0[:3000]) and "hand 4" in text_of(seat0[:3000])


def test_undo_through_the_log(phone: Phone, app: Flask) -> None:
    url = set_up(phone, app)
    html = ok(phone, url, type="dispatch", d0_1="1")
    token = url.rstrip("/").rsplit("/", 1)[-1]
    response = phone.post(f"/t/{token}/undo", {"version": str(version_of(html))})
    assert response.status_code == 303
    html = phone.get(url).get_data(as_text=True)
    assert "Aki's turn" in text_of(html)


def test_htmx_entry_answers_the_fragment(phone: Phone, app: Flask) -> None:
    url = set_up(phone, app)
    html = phone.get(url).get_data(as_text=True)
    token = url.rstrip("/").rsplit("/", 1)[-1]
    response = phone.post(f"/t/{token}/move", {"version": str(version_of(html)), "type": "donate"},
                          headers={"HX-Request": "true"})
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="live"')
    assert "(PR-3)" in text_of(body)


def test_bad_form_input_never_500(phone: Phone, app: Flask) -> None:
    url = set_up(phone, app)
    for fields in ({"type": "nonsense"}, {"type": "invade"}, {"type": "invade", "planet": "pluto"},
                   {"type": "develop", "gadget": "warp_gate", "pay_tachyon": "x"}, {"type": "dispatch"},
                   {"type": "return", "planet": "9"}, {"type": "adjust", "seat": "0", "card": "new_earth",
                                                       "coins": "-99"},
                   {"type": "dispatch", "planet": "²"}, {"type": "invade", "planet": "tourist_planet", "cost": "１"},
                   {"type": "develop", "gadget": "warp_gate", "pay_tachyon": "9" * 5000}):
        response = enter(phone, url, **fields)
        assert response.status_code == 422, fields
        assert re.search(r"\(PR-\d\)", text_of(response.get_data(as_text=True))), fields


def test_japanese_table(app: Flask) -> None:
    phone = Phone(app.test_client(), lang="ja")
    url = set_up(phone, app)
    text = text_of(phone.get(url).get_data(as_text=True))
    assert "アクションフェイズ" in text and "ニューアース" in text


def test_a_cost_typed_at_the_table_is_remembered_in_its_profile_copy(phone: Phone, app: Flask) -> None:
    url = start_table(phone, "Aki", "Ben", "Chie")  # the built-in profile: no coin costs
    ok(phone, url, type="start", seat="0")
    for planet in MARKET:
        ok(phone, url, type="reveal", planet=planet)
    response = enter(phone, url, type="invade", planet="endymion")
    assert response.status_code == 422
    assert "coin cost of Endymion" in text_of(response.get_data(as_text=True))
    html = ok(phone, url, type="invade", planet="endymion", cost="4")
    assert 'data-phase="refill"' in html
    # the table now has its own profile copy that knows the cost: the next invade needs none typed
    found = re.search(r'href="/p/([^"]+)"', html)
    assert found is not None
    with app.app_context():
        row = profile_store.get_profile(found.group(1))
        assert row is not None
        assert {c["id"]: c for c in row.data["cards"]}["endymion"]["coins"] == 4


def _outside_the_profile_line(html: str) -> str:
    before, _sep, after = html.partition('id="deck-profile"')
    return before + after.split("</section>", 1)[-1]


def test_the_deck_profile_is_shown_once_by_the_platforms_line(phone: Phone, app: Flask) -> None:
    """The table page's one deck-profile line (name, "N of M cards known", the card editor) is the platform's;
    the tracker draws no second "Deck profile" button, on the play page or the watch page."""
    url = set_up(phone, app)
    html = phone.get(url).get_data(as_text=True)
    assert html.count('id="deck-profile"') == 1 and "Card editor" in text_of(html)
    rest = _outside_the_profile_line(html)
    assert 'href="/p/' not in rest and 'href="/profiles/' not in rest
    watch = re.search(r"/w/[A-Za-z0-9_-]{24}", html).group(0)  # type: ignore[union-attr]
    watched = phone.get(watch).get_data(as_text=True)
    assert watched.count('id="deck-profile"') == 1 and "Card editor" not in text_of(watched)
    assert 'href="/p/' not in watched and 'href="/profiles/' not in _outside_the_profile_line(watched)


def test_a_new_earth_invaded_from_the_market_counts_when_the_starting_one_does_not(phone: Phone, app: Flask) -> None:
    """PR-4's reading "New Earth does not count" leaves out only the New Earth each player starts with: one invaded
    from the market is a planet obtained, and the seat's count of the 12 cards says so."""
    data = {"seat0": "Aki", "seat1": "Ben", "seat2": "Chie", "option_new_earth": "not-counted",
            "profile_link": str(ProfileRef.user(profile_token_of(app)))}
    response = phone.post("/new/planeta-rica", data)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:800]
    url = response.headers["Location"]
    ok(phone, url, type="start", seat="0")
    for planet in ("new_earth", *MARKET[:4]):
        ok(phone, url, type="reveal", planet=planet)
    assert "0 of 12 cards" in _seat_text(phone.get(url).get_data(as_text=True), 0)  # the starting one left out
    response = enter(phone, url, type="invade", planet="new_earth")
    if response.status_code == 422:  # the profile does not know New Earth's coin cost: the table types it
        response = enter(phone, url, type="invade", planet="new_earth", cost="3")
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:1500]
    assert "1 of 12 cards" in _seat_text(phone.get(url).get_data(as_text=True), 0)  # the invaded one counts


def _seat_text(html: str, seat: int) -> str:
    found = re.search(rf'<section class="card pr-seat[^"]*" data-seat="{seat}">(.*?)</section>', html, re.S)
    assert found, seat
    return text_of(found.group(1))
