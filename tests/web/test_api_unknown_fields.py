"""Inside a body's objects only the described fields are taken: a card or a seat with a
field its call's description does not list is a 422 naming it, as the description (``additionalProperties:
false``) says; unknown fields at the top level are still ignored (API.md)."""

from __future__ import annotations

from flask.testing import FlaskClient

from companion.web.api.strict import unknown_fields


def lumiere_body(**extra_on_card: object) -> dict[str, object]:
    card = {"card": "commoner", "owner": 3, **extra_on_card}
    return {"players": 4, "board": [[[card], [], [], []], [[], [], [], []], [[], [], [], []], [[], [], [], []]]}


def test_an_unknown_field_inside_a_card_is_refused_and_named(client: FlaskClient) -> None:
    assert client.post("/api/v1/lumiere/captures", json=lumiere_body()).status_code == 200
    refused = client.post("/api/v1/lumiere/captures", json=lumiere_body(colour="red"),
                          headers={"Accept-Language": "en"})
    assert refused.status_code == 422
    (error,) = refused.get_json()["errors"]
    assert (error["path"], error["code"]) == ("board.0.0.0.colour", "request.unknown_field")
    assert error["message"] == ("The field board.0.0.0.colour is not part of this call's request "
                                "(see its description).")
    japanese = client.post("/api/v1/lumiere/captures", json=lumiere_body(colour="red"),
                           headers={"Accept-Language": "ja"}).get_json()["errors"][0]["message"]
    assert japanese == "項目 board.0.0.0.colour はこの呼び出しのリクエストにはありません（説明を参照してください）。"


def test_unknown_fields_at_the_top_level_are_still_ignored(client: FlaskClient) -> None:
    body = {**lumiere_body(), "note": {"any": ["json", 1, None]}}
    assert client.post("/api/v1/lumiere/captures", json=body).status_code == 200


def test_a_field_is_refused_only_when_every_alternative_refuses_it() -> None:
    schema = {"anyOf": [
        {"type": "object", "properties": {"kind": {"const": "a"}, "x": {"type": "integer"}},
         "additionalProperties": False},
        {"type": "object", "properties": {"kind": {"const": "b"}, "y": {"type": "integer"}},
         "additionalProperties": False},
    ]}
    never = lambda ref: {}  # noqa: E731
    assert unknown_fields({"kind": "a", "x": 1}, schema, never) == []
    assert unknown_fields({"kind": "b", "y": 1}, schema, never) == []
    assert unknown_fields({"kind": "a", "y": 1}, schema, never) == ["y"]  # "a" is the only alternative it can be
    assert unknown_fields({"x": 1}, {"type": "object", "properties": {"x": {}}}, never) == []  # open object
