"""Card notation and card JSON: round-trips and the errors malformed input gets (ParseError, not a verdict)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import ErrorList, ParseError
from companion.games.planetary_sisters import Card, CardRef

from .support import ELEMENTS


@pytest.mark.parametrize("text", ["30", "FOOD", "FOOD*2+PLANT", "30:ANIMAL+FOOD+PLANT*2", "19:PAGE", "王+食*3"])
def test_notation_round_trips(text: str) -> None:
    assert str(CardRef.parse(text)) == text
    assert CardRef.parse(str(CardRef.parse(text))) == CardRef.parse(text)


def test_notation_is_canonical_whatever_the_order() -> None:
    assert CardRef.parse("PLANT*2+FOOD") == CardRef.parse("FOOD+PLANT*2")
    assert str(CardRef.parse("PLANT*2+FOOD")) == "FOOD+PLANT*2"


def test_card_parse_needs_elements() -> None:
    assert Card.parse("30:FOOD*2") == Card((("FOOD", 2),), 30)
    with pytest.raises(ParseError) as raised:
        Card.parse("30")
    assert raised.value.code == "ps.card.notation"


@pytest.mark.parametrize("text", ["", "030", "FOOD*0", "FOOD*", "FOOD+FOOD", "30:FOOD*-1", "x:FOOD", "FOOD**2", "A B"])
def test_malformed_notation_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError) as raised:
        CardRef.parse(text)
    assert raised.value.code == "ps.card.notation"
    assert raised.value.rule == "§3"


names = st.sampled_from(ELEMENTS.names)
element_maps = st.dictionaries(names, st.integers(1, 9), min_size=1, max_size=3).map(lambda d: tuple(sorted(d.items())))
refs = st.one_of(
    st.builds(CardRef, rank=st.integers(1, 36), elements=st.none()),
    st.builds(CardRef, rank=st.none(), elements=element_maps),
    st.builds(CardRef, rank=st.integers(1, 36), elements=element_maps),
)


@settings(max_examples=200, deadline=None)
@given(refs)
def test_every_card_ref_round_trips_through_text_and_json(ref: CardRef) -> None:
    assert CardRef.parse(str(ref)) == ref
    assert CardRef.from_json(ref.to_json(), "card") == ref


def test_json_card_errors_name_every_problem_with_paths() -> None:
    with pytest.raises(ErrorList) as raised:
        CardRef.from_json({"rank": 37, "elements": {"FOOD": 0, "PLANT": "2", "bad name": 1}}, "house[3]")
    got = [(e.code, e.path, e.rule) for e in raised.value.errors]
    assert got == [
        ("ps.card.rank_range", "house[3].rank", "PS-2"),
        ("ps.card.count_range", "house[3].elements.FOOD", "§3.1"),
        ("ps.card.count_type", "house[3].elements.PLANT", "§3.1"),
        ("ps.card.unknown_element", "house[3].elements.bad name", "PS-1"),
    ]
    assert all(isinstance(e, ParseError) for e in raised.value.errors)


@pytest.mark.parametrize(
    ("data", "code", "path"),
    [
        ({}, "ps.card.missing", "field[0]"),
        ([], "ps.card.not_object", "field[0]"),
        ({"rank": True}, "ps.card.rank_type", "field[0].rank"),
        ({"rank": "30"}, "ps.card.rank_type", "field[0].rank"),
        ({"elements": ["FOOD"]}, "ps.card.elements_type", "field[0].elements"),
    ],
)
def test_json_card_shape_errors(data: object, code: str, path: str) -> None:
    with pytest.raises(ErrorList) as raised:
        CardRef.from_json(data, "field[0]")
    assert [(e.code, e.path) for e in raised.value.errors] == [(code, path)]
