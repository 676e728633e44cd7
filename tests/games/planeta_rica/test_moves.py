"""Move notation and JSON round-trip; malformed moves are ParseErrors with paths."""

from __future__ import annotations

import pytest

from companion.games.base import ErrorList, ParseError
from companion.games.planeta_rica import (
    Adjust,
    Collect,
    Develop,
    Dispatch,
    Gadget,
    Invade,
    Placement,
    Planet,
    Resource,
    Resources,
    Return,
    Reward,
    move_to_json,
    parse_move,
    parse_move_text,
)

EXAMPLES = [
    ("start 2", {"type": "start", "seat": 2}),
    ("reveal tourist_planet", {"type": "reveal", "planet": "tourist_planet"}),
    ("return 1", {"type": "return", "planet": 1}),
    ("return 1 copy=0", {"type": "return", "planet": 1, "copy": 0}),
    ("return 0 take=1mithril", {"type": "return", "planet": 0, "take": {"mithril": 1}}),
    ("return 0 give=2tachyon take=1monopole+1mithril",
     {"type": "return", "planet": 0, "give": {"tachyon": 2}, "take": {"monopole": 1, "mithril": 1}}),
    ("return 0 shows=coin2", {"type": "return", "planet": 0, "shows": "coin2"}),
    ("return 2 copy=0 copied=tachyon", {"type": "return", "planet": 2, "copy": 0, "copied": "tachyon"}),
    ("dispatch 0:1,2,4", {"type": "dispatch", "placements": [{"planet": 0, "slots": [1, 2, 4]}]}),
    ("dispatch 0:1,2 1:1", {"type": "dispatch", "placements": [{"planet": 0, "slots": [1, 2]},
                                                               {"planet": 1, "slots": [1]}]}),
    ("invade tourist_planet", {"type": "invade", "planet": "tourist_planet"}),
    ("invade tourist_planet cost=3 hypnosis=1,3", {"type": "invade", "planet": "tourist_planet", "cost": 3,
                                                   "hypnosis": [1, 3]}),
    ("develop warp_gate", {"type": "develop", "gadget": "warp_gate"}),
    ("develop warp_gate pay=1tachyon+1mithril", {"type": "develop", "gadget": "warp_gate",
                                                 "pay": {"tachyon": 1, "mithril": 1}}),
    ("collect", {"type": "collect"}),
    ("collect mithril", {"type": "collect", "resource": "mithril"}),
    ("donate", {"type": "donate"}),
    ("end", {"type": "end"}),
    ("adjust 1 merchant_guild tachyon=-1 coins=2", {"type": "adjust", "seat": 1, "card": "merchant_guild",
                                                    "tachyon": -1, "coins": 2}),
]


@pytest.mark.parametrize(("text", "data"), EXAMPLES)
def test_notation_and_json_round_trip(text: str, data: dict[str, object]) -> None:
    move = parse_move_text(text)
    assert str(move) == text
    assert move_to_json(move) == data
    assert parse_move(data) == move


def test_moves_are_values() -> None:
    assert parse_move_text("dispatch 0:1,2 1:1") == Dispatch((Placement(0, (1, 2)), Placement(1, (1,))))
    assert parse_move_text("return 0 give=2tachyon take=1monopole+1mithril") == Return(
        0, give=Resources(tachyon=2), take=Resources(monopole=1, mithril=1))
    assert parse_move_text("invade endymion cost=4") == Invade(Planet.ENDYMION, 4)
    assert parse_move_text("develop warp_gate") == Develop(Gadget.WARP_GATE)
    assert parse_move_text("collect tachyon") == Collect(Resource.TACHYON)
    assert parse_move_text("return 0 shows=any take=1tachyon").shows is Reward.ANY  # type: ignore[union-attr]
    assert parse_move_text("adjust 0 warp_gate fame=3") == Adjust(0, Gadget.WARP_GATE, fame=3)


@pytest.mark.parametrize(("data", "code", "path"), [
    ({"type": "fly"}, "pr.move.unknown_type", "type"),
    ({"type": "start"}, "pr.move.missing_field", "seat"),
    ({"type": "start", "seat": -1}, "pr.move.not_a_count", "seat"),
    ({"type": "reveal", "planet": "pluto"}, "pr.card.unknown_planet", "planet"),
    ({"type": "return", "planet": 0, "take": {"gold": 1}}, "pr.resource.unknown", "take.gold"),
    ({"type": "return", "planet": 0, "shows": "gold"}, "pr.slot.unknown_reward", "shows"),
    ({"type": "dispatch", "placements": []}, "pr.move.missing_field", "placements"),
    ({"type": "dispatch", "placements": [{"planet": 0, "slots": [6]}]}, "pr.move.bad_slots", "placements[0].slots"),
    ({"type": "dispatch", "placements": [{"planet": "x", "slots": [1]}]}, "pr.move.not_a_count",
     "placements[0].planet"),
    ({"type": "invade", "planet": "endymion", "hypnosis": [1, 1]}, "pr.move.bad_slots", "hypnosis"),
    ({"type": "develop", "gadget": "laser"}, "pr.card.unknown_gadget", "gadget"),
    ({"type": "collect", "resource": "gold"}, "pr.resource.unknown", "resource"),
    ({"type": "adjust", "seat": 0, "card": "warp_gate", "coins": "2"}, "pr.move.not_an_integer", "coins"),
])
def test_malformed_moves(data: dict[str, object], code: str, path: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_move(data)
    assert (caught.value.code, caught.value.path) == (code, path)


def test_several_problems_come_together() -> None:
    with pytest.raises(ErrorList) as caught:
        parse_move({"type": "adjust", "card": "pluto", "fame": 1.5})
    assert [(e.code, e.path) for e in caught.value.errors] == [
        ("pr.move.missing_field", "seat"), ("pr.card.unknown", "card"), ("pr.move.not_an_integer", "fame")]


@pytest.mark.parametrize("text", ["", "fly", "start", "dispatch", "dispatch 0", "return 0 take=2gold",
                                  "donate 1", "collect a b", "invade endymion colour=red"])
def test_malformed_notation(text: str) -> None:
    with pytest.raises(ParseError):
        parse_move_text(text)
