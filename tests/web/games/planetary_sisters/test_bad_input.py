"""Bad input anywhere gets a clear answer, never a 500: junk in every form field and link of these pages."""

from __future__ import annotations

import itertools

from flask import Flask

from companion.profiles import store as profile_store
from tests.games.planetary_sisters.support import default_profile
from tests.web.apps import Phone
from tests.web.helpers import version_of

from .support import SLUG, enter, start_table, synthetic_profile_token, token_of

JUNK = ["", "x", "-1", "99", "1e3", "k9", "f9", "remove:field:x", "slot:moon", "players:9", "drop:x", "seat:7",
        "30:FOOD*0", "FOOD**2", ",,,", "💥", "0" * 50]


def test_the_score_sheet_never_fails(phone: Phone) -> None:
    fields = ["players", "slot", "field", "house0", "guards1", "profile", "rank", "el_FOOD", "el_POLE", "do",
              "add_rank", "name0"]
    for field, junk in itertools.product(fields, JUNK):
        response = phone.post("/planetary-sisters/score", {"players": "2", field: junk, "do": "add"})
        assert response.status_code in (200, 303, 422), (field, junk, response.status_code)
        response = phone.get("/planetary-sisters/score", query_string={field: junk})
        assert response.status_code == 200, (field, junk)


def test_the_table_forms_never_fail(app: Flask, phone: Phone) -> None:
    url = start_table(phone, "Aki", "Ben", profile=synthetic_profile_token(app))
    token = token_of(url)
    kinds = ["setup", "turn", "parent", "reveal", "", "x"]
    fields = ["parent", "seat", "cards", "played", "taken", "p_rank", "p_el_FOOD", "rank", "el_KING"]
    for kind, field, junk in itertools.product(kinds, fields, JUNK[:7]):
        response = enter(phone, url, {"kind": kind, field: junk})
        assert response.status_code in (303, 422), (kind, field, junk, response.status_code)
        version = version_of(phone.get(url).get_data(as_text=True))
        if kind in ("setup", "reveal"):
            response = phone.post(f"/t/{token}/act/draft",
                                  {"version": version, "kind": kind, field: junk, "do": junk or "add"})
            assert response.status_code in (200, 422), (kind, field, junk, response.status_code)
    assert phone.post("/t/nope/act/draft", {"kind": "setup"}).status_code == 404
    assert phone.get("/t/nope/page/what-if").status_code == 404
    for junk in JUNK:
        assert phone.get(f"/t/{token}/page/what-if", query_string={"hand": junk}).status_code in (200, 422)
        response = phone.post(f"/t/{token}/page/what-if", {"hand": junk, "do": "add", "add_rank": junk})
        assert response.status_code in (200, 303, 422)


def test_the_card_editor_never_fails(app: Flask, phone: Phone) -> None:
    with app.app_context():
        token = profile_store.create_profile(SLUG, default_profile(), "test").token
        broken = profile_store.create_profile(SLUG, {"meta": {"elements": "nope"}, "cards": []}, "test").token
    for which in (token, broken):
        base = f"/p/{which}"
        for junk in JUNK:
            assert phone.get(base, query_string={"card": junk}).status_code == 200
            for action, field in itertools.product(("card", "card/forget", "deck"), ("card", "el_FOOD", "name",
                                                                                   "element", "version")):
                response = phone.post(f"{base}/{action}", {"version": "0", "card": "3", field: junk})
                assert response.status_code in (303, 400, 409, 422), (which, action, field, junk)
