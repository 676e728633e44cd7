"""Cards, cells, field cards, fields and moves: notations round-trip; malformed input is a ParseError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import ParseError
from companion.games.lumiere import (
    ALL_CELLS,
    GAME,
    Card,
    Cell,
    ChooseFirst,
    Draw,
    Field,
    FieldCard,
    MoveCard,
    PlaceCommoner,
    PlayCard,
    ResolveGet,
    SetCard,
    SwapCards,
    TakeTop,
    TurnCard,
    move_to_json,
    parse_move,
    parse_move_text,
)
from companion.games.lumiere.cards import DECK_SIZE, DRAW_PILE_AT_START, copies_in_play

API_IDS = ["commoner", "yokai_master", "exorcist", "warrior", "magician", "borderer", "yokai", "otherworlder",
           "priest", "conjurer", "ghost", "vampire"]


def test_card_ids_are_the_apis_with_japanese_names_and_counts_from_the_rule_text() -> None:
    assert [c.value for c in Card] == API_IDS
    assert [c.name_ja for c in Card] == ["常人", "妖使", "退魔士", "戦士", "魔術師", "境人", "妖怪", "異界人", "神父",
                                        "奇術師", "幽霊", "吸血鬼"]
    assert [c.per_player for c in Card] == [5, 2, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1]
    assert DECK_SIZE == 19  # 合計: 19枚 (76枚)
    assert sum(copies_in_play(c, 4) for c in Card) == 76
    assert DRAW_PILE_AT_START == 12  # 19 − the commoner in front − 6 in hand
    assert copies_in_play(Card.COMMONER, 3) == 15


def test_unknown_card_is_a_parse_error_citing_lp8() -> None:
    with pytest.raises(ParseError) as caught:
        Card.parse("dragon")
    assert (caught.value.code, caught.value.rule, caught.value.params) == ("lp.card.unknown", "LP-8",
                                                                          {"card": "dragon"})


def test_cells_round_trip_and_refuse_off_field() -> None:
    assert [str(c) for c in ALL_CELLS[:5]] == ["r0c0", "r0c1", "r0c2", "r0c3", "r1c0"]
    assert all(Cell.parse(str(c)) == c for c in ALL_CELLS)
    with pytest.raises(ParseError) as caught:
        Cell.parse("r4c0")
    assert caught.value.code == "lp.cell.out_of_range"
    for bad in ("a1", "r0", "r00c1", ""):
        with pytest.raises(ParseError) as caught:
            Cell.parse(bad)
        assert caught.value.code == "lp.cell.malformed"


def test_field_card_notation() -> None:
    assert str(FieldCard(Card.YOKAI, 2, active=True)) == "yokai@2*"
    assert FieldCard.parse("yokai_master@3") == FieldCard(Card.YOKAI_MASTER, 3)
    with pytest.raises(ParseError) as caught:
        FieldCard.parse("yokai@4")
    assert (caught.value.code, caught.value.rule) == ("lp.owner.out_of_range", "LP-1")
    with pytest.raises(ParseError) as caught:
        FieldCard.parse("yokai")
    assert caught.value.code == "lp.card.malformed"


def test_field_notation_round_trips_with_stacks_and_activity() -> None:
    text = "\n".join([
        ". commoner@0 . .",
        ". yokai@1*/commoner@2 . .",
        ". . . .",
        "vampire@3 . . ghost@0",
    ])
    f = Field.parse(text)
    assert str(f) == text
    assert f.stack(Cell(1, 1)) == (FieldCard(Card.YOKAI, 1, True), FieldCard(Card.COMMONER, 2))
    assert f.top(Cell(1, 1)) == FieldCard(Card.YOKAI, 1, True)
    assert f.active_cells() == {Cell(1, 1)}
    with pytest.raises(ParseError) as caught:
        Field.parse(". . .\n. . . .\n. . . .\n. . . .")
    assert caught.value.code == "lp.board.shape"


field_cards = st.builds(FieldCard, st.sampled_from(list(Card)), st.integers(0, 3), st.booleans())
fields = st.lists(st.lists(field_cards, max_size=3), min_size=16, max_size=16).map(
    lambda stacks: Field(tuple(tuple(tuple(stacks[r * 4 + c]) for c in range(4)) for r in range(4))))


@settings(max_examples=60)
@given(fields)
def test_any_field_round_trips(f: Field) -> None:
    assert Field.parse(str(f)) == f


def test_rotating_four_times_and_mirroring_twice_is_the_same_field() -> None:
    f = Field.parse("commoner@0 yokai@1 . .\n. . . .\n. . ghost@2* .\n. . . vampire@3")
    assert f.rotated().top(Cell(0, 3)) == FieldCard(Card.COMMONER, 0)
    assert f.mirrored().top(Cell(0, 2)) == FieldCard(Card.YOKAI, 1)
    assert f.rotated().rotated().rotated().rotated() == f
    assert f.mirrored().mirrored() == f


EXAMPLES = [
    (ChooseFirst(2), "first 2", {"kind": "first", "seat": 2}),
    (PlaceCommoner(Cell(1, 2)), "opening r1c2", {"kind": "opening", "cell": [1, 2]}),
    (TakeTop(Cell(0, 0)), "take r0c0", {"kind": "take", "cell": [0, 0]}),
    (PlayCard(Card.YOKAI_MASTER), "play yokai_master", {"kind": "play", "card": "yokai_master"}),
    (MoveCard(Cell(0, 0), Cell(3, 3)), "move r0c0 r3c3", {"kind": "move", "from": [0, 0], "to": [3, 3],
                                                          "stack": False}),
    (MoveCard(Cell(0, 0), Cell(3, 3), True), "move r0c0 r3c3 stack", {"kind": "move", "from": [0, 0],
                                                                      "to": [3, 3], "stack": True}),
    (TurnCard(Cell(2, 1), 3), "turn r2c1 3", {"kind": "turn", "cell": [2, 1], "owner": 3}),
    (SwapCards(Cell(1, 1), Cell(1, 2)), "swap r1c1 r1c2", {"kind": "swap", "cells": [[1, 1], [1, 2]]}),
    (SetCard(Cell(0, 3)), "set r0c3", {"kind": "set", "cell": [0, 3], "stack": False}),
    (SetCard(Cell(0, 3), True), "set r0c3 stack", {"kind": "set", "cell": [0, 3], "stack": True}),
    (ResolveGet(), "get", {"kind": "get"}),
    (Draw(), "draw", {"kind": "draw"}),
]


@pytest.mark.parametrize(("move", "text", "data"), EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_move_notations(move: object, text: str, data: dict[str, object]) -> None:
    assert str(move) == text
    assert parse_move_text(text) == move
    assert GAME.move_to_json(move) == data
    assert GAME.parse_move(data) == move


cells = st.builds(Cell, st.integers(0, 3), st.integers(0, 3))
moves = st.one_of(
    st.builds(ChooseFirst, st.integers(0, 3)), st.builds(PlaceCommoner, cells), st.builds(TakeTop, cells),
    st.builds(PlayCard, st.sampled_from(list(Card))), st.builds(MoveCard, cells, cells, st.booleans()),
    st.builds(TurnCard, cells, st.integers(0, 3)), st.builds(SwapCards, cells, cells),
    st.builds(SetCard, cells, st.booleans()), st.just(ResolveGet()), st.just(Draw()))


@settings(max_examples=150)
@given(moves)
def test_every_move_round_trips_through_json_and_text(move: object) -> None:
    assert parse_move(move_to_json(move)) == move  # type: ignore[arg-type]
    assert parse_move_text(str(move)) == move


@pytest.mark.parametrize(("data", "code", "path"), [
    ({"kind": "jump"}, "lp.move.unknown_kind", "kind"),
    ({"kind": "set"}, "lp.move.missing", "cell"),
    ({"kind": "set", "cell": [4, 0]}, "lp.cell.out_of_range", "cell"),
    ({"kind": "set", "cell": "r0c0"}, "lp.cell.malformed", "cell"),
    ({"kind": "set", "cell": [0, True]}, "lp.cell.malformed", "cell"),
    ({"kind": "set", "cell": [0, 0], "stack": "yes"}, "lp.move.wrong_type", "stack"),
    ({"kind": "play", "card": "dragon"}, "lp.card.unknown", "card"),
    ({"kind": "turn", "cell": [0, 0], "owner": 4}, "lp.owner.out_of_range", "owner"),
    ({"kind": "swap", "cells": [[0, 0]]}, "lp.move.wrong_type", "cells"),
    ({"kind": "move", "from": [0, 0], "to": [9, 9]}, "lp.cell.out_of_range", "to"),
])
def test_malformed_moves_are_parse_errors_with_the_field_path(data: dict[str, object], code: str, path: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_move(data)
    assert (caught.value.code, caught.value.path) == (code, path)


@pytest.mark.parametrize("text", ["", "fly r0c0", "set", "turn r0c0 x", "move r0c0", "get now"])
def test_malformed_move_text(text: str) -> None:
    with pytest.raises(ParseError):
        parse_move_text(text)
