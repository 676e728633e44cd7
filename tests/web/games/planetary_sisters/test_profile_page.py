"""Planetary Sisters in the one card editor (/profiles/planetary-sisters, /p/<token>): cards filled in by tapping
icons, per-card facts refused with the reason, every fact listed holding or failing with the offending ranks
named, element names renamed (PS-1); the old addresses of its own editor lead there."""

from __future__ import annotations

import re

from flask import Flask

from companion.profiles import store as profile_store
from tests.games.planetary_sisters.support import complete_profile, default_profile, with_cards
from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of

from .support import SLUG, enter, start_table, token_of

EDITOR = "/p/{token}"


def make_profile(app: Flask, data: dict) -> str:  # type: ignore[type-arg]
    with app.app_context():
        return profile_store.create_profile(SLUG, data, "test").token


def version(app: Flask, token: str) -> int:
    with app.app_context():
        row = profile_store.get_profile(token)
        assert row is not None
        return row.version


def facts(html: str) -> dict[str, tuple[bool, str]]:
    found = re.findall(r'<li class="(ok|fail)" data-code="([\w.]+)">(.*?)</li>', html, re.S)
    return {code: (state == "ok", text_of(body)) for state, code, body in found}


def test_copy_the_built_in_profile_then_fill_in_a_card_by_its_icons(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    html = phone.get("/planetary-sisters/profiles", follow_redirects=True).get_data(as_text=True)
    assert "Planetary Sisters: what the rule text gives" in text_of(html)
    assert "0 of 36 cards known" in text_of(html)
    response = phone.post("/profiles/planetary-sisters/copy", {"source": "default"})
    assert response.status_code == 303
    editor = response.headers["Location"]
    token = editor.rsplit("/", 1)[-1]
    html = phone.get(editor, query_string={"card": "27"}).get_data(as_text=True)
    assert "Card 27" in text_of(html) and "Its elements are not known yet." in text_of(html)
    response = phone.post(f"{editor}/card", {"version": version(app, token), "card": "27", "el_PLANT": "2",
                                              "then": "next"})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"{editor}?card=28#card")  # on to the next unknown rank
    html = phone.get(editor, query_string={"card": "27"}).get_data(as_text=True)
    assert "1 of 36 cards known" in text_of(html)
    assert re.search(r'data-card="27"[^>]*>\s*<span class="n">27</span>\s*<span class="marks"><span class="el el-round-1 '
                     r'el-round" title="PLANT">×2</span>', html)
    with app.app_context():
        cards = profile_store.get_profile(token).data["cards"]
        assert [c for c in cards if c.get("elements")] == [{"rank": 27, "elements": {"PLANT": 2}}]
        assert len(cards) == 36


def test_a_card_breaking_a_per_card_fact_is_refused_with_the_reason(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = make_profile(app, default_profile())
    editor = EDITOR.format(token=token)
    cases = {
        ("11", "POLE", "SWORD"): "A card carries at most one pointed element, once; 11 (POLE SWORD) has POLE, SWORD. (PS-2)",
        ("19", "PAGE", "FOOD"): "A crown card carries its one crown element once and nothing else; 19 (FOOD PAGE) has "
                                "FOOD, PAGE. (PS-2)",
        ("5", "POLE", "KING"): "A card with several element types always has a round one; 5 (KING POLE) has none. "
                               "(PS-2)",
        ("30", "FOOD", ""): "The rule text's worked example shows 30 with the round types FOOD, PLANT, ANIMAL",
    }
    for (rank, one, two), reason in cases.items():
        data = {"version": version(app, token), "card": rank, f"el_{one}": "1"}
        if two:
            data[f"el_{two}"] = "1"
        response = phone.post(f"{editor}/card", data)
        assert response.status_code == 422
        html = response.get_data(as_text=True)
        assert "This card breaks a rule-text fact, so nothing was saved:" in text_of(html)
        assert reason in text_of(html), text_of(html)[:600]
        assert re.search(rf'name="el_{one}" value="1"[^>]*checked', html)  # the entry is kept
    assert version(app, token) == 0  # nothing was saved
    response = phone.post(f"{editor}/card", {"version": 0, "card": "12"})
    assert response.status_code == 422
    assert "Every card carries at least one element" in text_of(response.get_data(as_text=True))


def test_the_checklist_names_every_fact_and_the_cards_breaking_it(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    # a made-up complete deck, then two cards changed to break facts (as an import could bring them)
    broken = with_cards(complete_profile(), {4: {"SWORD": 1, "POLE": 1}, 6: {"PAGE": 1, "FOOD": 1}})
    html = phone.get(EDITOR.format(token=make_profile(app, broken))).get_data(as_text=True)
    listed = facts(html)
    assert listed["ps.profile.pointed_once"] == (
        False, "✗ fails: No card carries two pointed types or a pointed element twice (cards breaking it: 4). PS-2")
    assert listed["ps.profile.crown_alone"][0] is False and "(cards breaking it: 6)" in listed["ps.profile.crown_alone"][1]
    assert listed["ps.profile.multi_type_has_round"][0] is False
    assert "(cards breaking it: 4)" in listed["ps.profile.multi_type_has_round"][1]
    # §5's counts: one pointed-only card fewer (4 carries two), one crown-only card fewer
    assert listed["ps.profile.count.pointed_only"] == (
        False, "✗ fails: 4 cards carry only a pointed element: 2 so far, 0 cards still unknown (cards: 5, 11). PS-2")
    assert listed["ps.profile.complete"][0] is True
    assert "All 36 cards have their elements: 36 of 36 known (still unknown: none)." in listed["ps.profile.complete"][1]
    # the grid marks the cards to check
    assert re.search(r'class="card-cell known bad" href="[^"]*card=4#card" data-card="4"', html)


def test_a_complete_made_up_deck_passes_every_fact(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    html = phone.get(EDITOR.format(token=make_profile(app, complete_profile()))).get_data(as_text=True)
    listed = facts(html)
    assert listed and all(ok for ok, _ in listed.values()), [c for c, (ok, _) in listed.items() if not ok]
    count = len(re.findall(r'<li class="ok" data-code=', html))
    assert count == 24 and "24 of 24 hold" in text_of(html)
    assert "The worked example's house 27, 30, 22, 28, 36, 11, 19, 31 scores 113 (§4.5.1) once known (not known " \
           "yet: none; scored 113; wrong: none)." in listed["ps.profile.example_house"][1]


def test_the_built_in_profile_fails_only_completeness(phone: Phone) -> None:
    editor = phone.post("/profiles/planetary-sisters/copy", {"source": "default"}).headers["Location"]
    html = phone.get(editor).get_data(as_text=True)
    listed = facts(html)
    failing = [code for code, (ok, _) in listed.items() if not ok]
    assert failing == ["ps.profile.complete"]  # a partial profile fails completeness only (PS-2)
    assert "0 of 36 known" in listed["ps.profile.complete"][1]


def test_renaming_an_element_renames_it_on_every_card(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = make_profile(app, complete_profile())
    editor = EDITOR.format(token=token)
    response = phone.post(f"{editor}/deck", {"version": 0, "element": "POINTED_3", "name": "ARROW"})
    assert response.status_code == 303
    with app.app_context():
        data = profile_store.get_profile(token).data
        assert "ARROW" in data["meta"]["elements"] and data["meta"]["element_classes"]["ARROW"] == "pointed"
        assert next(c for c in data["cards"] if c["rank"] == 5)["elements"] == {"ARROW": 1}
    html = phone.get(editor).get_data(as_text=True)
    assert 'name="element" value="ARROW"' in html and 'name="element" value="POINTED_3"' not in html
    response = phone.post(f"{editor}/deck", {"version": 1, "element": "ARROW", "name": "FOOD"})
    assert response.status_code == 422
    assert "ARROW cannot be renamed “FOOD”" in text_of(response.get_data(as_text=True))


def test_forgetting_a_card_and_a_stale_save(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = make_profile(app, complete_profile())
    editor = EDITOR.format(token=token)
    assert phone.post(f"{editor}/card/forget", {"version": 0, "card": "14"}).status_code == 303
    html = phone.get(editor).get_data(as_text=True)
    assert "35 of 36 cards known" in text_of(html)
    response = phone.post(f"{editor}/card", {"version": 0, "card": "14", "el_FOOD": "4"})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Someone else changed this profile first" in text_of(html)
    assert re.search(r'name="el_FOOD" value="4"[^>]*checked', html)


def test_an_unknown_profile_is_a_404_and_a_pasted_link_opens_it(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    assert phone.get(EDITOR.format(token="nope")).status_code == 404
    token = make_profile(app, default_profile())
    response = phone.get("/profiles/planetary-sisters/open", query_string={"link": f"http://x/p/{token}"})
    assert response.status_code == 303 and response.headers["Location"].endswith(EDITOR.format(token=token))
    response = phone.get("/profiles/planetary-sisters/open", query_string={"link": "garbage"})
    assert response.status_code == 404
    assert "No deck profile of this game is at that link." in text_of(response.get_data(as_text=True))


def test_the_old_addresses_of_its_own_editor_lead_to_the_one_editor(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    token = make_profile(app, default_profile())
    response = phone.get(f"/planetary-sisters/profile/{token}", query_string={"rank": "7"})
    assert response.status_code == 301 and response.headers["Location"] == f"/p/{token}?card=7"
    assert phone.get("/planetary-sisters/profiles").headers["Location"] == "/profiles/planetary-sisters"
    assert phone.get("/planetary-sisters/profile/" + "n" * 24).status_code == 404


def test_a_card_filled_in_in_the_tables_copy_is_used_by_the_table(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    url = start_table(phone, "Aki", "Ben", "Chie")
    page = phone.get(url).get_data(as_text=True)
    assert "Deck profile: Planetary Sisters: what the rule text gives · 0 of 36 cards known" in text_of(page)
    response = phone.post(f"/t/{token_of(url)}/profile-copy", {"version": str(version_of(page))})
    assert response.status_code == 303
    editor = response.headers["Location"]
    assert editor.startswith("/p/")
    html = phone.get(editor, query_string={"card": "14"}).get_data(as_text=True)
    assert "This is the deck profile of one table: what you fill in here counts at that table alone." in text_of(html)
    response = phone.post(f"{editor}/card", {"version": version(app, token_of(editor)), "card": "14",
                                              "el_FOOD": "4", "then": "next"})
    assert response.status_code == 303
    page = phone.get(url).get_data(as_text=True)
    assert "(Aki, Ben, Chie) · 1 of 36 cards known" in text_of(page)
    assert f'href="{editor}"' in page and "Card editor" in text_of(page)
    # 14 is now known by its rank alone at this table: the field opens with it and the history shows its icons
    response = enter(phone, url, {"kind": "setup", "parent": "0", "cards": "14,20:PLANT*2,FOOD"})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:500]
    assert "the field opens with 14 (FOOD×4), 20 (PLANT×2), FOOD." in text_of(phone.get(url).get_data(as_text=True))
