"""A game scored by the icons alone (the quickest first game with a new deck) is remembered in the deck
profile as sets of icons with their counts (``meta.unranked``); the next game offers each set as one tap, says how
many such cards may still come, and scores the same. A rank tapped before a set of icons gives that card its rank.
Bad taps are refused with the reason and lose nothing (PS-2, PS-7)."""

from __future__ import annotations

import io
import json
import random
import re
from collections import Counter

from companion.games.planetary_sisters import Card, ElementSet, score_player
from companion.profiles import store as profile_store
from tests.games.planetary_sisters.support import SYNTHETIC_DECK, complete_profile, default_profile
from tests.web.apps import Phone
from tests.web.helpers import text_of

from .support import sheet_state
from .test_score_page import URL, add, tap

ELEMENTS = ElementSet.default()


def deal() -> tuple[list[int], list[list[int]]]:
    ranks = sorted(SYNTHETIC_DECK)
    random.Random(7).shuffle(ranks)
    return ranks[:4], [ranks[4 + 8 * seat:12 + 8 * seat] for seat in range(4)]


def icons(rank: int) -> str:
    return str(Card.of(SYNTHETIC_DECK[rank]))


def expected_totals() -> list[int]:
    field, houses = deal()
    field_cards = [Card.of(SYNTHETIC_DECK[r]) for r in field]
    return [score_player([Card.of(SYNTHETIC_DECK[r]) for r in house], field_cards, ELEMENTS).total for house in houses]


def ranking_totals(html: str) -> list[int]:
    return [int(total) for _seat, total in sorted(
        re.findall(r'<li class="[^"]*" data-seat="(\d)">.*?<span class="ps-total" data-seat="\d">(\d+)</span>', html))]


def chips(html: str) -> dict[str, int]:
    """The one-tap sets of icons on the page: notation -> how many may still come."""
    found = re.findall(r'name="add_icons" value="([^"]+)"(?: disabled)?[^>]*>.*?<span class="left">(\d+) left</span>',
                       html, flags=re.S)
    return {notation: int(left) for notation, left in found}


def profile_knowing(app, unranked: list[dict]) -> str:  # type: ignore[no-untyped-def]
    """A user profile (the built-in one's elements) whose ``meta.unranked`` is this list; its token."""
    profile = default_profile()
    profile["meta"]["unranked"] = unranked
    with app.app_context():
        return profile_store.create_profile("planetary-sisters", profile, "test").token


def score_by_icons(phone: Phone) -> str:
    html = phone.get(URL).get_data(as_text=True)
    field, houses = deal()
    for rank in field + [r for house in houses for r in house]:
        response = add(phone, sheet_state(html), icons(rank))
        assert response.status_code == 200, text_of(response.get_data(as_text=True))[:300]
        html = response.get_data(as_text=True)
    return html


def test_a_game_by_icons_is_remembered_and_the_next_game_is_one_tap_per_card(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    html = score_by_icons(phone)
    assert ranking_totals(html) == expected_totals()
    text = text_of(html)
    assert ("36 cards entered by their icons alone are not in the deck profile yet: remembered, the next game offers "
            "their icons as one tap each.") in text
    assert "Remember these 36 cards" in text
    html = tap(phone, sheet_state(html), do="remember").get_data(as_text=True)
    assert "36 cards remembered in your deck profile." in text_of(html)
    ref = sheet_state(html)["profile"]
    with app.app_context():
        saved = profile_store.get_profile(ref[5:])
    assert saved is not None and saved.based_on == "builtin:default"
    deck = Counter(icons(rank) for rank in SYNTHETIC_DECK)
    kept = {str(Card.of(e["elements"])): e["count"] for e in saved.data["meta"]["unranked"]}
    assert kept == dict(deck) and sum(kept.values()) == 36
    assert not [c for c in saved.data["cards"] if c.get("elements")]  # no rank is claimed
    assert "Remember these" not in text_of(html)  # nothing left to remember

    # the next game: every set of icons is a button, with how many of the deck carry it
    new_game = re.search(r'<a class="button" href="([^"]+)"[^>]*>New game with this deck profile', html)
    assert new_game is not None
    html = phone.get(new_game.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert chips(html) == dict(deck)
    assert "Tap the icons of the card in your hand" in text_of(html)
    field, houses = deal()
    for rank in field + [r for house in houses for r in house]:
        response = tap(phone, sheet_state(html), add_icons=icons(rank))
        assert response.status_code == 200, text_of(response.get_data(as_text=True))[:300]
        html = response.get_data(as_text=True)
    assert ranking_totals(html) == expected_totals()
    assert "Remember these" not in text_of(html)  # the same game again teaches nothing new


def test_a_chip_counts_down_and_is_greyed_when_every_such_card_is_in(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = profile_knowing(app, [{"elements": {"FOOD": 2, "PLANT": 1}, "count": 2}, {"elements": {"KING": 1}, "count": 1}])
    html = phone.get(f"{URL}?profile=user:{token}").get_data(as_text=True)
    assert chips(html) == {"FOOD*2+PLANT": 2, "KING": 1}
    html = tap(phone, sheet_state(html), add_icons="FOOD*2+PLANT").get_data(as_text=True)
    assert chips(html) == {"FOOD*2+PLANT": 1, "KING": 1}
    assert sheet_state(html)["field"] == "FOOD*2+PLANT"
    html = tap(phone, sheet_state(html), add_icons="KING").get_data(as_text=True)
    assert re.search(r'name="add_icons" value="KING" disabled', html)
    assert chips(html)["KING"] == 0
    # more cards with those icons than remembered are still taken (the count is what one game showed)
    response = tap(phone, sheet_state(html), add_icons="KING")
    assert response.status_code == 200 and sheet_state(response.get_data(as_text=True))["field"] == "FOOD*2+PLANT,KING,KING"


def test_a_rank_tapped_before_the_icons_is_the_cards_rank_and_is_remembered(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = profile_knowing(app, [{"elements": {"PLANT": 2}, "count": 3}])
    html = phone.get(f"{URL}?profile=user:{token}").get_data(as_text=True)
    html = tap(phone, sheet_state(html), rank="27", add_icons="PLANT*2").get_data(as_text=True)
    assert sheet_state(html)["field"] == "27:PLANT*2"
    assert "Typed here with their rank, not yet in the profile: 27:PLANT*2." in text_of(html)
    # icons tapped in the picker and not yet added go in first: nothing tapped is dropped
    html = tap(phone, sheet_state(html), el_FOOD="4", add_icons="PLANT*2").get_data(as_text=True)
    assert sheet_state(html)["field"] == "27:PLANT*2,FOOD*4,PLANT*2"


def test_bad_icon_taps_are_refused_with_the_reason_and_lose_nothing(phone: Phone) -> None:
    html = phone.get(URL).get_data(as_text=True)
    html = add(phone, sheet_state(html), "FOOD*2").get_data(as_text=True)
    for value, words in (("BREAD", "BREAD"), ("FOOD*0", "FOOD*0"), ("FOOD+", "FOOD+"), ("KING+FOOD", "crown"),
                         ("FOOD*2" * 2000, "FOOD*2FOOD*2")):
        response = tap(phone, sheet_state(html), add_icons=value)
        assert response.status_code == 422, value
        page = response.get_data(as_text=True)
        assert "This card was not added:" in text_of(page) and words in text_of(page), (value, text_of(page)[:400])
        assert sheet_state(page)["field"] == "FOOD*2"


def test_icons_that_cannot_all_be_one_deck_are_not_remembered(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = profile_knowing(app, [{"elements": {"KING": 1}, "count": 5}])  # §5: 5 crown-only cards in all
    html = phone.get(f"{URL}?profile=user:{token}").get_data(as_text=True)
    html = add(phone, sheet_state(html), "PAGE").get_data(as_text=True)
    response = tap(phone, sheet_state(html), do="remember")
    assert response.status_code == 422
    text = text_of(response.get_data(as_text=True))
    assert "6 cards known by their icons alone" in text and "(PS-2)" in text
    assert "The icons were not remembered: take out or correct the card that cannot be" in text
    with app.app_context():
        kept = profile_store.get_profile(token)
    assert kept is not None and kept.data["meta"]["unranked"] == [{"elements": {"KING": 1}, "count": 5}]
    assert sheet_state(response.get_data(as_text=True))["field"] == "PAGE"


def test_refused_icons_do_not_keep_the_cards_typed_with_their_rank_from_being_remembered(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = profile_knowing(app, [{"elements": {"KING": 1}, "count": 5}])
    html = phone.get(f"{URL}?profile=user:{token}").get_data(as_text=True)
    html = add(phone, sheet_state(html), "PAGE").get_data(as_text=True)
    html = add(phone, sheet_state(html), "27:PLANT*2").get_data(as_text=True)
    response = tap(phone, sheet_state(html), do="remember")
    assert response.status_code == 422
    text = text_of(response.get_data(as_text=True))
    assert "1 card remembered in your deck profile." in text and "The icons were not remembered" in text
    with app.app_context():
        kept = profile_store.get_profile(token)
    assert kept is not None and {"rank": 27, "elements": {"PLANT": 2}} in kept.data["cards"]
    assert kept.data["meta"]["unranked"] == [{"elements": {"KING": 1}, "count": 5}]


def test_a_refused_set_of_icons_names_the_card_held_and_empties_the_picker(phone: Phone) -> None:
    html = phone.get(URL).get_data(as_text=True)
    html = add(phone, sheet_state(html), "FOOD*2").get_data(as_text=True)
    # FOOD*4 tapped in the picker, then a set no deck holds: neither goes in; the refusal names FOOD×4 and the
    # picker is emptied, so FOOD×4 does not ride into the next card
    response = tap(phone, sheet_state(html), el_FOOD="4", add_icons="KING+FOOD")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert sheet_state(page)["field"] == "FOOD*2" and sheet_state(page)["slot"] == "field"
    assert "Tapped: FOOD×4" in text_of(page)
    assert not re.search(r'name="el_FOOD" value="[1-9]"[^>]*checked', page)


def test_cards_known_by_rank_are_not_counted_again_by_their_icons(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    with app.app_context():
        token = profile_store.create_profile("planetary-sisters", complete_profile(), "test").token
    html = phone.get(f"{URL}?profile=user:{token}").get_data(as_text=True)
    field, houses = deal()
    for rank in field + [r for house in houses for r in house]:
        html = add(phone, sheet_state(html), icons(rank)).get_data(as_text=True)
    text = text_of(html)
    assert "36 of 36 cards known" in text and "known by their icons" not in text
    assert "Remember these" not in text


def test_the_japanese_page_offers_the_icons(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    phone.lang = "ja"
    html = score_by_icons(phone)
    text = text_of(html)
    assert "アイコンだけで入力した36枚のカードはまだデッキプロファイルにありません。" in text
    html = tap(phone, sheet_state(html), do="remember").get_data(as_text=True)
    assert "36 枚のカードをデッキプロファイルに記憶しました。" in text_of(html)


def remembered_profile(app, phone: Phone) -> str:  # type: ignore[no-untyped-def]
    html = score_by_icons(phone)
    html = tap(phone, sheet_state(html), do="remember").get_data(as_text=True)
    return str(sheet_state(html)["profile"])[5:]


def test_the_card_editor_lists_the_icons_with_their_counts_and_forgets_them_on_a_second_tap(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = remembered_profile(app, phone)
    text = text_of(phone.get(f"{URL}?profile=user:{token}").get_data(as_text=True))
    assert "0 of 36 cards known · 36 known by their icons" in text  # the scoring page's profile line
    assert "0 of 36 cards known · 36 known by their icons" in text_of(phone.get("/profiles").get_data(as_text=True))
    html = phone.get(f"/p/{token}").get_data(as_text=True)
    text = text_of(html)
    assert "0 of 36 cards known · 36 known by their icons" in text
    section = text_of(html[html.index('id="unranked"'):html.index("</section>", html.index('id="unranked"'))])
    assert "The scoring page remembered these sets of icons from games entered without ranks" in section
    deck = Counter(icons(rank) for rank in SYNTHETIC_DECK)
    assert "FOOD ×2 PLANT 4 cards" in section and f"{deck['FOOD*2+PLANT']} cards" in section
    assert "KING 1 card" in section
    # the checklist says the icons fit one deck (PS-2)
    assert "36 cards known by their icons alone (at most 36): each could be a card of this deck" in text
    # forgetting is a second tap (details), then the profile keeps its ranks only
    assert "Yes, forget them" in section
    version = re.search(r'id="unranked".*?name="version" value="(\d+)"', html, flags=re.S)
    assert version is not None
    response = phone.post(f"/p/{token}/deck", {"version": version.group(1), "do": "forget_unranked"})
    assert response.status_code == 303
    with app.app_context():
        kept = profile_store.get_profile(token)
    assert kept is not None and "unranked" not in kept.data["meta"]
    page = phone.get(f"{URL}?profile=user:{token}").get_data(as_text=True)
    assert chips(page) == {} and "known by their icons" not in text_of(page)


def test_the_icons_survive_export_and_import(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = remembered_profile(app, phone)
    with app.app_context():
        saved = profile_store.get_profile(token)
    assert saved is not None
    for fmt in ("toml", "json"):
        body = phone.get(f"/p/{token}.{fmt}").get_data()
        response = phone.post("/profiles/planetary-sisters/import", {"file": (io.BytesIO(body), f"p.{fmt}")},
                              content_type="multipart/form-data")
        assert response.status_code == 303, (fmt, text_of(response.get_data(as_text=True))[:300])
        again = json.loads(phone.get(f"{response.headers['Location']}.json").get_data(as_text=True))
        assert again["meta"]["unranked"] == saved.data["meta"]["unranked"], fmt


def test_a_profile_whose_icons_list_cannot_be_read_can_be_repaired_in_the_card_editor(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = profile_knowing(app, [{"elements": {"FOOD": 2}, "count": 99}])
    text = text_of(phone.get(f"{URL}?profile=user:{token}").get_data(as_text=True))
    assert "That deck profile cannot be used" in text  # the sheet says so and scores with the built-in one
    html = phone.get(f"/p/{token}").get_data(as_text=True)
    assert "list of cards known by their icons cannot be read" in text_of(html)
    assert ("A card known by its icons alone needs its icons and how many cards carry them (1 to 36), and no rank."
            in text_of(html))
    version = re.search(r'id="unranked".*?name="version" value="(\d+)"', html, flags=re.S)
    assert version is not None
    assert phone.post(f"/p/{token}/deck", {"version": version.group(1), "do": "forget_unranked"}).status_code == 303
    text = text_of(phone.get(f"{URL}?profile=user:{token}").get_data(as_text=True))
    assert "cannot be used" not in text and "0 of 36 cards known" in text
