"""Card notation (KS, 10H / TH, ?) and forces (SS-2, SS-3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import ParseError
from companion.games.strato_sphere.board import NodeCard, parse_node
from companion.games.strato_sphere.cards import (
    Card,
    Colour,
    Rank,
    Suit,
    all_cards,
    card_text,
    force_of,
    forces_for,
    pack_size,
    packs_for,
    parse_card,
    parse_card_or_unknown,
    parse_force,
)


def test_notation_reads_rank_then_suit() -> None:
    assert parse_card("KS") == Card(Rank.KING, Suit.SPADES)
    assert parse_card("2C") == Card(Rank.TWO, Suit.CLUBS)
    assert parse_card("AD") == Card(Rank.ACE, Suit.DIAMONDS)


def test_ten_is_written_10_and_read_as_10_or_t() -> None:
    assert parse_card("10H") == parse_card("TH") == parse_card("th") == Card(Rank.TEN, Suit.HEARTS)
    assert str(parse_card("TH")) == "10H"


@pytest.mark.parametrize("card", all_cards(), ids=str)
def test_every_card_round_trips(card: Card) -> None:
    assert parse_card(str(card)) == card


def test_a_pack_has_52_different_cards() -> None:
    assert len(set(all_cards())) == pack_size() == 52


@pytest.mark.parametrize("text", ["1S", "KX", "K", "", "11H", "S", "10", "?", "K S"])
def test_malformed_cards_are_parse_errors(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_card(text)
    assert caught.value.code == "ss.card.malformed"
    assert caught.value.rule == "SS-2"
    assert caught.value.params == {"value": text}


def test_a_card_that_is_not_a_string_is_a_parse_error() -> None:
    with pytest.raises(ParseError) as caught:
        parse_card(13)
    assert caught.value.params == {"value": "13"}


def test_question_mark_is_an_unseen_face_down_card() -> None:
    assert parse_card_or_unknown("?") is None
    assert card_text(None) == "?"
    assert card_text(parse_card("QD")) == "QD"


def test_rank_order_is_ace_high() -> None:
    # SS-6: A K Q J 10 … 2.
    order = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    ranks = [parse_card(r + "S").rank for r in order]
    assert ranks == sorted(ranks, reverse=True)
    assert [str(r) for r in ranks] == order


def test_force_is_the_suit_with_4_players_and_the_colour_with_2() -> None:
    # SS-2: red ♥♦, black ♠♣.
    assert force_of(parse_card("KH"), 4) is Suit.HEARTS
    assert force_of(parse_card("KH"), 2) is Colour.RED
    assert force_of(parse_card("KD"), 2) is Colour.RED
    assert force_of(parse_card("KS"), 2) is Colour.BLACK
    assert force_of(parse_card("KC"), 2) is Colour.BLACK
    assert forces_for(2) == (Colour.RED, Colour.BLACK)
    assert len(forces_for(4)) == 4


def test_packs_by_player_count() -> None:
    assert packs_for(2) == 1
    assert packs_for(4) == 2


def test_parse_force_knows_which_kind_a_game_uses() -> None:
    assert parse_force("s", 4) is Suit.SPADES
    assert parse_force("Red", 2) is Colour.RED
    with pytest.raises(ParseError) as caught:
        parse_force("red", 4)
    assert caught.value.code == "ss.force.malformed"
    assert caught.value.params == {"value": "red", "allowed": ["S", "H", "D", "C"]}
    with pytest.raises(ParseError):
        parse_force("S", 2)


def test_node_card_notation() -> None:
    assert str(NodeCard(parse_card("KS"), up=True)) == "KS"
    assert str(NodeCard(None)) == "?"
    assert str(NodeCard(parse_card("KS"))) == "[KS]"  # face down, but the table has seen it
    assert NodeCard.parse("[10H]") == NodeCard(parse_card("10H"), up=False)


def test_an_unseen_card_cannot_lie_face_up() -> None:
    with pytest.raises(ParseError) as caught:
        NodeCard(None, up=True)
    assert (caught.value.code, caught.value.rule) == ("ss.card.unknown_face_up", "SS-4")


node_cards = st.one_of(
    st.just(NodeCard(None)),
    st.sampled_from(all_cards()).map(lambda c: NodeCard(c, up=False)),
)
tops = st.one_of(node_cards, st.sampled_from(all_cards()).map(lambda c: NodeCard(c, up=True)))


@settings(max_examples=60)
@given(top=tops, rest=st.lists(node_cards, max_size=5))
def test_node_notation_round_trips(top: NodeCard, rest: list[NodeCard]) -> None:
    from companion.games.strato_sphere.board import Node

    node = Node((top, *rest))
    assert parse_node(str(node)) == node
