"""The entries the table makes by itself (companion/games/lumiere/forced.py): the draw phase (§ドローフェイズ), the
get phase (LP-5, a reading) and the play when one kind of card is left to the seat (LP-8); and everything the
rules leave to a player, which it must not make."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from companion.games.lumiere import GAME, Card, Draw, Phase, PlayCard, ResolveGet, TableState
from companion.games.lumiere.cards import PER_PLAYER
from companion.games.lumiere.forced import forced_move

from .support import NEW_TABLE, complete_profile, default_profile, play, table, with_field


def made(state: TableState) -> object:
    """The table's entry on ``state``, which must be legal there (the platform stops at an illegal one)."""
    move = GAME.forced(state)
    assert move == forced_move(state)
    if move is not None:
        assert GAME.check(state, move).legal, move
    return move


def test_the_draw_phase_is_the_tables() -> None:
    state = play(table(), "play priest", "set r0c0", "get")
    assert state.phase is Phase.DRAW
    assert made(state) == Draw()  # §ドローフェイズ: the card drawn is never entered
    after = GAME.apply(state, Draw())
    assert (after.seat(0).hand, after.seat(0).deck, after.turn) == (6, 11, 1)


def test_the_draw_phase_with_an_empty_deck_is_the_tables_too() -> None:
    state = play(table(), "play priest", "set r0c0", "get")
    state = state.with_seat(replace(state.seat(0), deck=0))
    assert made(state) == Draw()  # デッキにカードが無い場合はカードを引く必要はありません
    assert GAME.apply(state, Draw()).seat(0).hand == 5


def test_the_get_phase_is_the_tables_with_or_without_captures() -> None:
    nothing = play(table(), "play priest", "set r0c0")
    assert nothing.phase is Phase.GET and made(nothing) == ResolveGet()
    # Aki's priest on B3 sandwiches Ben's commoner on B2 with Aki's commoner on B1 (LP-2, LP-3): compulsory
    state = play(table(openings=("r1c0", "r1c1", "r3c3", "r0c3")), "play priest", "set r1c2")
    assert made(state) == ResolveGet()
    assert GAME.apply(state, ResolveGet()).seat(0).points == (Card.COMMONER,)


def one_kind_left(state: TableState, card: Card, hand: int) -> TableState:
    """Seat 0 has played all its cards but ``hand`` copies of ``card`` (its deck empty)."""
    left = Counter(PER_PLAYER)
    left[Card.COMMONER] -= 1  # set aside at setup, and placed
    left[card] -= hand
    played = tuple(left.elements())
    return state.with_seat(replace(state.seat(0), hand=hand, deck=0, played=played))


def test_the_play_is_the_tables_when_one_kind_of_card_is_left_to_the_seat() -> None:
    state = one_kind_left(table(), Card.COMMONER, 2)
    assert state.phase is Phase.EFFECT and state.play_area is None
    assert made(state) == PlayCard(Card.COMMONER)  # LP-8: the hand can hold nothing else


def test_a_card_an_effect_put_in_the_hand_is_a_choice_again() -> None:
    state = one_kind_left(table(), Card.COMMONER, 2)
    state = state.with_seat(replace(state.seat(0), hand=3, gained=(Card.YOKAI,)))
    assert made(state) is None  # LP-10: the yokai from the field may be played too


def test_a_mixed_hand_is_the_players_choice() -> None:
    assert made(table()) is None  # a fresh hand: any of 12 kinds
    state = one_kind_left(table(), Card.GHOST, 1)
    state = state.with_seat(replace(state.seat(0), hand=2, played=state.seat(0).played[:-1]))
    assert len([c for c, n in state.seat(0).unseen().items() if n > 0]) == 2
    assert made(state) is None


def test_setup_is_the_players() -> None:
    fresh = GAME.new_state(4, NEW_TABLE, default_profile())
    assert made(fresh) is None  # じゃんけん: who plays first, or a mulligan (LP-9)
    assert made(play(fresh, "first 1")) is None  # each commoner's area
    assert made(play(fresh, "first 1", "opening r0c0", "opening r0c1", "opening r0c2")) is None


FULL = "\n".join(["commoner@0 commoner@1 commoner@2 commoner@3"] * 4)


def test_the_remove_phase_is_the_players() -> None:
    scored = with_field(table(profile=complete_profile()), FULL)
    state = replace(scored, phase=Phase.REMOVE)
    assert made(state) is None  # LP-6: any of the 16 top cards
    unknown = replace(with_field(table(), FULL), phase=Phase.REMOVE)
    assert made(unknown) is None  # LP-6 undecided (stackable unknown, LP-8): the table decides, take or play


@pytest.mark.parametrize("effects", [(), ("turn r3c1 0",)])
def test_the_effect_and_the_set_are_the_players(effects: tuple[str, ...]) -> None:
    state = play(table(), "play ghost", *effects)
    assert state.play_area is Card.GHOST
    assert made(state) is None  # LP-10: an effect, or where to set it


def test_nothing_is_made_once_the_game_is_over() -> None:
    over = replace(table(), phase=Phase.OVER)
    assert made(over) is None


def test_a_whole_turn_after_the_set_is_the_tables() -> None:
    state = play(table(), "play priest", "set r0c0")
    moves = []
    while (move := GAME.forced(state)) is not None:
        moves.append(move)
        state = GAME.apply(state, move)
    assert moves == [ResolveGet(), Draw()]
    assert (state.turn, state.phase, state.play_area) == (1, Phase.EFFECT, None)  # Ben chooses his card
