"""POST /api/v1/planeta-rica/score (API.md): exact numbers, and every kind of bad input as a 422 list."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from companion.games.base import ErrorList, ImpossibleState, ParseError
from companion.games.planeta_rica import score_request

from .support import lookup

REQUEST: dict[str, Any] = {
    "players": 3, "start": 0, "profile": "test",
    "seats": [
        {"fame": 7, "planets": [{"name": "new_earth"},
                                {"name": "tourist_planet", "vp": 3,
                                 "slots": ["coin", "tachyon", "any", "worker", "nothing"]}],
         "gadgets": [{"name": "trade_king_schneider", "vp": 2}]},
        {"fame": 10, "planets": [{"name": "new_earth"}], "gadgets": []},
        {"fame": 12, "planets": [{"name": "new_earth", "vp": 0}], "gadgets": [{"name": "warp_gate"}]},
    ],
}


def test_a_valid_request_gives_the_exact_response() -> None:
    # seat 0: Schneider counts New Earth's 3 icons (profile) and Tourist Planet's 2 (inline) = 5 -> 1 VP
    assert score_request(REQUEST, lookup) == {
        "seats": [
            {"vp": 13, "fame": 7, "planets": 3, "gadgets": 2, "bonus": 1,
             "bonuses": [{"name": "trade_king_schneider", "vp": 1, "resource_icons": 5}]},
            {"vp": 10, "fame": 10, "planets": 0, "gadgets": 0, "bonus": 0, "bonuses": []},
            {"vp": 14, "fame": 12, "planets": 0, "gadgets": 2, "bonus": 0, "bonuses": []},
        ],
        "ranking": [2, 0, 1], "winner": 2,
    }


def test_a_tie_goes_farthest_clockwise_from_start() -> None:
    body = {"players": 3, "start": 2, "profile": "test",
            "seats": [{"fame": 4, "planets": [{"name": "new_earth"}]} for _ in range(3)]}
    # from seat 2: seat 0 is 1 step, seat 1 is 2 steps, seat 2 itself 0
    assert score_request(body, lookup)["ranking"] == [1, 0, 2]


def errors(body: Any) -> list[tuple[str, str, str]]:
    with pytest.raises(ErrorList) as caught:
        score_request(body, lookup)
    return [(e.path, e.code, e.rule) for e in caught.value.errors]


def changed(path: list[Any], value: Any) -> dict[str, Any]:
    body = copy.deepcopy(REQUEST)
    target: Any = body
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return body


@pytest.mark.parametrize(("path", "value", "expected"), [
    (["players"], KeyError, ("players", "pr.api.missing", "PR-1")),
    (["players"], "3", ("players", "pr.api.wrong_type", "PR-1")),
    (["players"], 6, ("players", "pr.api.out_of_range", "PR-1")),
    (["start"], 3, ("start", "pr.api.out_of_range", "PR-5")),
    (["profile"], "nope", ("profile", "pr.api.unknown_profile", "PR-6")),
    (["profile"], 1, ("profile", "pr.api.wrong_type", "PR-6")),
    (["seats"], KeyError, ("seats", "pr.api.missing", "PR-5")),
    (["seats"], {}, ("seats", "pr.api.wrong_type", "PR-5")),
    (["seats", 1], 5, ("seats[1]", "pr.api.wrong_type", "PR-5")),
    (["seats", 1, "fame"], -1, ("seats[1].fame", "pr.api.out_of_range", "PR-5")),
    (["seats", 1, "fame"], KeyError, ("seats[1].fame", "pr.api.missing", "PR-5")),
    (["seats", 1, "planets"], "new_earth", ("seats[1].planets", "pr.api.wrong_type", "PR-5")),
    (["seats", 1, "planets", 0, "name"], "pluto", ("seats[1].planets[0].name", "pr.api.unknown_card", "PR-1")),
    (["seats", 1, "planets", 0, "name"], "warp_gate", ("seats[1].planets[0].name", "pr.api.unknown_card", "PR-1")),
    (["seats", 1, "planets", 0], "new_earth", ("seats[1].planets[0]", "pr.api.wrong_type", "PR-1")),
    (["seats", 0, "planets", 1, "vp"], "3", ("seats[0].planets[1].vp", "pr.api.wrong_type", "PR-6")),
    (["seats", 0, "planets", 1, "slots"], ["coin"], ("seats[0].planets[1].slots", "pr.api.bad_slots", "PR-2")),
    (["seats", 0, "planets", 1, "slots", 2], "gold", ("seats[0].planets[1].slots[2]", "pr.slot.unknown_reward",
                                                      "PR-2")),
    (["seats", 0, "gadgets", 0, "name"], KeyError, ("seats[0].gadgets[0].name", "pr.api.missing", "PR-1")),
])
def test_bad_input_is_a_422_with_its_path(path: list[Any], value: Any, expected: tuple[str, str, str]) -> None:
    assert errors(changed(path, value)) == [expected]


def test_the_seat_count_must_match_players() -> None:
    assert errors(changed(["players"], 4)) == [("seats", "pr.api.seat_count", "PR-1")]


def test_not_an_object() -> None:
    assert errors([1, 2]) == [("", "pr.api.wrong_type", "PR-5")]


def test_a_vp_neither_request_nor_profile_gives_names_the_card() -> None:
    body = changed(["profile"], "default")
    with pytest.raises(ErrorList) as caught:
        score_request(body, lookup)
    found = [(e.path, e.code, e.params.get("card")) for e in caught.value.errors]
    assert found == [("seats[0].planets[0].vp", "pr.api.vp_unknown", "new_earth"),
                     ("seats[0].planets[0].slots", "pr.api.slots_unknown", "new_earth"),
                     ("seats[1].planets[0].vp", "pr.api.vp_unknown", "new_earth"),
                     ("seats[2].gadgets[0].vp", "pr.api.vp_unknown", "warp_gate")]
    assert all(isinstance(e, ParseError) for e in caught.value.errors)


def test_too_many_copies_across_seats() -> None:
    body = {"players": 4, "start": 0, "profile": "test",
            "seats": [{"fame": 0, "planets": [{"name": "new_earth"}, {"name": "new_earth"}]} for _ in range(4)]}
    with pytest.raises(ErrorList) as caught:
        score_request(body, lookup)
    [error] = caught.value.errors
    assert isinstance(error, ImpossibleState)
    assert (error.path, error.code, error.rule, error.params) == (
        "seats", "pr.api.too_many_copies", "PR-1", {"card": "new_earth", "count": 8, "copies": 7})


def test_a_second_copy_of_a_gadget_in_one_seat() -> None:
    body = changed(["seats", 2, "gadgets"], [{"name": "warp_gate"}, {"name": "warp_gate"}])
    with pytest.raises(ErrorList) as caught:
        score_request(body, lookup)
    [error] = caught.value.errors
    assert isinstance(error, ImpossibleState)
    assert (error.path, error.code, error.params) == ("seats[2].gadgets[1]", "pr.api.second_gadget_copy",
                                                      {"card": "warp_gate", "first": "seats[2].gadgets[0]"})
    body = changed(["seats", 1, "gadgets"], [{"name": "trade_king_schneider"}])
    assert errors(body) == [("seats", "pr.api.too_many_copies", "PR-1")]


def test_every_problem_is_listed_at_once() -> None:
    body = changed(["players"], 9)
    body["seats"][0]["fame"] = "x"
    body["seats"][2]["planets"][0]["name"] = "pluto"
    assert errors(body) == [("players", "pr.api.out_of_range", "PR-1"),
                            ("seats[0].fame", "pr.api.wrong_type", "PR-5"),
                            ("seats[2].planets[0].name", "pr.api.unknown_card", "PR-1")]
