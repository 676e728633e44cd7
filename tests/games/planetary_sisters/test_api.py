"""POST /api/v1/planetary-sisters/score as a pure function (API.md): the response shape, and a 422 listing
every problem with its path, code and rule."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import ErrorList, ImpossibleState, ParseError
from companion.games.planetary_sisters import GAME, rename_element, score_request

from .support import EXAMPLE_FIELD, EXAMPLE_HOUSE, complete_profile, default_profile

PROFILES = {"default": default_profile(), "synthetic": complete_profile()}


def find(name: str) -> dict[str, Any] | None:
    return PROFILES.get(name)


def card_json(notation: str) -> dict[str, Any]:
    from companion.games.planetary_sisters import CardRef

    return CardRef.parse(notation).to_json()


def errors_of(body: Any) -> list[tuple[str, str, str]]:
    with pytest.raises(ErrorList) as raised:
        score_request(body, find)
    return [(e.path, e.code, e.rule) for e in raised.value.errors]


def test_worked_example_response_exactly_as_api_md() -> None:
    body = {"players": 4, "house": [card_json(n) for n in EXAMPLE_HOUSE],
            "field": [card_json(n) for n in EXAMPLE_FIELD], "guards": [], "profile": "default"}
    answer = score_request(body, find)
    assert answer["total"] == 167
    assert answer["house"]["total"] == 113 and answer["field"]["total"] == 54
    assert list(answer) == ["total", "house", "field"]
    assert list(answer["house"]["categories"]) == ["food", "plant", "animal", "dual", "single", "collector"]
    assert answer["house"]["categories"]["food"] == {
        "production": 6, "harvesters": 4, "satisfaction": 18, "multiplier": 1, "points": 18}
    assert answer["field"]["categories"]["single"] == {
        "production": 4, "harvesters": 1, "satisfaction": 4, "multiplier": 5, "points": 20}
    assert GAME.score_request(body, find) == answer


def test_cards_by_rank_from_a_profile_and_defaults() -> None:
    # players defaults to 4, field and guards to []; 14 is FOOD*4, 15 FOOD*4 in the synthetic profile
    answer = score_request({"house": [{"rank": 14}, {"rank": 15}], "profile": "synthetic"}, find)
    assert answer["house"]["categories"]["food"]["points"] == 8 * 1 * 1
    assert answer["total"] == 8 + (2 - 1) * 0 * 5  # two single-type cards, no pointed-only harvester


def test_two_players_guards_count_as_harvesters() -> None:
    body = {"players": 2, "house": [{"elements": {"FOOD": 2}}, {"elements": {"FOOD": 1, "PLANT": 1}}],
            "field": [{"elements": {"FOOD": 1}}], "guards": [{"elements": {"FOOD": 3}}]}
    answer = score_request(body, find)
    # food: production 3, harvesters field 1 + guard 1 -> 3 × 2 × 1
    assert answer["field"]["categories"]["food"] == {
        "production": 3, "harvesters": 2, "satisfaction": 6, "multiplier": 1, "points": 6}


def test_renamed_profile_names_are_accepted() -> None:
    PROFILES["renamed"] = rename_element(default_profile(), "FOOD", "食")
    try:
        answer = score_request({"house": [{"elements": {"食": 2}}, {"elements": {"食": 1}}], "profile": "renamed"},
                               find)
        assert answer["house"]["categories"]["food"]["points"] == 3
        assert errors_of({"house": [{"elements": {"FOOD": 1}}], "profile": "renamed"}) == [
            ("house[0].elements.FOOD", "ps.card.unknown_element", "PS-1")]
    finally:
        del PROFILES["renamed"]


def test_every_problem_is_listed_at_once() -> None:
    body = {
        "players": 3,
        "house": [{"rank": 30}, {"elements": {"FOOD": 1, "FOO": 2}}, {"elements": {"POLE": 1, "SWORD": 1, "FOOD": 1}},
                  {"rank": 30, "elements": {"FOOD": 1}}, "x"],
        "field": [{"elements": {"PAGE": 1, "FOOD": 1}}, {}, {"rank": 40}, {"elements": {"FOOD": 0}}],
        "guards": [{"elements": {"KING": 1}}],
    }
    assert errors_of(body) == [
        ("house[4]", "ps.card.not_object", "§3"),
        ("field", "ps.api.too_many_cards", "PS-7"),  # 3 players: at most 3 field cards
        ("field[1]", "ps.card.missing", "§3"),
        ("field[2].rank", "ps.card.rank_range", "PS-2"),
        ("field[3].elements.FOOD", "ps.card.count_range", "§3.1"),
        ("guards", "ps.api.guards_need_two_players", "PS-7"),
        ("house[3]", "ps.card.duplicate_rank", "PS-7"),
        ("house[0].rank", "ps.card.unknown_rank", "PS-2"),
        ("house[1].elements.FOO", "ps.card.unknown_element", "PS-1"),
        ("house[2]", "ps.card.pointed_once", "PS-2"),
        ("house[2]", "ps.card.pointed_with_one_round", "PS-2"),
        ("house[3]", "ps.card.example_fact", "PS-2"),  # §4.5.1: 30 is FOOD+PLANT+ANIMAL
        ("field[0]", "ps.card.crown_alone", "PS-2"),
    ]


def test_error_kinds() -> None:
    with pytest.raises(ErrorList) as raised:
        score_request({"house": [{"rank": 3}, {"rank": 3}], "profile": "synthetic"}, find)
    (duplicate,) = raised.value.errors
    assert isinstance(duplicate, ImpossibleState)
    assert dict(duplicate.params) == {"rank": 3, "first": "house[0]"}
    with pytest.raises(ErrorList) as raised:
        score_request({"house": [{"elements": {"PAGE": 1, "KING": 1}}]}, find)
    assert all(isinstance(e, ImpossibleState) for e in raised.value.errors)
    with pytest.raises(ErrorList) as raised:
        score_request({"house": "27"}, find)
    assert isinstance(raised.value.errors[0], ParseError)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ([], [("", "ps.api.wrong_type", "§4.5")]),
        ({}, [("house", "ps.api.missing", "§4.5")]),
        ({"house": [], "players": 5}, [("players", "ps.api.out_of_range", "PS-7")]),
        ({"house": [], "players": "4"}, [("players", "ps.api.wrong_type", "PS-7")]),
        ({"house": [], "players": True}, [("players", "ps.api.wrong_type", "PS-7")]),
        ({"house": [], "profile": "nope"}, [("profile", "ps.api.unknown_profile", "PS-1")]),
        ({"house": [], "profile": 3}, [("profile", "ps.api.wrong_type", "PS-1")]),
        ({"house": [], "field": {}}, [("field", "ps.api.wrong_type", "§4.5")]),
        ({"house": [{"elements": {"FOOD": 1}}] * 9}, [("house", "ps.api.too_many_cards", "PS-7")]),
        ({"house": [], "players": 2, "guards": [{"elements": {"KING": 1}}] * 3},
         [("guards", "ps.api.too_many_cards", "PS-7")]),
        ({"house": [], "players": 2, "field": [{"elements": {"KING": 1}}] * 5},
         [("field", "ps.api.too_many_cards", "PS-7")]),
    ],
)
def test_shape_errors(body: Any, expected: list[tuple[str, str, str]]) -> None:
    assert errors_of(body) == expected


def test_partial_house_and_empty_request() -> None:
    answer = score_request({"house": []}, find)
    assert answer["total"] == 0
    assert all(c["points"] == 0 for c in answer["house"]["categories"].values())


def test_a_broken_stored_profile_is_a_422_not_a_crash() -> None:
    broken = default_profile()
    broken["meta"]["elements"] = "FOOD"
    PROFILES["broken"] = broken
    try:
        assert errors_of({"house": [], "profile": "broken"}) == [("profile", "ps.api.profile_unusable", "PS-1")]
    finally:
        del PROFILES["broken"]
