"""The entries the table makes by itself (forced.py): only where the rules leave exactly one (SS-5, SS-7), never a
face, a hand card or a player's choice. Every forced move is legal (``check``)."""

from __future__ import annotations

from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.forced import forced_move
from companion.games.strato_sphere.moves import Attack, Draw, NameDealer, NoDefence, Pass, Reveal
from companion.games.strato_sphere.readings import START_LEFT_OF_DEALER
from companion.games.strato_sphere.state import PendingAttack, new_state

from .builders import board, card, table

# 2 players (SS-2: colours): Aki (seat 0) red, Ben (seat 1) black; node 1 Aki's A♥ on a card, node 2 Ben's Q♠ on one.
ATTACK = board(2, "red black", "? | AH ? | QS ? | ? | ? | ?")


def legal(state, move) -> bool:  # type: ignore[no-untyped-def]
    return GAME.check(state, move).legal


def test_no_defence_when_every_card_that_could_defend_has_been_seen() -> None:
    """SS-7: only a red ace could stop A♥ (2 players: its colour, rank A or higher); A♦ is in the discard and A♥ is
    the attacking card, so nobody can defend: the attack goes through (SS-6)."""
    state = GAME.apply(table(ATTACK, discard="AD"), Attack(1, 2))
    assert state.pending == PendingAttack(0, 1, 2)
    assert forced_move(state) == NoDefence()
    assert legal(state, NoDefence())
    assert GAME.forced(state) == NoDefence()  # wired into the Game


def test_no_defence_when_no_seat_holds_a_card() -> None:
    """SS-7: a defence is played from a hand; with every hand empty, nobody can."""
    state = GAME.apply(table(ATTACK, hands=(0, 0)), Attack(1, 2))
    assert forced_move(state) == NoDefence()


def test_a_defence_window_some_hand_may_answer_is_not_forced() -> None:
    """SS-7: A♦ is unseen, so it may be in a hand: the table does not guess whether anyone defends."""
    state = GAME.apply(table(ATTACK), Attack(1, 2))
    assert forced_move(state) is None


def test_a_player_with_no_legal_move_passes() -> None:
    """The SS-5 ruling: Aki's hand is full (7) and every node's face-up top is black, a force nobody holds yet
    (unclaimed, SS-4): no draw, place, turn, move or attack, so the table enters the pass."""
    nodes = board(2, "red -", "2S | 3S | 4S | 5S | 6S | 7S")
    state = table(nodes, hands=(7, 6))
    assert forced_move(state) == Pass()
    assert legal(state, Pass())


def test_the_one_legal_move_left_is_made() -> None:
    """SS-5: the same board with room in Aki's hand: a draw is the only move the rules leave."""
    state = table(board(2, "red -", "2S | 3S | 4S | 5S | 6S | 7S"), hands=(3, 6))
    assert forced_move(state) == Draw()
    assert legal(state, Draw())


def test_a_face_down_card_is_never_turned_up_by_the_table() -> None:
    """SS-4/SS-5: a neutral node could be turned up as any unseen face: the players enter it, nothing is forced,
    even when nothing else is left but placing a card under it."""
    state = table(board(2, "red -", "? | 3S | 4S | 5S | 6S | 7S"), hands=(7, 6))
    moves = GAME.legal_moves(state)
    assert moves is not None and any(isinstance(m, Reveal) for m in moves)
    assert forced_move(state) is None


def test_the_start_of_a_game_is_never_forced() -> None:
    """SS-5: the table names its dealer (a choice), and the first turn offers every move."""
    state = new_state(2, {"start": START_LEFT_OF_DEALER})
    assert forced_move(state) is None  # who dealt is the table's to say
    started = GAME.apply(state, NameDealer(1))
    assert forced_move(started) is None


def test_nothing_after_the_game_is_over() -> None:
    """SS-8: a won game takes no entry. Ben's K♣ under Aki's nodes: Aki turns up node 5 as 9♥, and holds all three
    of Ben's."""
    nodes = board(2, "red black", "? | ? | ? | 2H | 3H | ?")
    won = GAME.apply(table(nodes), Reveal(5, card("9H")))
    assert won.outcome is not None
    assert forced_move(won) is None
