"""The scoring page (/planeta-rica/score): planets and gadgets tapped by name with their copies capped, fame
typed, VP = fame + planets + gadgets + Schneider's bonus with its working, the ranking and the winner with
PR-5's tie-break; a VP the profile lacks asked once and remembered in a profile copy; nothing typed is lost."""

from __future__ import annotations

from flask import Flask

from companion.profiles import store as profile_store
from companion.profiles.refs import ProfileRef
from tests.web.apps import Phone
from tests.web.helpers import text_of

from .support import SCORE, profile_token_of, query_of, sheet_fields, tap, totals_shown


def sheet(phone: Phone, query: str = ""):  # type: ignore[no-untyped-def]
    return phone.get(SCORE + query)


def test_page_renders_with_every_planet_and_gadget_by_name(phone: Phone) -> None:
    html = sheet(phone).get_data(as_text=True)
    assert "Tourist Planet" in html and "Trade King Schneider" in html and "New Earth" in html
    assert html.count('name="do" value="planet:') == 21
    assert html.count('name="do" value="gadget:') == 17
    # every player starts with New Earth (PR-1); 7 copies, 4 entered
    assert "3 left" in text_of(html)


def test_japanese_names(app: Flask) -> None:
    phone = Phone(app.test_client(), lang="ja")
    html = sheet(phone).get_data(as_text=True)
    assert "観光惑星" in html and "交易王シュナイダー" in html


def test_score_with_profile_values_and_schneider(phone: Phone, app: Flask) -> None:
    token = profile_token_of(app)
    ref = str(ProfileRef.user(token))
    html = sheet(phone, f"?players=3&profile={ref}").get_data(as_text=True)
    html = tap(phone, html, "planet:tourist_planet", f0="7").get_data(as_text=True)
    html = tap(phone, html, "planet:tachyon_mine").get_data(as_text=True)
    html = tap(phone, html, "gadget:trade_king_schneider").get_data(as_text=True)
    # TEST_PROFILE: tourist_planet vp 1+9%3=1, tachyon_mine 1+5%3=3, new_earth 0; gadgets vp 2
    # resource icons: new_earth T M Mi (3), tourist any (1), tachyon_mine T any Mi M (4) = 8 -> 2 VP
    text = text_of(html)
    assert "7 + 4 + 2 + 2 = 15" in text
    assert "8 icons" in text and "PR-7" in text


def test_copies_are_capped(phone: Phone) -> None:
    html = sheet(phone, "?players=3").get_data(as_text=True)
    html = tap(phone, html, "planet:endymion").get_data(as_text=True)
    response = tap(phone, html, "planet:endymion")
    assert response.status_code == 422
    assert "The game has 1 copies of Endymion" in text_of(response.get_data(as_text=True))
    assert "(PR-1)" in text_of(response.get_data(as_text=True))


def test_second_gadget_copy_refused(phone: Phone) -> None:
    html = sheet(phone, "?players=3").get_data(as_text=True)
    html = tap(phone, html, "gadget:warp_gate").get_data(as_text=True)
    # the button is disabled; a forged post is refused with the reason
    response = tap(phone, html, "gadget:warp_gate")
    assert response.status_code == 422
    assert "second copy" in text_of(response.get_data(as_text=True))


def test_unknown_vp_is_asked_once_never_guessed_and_remembered(phone: Phone, app: Flask) -> None:
    html = sheet(phone, "?players=3").get_data(as_text=True)
    html = tap(phone, html, "planet:tourist_planet", f0="5").get_data(as_text=True)
    html = tap(phone, html, "seat:1").get_data(as_text=True)
    html = tap(phone, html, "planet:tourist_planet", f1="2").get_data(as_text=True)
    # built-in profile: no VP known; one question per card type, totals unknown
    assert html.count('name="vp_tourist_planet"') == 1 and 'name="vp_new_earth"' in html
    assert totals_shown(html)[0] == "?"
    response = phone.post(SCORE, {**sheet_fields(html), "vp_tourist_planet": "3", "vp_new_earth": "0",
                                  "do": "update"})
    assert response.status_code == 303
    html = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert totals_shown(html) == {0: "8", 1: "5", 2: "0"}
    assert "wins with 8 VP" in text_of(html)
    response = phone.post(SCORE, {**sheet_fields(html), "do": "remember"})
    assert response.status_code == 303
    ref = query_of(response.headers["Location"])["profile"]
    assert ref.startswith("user:")
    with app.app_context():
        row = profile_store.get_profile(ref[5:])
        assert row is not None
        cards = {c["id"]: c for c in row.data["cards"]}
    assert cards["tourist_planet"]["vp"] == 3 and cards["new_earth"]["vp"] == 0
    html = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert 'name="vp_tourist_planet"' not in html
    assert totals_shown(html) == {0: "8", 1: "5", 2: "0"}


def test_tie_break_explained(phone: Phone, app: Flask) -> None:
    ref = str(ProfileRef.user(profile_token_of(app)))
    html = sheet(phone, f"?players=3&start=0&profile={ref}&f0=4&f1=4&f2=1").get_data(as_text=True)
    text = text_of(html)
    assert "Tied at 4 VP" in text
    # seat 1 is farthest clockwise from the start player (seat 0) among 0 and 1
    assert "Player 2 wins with 4 VP" in text and "(PR-5)" in text


def test_bad_fame_is_named_and_kept(phone: Phone) -> None:
    html = sheet(phone, "?players=3").get_data(as_text=True)
    response = tap(phone, html, "update", f0="seven")
    html = response.get_data(as_text=True)
    assert 'value="seven"' in html
    assert "Fame is a whole number" in text_of(html)


def test_htmx_answer_is_the_fragment_with_the_new_address(phone: Phone) -> None:
    html = sheet(phone, "?players=3").get_data(as_text=True)
    response = phone.post(SCORE, {**sheet_fields(html), "do": "planet:tourist_planet"},
                          headers={"HX-Request": "true"})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert body.startswith('<div id="sheet"') or body.lstrip().startswith('<div id="sheet"')
    assert "tourist_planet" in response.headers["HX-Push-Url"]


def test_garbage_link_never_500(phone: Phone) -> None:
    response = sheet(phone, "?players=9&start=x&p0=nope,endymion,endymion&g1=warp_gate,warp_gate&profile=zzz")
    assert response.status_code == 200
    text = text_of(response.get_data(as_text=True))
    assert "could not be kept" in text
