"""POST /api/v1/lumiere/captures through the app: API.md's shape, every problem in one 422 with path, code,
message and rule, messages following Accept-Language, and the OpenAPI description."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient


def board(**areas: list[dict[str, Any]]) -> list[list[list[dict[str, Any]]]]:
    """A 4 × 4 board; keyword ``r1c2=[...]`` puts that stack (top first) on row 1, column 2."""
    return [[areas.get(f"r{r}c{c}", []) for c in range(4)] for r in range(4)]


def card(name: str, owner: int) -> dict[str, Any]:
    return {"card": name, "owner": owner}


def test_the_answer_is_exactly_api_md(client: FlaskClient) -> None:
    body = {"players": 4, "active": [[1, 0], [0, 1]],
            "board": board(r1c0=[card("commoner", 0)], r1c1=[card("yokai", 3), card("ghost", 0)],
                           r1c2=[card("commoner", 0)], r0c1=[card("commoner", 2)], r2c1=[card("commoner", 2)],
                           r3c3=[card("vampire", 1)])}
    response = client.post("/api/v1/lumiere/captures", json=body)
    assert response.status_code == 200
    assert response.get_json() == {
        "captures": [],
        "excluded": [{"cell": [1, 1], "owner": 3, "by": [0, 2]}],
    }
    body["active"] = [[1, 0]]  # the column's ends are no longer active: only seat 0 sandwiches (row)
    assert client.post("/api/v1/lumiere/captures", json=body).get_json() == {
        "captures": [{"cell": [1, 1], "owner": 3, "by": 0, "lines": ["row"]}], "excluded": []}


def test_players_and_active_default(client: FlaskClient) -> None:
    body = {"board": board(r0c0=[card("commoner", 3)])}
    assert client.post("/api/v1/lumiere/captures", json=body).get_json() == {"captures": [], "excluded": []}


def test_every_problem_is_listed_with_path_code_message_and_rule(client: FlaskClient) -> None:
    body = {"players": 3, "active": [[0, 1], [5, 0], "B2"],
            "board": board(r0c0=[card("commoner", 3)], r1c0=[card("dragon", 0)], r2c0=[{"card": "ghost"}])}
    response = client.post("/api/v1/lumiere/captures", json=body, headers={"Accept-Language": "en"})
    assert response.status_code == 422
    assert response.get_json() == {"errors": [
        {"path": "board[0][0][0].owner", "code": "lp.owner.out_of_range", "rule": "LP-1", "rule_url": "/rules/lumiere#lp-orientation",
         "message": "No card can face seat 3 at a table of 3 players (with 3 players the fourth orientation is "
                    "unused)."},
        {"path": "board[1][0][0].card", "code": "lp.card.unknown", "rule": "LP-8", "rule_url": "/rules/lumiere#lp-cards",
         "message": "“dragon” is not one of the twelve cards of the rule text."},
        {"path": "board[2][0][0].owner", "code": "lp.json.missing", "rule": "LP-1", "rule_url": "/rules/lumiere#lp-orientation",
         "message": "“owner” is required here."},
        {"path": "active[0]", "code": "lp.active.empty_area", "rule": "LP-3", "rule_url": "/rules/lumiere#lp-active",
         "message": "[0, 1] is empty: only a card on top of an area can be active."},
        {"path": "active[1]", "code": "lp.cell.out_of_range", "rule": "LP-3", "rule_url": "/rules/lumiere#lp-active",
         "message": "Row 5, column 0 is off the 4 × 4 field (rows and columns 0 to 3)."},
        {"path": "active[2]", "code": "lp.cell.malformed", "rule": "LP-3", "rule_url": "/rules/lumiere#lp-active",
         "message": "“B2” is not an area: give [row, column], each from 0 to 3."},
    ]}


def test_messages_follow_accept_language_codes_and_rules_do_not(client: FlaskClient) -> None:
    body = {"players": 4, "board": board(**{f"r0c{c}": [card("exorcist", 0)] * 2 for c in range(3)})}
    english = client.post("/api/v1/lumiere/captures", json=body, headers={"Accept-Language": "en"}).get_json()
    japanese = client.post("/api/v1/lumiere/captures", json=body, headers={"Accept-Language": "ja"}).get_json()
    assert english["errors"] == [{"path": "board", "code": "lp.board.too_many_copies", "rule": "LP-8", "rule_url": "/rules/lumiere#lp-cards",
                                  "message": "The field holds 6 × Exorcist, but the decks of 4 players hold only 4."}]
    assert japanese["errors"] == [{"path": "board", "code": "lp.board.too_many_copies", "rule": "LP-8", "rule_url": "/rules/lumiere#lp-cards",
                                   "message": "フィールドに退魔士が6枚ありますが、4人分のデッキには4枚しかありません。"}]


def test_the_api_reads_no_cookie_language_and_needs_no_csrf(client: FlaskClient) -> None:
    client.set_cookie("lang", "ja")
    response = client.post("/api/v1/lumiere/captures", json={"players": 2, "board": board()})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["message"] == "Lumière Prière is played by 3 or 4 players, not 2."


def test_bad_bodies(client: FlaskClient) -> None:
    assert client.post("/api/v1/lumiere/captures", data="{", content_type="application/json").status_code == 400
    response = client.post("/api/v1/lumiere/captures", json={"players": 4})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [{"path": "board", "code": "lp.json.missing", "rule": "§場の説明", "rule_url": "/rules/lumiere#lp-field",
                                              "message": "“board” is required here."}]
    response = client.post("/api/v1/lumiere/captures", json={"board": [[], [], []]})
    assert response.get_json()["errors"][0] == {"path": "board", "code": "lp.board.shape", "rule": "§場の説明", "rule_url": "/rules/lumiere#lp-field",
                                                "message": "The field is 4 rows of 4 areas (4 × 4)."}
    big = {"board": board(), "padding": "x" * (1024 * 1024)}
    assert client.post("/api/v1/lumiere/captures", json=big).status_code == 413


def test_the_openapi_description_has_the_call_with_its_schemas(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    call = document["paths"]["/api/v1/lumiere/captures"]["post"]
    three, four = call["requestBody"]["content"]["application/json"]["schema"]["oneOf"]  # one per player count
    assert three["required"] == ["board", "players"] and four["required"] == ["board"]
    assert (three["properties"]["players"]["const"], four["properties"]["players"]["const"]) == (3, 4)
    card = four["properties"]["board"]["items"]["items"]["items"]
    assert card["properties"]["card"]["enum"][:3] == ["commoner", "yokai_master", "exorcist"]
    assert card["properties"]["owner"]["maximum"] == 3 and "×5" in card["properties"]["card"]["description"]
    response_schema = call["responses"]["200"]["content"]["application/json"]["schema"]
    lines = response_schema["properties"]["captures"]["items"]["properties"]["lines"]["items"]["enum"]
    assert lines == ["row", "column", "diagonal", "anti-diagonal", "corner"]
    assert "422" in call["responses"]
