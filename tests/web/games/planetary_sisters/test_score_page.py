"""The scoring page (/planetary-sisters/score): cards tapped in by rank or by element icons, every category of
both sides shown with its numbers, the formula in words and the ruling id, the ranking and the winner; refusals
with the reason; nothing typed is ever lost (JavaScript off: every tap is a redirect to an address holding the
whole sheet)."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from companion.profiles import store as profile_store
from tests.games.planetary_sisters.support import EXAMPLE_FIELD, EXAMPLE_HOUSE, SYNTHETIC_DECK
from tests.web.apps import Phone
from tests.web.helpers import text_of

from .support import category_cells, picker_fields, sheet_state, side_total, synthetic_profile_token, totals_shown

URL = "/planetary-sisters/score"

# §4.5.1 / §4.5.2 worked example (PS-3, PS-4), by hand: (production, harvesters, satisfaction, multiplier, points)
EXAMPLE_HOUSE_ROWS = {
    "food": (6, 4, 18, 1, 18),  # 6 × (4 − 1) × 1
    "plant": (6, 3, 12, 2, 24),  # 6 × (3 − 1) × 2
    "animal": (1, 1, 0, 4, 0),  # 1 × (1 − 1) × 4
    "dual": (3, 2, 4, 2, 8),  # (3 − 1) × 2 × 2: 22, 28, 36; harvesters 22, 28
    "single": (4, 1, 3, 5, 15),  # (4 − 1) × 1 × 5: 27, 11, 19, 31; harvester 11
    "collector": (7, 2, 12, 4, 48),  # (7 − 1) × 2 × 4: 19, 31 crown-only
}
EXAMPLE_FIELD_ROWS = {
    "food": (6, 3, 18, 1, 18),  # the text's "FOOD 5" is a typo: 6 × 3 × 1 (PS-4)
    "plant": (6, 1, 6, 2, 12),
    "animal": (1, 1, 1, 4, 4),
    "dual": (3, 0, 0, 2, 0),
    "single": (4, 1, 4, 5, 20),
    "collector": (7, 0, 0, 4, 0),
}


def tap(phone: Phone, state: dict[str, str], **fields: str):  # type: ignore[no-untyped-def]
    """One tap on the sheet with JavaScript off: POST, then the redirect to the sheet's new address."""
    response = phone.post(URL, {**state, **fields})
    if response.status_code != 303:
        return response
    location = response.headers["Location"]
    assert location.startswith(URL + "?")
    return phone.get(location)


def add(phone: Phone, state: dict[str, str], notation: str, **more: str):  # type: ignore[no-untyped-def]
    from companion.games.planetary_sisters import CardRef

    return tap(phone, state, do="add", **picker_fields(CardRef.parse(notation), ""), **more)


def fill_example(phone: Phone, seat: int = 0) -> str:
    html = phone.get(URL).get_data(as_text=True)
    state = sheet_state(html)
    for notation in EXAMPLE_FIELD:
        response = add(phone, sheet_state(html), notation)
        assert response.status_code == 200
        html = response.get_data(as_text=True)
    state = sheet_state(html)
    assert state["slot"] == "house:0"  # a full slot hands over to the next one
    if seat:
        html = tap(phone, state, do=f"slot:house:{seat}").get_data(as_text=True)
    for notation in EXAMPLE_HOUSE:
        html = add(phone, sheet_state(html), notation).get_data(as_text=True)
    return html


def test_the_worked_example_typed_by_element_icons_scores_113_54_167(phone: Phone) -> None:
    html = fill_example(phone, seat=2)
    assert category_cells(html, 2, "house") == EXAMPLE_HOUSE_ROWS
    assert category_cells(html, 2, "field") == EXAMPLE_FIELD_ROWS
    assert (side_total(html, 2, "house"), side_total(html, 2, "field")) == (113, 54)
    assert totals_shown(html) == {0: 0, 1: 0, 2: 167, 3: 0}
    text = text_of(html)
    assert "house 113 + field bonus 54 = 167" in text
    # the formula in words, with the ruling id, and each line's arithmetic
    assert "lovers' satisfaction = production × (harvesters − 1)" in text and "(PS-3, §4.5.1)" in text
    assert "satisfaction = production × harvesters, no − 1" in text and "(PS-4, §4.5.2)" in text
    assert "production = FOOD icons in the house (6); harvesters = house cards carrying FOOD (4); " \
           "6 × (4 − 1) = 18; 18 × 1 = 18 PS-3" in text
    assert "production = element types in the house (7); harvesters = house cards with only a crown element (2); " \
           "(7 − 1) × 2 = 12; 12 × 4 = 48 PS-3" in text
    assert "harvesters = field cards carrying FOOD (3); 6 × 3 = 18; 18 × 1 = 18 PS-4" in text
    # the sheet is not complete: it says so, and names no winner yet
    assert "Scores so far" in text and "winner" not in text


def test_the_address_holds_the_whole_sheet_so_a_reload_loses_nothing(phone: Phone) -> None:
    html = fill_example(phone)
    state = sheet_state(html)
    query = parse_qs(urlsplit(URL + "?" + "&".join(f"{k}={v}" for k, v in state.items())).query)
    assert query["house0"][0].split(",")[0] == "27:PLANT*2"
    reloaded = phone.get(URL, query_string=state).get_data(as_text=True)
    assert totals_shown(reloaded)[0] == 167
    assert sheet_state(reloaded) == state


def test_a_complete_four_player_game_by_rank_names_the_winner(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = synthetic_profile_token(app)
    html = phone.get(URL, query_string={"profile": f"user:{token}"}).get_data(as_text=True)
    assert "36 of 36 cards known" in text_of(html)
    names = {"name0": "Aki", "name1": "Ben", "name2": "Chie", "name3": "Dan"}
    html = tap(phone, {**sheet_state(html), **names}, do="names").get_data(as_text=True)
    ranks = iter([33, 34, 35, 36] + list(range(1, 33)))
    for _ in range(4 + 32):  # one tap per card: a rank the profile knows is added at once
        response = tap(phone, {**sheet_state(html), **names}, add_rank=str(next(ranks)))
        assert response.status_code == 200
        html = response.get_data(as_text=True)
    text = text_of(html)
    assert "Final scores" in text
    from companion.games.planetary_sisters import Card, ElementSet, score_player

    cards = {r: Card.of(SYNTHETIC_DECK[r], r) for r in SYNTHETIC_DECK}
    field = [cards[r] for r in (33, 34, 35, 36)]
    houses = [[cards[r] for r in range(1 + 8 * s, 9 + 8 * s)] for s in range(4)]
    expected = [score_player(h, field, ElementSet.default()).total for h in houses]
    assert totals_shown(html) == dict(enumerate(expected))
    best = max(expected)
    winners = [("Aki", "Ben", "Chie", "Dan")[s] for s, t in enumerate(expected) if t == best]
    ranking = html[html.index('<ol class="ps-ranking">'):html.index("</ol>", html.index('<ol class="ps-ranking">'))]
    assert [text_of(w) for w in re.findall(r'<li class="winner"[^>]*>(.*?)</li>', ranking, re.S)] == \
        [f"1 {name} {best} winner" for name in winners]
    assert f"Highest final score {best}: {', '.join(winners)}" in text


def test_a_card_breaking_a_per_card_fact_is_refused_naming_what_was_tapped_and_the_picker_emptied(phone: Phone) -> None:
    """The picker no longer keeps a refused card (its icons rode into the next one): the refusal names the icons
    tapped, and the picker starts empty, so none of them rides into the next card."""
    html = phone.get(URL).get_data(as_text=True)
    html = add(phone, sheet_state(html), "FOOD*2").get_data(as_text=True)
    state = sheet_state(html)
    cases = {
        "POLE+SWORD+FOOD": ("A card carries at most one pointed element, once; FOOD POLE SWORD has POLE, SWORD. (PS-2)",
                            "Tapped: FOOD POLE SWORD"),
        "KING+FOOD": ("A crown card carries its one crown element once and nothing else; FOOD KING has FOOD, KING. "
                      "(PS-2)", "Tapped: FOOD KING"),
        "POLE+PAGE": ("A card with several element types always has a round one; PAGE POLE has none. (PS-2)",
                      "Tapped: PAGE POLE"),
    }
    for notation, (reason, tapped) in cases.items():
        response = add(phone, state, notation)
        assert response.status_code == 422
        page = response.get_data(as_text=True)
        assert "This card was not added:" in text_of(page) and reason in text_of(page)
        assert f"{tapped} · The picker is empty again: tap the card anew." in text_of(page)
        assert sheet_state(page) == state  # what was entered before stays
        assert not re.search(r'name="el_\w+" value="[1-9]"[^>]*checked', page)  # no icon rides into the next card
        assert not re.search(r'name="rank" value="\d+"[^>]*checked', page)


def test_a_rank_is_entered_once_and_a_full_slot_takes_no_more(phone: Phone) -> None:
    html = phone.get(URL, query_string={"players": "3", "field": "12:FOOD,13:PLANT,14:ANIMAL"}).get_data(as_text=True)
    assert sheet_state(html)["slot"] == "house:0"  # the field is full: the sheet opens on the first house
    response = add(phone, sheet_state(html), "13:PLANT")
    assert response.status_code == 422
    assert "13 is already in the field: a card is in one place only. (PS-7)" in text_of(response.get_data(as_text=True))
    response = add(phone, {**sheet_state(html), "slot": "field"}, "FOOD")
    assert "the field already holds 3 cards, all it has at the end of a game. (PS-7)" in \
        text_of(response.get_data(as_text=True))


def test_two_players_have_guard_slots_and_guards_harvest_for_their_owner_only(phone: Phone) -> None:
    html = tap(phone, sheet_state(phone.get(URL).get_data(as_text=True)), do="players:2").get_data(as_text=True)
    tabs = re.findall(r'data-slot="([a-z:0-9]+)">\s*<span class="slot-name">', html)
    assert tabs == ["field", "house:0", "guards:0", "house:1", "guards:1"]
    state = {**sheet_state(html), "field": "FOOD", "house0": "FOOD*2", "house1": "FOOD*3",
             "guards0": "FOOD+PLANT,POLE", "slot": "guards:0"}
    html = phone.get(URL, query_string=state).get_data(as_text=True)
    # seat 0: food 2 × (field 1 + guard 1) × 1 = 4; single 1 × (POLE guard) 1 × 5 = 5
    field0 = category_cells(html, 0, "field")
    assert field0["food"] == (2, 2, 4, 1, 4) and field0["single"] == (1, 1, 1, 5, 5)
    field1 = category_cells(html, 1, "field")
    assert field1["food"] == (3, 1, 3, 1, 3) and field1["single"] == (1, 0, 0, 5, 0)
    assert "field and own guard cards carrying FOOD" in text_of(html)
    response = phone.get(URL, query_string={**state, "players": "4"})
    assert "guards0" not in sheet_state(response.get_data(as_text=True))


def test_removing_a_card_and_clearing_a_slot(phone: Phone) -> None:
    state = {"players": "4", "field": "FOOD,PLANT,ANIMAL", "slot": "field"}
    html = tap(phone, state, do="remove:field:1").get_data(as_text=True)
    assert sheet_state(html)["field"] == "FOOD,ANIMAL"
    html = tap(phone, sheet_state(html), do="clear:field").get_data(as_text=True)
    assert sheet_state(html)["field"] == "" and 'data-entered="0"' in html


def test_an_unreadable_address_lists_what_was_dropped_and_keeps_the_rest(phone: Phone) -> None:
    response = phone.get(URL, query_string={"players": "9", "field": "FOOD,zz*x,40", "house0": "PAGE+FOOD,PLANT",
                                            "slot": "moon", "profile": "user:nope"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    text = text_of(html)
    assert "No deck profile of this game is at that link; the built-in one is used." in text
    assert "“zz*x” is not a card" in text and "“40” is not a card" not in text
    assert "A crown card carries its one crown element once and nothing else" in text
    assert sheet_state(html)["house0"] == "PLANT" and sheet_state(html)["players"] == "4"


def test_htmx_gets_the_sheet_fragment_and_the_new_address(phone: Phone) -> None:
    html = phone.get(URL).get_data(as_text=True)
    response = phone.post(URL, {**sheet_state(html), "do": "add", "el_FOOD": "2"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith("<div id=\"sheet\"") and "<html" not in body
    # a step is a new address in the history (pushed, not replaced): Back returns to the step before
    assert response.headers["HX-Push-Url"] == f"{URL}?players=4&field=FOOD*2&slot=field"
    # Back asks htmx to restore that address: the whole page, which htmx puts in the body
    restored = phone.get(f"{URL}?players=4&field=FOOD*2&slot=field",
                         headers={"HX-Request": "true", "HX-History-Restore-Request": "true"})
    assert "<html" in restored.get_data(as_text=True)


def pick(phone: Phone, state: dict[str, str], **fields: str):  # type: ignore[no-untyped-def]
    """One tap in the picker as htmx sends it (do=pick, the whole form)."""
    return phone.post(URL, {**state, "do": "pick", **fields}, headers={"HX-Request": "true"})


def test_a_card_whose_icons_leave_nothing_to_add_goes_in_without_add(phone: Phone) -> None:
    state = sheet_state(phone.get(URL).get_data(as_text=True))
    # a crown card carries its crown element alone (PS-2): its one icon is its last
    response = pick(phone, state, rank="19", el_PAGE="1")
    assert response.headers["HX-Push-Url"].endswith("field=19:PAGE&slot=field")
    state = sheet_state(response.get_data(as_text=True))
    # one round element may still get company: nothing added, no new address, the page left as tapped (only
    # the rank now held comes back, out of band)
    response = pick(phone, state, rank="22", el_FOOD="1")
    assert "HX-Push-Url" not in response.headers and response.headers["HX-Reswap"] == "none"
    assert response.get_data(as_text=True).strip().startswith('<input type="hidden" name="held" id="held" value="22" '
                                                              'hx-swap-oob="true">')
    # …and a pointed one with it leaves nothing to add (one round type besides its pointed one, PS-2)
    response = pick(phone, state, rank="22", el_FOOD="1", el_POLE="1", held="22")
    state = sheet_state(response.get_data(as_text=True))
    assert state["field"] == "19:PAGE,22:FOOD+POLE"
    # FOOD×2 on 16, then the next card's rank: 16 is done, 17 is the card being tapped now
    response = pick(phone, state, rank="17", el_FOOD="2", held="16")
    html = response.get_data(as_text=True)
    assert sheet_state(html)["field"] == "19:PAGE,22:FOOD+POLE,16:FOOD*2"
    assert 'name="held" id="held" value="17"' in html
    # a whole card the rules refuse is answered, and what was tapped stays
    response = pick(phone, sheet_state(html), el_PAGE="1", el_FOOD="1")
    assert response.status_code == 422
    assert "A crown card carries its one crown element once and nothing else" in text_of(response.get_data(as_text=True))


def test_clearing_or_fewer_players_can_be_undone_with_javascript_off(phone: Phone) -> None:
    state = {"players": "4", "field": "FOOD,PLANT,ANIMAL", "house3": "FOOD*2", "slot": "field"}
    html = tap(phone, state, do="clear:field").get_data(as_text=True)
    assert sheet_state(html)["field"] == ""
    assert "3 cards taken out." in text_of(html)
    undo = re.search(r'<a class="button" href="([^"]+)"[^>]*>Undo</a>', html)
    assert undo is not None
    html = phone.get(undo.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert sheet_state(html)["field"] == "FOOD,PLANT,ANIMAL" and sheet_state(html)["house3"] == "FOOD*2"
    assert "taken out" not in text_of(html)
    html = tap(phone, sheet_state(html), do="players:3").get_data(as_text=True)
    assert "1 card taken out." in text_of(html) and "house3" not in sheet_state(html)


def test_cards_typed_with_their_rank_are_remembered_in_a_copy_of_the_built_in_profile(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    html = phone.get(URL).get_data(as_text=True)
    html = add(phone, sheet_state(html), "27:PLANT*2").get_data(as_text=True)
    html = add(phone, sheet_state(html), "FOOD").get_data(as_text=True)  # no rank: remembered by its icons
    assert "Typed here with their rank, not yet in the profile: 27:PLANT*2." in text_of(html)
    assert "1 card entered here by its icons alone is not in the profile yet." in text_of(html)
    assert "Remember these 2 cards in my deck profile" in text_of(html)
    html = tap(phone, sheet_state(html), do="remember").get_data(as_text=True)
    assert "2 cards remembered in your deck profile." in text_of(html)
    ref = sheet_state(html)["profile"]
    assert ref.startswith("user:")
    with app.app_context():
        saved = profile_store.get_profile(ref[5:])
        assert saved is not None and saved.based_on == "builtin:default"
        assert [c for c in saved.data["cards"] if c.get("elements")] == [{"rank": 27, "elements": {"PLANT": 2}}]
        assert saved.data["meta"]["unranked"] == [{"elements": {"FOOD": 1}, "count": 1}]
    # the sheet shows the copy's count and its card editor; the phone keeps the copy in its list
    assert "1 of 36 cards known" in text_of(html) and f'href="/p/{ref[5:]}?back=' in html
    mine = text_of(phone.get("/profiles").get_data(as_text=True))
    assert "Planetary Sisters: what the rule text gives (copy)" in mine and "1 of 36 cards known" in mine
    # from now on 27 is one tap, and shows its icons in the grid
    assert re.search(r'<button type="submit" class="rank-cell known" name="add_rank" value="27"', html) is None
    html = tap(phone, {**sheet_state(html), "slot": "house:1"}).get_data(as_text=True)
    assert re.search(r'name="add_rank" value="27"', html) is None  # 27 is used on the sheet already
    html = tap(phone, sheet_state(html), do="remove:field:0").get_data(as_text=True)
    assert re.search(r'<button type="submit" class="rank-cell known" name="add_rank" value="27"', html)


def test_the_page_in_japanese(phone: Phone) -> None:
    phone.lang = "ja"
    html = fill_example(phone)
    text = text_of(html)
    assert "食物愛者" in text and "蒐集家" in text and "複情念戦士" in text
    assert "家札 113 + 場札 54 = 167" in text
    assert "満足度" in text and "PS-3" in text and "PS-4" in text


def test_the_home_page_card_links_the_scoring_page(phone: Phone) -> None:
    html = phone.get("/").get_data(as_text=True)
    card = html[html.index('id="game-planetary-sisters"'):]
    card = card[:card.index("</li>")]
    assert f'href="{URL}"' in card and "Score a finished game" in text_of(card)


def test_odd_picker_taps_and_undo_links_are_answered_never_a_500(phone: Phone) -> None:
    state = sheet_state(phone.get(URL).get_data(as_text=True))
    response = pick(phone, state, rank="5", el_FOOD="x")
    assert response.status_code == 422 and "FOOD" in text_of(response.get_data(as_text=True))
    response = pick(phone, state, rank="5", el_FOOD="1", held="９９９")
    assert response.status_code == 422 and sheet_state(response.get_data(as_text=True))["field"] == ""
    for undo in ("%%%", "players=9&field=zz", "undo=players%3D2"):  # nothing to put back: no offer
        response = phone.get(URL, query_string={"players": "4", "undo": undo})
        assert response.status_code == 200
        assert "taken out" not in text_of(response.get_data(as_text=True))
    # a hand-made one is read like any address: what fits the sheet is offered back, the rest is not
    response = phone.get(URL, query_string={"players": "4", "undo": "field=" + "FOOD," * 500})
    assert response.status_code == 200 and "4 cards taken out." in text_of(response.get_data(as_text=True))
