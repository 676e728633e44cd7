"""``POST /api/v1/lumiere/captures`` as a pure function: API.md's answer, or every problem at once."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.games.base import ErrorList, ImpossibleState, ParseError
from companion.games.lumiere import GAME, captures_request, read_captures_request


def empty_board() -> list[list[list[dict[str, Any]]]]:
    return [[[] for _ in range(4)] for _ in range(4)]


def put(board: list[list[list[dict[str, Any]]]], row: int, col: int, *cards: tuple[str, int]) -> None:
    board[row][col] = [{"card": card, "owner": owner} for card, owner in cards]


def errors_of(body: Any) -> list[tuple[str, str, str]]:
    with pytest.raises(ErrorList) as caught:
        captures_request(body)
    return [(e.path, e.code, e.rule) for e in caught.value.errors]


def test_the_answer_has_exactly_api_md_shape_and_order() -> None:
    board = empty_board()
    # seat 0 sandwiches r2c1 on a row and an anti-diagonal; seats 0 and 3 both sandwich r1c1 -> excluded
    put(board, 2, 0, ("commoner", 0))
    put(board, 2, 1, ("yokai", 3))
    put(board, 2, 2, ("commoner", 0))
    put(board, 1, 0, ("ghost", 0))
    put(board, 3, 0, ("warrior", 0))
    put(board, 1, 1, ("vampire", 2), ("commoner", 1))
    put(board, 1, 2, ("commoner", 0))
    put(board, 0, 1, ("priest", 3))
    body = {"players": 4, "board": board, "active": [[2, 2], [1, 2], [0, 1]], "unknown_field": "ignored"}
    answer = captures_request(body)
    assert answer == {
        "captures": [{"cell": [2, 1], "owner": 3, "by": 0, "lines": ["row", "anti-diagonal"]}],
        "excluded": [{"cell": [1, 1], "owner": 2, "by": [0, 3]}],
    }
    assert json.loads(json.dumps(answer)) == answer
    assert GAME.captures(body) == answer


def test_players_and_active_have_defaults() -> None:
    board = empty_board()
    put(board, 0, 0, ("commoner", 0))
    put(board, 0, 1, ("commoner", 3))
    put(board, 0, 2, ("commoner", 0))
    assert captures_request({"board": board}) == {"captures": [], "excluded": []}  # nothing active
    assert captures_request({"board": board, "active": [[0, 0]]})["captures"] == [
        {"cell": [0, 1], "owner": 3, "by": 0, "lines": ["row"]}]


def test_the_page_gets_the_explained_sandwiches_from_the_same_reading() -> None:
    board = empty_board()
    put(board, 0, 0, ("commoner", 0))
    put(board, 0, 1, ("commoner", 1))
    put(board, 0, 2, ("commoner", 0))
    outcome = read_captures_request({"players": 3, "board": board})
    assert [r.code for s in outcome.sandwiches for r in s.reasons] == ["lp.sandwich.between",
                                                                       "lp.sandwich.no_active"]


def test_three_players_owner_3_is_the_unused_orientation() -> None:
    board = empty_board()
    put(board, 1, 2, ("commoner", 0), ("yokai", 3))
    assert errors_of({"players": 3, "board": board}) == [("board[1][2][1].owner", "lp.owner.out_of_range", "LP-1")]
    assert captures_request({"players": 4, "board": board}) == {"captures": [], "excluded": []}


def test_every_problem_is_listed_with_its_path_code_and_rule() -> None:
    board: list[Any] = empty_board()
    board[0] = [[], [], []]  # a row of 3
    board[1][0] = {"card": "commoner"}  # an area that is not a list
    board[2][1] = [{"card": "dragon", "owner": 0}, {"owner": "1"}, "ghost"]
    board[3][3] = [{"card": "vampire", "owner": 7}]
    body = {"players": 5, "board": board, "active": [[2, 2], [4, 0], "r0c0"]}
    assert errors_of(body) == [
        ("players", "lp.players.unsupported", "§概要"),
        ("board[0]", "lp.board.shape", "§場の説明"),
        ("board[1][0]", "lp.json.wrong_type", "§場の説明"),
        ("board[2][1][0].card", "lp.card.unknown", "LP-8"),
        ("board[2][1][1].card", "lp.json.missing", "LP-8"),
        ("board[2][1][1].owner", "lp.json.wrong_type", "LP-1"),
        ("board[2][1][2]", "lp.json.wrong_type", "LP-8"),
        ("board[3][3][0].owner", "lp.owner.out_of_range", "LP-1"),
        ("active[0]", "lp.active.empty_area", "LP-3"),
        ("active[1]", "lp.cell.out_of_range", "LP-3"),
        ("active[2]", "lp.cell.malformed", "LP-3"),
    ]


def test_error_kinds_parse_versus_impossible() -> None:
    board = empty_board()
    put(board, 0, 0, ("commoner", 0))
    with pytest.raises(ErrorList) as caught:
        captures_request({"players": 4, "board": board, "active": [[3, 3]], "extra": 1})
    (error,) = caught.value.errors
    assert isinstance(error, ImpossibleState)
    assert (error.code, error.params) == ("lp.active.empty_area", {"cell": "r3c3"})
    with pytest.raises(ErrorList) as caught:
        captures_request({"players": 4, "board": board, "active": "all"})
    assert isinstance(caught.value.errors[0], ParseError)


def test_more_copies_than_the_decks_hold_is_impossible() -> None:
    board = empty_board()
    # three players hold 3 × 1 vampires; four vampires (one under another card) cannot exist
    put(board, 0, 0, ("vampire", 0))
    put(board, 0, 1, ("vampire", 1), ("vampire", 2))
    put(board, 3, 3, ("commoner", 2), ("vampire", 0))
    with pytest.raises(ErrorList) as caught:
        captures_request({"players": 3, "board": board})
    (error,) = caught.value.errors
    assert isinstance(error, ImpossibleState)
    assert (error.path, error.code, error.rule, error.params) == (
        "board", "lp.board.too_many_copies", "LP-8", {"card": "vampire", "count": 4, "limit": 3, "players": 3})
    assert captures_request({"players": 4, "board": board}) == {"captures": [], "excluded": []}


@pytest.mark.parametrize(("body", "expected"), [
    ([], [("", "lp.json.wrong_type", "§場の説明")]),
    ({}, [("board", "lp.json.missing", "§場の説明")]),
    ({"board": [[]] * 3}, [("board", "lp.board.shape", "§場の説明")]),
    ({"board": "....", "players": True}, [("players", "lp.players.unsupported", "§概要"),
                                          ("board", "lp.board.shape", "§場の説明")]),
])
def test_bad_shapes(body: Any, expected: list[tuple[str, str, str]]) -> None:
    assert errors_of(body) == expected
