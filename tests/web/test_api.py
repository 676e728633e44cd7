"""The referee API frame: JSON in and out, 400 / 413 / 422 with every problem, messages by Accept-Language."""

from __future__ import annotations


def test_an_answer_turns_reasons_into_code_message_and_rule(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/tally/score", json={"points": [2, -5]})
    assert response.status_code == 200
    assert response.get_json() == {"total": -3, "reasons": [
        {"code": "tally.not_negative", "message": "The total stays at zero or above (it would be -3).",
         "rule": "T-2", "rule_url": ""}]}


def test_malformed_json_is_400(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/tally/score", data="{oops", content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["errors"][0]["code"] == "json.malformed"


def test_a_body_that_is_not_an_object_is_422(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/tally/score", json=[1, 2])
    assert response.status_code == 422
    assert response.get_json()["errors"] == [{"path": "", "code": "json.not_object", "rule": "", "rule_url": "",
                                              "message": "The request body must be a JSON object."}]


def test_an_invalid_body_is_422_with_path_code_message_and_rule(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/tally/score", json={"points": "many"})
    assert response.status_code == 422
    assert response.get_json() == {"errors": [{"path": "points", "code": "tally.bad_move", "rule": "T-0", "rule_url": "",
                                               "message": "Points must be a whole number."}]}


def test_messages_follow_accept_language_and_codes_do_not(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/tally/score", json={"points": "many"}, headers={"Accept-Language": "ja"})
    error = response.get_json()["errors"][0]
    assert error["code"] == "tally.bad_move" and error["rule"] == "T-0"
    assert error["message"] == "得点は整数で入力してください。"


def test_the_api_reads_no_cookies_and_needs_no_csrf(client) -> None:  # type: ignore[no-untyped-def]
    client.set_cookie("lang", "ja")
    response = client.post("/api/v1/tally/score", json={"points": "many"})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["message"] == "Points must be a whole number."


def test_an_oversized_body_is_413_json(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/v1/tally/score", data="[" + "1," * 600_000 + "1]",
                           content_type="application/json")
    assert response.status_code == 413
    assert response.get_json()["errors"][0]["code"] == "request.too_large"


def test_unknown_calls_are_404_json(client) -> None:  # type: ignore[no-untyped-def]
    for url in ("/api/v1/tally/nope", "/api/v1/chess/score"):
        response = client.post(url, json={})
        assert response.status_code == 404
        assert response.get_json()["errors"][0]["code"] == "request.not_found"
    response = client.get("/api/v1/tally/score")
    assert response.status_code == 405 and response.get_json()["errors"][0]["code"] == "request.method"


def test_openapi_describes_every_call(client) -> None:  # type: ignore[no-untyped-def]
    document = client.get("/api/v1/openapi.json").get_json()
    assert document["openapi"].startswith("3.")
    operation = document["paths"]["/api/v1/tally/score"]["post"]
    assert set(operation["responses"]) == {"200", "400", "405", "413", "422"}
    assert operation["responses"]["405"]["headers"]["Allow"]
    ref = operation["responses"]["422"]["content"]["application/json"]["schema"]["$ref"]
    error = document["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    assert error["properties"]["errors"]["items"]["required"] == ["path", "code", "message", "rule", "rule_url"]
