"""Moves: notation and JSON round-trip (the platform stores JSON and replays it); malformed input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import ParseError
from companion.games.strato_sphere.cards import Colour, Suit, all_cards
from companion.games.strato_sphere.moves import (
    Attack,
    Conceal,
    Defend,
    Draw,
    FixForces,
    Move,
    NoDefence,
    Pass,
    Place,
    Reveal,
    Shift,
    move_to_json,
    parse_move,
    parse_move_text,
)

from .builders import card

indices = st.integers(0, 11)
cards = st.sampled_from(all_cards())
moves: st.SearchStrategy[Move] = st.one_of(
    st.just(Draw()),
    st.just(NoDefence()),
    st.just(Pass()),
    st.builds(Place, indices),
    st.builds(Reveal, indices, cards),
    st.builds(Conceal, indices),
    st.builds(Shift, indices, indices),
    st.builds(Attack, indices, indices),
    st.builds(Defend, st.integers(0, 3), cards),
    st.permutations(list(Suit)).map(lambda p: FixForces(tuple(p))),
    st.permutations(list(Colour)).map(lambda p: FixForces(tuple(p))),
)


@settings(max_examples=150)
@given(moves)
def test_json_round_trips(move: Move) -> None:
    assert parse_move(move_to_json(move)) == move


@settings(max_examples=150)
@given(moves)
def test_notation_round_trips(move: Move) -> None:
    assert parse_move_text(str(move)) == move


def test_json_shapes() -> None:
    assert move_to_json(Attack(2, 3)) == {"type": "attack", "from": 2, "to": 3}
    assert move_to_json(Reveal(4, card("10H"))) == {"type": "reveal", "node": 4, "card": "10H"}
    assert move_to_json(Defend(1, card("AS"))) == {"type": "defend", "seat": 1, "card": "AS"}
    assert move_to_json(NoDefence()) == {"type": "no_defence"}
    assert move_to_json(FixForces((Colour.RED, Colour.BLACK))) == {"type": "forces", "forces": ["red", "black"]}


def test_notation_shapes() -> None:
    assert [str(m) for m in (Draw(), Place(4), Reveal(4, card("TH")), Conceal(4), Shift(4, 5), Attack(2, 3))] == [
        "draw",
        "place 4",
        "reveal 4 10H",
        "conceal 4",
        "shift 4 5",
        "attack 2 3",
    ]
    assert str(Defend(1, card("AS"))) == "defend 1 AS"
    assert str(FixForces((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))) == "forces S H D C"


def test_ten_as_t_on_input() -> None:
    assert parse_move({"type": "reveal", "node": 0, "card": "TD"}) == Reveal(0, card("10D"))


@pytest.mark.parametrize(
    ("data", "code", "path"),
    [
        ({"type": "jump"}, "ss.move.unknown_type", "type"),
        ({}, "ss.move.unknown_type", "type"),
        ({"type": "place"}, "ss.move.missing_field", "node"),
        ({"type": "place", "node": "3"}, "ss.move.not_an_index", "node"),
        ({"type": "place", "node": True}, "ss.move.not_an_index", "node"),
        ({"type": "attack", "from": -1, "to": 0}, "ss.move.not_an_index", "from"),
        ({"type": "reveal", "node": 0, "card": "1S"}, "ss.card.malformed", "card"),
        ({"type": "reveal", "node": 0, "card": "?"}, "ss.card.malformed", "card"),  # a revealed card is seen
        ({"type": "defend", "seat": 1}, "ss.move.missing_field", "card"),
        ({"type": "forces", "forces": ["S", "X"]}, "ss.force.malformed", "forces[1]"),
        ({"type": "forces"}, "ss.move.missing_field", "forces"),
    ],
)
def test_malformed_moves_are_parse_errors(data: dict[str, object], code: str, path: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_move(data)
    assert (caught.value.code, caught.value.path) == (code, path)


@pytest.mark.parametrize("text", ["", "attack 2", "attack two three", "draw 1", "defend 1", "fly 3"])
def test_malformed_notation(text: str) -> None:
    with pytest.raises(ParseError):
        parse_move_text(text)
