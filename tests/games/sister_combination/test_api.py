"""POST /api/v1/sister-combination/play, pure: API.md's worked examples exactly, and its 422s."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import ErrorList, ImpossibleState, ParseError
from companion.games.sister_combination import play_request

from .support import body, codes


def errors(data: Any) -> list[tuple[str, str, str]]:
    with pytest.raises(ErrorList) as raised:
        play_request(data)
    return [(e.path, e.code, type(e).__name__) for e in raised.value.errors]


def test_worked_example_mirror() -> None:
    answer = play_request(body())
    assert answer["legal"] is True
    assert answer["effect"] == {"receives": [0, 0, 0, 0, 0], "stack": 0, "deck": 80, "direction": -1, "next": 0,
                                "colour": "blue", "penalty": 0, "out": False}
    assert codes(answer["reasons"]) == ["sc.turn.players_turn", "sc.match.named_colour", "sc.card.mirror"]
    assert all(r.ok and r.rule.startswith("SC-") for r in answer["reasons"])


def test_worked_example_hinako() -> None:
    answer = play_request(body(card="hinako:sp", choices={"colour": "red"}))
    assert answer["effect"]["receives"] == [0, 0, 2, 0, 0] and answer["effect"]["deck"] == 78
    assert answer["effect"]["next"] == 2 and answer["effect"]["colour"] == "red"


def test_an_illegal_play_answers_reasons_and_no_effect() -> None:
    answer = play_request(body(card="marie:5"))
    assert answer["legal"] is False and "effect" not in answer
    assert codes(r for r in answer["reasons"] if not r.ok) == ["sc.match.none"]


def test_obstruction_mode_and_targets_through_the_api() -> None:
    answer = play_request(body(stack=3, deck=77, card="aria:3"))
    assert answer["legal"] is False and codes(answer["reasons"])[-1] == "sc.obstruction.number_card"
    answer = play_request(body(card="haruka:sp", choices={"colour": "green", "target": 4}))
    assert answer["effect"]["receives"] == [0, 1, 0, 0, 2] and answer["effect"]["stack"] == 3
    assert answer["effect"]["deck"] == 80 - 1 - 2 - 3
    self_target = play_request(body(card="yotsuba:sp", choices={"colour": "green", "target": 1}))
    assert self_target["legal"] is False and codes(self_target["reasons"])[-1] == "sc.choice.target_self"


def test_reach_penalties_through_the_api() -> None:
    forgot = play_request(body(hands=[7, 2, 7, 3, 7], card="aria:4"))
    assert forgot["effect"]["penalty"] == 2 and forgot["effect"]["deck"] == 78
    declared = play_request(body(hands=[7, 2, 7, 3, 7], card="aria:4", reach=True))
    assert declared["effect"]["penalty"] == 0
    out = play_request(body(hands=[7, 1, 7, 3, 7], card="aria:4", reach=True))
    assert out["effect"]["out"] is True and out["effect"]["next"] is None
    bad = play_request(body(hands=[7, 1, 7, 3, 7], card="aria:pass", reach=True))
    assert bad["effect"]["out"] is False and bad["effect"]["penalty"] == 5 and bad["effect"]["deck"] == 75


def test_the_stack_runs_out_through_karen() -> None:
    answer = play_request(body(stack=2, deck=78, card="karen:sp", choices={"colour": "blue"}))
    assert answer["effect"]["receives"] == [1, 0, 1, 1, 1]
    assert (answer["effect"]["stack"], answer["effect"]["deck"]) == (0, 76)


def test_422_paths() -> None:
    assert errors(body(card="yotsuba:sp", choices={"colour": "green"})) == [
        ("choices.target", "sc.input.missing", "ParseError")]
    assert errors(body(card="mamoru:sp")) == [("choices.colour", "sc.input.missing", "ParseError")]
    assert errors(body(colour=None)) == [("colour", "sc.input.missing", "ParseError")]
    assert errors(body(hands=[7, 6, -1, 3, 7])) == [("hands[2]", "sc.input.out_of_range", "ParseError")]
    assert errors(body(discard=["sakuya:sp", "sakuya:sp"])) == [("discard[1]", "sc.card.duplicate",
                                                                 "ImpossibleState")]
    assert errors(body(discard=["sakuya:9"])) == [("discard[0]", "sc.card.unknown_symbol", "ParseError")]
    assert errors(body(card="karen:3")) == [("card", "sc.card.already_seen", "ImpossibleState")]
    assert errors(body(deck=140)) == [("deck", "sc.state.too_many_cards", "ImpossibleState")]
    assert errors(body(hands=[7, 6, 0, 3, 7])) == [("hands[2]", "sc.state.game_over", "ImpossibleState")]
    assert errors(body(hands=[7, 0, 7, 3, 7], options={"end": "last_one"})) == [
        ("hands[1]", "sc.hand.empty", "ImpossibleState")]
    assert errors([1, 2]) == [("", "sc.input.wrong_type", "ParseError")]


def test_every_problem_at_once() -> None:
    found = errors({"players": 2, "hands": "x", "direction": 0, "discard": [], "card": "marie:sp",
                    "options": {"end": "never"}})
    assert [(p, c) for p, c, _ in found] == [
        ("players", "sc.input.out_of_range"), ("hands", "sc.input.wrong_type"), ("turn", "sc.input.missing"),
        ("direction", "sc.input.direction"), ("stack", "sc.input.missing"), ("deck", "sc.input.missing"),
        ("discard", "sc.input.discard_empty"), ("choices.colour", "sc.input.missing"),
        ("options.end", "sc.input.option")]


def test_unknown_fields_are_ignored_and_options_default() -> None:
    data = body(extra="x")
    del data["options"]
    assert play_request(data)["legal"] is True


def test_errors_are_the_three_kinds() -> None:
    with pytest.raises(ErrorList) as raised:
        play_request(body(discard=["sakuya:sp", "sakuya:sp"], turn=9))
    assert {type(e) for e in raised.value.errors} <= {ParseError, ImpossibleState}
