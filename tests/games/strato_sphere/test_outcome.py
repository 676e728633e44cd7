"""SS-8: a side wins at once with every node in front of one opposing player; an empty pile draws."""

from __future__ import annotations

from companion.games.base import Reason
from companion.games.strato_sphere.moves import Conceal, Draw, Reveal
from companion.games.strato_sphere.outcome import Outcome, wins
from companion.games.strato_sphere.rules import apply, check, legal_moves

from .builders import board, card, table


def test_two_players_win_by_colour() -> None:
    b = board(2, "red black", "? ? | ? | ? | KH ? | QD ? | ? ?")
    s = apply(table(b), Reveal(5, card("2H")))
    assert s.outcome == Outcome("win", side=0, winners=(0,), captured=1, nodes=(3, 4, 5))
    assert s.outcome.to_json() == {"kind": "win", "side": 0, "winners": [0], "captured": 1, "nodes": [3, 4, 5]}


def test_partners_win_together() -> None:
    # Seat 1's nodes: KS (seat 0), QC (seat 2, the partner), then seat 0 turns up a spade on the third.
    b = board(4, "S H C D", "? | ? | ? | KS ? | QC ? | ? ? | ? | ? | ? | ? | ? | ?")
    s = apply(table(b), Reveal(5, card("2S")))
    assert s.outcome == Outcome("win", side=0, winners=(0, 2), captured=1, nodes=(3, 4, 5))


def test_the_game_is_over_after_a_win() -> None:
    b = board(2, "red black", "? ? | ? | ? | KH ? | QD ? | ? ?")
    s = apply(table(b), Reveal(5, card("2H")))
    v = check(s, Draw())
    assert v.failures == (
        Reason(
            "ss.game.over", "SS-8", False, {"kind": "win", "side": 0, "winners": [0], "captured": 1, "nodes": [3, 4, 5]}
        ),
    )
    assert legal_moves(s) == ()


def test_your_own_nodes_are_no_win() -> None:
    assert wins(board(4, "S H C D", "KS | QS | JC | ? | ? | ? | ? | ? | ? | ? | ? | ?")) == ()


def test_a_node_of_the_captured_side_or_a_neutral_one_spoils_the_win() -> None:
    assert wins(board(4, "S H C D", "? | ? | ? | KS | QD | JC | ? | ? | ? | ? | ? | ?")) == ()
    assert wins(board(4, "S H C D", "? | ? | ? | KS | [QC] | JC | ? | ? | ? | ? | ? | ?")) == ()


def test_an_unclaimed_node_is_nobodys_until_its_force_is_taken() -> None:
    # Nobody holds red yet: KH and QD are unclaimed; seat 0's first reveal, a diamond, makes all three its own.
    b = board(2, "- -", "? ? | ? | ? | KH ? | QD ? | ? ?")
    assert wins(b) == ()
    s = apply(table(b), Reveal(5, card("2D")))
    assert s.outcome is not None and s.outcome.captured == 1 and s.outcome.winners == (0,)


def test_drawing_the_last_card_draws_the_game_at_once() -> None:
    """SS-8: drawn the moment the pile runs out; before the change the turn's last two moves were still played."""
    b = board(4, "S H C D", "KS ? | ? | ? | ? | ? | ? | ? | ? | ? | ? | ? | ?")
    before = table(b, pile=1, moves_made=0)
    v = check(before, Draw())
    assert v.legal
    assert v.reasons[-1] == Reason("ss.draw.last_card", "SS-8", True, {"player": 0, "pile": 1})
    s = apply(before, Draw())
    assert s.outcome == Outcome("draw")
    assert (s.pile, s.moves_made) == (0, 0)
    assert check(s, Conceal(0)).failures == (Reason("ss.game.over", "SS-8", False, {"kind": "draw"}),)
    assert legal_moves(s) == ()


def test_a_draw_not_taking_the_last_card_says_nothing_of_the_end() -> None:
    b = board(4, "S H C D", "KS ? | ? | ? | ? | ? | ? | ? | ? | ? | ? | ? | ?")
    v = check(table(b, pile=2), Draw())
    assert "ss.draw.last_card" not in [r.code for r in v.reasons]
    assert apply(table(b, pile=2), Draw()).outcome is None


def test_a_win_on_the_last_move_beats_the_draw() -> None:
    b = board(2, "red black", "? ? | ? | ? | KH ? | QD ? | ? ?")
    s = apply(table(b, pile=0, moves_made=2), Reveal(5, card("2H")))
    assert s.outcome is not None and s.outcome.kind == "win"
