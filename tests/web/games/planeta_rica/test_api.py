"""POST /api/v1/planeta-rica/score (API.md): the same scoring as the pages; 422 names every problem with its
path, message and ruling; the OpenAPI document lists the call."""

from __future__ import annotations

from flask.testing import FlaskClient

URL = "/api/v1/planeta-rica/score"


def test_score_with_inline_values_and_schneider(client: FlaskClient) -> None:
    slots = ["coin", "tachyon", "any", "worker", "nothing"]
    body = {"players": 3, "start": 0, "seats": [
        {"fame": 7, "planets": [{"name": "new_earth", "vp": 1, "slots": ["tachyon", "monopole", "mithril", "any",
                                                                         "coin"]},
                                {"name": "tourist_planet", "vp": 3, "slots": slots}],
         "gadgets": [{"name": "trade_king_schneider", "vp": 2}]},
        {"fame": 13, "planets": [{"name": "new_earth", "vp": 1}]},
        {"fame": 0, "planets": [{"name": "new_earth", "vp": 1}]}]}
    response = client.post(URL, json=body)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    # icons: 4 + 2 = 6 -> 1 VP; 7 + 4 + 2 + 1 = 14
    assert answer["seats"][0] == {"vp": 14, "fame": 7, "planets": 4, "gadgets": 2, "bonus": 1,
                                  "bonuses": [{"name": "trade_king_schneider", "vp": 1, "resource_icons": 6}]}
    # a tie at 14 between seats 0 and 1: the one farthest clockwise from the start player (seat 1) wins
    assert answer["ranking"] == [1, 0, 2] and answer["winner"] == 1


def test_vp_the_profile_lacks_is_a_422_naming_the_card(client: FlaskClient) -> None:
    body = {"players": 3, "start": 0, "seats": [{"fame": 1, "planets": [{"name": "endymion"}, {"name": "endymion"}]},
                                                {"fame": 0}, {"fame": 0}]}
    response = client.post(URL, json=body)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    codes = {e["code"] for e in errors}
    assert {"pr.api.vp_unknown", "pr.api.too_many_copies"} <= codes
    assert all(e["message"] and e["rule"].startswith("PR-") for e in errors)


def test_openapi_lists_the_call(client: FlaskClient) -> None:
    doc = client.get("/api/v1/openapi.json").get_json()
    assert "/api/v1/planeta-rica/score" in doc["paths"]
