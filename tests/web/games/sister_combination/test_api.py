"""POST /api/v1/sister-combination/play through the app, as ../shared/API.md says: 0-based seats, rulings as 200s,
problems as 422s listing every one, messages by Accept-Language."""

from __future__ import annotations

from typing import Any

PLAY = "/api/v1/sister-combination/play"


def body(**extra: Any) -> dict[str, Any]:
    return {"players": 5, "hands": [7, 6, 7, 3, 7], "turn": 1, "direction": 1,
            "discard": ["sakuya:sp", "karen:3"], "colour": "blue", "stack": 0, "deck": 80,
            "card": "aria:mirror", "reach": False, "choices": {},
            "options": {"end": "first_out", "hand_limit": "none"}} | extra


def test_the_worked_example(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post(PLAY, json=body())
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["legal"] is True
    assert answer["effect"] == {"receives": [0, 0, 0, 0, 0], "stack": 0, "deck": 80, "direction": -1, "next": 0,
                                "colour": "blue", "penalty": 0, "out": False}
    messages = {r["code"]: r for r in answer["reasons"]}
    assert messages["sc.match.named_colour"] == {
        "code": "sc.match.named_colour", "rule": "SC-2", "rule_url": "/rules/sister-combination#sc-matching",
        "message": "Aria Mirror has the colour named after the S.P. (blue)."}
    assert messages["sc.turn.players_turn"]["message"] == "It is seat 1's turn (6 in hand)."  # 0-based in the API


def test_hinako_example_and_japanese(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post(PLAY, json=body(card="hinako:sp", choices={"colour": "red"}),
                           headers={"Accept-Language": "ja"})
    answer = response.get_json()
    assert answer["effect"]["receives"] == [0, 0, 2, 0, 0] and answer["effect"]["deck"] == 78
    sp = next(r for r in answer["reasons"] if r["code"] == "sc.sp.hinako")
    assert sp == {"code": "sc.sp.hinako", "rule": "SC-5", "rule_url": "/rules/sister-combination#sc-sp-red", "message": "雛子のS.P.：次の人席2が山札から即座に2枚受け取ります。"}


def test_an_illegal_play_is_a_200_ruling(client) -> None:  # type: ignore[no-untyped-def]
    answer = client.post(PLAY, json=body(card="marie:5")).get_json()
    assert answer["legal"] is False and "effect" not in answer
    assert any(r["code"] == "sc.match.none" and r["rule"] == "SC-2" for r in answer["reasons"])


def test_problems_are_a_422_listing_every_one(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post(PLAY, json=body(hands=[7, 7], direction=2, card="nobody:7"))
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert {e["path"] for e in errors} >= {"hands", "direction", "card"}
    assert all(e["message"] and e["rule"].startswith("SC-") for e in errors)


def test_the_openapi_document_describes_the_call(client) -> None:  # type: ignore[no-untyped-def]
    spec = client.get("/api/v1/openapi.json").get_json()
    operation = spec["paths"][PLAY]["post"]
    assert "may this card be played" in operation["summary"]


def test_sc7_the_hand_limit_chosen_on_the_spot_is_accepted_and_described(client) -> None:  # type: ignore[no-untyped-def]
    """SC-7's third setting: a play never leaves the stack over a full hand (only taking it does), so a play is
    answered as under (a) or (b); what the 16-card limit does to a play still applies."""
    full = body(hands=[7, 7, 16, 7, 7], card="hinako:sp", choices={"colour": "red"},
                options={"end": "first_out", "hand_limit": "16chosen"})
    answer = client.post(PLAY, json=full).get_json()
    assert answer["effect"] == client.post(PLAY, json=full | {"options": {"hand_limit": "16a"}}).get_json()["effect"]
    assert answer["effect"]["receives"] == [0, 0, 0, 0, 0] and answer["effect"]["stack"] == 2  # seat 2 is full
    spec = client.get("/api/v1/openapi.json").get_json()
    request = spec["paths"][PLAY]["post"]["requestBody"]["content"]["application/json"]["schema"]["oneOf"][0]
    limit = request["properties"]["options"]["properties"]["hand_limit"]
    assert limit["enum"] == ["none", "16a", "16b", "16chosen"] and "when it happens" in limit["description"]
    refused = client.post(PLAY, json=body(options={"hand_limit": "16c"}))
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["path"] == "options.hand_limit"
