"""Card, colour and move notation: text and JSON round-trips, and ParseError with paths."""

from __future__ import annotations

import pytest

from companion.games.base import ErrorList, ParseError
from companion.games.sister_combination.cards import COLOURS, Element, colour_name, parse_colour
from companion.games.sister_combination.moves import (
    Draw,
    Keep,
    Overflow,
    PassTurn,
    ReachMissed,
    Reshuffle,
    Setup,
    TakeStack,
    move_to_json,
    parse_move,
    parse_move_text,
)

from .support import c, play

MOVES = [
    Setup(0, (7, 7, 7), c("karen:3")),
    play("marie:7"),
    play("marie:7", reach=True),
    play("haruka:sp", colour="blue", target=2, reach=True),
    Draw(), Keep(), TakeStack(), PassTurn(), ReachMissed(2), Reshuffle(), Overflow("a"), Overflow("b"),
]


@pytest.mark.parametrize("move", MOVES, ids=str)
def test_round_trips(move: object) -> None:
    assert parse_move(move_to_json(move)) == move  # type: ignore[arg-type]
    assert parse_move_text(str(move)) == move


def test_json_shapes() -> None:
    assert move_to_json(play("haruka:sp", colour="blue", target=2)) == {
        "type": "play", "card": "haruka:sp", "colour": "blue", "target": 2}
    assert move_to_json(Setup(0, (7, 7, 7), c("karen:3"))) == {
        "type": "setup", "first": 0, "hands": [7, 7, 7], "field": "karen:3"}
    assert str(play("haruka:sp", colour="blue", target=2, reach=True)) == "play haruka:sp colour=blue target=2 reach"


def test_colours() -> None:
    assert COLOURS == ("red", "green", "yellow", "blue")
    assert parse_colour("Blue") is Element.WATER and colour_name(Element.FIRE) == "red"
    with pytest.raises(ParseError):
        parse_colour("purple")


def test_parse_errors_carry_paths() -> None:
    with pytest.raises(ParseError) as one:
        parse_move({"type": "play", "card": "nobody:1"})
    assert one.value.path == "card" and one.value.code == "sc.card.unknown_sister"
    with pytest.raises(ErrorList) as several:
        parse_move({"type": "play", "card": "marie:9", "colour": "pink", "target": -1, "reach": "yes"})
    assert [e.path for e in several.value.errors] == ["card", "reach", "colour", "target"]
    with pytest.raises(ParseError) as kind:
        parse_move({"type": "fly"})
    assert kind.value.path == "type"
    with pytest.raises(ErrorList) as setup:
        parse_move({"type": "setup", "first": "x", "hands": [7, -1, 7], "field": "karen"})
    assert [e.path for e in setup.value.errors] == ["first", "hands[1]", "field"]
    for bad in ("", "play", "play marie:7 colour=red colour=red", "fly", "setup first=0"):
        with pytest.raises(ParseError):
            parse_move_text(bad)


def test_sc7_the_overflow_choice_reads_and_writes() -> None:
    """SC-7's third setting: the player who could not take the whole stack chooses rule (a) or (b)."""
    assert move_to_json(Overflow("b")) == {"type": "overflow", "rule": "b"} and str(Overflow("a")) == "overflow a"
    for bad in ({"type": "overflow"}, {"type": "overflow", "rule": "c"}, {"type": "overflow", "rule": 1}):
        with pytest.raises(ParseError) as refused:
            parse_move(bad)
        assert refused.value.path == "rule" and refused.value.rule == "SC-7"
    for bad in ("overflow", "overflow c", "overflow a b"):
        with pytest.raises(ParseError):
            parse_move_text(bad)
