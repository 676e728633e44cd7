"""The tracked game: deal, SS-5's moves one by one (each condition passing and failing), the turn."""

from __future__ import annotations

import pytest

from companion.games.base import IllegalMove, ImpossibleState, ParseError, Reason
from companion.games.strato_sphere.moves import Conceal, Draw, Pass, Place, Reveal, Shift
from companion.games.strato_sphere.rules import apply, check, legal_moves
from companion.games.strato_sphere.state import cards_in_play, new_state

from .builders import board, card, codes, table

ALL_DOWN_4 = " | ".join(["?"] * 12)


# --- the deal -------------------------------------------------------------------------------------------------


def test_four_player_deal() -> None:
    s = new_state(4)
    assert str(s.board) == ALL_DOWN_4
    assert s.hands == (6, 6, 6, 6)
    assert s.pile == 104 - 4 * 9 == 68
    assert s.forces == (None, None, None, None)
    assert (s.to_move, s.moves_made, s.turn, s.discard, s.pending, s.outcome) == (0, 0, 1, (), None, None)
    assert cards_in_play(s) == 104


def test_two_player_deal() -> None:
    s = new_state(2)
    assert str(s.board) == "? | ? | ? | ? | ? | ?"
    assert s.hands == (6, 6)
    assert s.pile == 52 - 2 * 9 == 34
    assert cards_in_play(s) == 52


def test_three_players_is_not_a_game() -> None:
    with pytest.raises(ParseError) as caught:
        new_state(3)
    assert (caught.value.code, caught.value.rule) == ("ss.players.unsupported", "SS-2")
    assert caught.value.params == {"players": 3, "allowed": [2, 4]}


def test_unknown_option_choice() -> None:
    with pytest.raises(ParseError) as caught:
        new_state(4, {"forces": "dealer-picks"})
    assert caught.value.code == "ss.option.unknown_choice"


# --- the turn (SS-5) ------------------------------------------------------------------------------------------------


def test_exactly_three_moves_then_the_turn_passes_clockwise() -> None:
    s = new_state(4)
    s = apply(s, Draw())
    assert (s.to_move, s.moves_made) == (0, 1)
    s = apply(s, Reveal(0, card("KS")))
    assert (s.to_move, s.moves_made) == (0, 2)
    s = apply(s, Place(1))
    assert (s.to_move, s.moves_made, s.turn) == (1, 0, 2)
    assert s.hands == (6, 6, 6, 6)  # drew one, placed one
    s = apply(apply(apply(s, Draw()), Place(3)), Place(4))
    assert (s.to_move, s.turn) == (2, 3)
    assert s.hands == (6, 5, 6, 6)


def test_every_move_says_which_move_of_the_turn_it_is() -> None:
    s = table(board(4, "- - - -", ALL_DOWN_4), to_move=3, moves_made=2)
    assert check(s, Draw()).reasons[0] == Reason(
        "ss.turn.move_of_turn", "SS-5", True, {"player": 3, "move": 3, "moves_per_turn": 3}
    )


def test_apply_leaves_its_input_untouched() -> None:
    s = new_state(4)
    after = apply(s, Draw())
    assert s == new_state(4)
    assert after.hands == (7, 6, 6, 6) and after.pile == 67


# --- draw -------------------------------------------------------------------------------------------------------


def test_draw() -> None:
    v = check(new_state(4), Draw())
    assert v.legal
    assert v.reasons[1:] == (
        Reason("ss.draw.pile_has_cards", "SS-5", True, {"pile": 68}),
        Reason("ss.draw.hand_has_room", "SS-5", True, {"player": 0, "hand": 6, "max_hand": 7}),
    )


def test_draw_from_an_empty_pile() -> None:
    v = check(table(board(4, "- - - -", ALL_DOWN_4), pile=0), Draw())
    assert codes(v.failures) == ["ss.draw.pile_empty"]
    assert v.failures[0].params == {"pile": 0}


def test_no_draw_above_seven_cards() -> None:
    s = table(board(4, "- - - -", ALL_DOWN_4), hands=(7, 6, 6, 6))
    v = check(s, Draw())
    assert codes(v.failures) == ["ss.draw.hand_full"]
    assert v.failures[0] == Reason("ss.draw.hand_full", "SS-5", False, {"player": 0, "hand": 7, "max_hand": 7})
    with pytest.raises(IllegalMove) as caught:
        apply(s, Draw())
    assert caught.value.code == "ss.draw.hand_full"
    assert caught.value.verdict == v


# --- place a hand card face down under a node -------------------------------------------------------------------

FOUR = board(4, "S H C D", "? | KS ? | ? | QH ? | ? | KC ? | ? | ? | ? | ? | ? | ?")


def test_place_under_a_neutral_node() -> None:
    s = table(FOUR)
    v = check(s, Place(0))
    assert v.legal
    assert v.reasons[1:] == (
        Reason("ss.place.hand_has_card", "SS-5", True, {"player": 0, "hand": 6}),
        Reason("ss.place.node_neutral", "SS-5", True, {"node": 0, "relation": "neutral"}, "node"),
    )
    after = apply(s, Place(0))
    assert str(after.board.nodes[0]) == "? ?"
    assert after.hands[0] == 5


def test_place_under_your_own_node_goes_to_the_bottom_face_down() -> None:
    s = table(FOUR)
    v = check(s, Place(1))
    assert v.reasons[-1].code == "ss.place.node_yours"
    assert str(apply(s, Place(1)).board.nodes[1]) == "KS ? ?"


def test_no_place_under_an_unclaimed_node() -> None:
    """SS-4: an unclaimed node is neither neutral nor controlled (before, a card could go under it)."""
    s = table(board(4, "S - - -", "? | ? | ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?"))
    v = check(s, Place(3))
    assert not v.legal
    assert v.failures == (Reason("ss.place.node_unclaimed", "SS-4", False, {
        "node": 3, "relation": "unclaimed", "allowed_nodes": [0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11], "top": "QH",
        "force": "H"}, "node"),)
    assert Place(3) not in legal_moves(s)


def test_no_place_under_a_partners_node() -> None:
    v = check(table(FOUR), Place(5))
    assert codes(v.failures) == ["ss.place.node_not_allowed"]
    assert v.failures[0].params == {
        "node": 5,
        "relation": "partner",
        "controller": 2,
        "allowed_nodes": [0, 1, 2, 4, 6, 7, 8, 9, 10, 11],
    }


def test_no_place_under_an_opponents_node() -> None:
    v = check(table(FOUR), Place(3))
    assert codes(v.failures) == ["ss.place.node_not_allowed"]
    assert v.failures[0].params["relation"] == "opponent"


def test_no_place_with_an_empty_hand() -> None:
    v = check(table(FOUR, hands=(0, 6, 6, 6)), Place(0))
    assert codes(v.failures) == ["ss.place.hand_empty"]
    assert v.failures[0].params == {"player": 0, "hand": 0}


def test_no_such_node() -> None:
    v = check(table(FOUR), Place(12))
    assert v.failures == (Reason("ss.node.no_such_node", "SS-1", False, {"node": 12, "ring_size": 12}, "node"),)


# --- reveal -------------------------------------------------------------------------------------------------------


def test_reveal_a_neutral_top_card() -> None:
    s = table(FOUR, to_move=1)
    v = check(s, Reveal(4, card("9D")))
    assert v.legal
    assert codes(v.reasons) == ["ss.turn.move_of_turn", "ss.reveal.top_face_down", "ss.card.copy_available"]
    assert v.reasons[2].params == {"card": "9D", "seen": 0, "packs": 2}
    after = apply(s, Reveal(4, card("9D")))
    assert str(after.board.nodes[4]) == "9D"
    assert after.board.nodes[4].top.up


def test_no_reveal_of_a_face_up_top() -> None:
    v = check(table(FOUR), Reveal(1, card("KS")))
    assert codes(v.failures) == ["ss.reveal.top_face_up"]
    assert v.failures[0].params == {
        "node": 1,
        "relation": "yours",
        "controller": 0,
        "top": "KS",
        "face_down_nodes": [0, 2, 4, 6, 7, 8, 9, 10, 11],
    }


def test_no_reveal_of_an_unclaimed_top_either() -> None:
    s = table(board(4, "S - - -", "? | ? | ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?"))
    v = check(s, Reveal(3, card("QH")))
    assert codes(v.failures) == ["ss.reveal.node_unclaimed"]
    assert v.failures[0].rule == "SS-4"
    assert v.failures[0].params["relation"] == "unclaimed"


def test_no_turning_an_unclaimed_top_face_down() -> None:
    s = table(board(4, "S - - -", "? | ? | ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?"))
    v = check(s, Conceal(3))
    assert codes(v.failures) == ["ss.conceal.node_unclaimed"]
    assert v.failures[0].params["force"] == "H"


def test_a_card_all_of_whose_copies_are_seen_cannot_turn_up() -> None:
    # Two packs: one KS is face up on node 1, the other in the discard pile.
    s = table(FOUR, discard="KS")
    v = check(s, Reveal(0, card("KS")))
    assert codes(v.failures) == ["ss.card.too_many_copies"]
    assert v.failures[0] == Reason(
        "ss.card.too_many_copies", "SS-2", False, {"card": "KS", "seen": 2, "packs": 2}, "card", impossible=True
    )
    assert v.impossible  # the table cannot hold a third KS: not an illegal move but an impossible table
    with pytest.raises(ImpossibleState) as caught:
        apply(s, Reveal(0, card("KS")))
    assert (caught.value.code, caught.value.rule, caught.value.path) == ("ss.card.too_many_copies", "SS-2", "card")


def test_two_players_have_one_copy_of_each_card() -> None:
    s = table(board(2, "red black", "KS ? | ? | ? | ? | ? | ?"))
    assert codes(check(s, Reveal(1, card("KS"))).failures) == ["ss.card.too_many_copies"]
    assert check(s, Reveal(1, card("KC"))).legal


def test_a_seen_face_down_card_turns_up_as_itself() -> None:
    # [QS] was turned face down earlier; both QS copies are accounted for, and this one is the same card.
    s = table(board(4, "S H C D", "[QS] ? | QS ? | ? | ? | ? | ? | ? | ? | ? | ? | ? | ?"))
    v = check(s, Reveal(0, card("QS")))
    assert v.legal
    assert v.reasons[-1] == Reason(
        "ss.reveal.matches_seen", "SS-4", True, {"node": 0, "seen": "QS", "named": "QS"}, "card"
    )
    wrong = check(s, Reveal(0, card("JS")))
    assert codes(wrong.failures) == ["ss.reveal.contradicts_seen"]
    with pytest.raises(ImpossibleState):
        apply(s, Reveal(0, card("JS")))


# --- conceal -------------------------------------------------------------------------------------------------------


def test_turn_your_node_face_down() -> None:
    s = table(FOUR)
    v = check(s, Conceal(1))
    assert v.legal
    assert v.reasons[-1] == Reason(
        "ss.conceal.node_yours", "SS-5", True, {"node": 1, "relation": "yours", "controller": 0}, "node"
    )
    after = apply(s, Conceal(1))
    assert str(after.board.nodes[1]) == "[KS] ?"


def test_no_turning_down_a_partners_node() -> None:
    v = check(table(FOUR), Conceal(5))
    assert codes(v.failures) == ["ss.conceal.node_not_yours"]
    assert v.failures[0].params == {"node": 5, "relation": "partner", "controller": 2, "your_nodes": [1]}


def test_no_turning_down_a_neutral_node() -> None:
    assert check(table(FOUR), Conceal(0)).failures[0].params["relation"] == "neutral"


# --- shift: a neutral node's top card under an adjacent node ---------------------------------------------------------

SHIFTS = board(4, "S H C D", "? ? | KS ? | [JD] ? | QH ? | ? | 5H | ? | ? | ? | ? | ? | ? ?")


def test_shift_a_neutral_top_card_under_a_neighbour() -> None:
    s = table(SHIFTS)
    v = check(s, Shift(2, 1))
    assert v.legal
    assert codes(v.reasons) == [
        "ss.turn.move_of_turn",
        "ss.shift.from_neutral",
        "ss.shift.adjacent",
        "ss.shift.from_keeps_card",
    ]
    after = apply(s, Shift(2, 1))
    assert str(after.board.nodes[2]) == "?"
    assert str(after.board.nodes[1]) == "KS ? [JD]"  # under a controlled node is fine: any adjacent node


def test_shift_across_the_wrap_around() -> None:
    after = apply(table(SHIFTS), Shift(11, 0))
    assert (str(after.board.nodes[11]), str(after.board.nodes[0])) == ("?", "? ? ?")


def test_no_shift_from_an_unclaimed_node() -> None:
    """SS-4/SS-5: move 6 moves a face-down card 「裏向きのまま」; before, an unclaimed QH was moved and turned down."""
    s = table(board(4, "S - - -", "? | ? | ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?"))
    v = check(s, Shift(3, 4))
    assert codes(v.failures) == ["ss.shift.from_unclaimed"]
    assert (v.failures[0].rule, v.failures[0].params["top"]) == ("SS-4", "QH")
    assert Shift(3, 4) not in legal_moves(s) and Shift(3, 2) not in legal_moves(s)


def test_an_unclaimed_node_becomes_yours_when_your_force_becomes_its_suit() -> None:
    s = table(board(4, "S - - -", "? | ? | ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?"), to_move=1)
    after = apply(s, Reveal(4, card("2H")))  # seat 1's first reveal: hearts
    assert check(after, Place(3)).reasons[-1].code == "ss.place.node_yours"


def test_no_shift_from_a_controlled_node() -> None:
    v = check(table(SHIFTS), Shift(1, 0))
    assert codes(v.failures) == ["ss.shift.from_controlled"]
    assert v.failures[0].params == {
        "from": 1,
        "relation": "yours",
        "controller": 0,
        "neutral_nodes": [0, 2, 4, 6, 7, 8, 9, 10, 11],
    }


def test_no_shift_to_a_node_that_does_not_touch() -> None:
    v = check(table(SHIFTS), Shift(0, 2))
    assert codes(v.failures) == ["ss.shift.not_adjacent"]
    assert v.failures[0].params == {"from": 0, "to": 2, "ring_size": 12, "neighbours": [11, 1]}


def test_no_shift_that_empties_a_node() -> None:
    v = check(table(SHIFTS), Shift(4, 5))
    assert codes(v.failures) == ["ss.shift.would_empty"]
    assert v.failures[0].params == {"node": 4, "cards": 1, "min_cards": 2}


def test_shift_to_a_missing_node() -> None:
    v = check(table(SHIFTS), Shift(0, 12))
    assert v.failures == (Reason("ss.node.no_such_node", "SS-1", False, {"node": 12, "ring_size": 12}, "to"),)


# --- pass: not in the rules, only when nothing else is legal ----------------------------------------------------------


def test_pass_when_no_move_is_possible() -> None:
    # Seat 0 (spades) holds 7 cards, every node is face up and none is a spade: nothing of SS-5 is legal.
    stuck = board(4, "S H C D", "AC | 6D | 5D ? | JH | 8C ? | 4D | 7C ? | KH ? | 9H | QD | JH | AH ?")
    s = table(stuck, hands=(7, 4, 4, 4), pile=10)
    assert legal_moves(s) == (Pass(),)
    v = check(s, Pass())
    assert v.legal
    assert v.reasons[-1] == Reason("ss.pass.no_move_possible", "SS-5", True, {"player": 0, "moves": 0, "examples": []})
    assert apply(s, Pass()).moves_made == 1


def test_no_pass_while_a_move_is_possible() -> None:
    v = check(new_state(4), Pass())
    assert codes(v.failures) == ["ss.pass.moves_available"]
    assert v.failures[0].params["examples"][:2] == ["draw", "place 0"]
