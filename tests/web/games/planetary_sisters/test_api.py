"""POST /api/v1/planetary-sisters/score through the app, exactly as ../shared/API.md says: the worked example,
422s listing every problem with path, code, message and rule, messages by Accept-Language, the OpenAPI
description."""

from __future__ import annotations

from typing import Any

from companion.games.planetary_sisters import CardRef
from tests.games.planetary_sisters.support import EXAMPLE_FIELD, EXAMPLE_HOUSE

from .support import synthetic_profile_token

URL = "/api/v1/planetary-sisters/score"


def cards(*notations: str) -> list[dict[str, Any]]:
    return [CardRef.parse(n).to_json() for n in notations]


def test_the_worked_example_answers_113_54_167_in_the_documented_shape(client) -> None:  # type: ignore[no-untyped-def]
    body = {"players": 4, "house": cards(*EXAMPLE_HOUSE), "field": cards(*EXAMPLE_FIELD), "guards": [],
            "profile": "default"}
    response = client.post(URL, json=body)
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["total"] == 167 and answer["house"]["total"] == 113 and answer["field"]["total"] == 54
    assert answer["house"]["categories"] == {
        "food": {"production": 6, "harvesters": 4, "satisfaction": 18, "multiplier": 1, "points": 18},
        "plant": {"production": 6, "harvesters": 3, "satisfaction": 12, "multiplier": 2, "points": 24},
        "animal": {"production": 1, "harvesters": 1, "satisfaction": 0, "multiplier": 4, "points": 0},
        "dual": {"production": 3, "harvesters": 2, "satisfaction": 4, "multiplier": 2, "points": 8},
        "single": {"production": 4, "harvesters": 1, "satisfaction": 3, "multiplier": 5, "points": 15},
        "collector": {"production": 7, "harvesters": 2, "satisfaction": 12, "multiplier": 4, "points": 48},
    }
    assert answer["field"]["categories"]["food"] == {
        "production": 6, "harvesters": 3, "satisfaction": 18, "multiplier": 1, "points": 18}
    assert answer["field"]["categories"]["single"] == {
        "production": 4, "harvesters": 1, "satisfaction": 4, "multiplier": 5, "points": 20}


def test_ranks_are_looked_up_in_a_users_profile_by_its_token(app, client) -> None:  # type: ignore[no-untyped-def]
    token = synthetic_profile_token(app)
    answer = client.post(URL, json={"house": [{"rank": 14}, {"rank": 15}], "profile": token}).get_json()
    assert answer["house"]["categories"]["food"]["points"] == 8  # 8 icons × (2 cards − 1) × 1
    response = client.post(URL, json={"house": [{"rank": 14}]})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [{
        "path": "house[0].rank", "code": "ps.card.unknown_rank", "rule": "PS-2", "rule_url": "/rules/planetary-sisters#ps-sister-cards",
        "message": "The deck profile does not know the elements of 14 yet: enter its element icons too."}]


def test_every_problem_is_listed_with_path_code_message_and_rule(client) -> None:  # type: ignore[no-untyped-def]
    body = {
        "players": 3,
        "house": [{"rank": 40}, {"elements": {"POLE": 1, "SWORD": 1, "FOOD": 1}}, {"elements": {"MOON": 1}},
                  "30", {"rank": 12, "elements": {"FOOD": 1}}],
        "field": [{"rank": 12, "elements": {"FOOD": 1}}, {}, {"elements": {"PAGE": 1, "FOOD": 2}}, {"rank": 3}],
        "guards": [{"elements": {"FOOD": 1}}],
    }
    response = client.post(URL, json=body)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert [(e["path"], e["code"], e["rule"]) for e in errors] == [
        ("house[0].rank", "ps.card.rank_range", "PS-2"),
        ("house[3]", "ps.card.not_object", "§3"),
        ("field", "ps.api.too_many_cards", "PS-7"),
        ("field[1]", "ps.card.missing", "§3"),
        ("guards", "ps.api.guards_need_two_players", "PS-7"),
        ("field[0]", "ps.card.duplicate_rank", "PS-7"),
        ("house[1]", "ps.card.pointed_once", "PS-2"),
        ("house[1]", "ps.card.pointed_with_one_round", "PS-2"),
        ("house[2].elements.MOON", "ps.card.unknown_element", "PS-1"),
        ("field[2]", "ps.card.crown_alone", "PS-2"),
        ("field[3].rank", "ps.card.unknown_rank", "PS-2"),
    ]
    messages = {e["code"]: e["message"] for e in errors}
    assert messages["ps.api.too_many_cards"] == "At most 3 cards here, not 4."
    assert messages["ps.card.rank_range"] == "Ranks run from 1 to 36 (this card: 40)."
    assert messages["ps.api.guards_need_two_players"] == "Guard cards exist with 2 players only, not 3."
    assert messages["ps.card.duplicate_rank"] == "Rank 12 is entered twice (first at house[4]): a card is in one " \
                                                 "place only."
    assert messages["ps.card.crown_alone"] == "A crown card carries its one crown element once and nothing else; " \
                                              "FOOD×2 PAGE has FOOD, PAGE."
    assert all(e["message"] and not e["message"].startswith("ps.") for e in errors)


def test_messages_follow_accept_language_and_codes_and_rules_do_not(client) -> None:  # type: ignore[no-untyped-def]
    body = {"players": 5, "house": [{"elements": {"KING": 1, "FOOD": 1}}]}
    english = client.post(URL, json=body).get_json()["errors"]
    japanese = client.post(URL, json=body, headers={"Accept-Language": "ja"}).get_json()["errors"]
    assert [(e["path"], e["code"], e["rule"]) for e in english] == [(e["path"], e["code"], e["rule"]) for e in japanese]
    assert english[0]["message"] == "5 is not allowed here (one of 2, 3, 4)."
    assert japanese[0]["message"] == "5 は指定できません（2, 3, 4 のいずれか）。"
    crown = next(e for e in japanese if e["code"] == "ps.card.crown_alone")
    assert crown["message"] == "冠頭要素を持つカードは、その冠頭要素を一個だけ持ち、ほかの要素を持ちません。FOOD KING は FOOD, KING を持っています。"


def test_a_partial_house_and_two_players_guards(client) -> None:  # type: ignore[no-untyped-def]
    body = {"players": 2, "house": cards("FOOD*2", "FOOD+PLANT"), "field": cards("FOOD"), "guards": cards("FOOD*3")}
    answer = client.post(URL, json=body).get_json()
    assert answer["field"]["categories"]["food"] == {
        "production": 3, "harvesters": 2, "satisfaction": 6, "multiplier": 1, "points": 6}
    assert answer["house"]["categories"]["food"]["points"] == 3  # 3 × (2 − 1) × 1


def test_the_openapi_document_describes_the_call(client) -> None:  # type: ignore[no-untyped-def]
    document = client.get("/api/v1/openapi.json").get_json()
    call = document["paths"]["/api/v1/planetary-sisters/score"]["post"]
    request = call["requestBody"]["content"]["application/json"]["schema"]["anyOf"][0]  # the default deck
    assert request["required"] == ["house"] and request["properties"]["players"]["enum"] == [2, 3, 4]
    assert request["properties"]["house"]["maxItems"] == 8 and request["properties"]["profile"]["const"] == "default"
    two = request["oneOf"][0]["properties"]
    assert two["guards"]["maxItems"] == 2 and request["oneOf"][1]["properties"]["field"]["maxItems"] == 3
    card = document["components"]["schemas"]["PlanetarySisters.default.Card"]
    assert any(variant["properties"]["rank"].get("const") == 30 for variant in card["anyOf"])
    answer = call["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer["required"] == ["total", "house", "field"]
    assert answer["properties"]["house"]["properties"]["categories"]["required"] == [
        "food", "plant", "animal", "dual", "single", "collector"]


def test_not_json_is_400_and_a_wrong_shape_is_422(client) -> None:  # type: ignore[no-untyped-def]
    assert client.post(URL, data="{", content_type="application/json").status_code == 400
    response = client.post(URL, json={"players": "four", "house": "all"})
    assert response.status_code == 422
    assert [(e["path"], e["code"]) for e in response.get_json()["errors"]] == [
        ("players", "ps.api.wrong_type"), ("house", "ps.api.wrong_type")]
