"""The entries the table makes by itself (forced.py): a reshuffle of an empty deck (SC-7 ruling), and where no
card at all could be played, the one thing left: draw (SC-4), keep the drawn card (SC-4), take the stack (SC-3),
pass at the hand limit (SC-7). Everything a hidden hand or a player's choice decides is left to the players."""

from __future__ import annotations

import pytest

from companion.games.sister_combination import DECK, GAME
from companion.games.sister_combination.forced import could_play, forced_move
from companion.games.sister_combination.moves import Draw, Keep, Move, PassTurn, Play, Reshuffle, TakeStack
from companion.games.sister_combination.rules import apply, check, match_reasons
from companion.games.sister_combination.state import TableState
from tests.games.sister_combination.support import play, table


def every_match_seen(top: str, stack: int = 0, colour: str | None = None, **extra: object) -> TableState:
    """A table where every card that could be played on ``top`` is already on the discard pile (SC-9)."""
    probe = table(hands=(5, 5, 5), discard=(top,), stack=stack, colour=colour)
    fits = [str(c) for c in DECK if str(c) != top and all(r.ok for r in match_reasons(probe, Play(c)))]
    return table(hands=(5, 5, 5), discard=(top, *fits), stack=stack, colour=colour, **extra)  # type: ignore[arg-type]


def forced_and_legal(state: TableState) -> Move | None:
    move = forced_move(state)
    if move is not None:
        assert check(state, move).legal, move  # the platform stops at the first illegal one
    return move


def test_the_game_names_its_forced_moves() -> None:
    assert GAME.forced(table(hands=(5, 5, 5), deck=0, discard=("karen:3", "karen:4"))) == Reshuffle()


# -- forced -----------------------------------------------------------------------------------------------------

def test_an_empty_deck_is_reshuffled_at_once() -> None:
    """SC-7 ruling: when the deck runs out, the discard pile under its top card becomes the new deck."""
    state = table(hands=(5, 5, 5), deck=0, discard=("karen:3", "karen:4", "kaho:4"))
    assert forced_and_legal(state) == Reshuffle()
    after = apply(state, Reshuffle())
    assert after.deck == 2 and after.discard == state.discard[:1]
    assert forced_and_legal(after) is None  # then the player to move plays or draws: their choice


def test_the_drawn_card_of_a_player_who_drew_after_the_last_deck_card_is_theirs_then_the_deck_is_made() -> None:
    state = table(hands=(5, 5, 5), deck=0, discard=("karen:3", "karen:4"), drawn=True)
    assert forced_and_legal(state) == Reshuffle()  # SC-7; the drawn card stays the player's choice after it


def test_no_card_could_be_played_in_normal_mode_so_the_player_draws() -> None:
    """SC-4: a player who cannot play draws one card, and cannot play it either: keeps it (one entry). Every green
    card, every 3 and every S.P. is seen."""
    state = every_match_seen("karen:3")
    assert not could_play(state)
    assert forced_and_legal(state) == Draw(keep=True)
    assert apply(state, Draw(keep=True)).turn == 1


def test_having_drawn_with_no_card_that_could_be_played_the_player_keeps_it() -> None:
    state = every_match_seen("karen:3", drawn=True)
    assert forced_and_legal(state) == Keep()  # SC-4: the drawn card cannot be played either


def test_no_card_could_be_played_in_obstruction_mode_so_the_player_takes_the_stack() -> None:
    """SC-3: only Mirror, Pass, Stack 2 or an S.P. could answer; all of those that match are seen."""
    state = every_match_seen("marie:stack2", stack=2)
    assert forced_and_legal(state) == TakeStack()


def test_at_the_hand_limit_with_no_card_that_could_be_played_the_player_passes() -> None:
    """SC-7 みんななかよく: a full hand cannot draw; not playing passes (出せなければパス扱い)."""
    probe = every_match_seen("karen:3")
    state = probe.evolve(hands=(16, 5, 5), deck=probe.deck - 11,
                         options=table(hands=(5, 5, 5), limit="16a").options)
    assert forced_and_legal(state) == PassTurn()


def test_forced_moves_follow_one_another_and_stop_where_a_player_chooses() -> None:
    state = every_match_seen("karen:3")
    made = []
    while (move := forced_and_legal(state)) is not None and len(made) < 8:
        made.append(move)
        state = apply(state, move)
    assert made[:3] == [Draw(keep=True)] * 3  # nobody could play: each draws and keeps (SC-4)


# -- not forced -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("state", [
    pytest.param(table(hands=(7, 7, 7)), id="normal mode: the hand is secret (SC-9), the player chooses"),
    pytest.param(table(hands=(7, 7, 7), stack=4), id="obstruction mode: play a word card or an S.P., or take"),
    pytest.param(table(hands=(7, 7, 7), drawn=True), id="drawn: play the drawn card or keep it (SC-4)"),
    pytest.param(table(hands=(7, 7, 7), deck=0, discard=("karen:3",)), id="deck empty, nothing to reshuffle"),
    pytest.param(table(hands=(16, 5, 5), limit="16a"), id="at the limit: may still play (SC-7)"),
    pytest.param(table(hands=(16, 5, 5), stack=3, limit="16chosen", choosing=True), id="SC-7 (a) or (b): chosen"),
    pytest.param(TableState(3), id="before set-up: who starts and the field card are the players'"),
    pytest.param(table(hands=(0, 5, 5), out=(0,)), id="game over"),
])
def test_nothing_is_forced_where_a_player_chooses(state: TableState) -> None:
    assert forced_move(state) is None


def test_a_forgotten_reach_is_never_pointed_out_by_the_table() -> None:
    """SC-6: a forgotten リーチ costs 2 only when someone notices: never the table's entry."""
    state = apply(table(hands=(2, 5, 5)), play("karen:5"))
    assert 0 in state.forgot
    assert forced_move(state) is None
