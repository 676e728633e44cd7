"""SS-3: forces by first reveal (taken suit; nothing assigned to anyone else), the completion option (2-player
other colour, 4-player last suit), or fixed before play."""

from __future__ import annotations

from companion.games.base import Reason
from companion.games.strato_sphere.board import controller
from companion.games.strato_sphere.cards import Colour, Suit
from companion.games.strato_sphere.moves import Draw, Reveal
from companion.games.strato_sphere.rules import apply, check, legal_moves
from companion.games.strato_sphere.state import new_state

from .builders import board, card, codes, fix, forces, table

DOWN_4 = " | ".join(["?"] * 12)


def test_the_first_card_a_player_turns_up_gives_its_suit() -> None:
    s = new_state(4)
    v = check(s, Reveal(0, card("7H")))
    assert v.reasons[-1] == Reason("ss.force.assigned", "SS-3", True, {"player": 0, "force": "H"}, "card")
    after = apply(s, Reveal(0, card("7H")))
    assert after.forces == (Suit.HEARTS, None, None, None)
    assert after.board.nodes[0].top.up


def test_a_later_reveal_does_not_change_a_held_force() -> None:
    s = apply(new_state(4), Reveal(0, card("7H")))
    v = check(s, Reveal(1, card("7S")))
    assert "ss.force.assigned" not in codes(v.reasons) and "ss.force.taken" not in codes(v.reasons)
    assert apply(s, Reveal(1, card("7S"))).forces == (Suit.HEARTS, None, None, None)


def test_an_already_taken_suit_leaves_the_player_without_a_force_until_the_next_reveal() -> None:
    s = table(board(4, "H - - -", DOWN_4), to_move=1)
    v = check(s, Reveal(3, card("2H")))
    assert v.legal
    assert v.reasons[-1] == Reason("ss.force.taken", "SS-3", True, {"player": 1, "force": "H", "holder": 0}, "card")
    after = apply(s, Reveal(3, card("2H")))
    assert after.forces == forces("H - - -")
    after = apply(after, Reveal(4, card("3C")))  # the next reveal decides
    assert after.forces == forces("H C - -")


def test_by_default_two_players_the_other_colour_is_nobodys_until_that_player_turns_one_up() -> None:
    """SS-3 (the Japanese text): a force comes only from that player's own reveal; before, seat 1 got black."""
    s = new_state(2)
    v = check(s, Reveal(1, card("QD")))
    assert v.reasons[-1] == Reason("ss.force.assigned", "SS-3", True, {"player": 0, "force": "red"}, "card")
    after = apply(s, Reveal(1, card("QD")))
    assert after.forces == (Colour.RED, None)
    after = apply(after.evolve(to_move=1, moves_made=0), Reveal(4, card("2S")))
    assert after.forces == (Colour.RED, Colour.BLACK)


def test_by_default_four_players_the_last_suit_is_not_handed_out() -> None:
    s = table(board(4, "S H - -", DOWN_4), to_move=2)
    v = check(s, Reveal(7, card("9D")))
    assert v.reasons[-1].params == {"player": 2, "force": "D"}
    assert apply(s, Reveal(7, card("9D"))).forces == forces("S H D -")


# --- option: completion (the English original) -------------------------------------------------------------------


def test_completion_two_players_the_other_colour_goes_to_the_other_player_at_once() -> None:
    s = new_state(2, {"forces": "completion"})
    v = check(s, Reveal(1, card("QD")))
    assert v.reasons[-1].params == {"player": 0, "force": "red", "also_seat": 1, "also_force": "black"}
    assert v.reasons[-1].rule == "SS-3"
    assert apply(s, Reveal(1, card("QD"))).forces == (Colour.RED, Colour.BLACK)


def test_completion_four_players_the_last_player_gets_the_remaining_suit() -> None:
    s = table(board(4, "S H - -", DOWN_4), to_move=2, forces_rule="completion")
    v = check(s, Reveal(7, card("9D")))
    assert v.reasons[-1].params == {"player": 2, "force": "D", "also_seat": 3, "also_force": "C"}
    assert apply(s, Reveal(7, card("9D"))).forces == forces("S H D C")


def test_a_face_up_card_of_a_force_nobody_holds_becomes_controlled_when_someone_takes_it() -> None:
    s = table(board(4, "S - - -", "? | ? | ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?"), to_move=1)
    after = apply(s, Reveal(4, card("2H")))
    assert after.forces[1] is Suit.HEARTS
    assert controller(after.board, 3) == 1


# --- option: forces fixed before play -----------------------------------------------------------------------------


def test_fixed_forces_are_entered_before_the_first_move() -> None:
    s = new_state(4, {"forces": "fixed"})
    assert check(s, Draw()).failures[0] == Reason("ss.forces.not_fixed", "SS-3", False, {"players": 4})
    assert len(legal_moves(s)) == 24  # every way to hand out four suits
    move = fix("C D S H")
    assert check(s, move).reasons == (
        Reason("ss.forces.valid", "SS-3", True, {"forces": ["C", "D", "S", "H"]}, "forces"),
    )
    after = apply(s, move)
    assert after.forces == forces("C D S H")
    assert (after.to_move, after.moves_made) == (0, 0)  # not a move of the turn
    assert check(after, Draw()).legal


def test_with_fixed_forces_a_reveal_assigns_nothing() -> None:
    s = apply(new_state(4, {"forces": "fixed"}), fix("C D S H"))
    v = check(s, Reveal(0, card("2S")))
    assert codes(v.reasons) == ["ss.turn.move_of_turn", "ss.reveal.top_face_down", "ss.card.copy_available"]
    assert apply(s, Reveal(0, card("2S"))).forces == forces("C D S H")


def test_fixed_forces_must_be_one_of_each() -> None:
    s = new_state(4, {"forces": "fixed"})
    repeated = check(s, fix("S S D C"))
    assert repeated.failures == (Reason("ss.forces.repeated", "SS-3", False, {"forces": ["S"]}, "forces"),)
    wrong_kind = check(s, fix("S H D red"))
    assert codes(wrong_kind.failures) == ["ss.forces.wrong_kind"]
    assert wrong_kind.failures[0].params == {"forces": ["red"], "allowed": ["S", "H", "D", "C"]}
    too_few = check(s, fix("S H D"))
    assert too_few.failures[0].params == {"expected": 4, "got": 3}


def test_two_players_fix_colours() -> None:
    s = new_state(2, {"forces": "fixed"})
    assert len(legal_moves(s)) == 2
    assert apply(s, fix("black red")).forces == (Colour.BLACK, Colour.RED)


def test_forces_cannot_be_fixed_twice_nor_in_a_first_reveal_game() -> None:
    s = apply(new_state(4, {"forces": "fixed"}), fix("C D S H"))
    assert codes(check(s, fix("S H D C")).failures) == ["ss.forces.already_fixed"]
    v = check(new_state(4), fix("S H D C"))
    assert v.failures == (Reason("ss.forces.not_an_option", "SS-3", False, {"option": "first-reveal"}, "forces"),)
