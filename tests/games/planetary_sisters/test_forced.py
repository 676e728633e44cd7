"""The entries the table makes by itself (forced.py, issue 35): each case with its rule, and the cases that must
stay the players' (a hidden card, a choice). Every forced move is legal (``check``)."""

from __future__ import annotations

from dataclasses import replace

from companion.games.planetary_sisters import GAME, Card, CardRef, Move, Phase, Reveal, Setup, TableState, Turn
from companion.games.planetary_sisters.forced import forced_move

from . import recorded_game as game
from .support import complete_profile, play_game, replay_recorded, synthetic_card


def forced_legal(state: TableState) -> Move | None:
    move = GAME.forced(state)
    assert move is None or GAME.check(state, move).legal
    return move


def test_the_last_hand_of_a_four_player_game_is_the_ranks_found_nowhere_else() -> None:
    """§4.5 with PS-7: all 36 cards are in play with 4 players, so once three hands are shown the fourth's
    unseen cards are the ranks the table has not seen anywhere."""
    moves, states = replay_recorded()
    reveals = [i for i, move in enumerate(moves) if isinstance(move, Reveal)]
    before_last = states[reveals[-2]]
    forced = forced_legal(before_last)
    assert forced == Reveal(3, tuple(CardRef(r) for r in (2, 10, 19, 34)))  # the ranks, in order
    assert {r.rank for r in forced.cards} == set(game.HANDS[3]) - {c.rank for c in before_last.seats[3].known_hand}
    assert GAME.apply(before_last, forced).phase is Phase.FINISHED


def test_no_hand_is_worked_out_while_two_are_hidden_or_cards_were_set_aside() -> None:
    moves, states = replay_recorded()
    reveals = [i for i, move in enumerate(moves) if isinstance(move, Reveal)]
    assert forced_legal(states[reveals[0] - 1]) is None  # the reveal starts: four hands hidden
    assert forced_legal(states[reveals[-3]]) is None  # two hands still hidden: which card is whose is theirs
    for players in (2, 3):  # §4.1 step 4, §4.3: cards set aside unseen
        play = play_game(players, 7)
        last = [s for s in play.states if s.phase is Phase.REVEAL and sum(not x.revealed for x in s.seats) == 1]
        assert last and all(forced_legal(s) is None for s in last)


def test_no_hand_is_worked_out_from_cards_entered_by_their_elements_alone() -> None:
    """PS-7: a card entered without its rank does not say which rank it is, so the ranks left say nothing."""
    play = play_game(4, 11, by="elements")
    last = [s for s in play.states if s.phase is Phase.REVEAL and sum(not x.revealed for x in s.seats) == 1]
    assert all(forced_legal(s) is None for s in last)


def _last_turn_of_round_one() -> TableState:
    _moves, states = replay_recorded()
    state = states[3]  # round 1, three turns entered: Aki (seat 0) to move, one field card left
    assert state.phase is Phase.TURNS and state.to_move == 0 and len(state.field) == 1
    return state


def test_a_lone_seen_card_onto_the_last_field_card_is_the_tables() -> None:
    """§4.2: a player holding one card has no choice of card played; with one field card left none of card
    taken. Only when the table saw that card taken (PS-7: none unseen) does it know which card it is."""
    state = _last_turn_of_round_one()
    seen = synthetic_card(26)  # a card nowhere on the table yet
    seats = list(state.seats)
    seats[0] = replace(seats[0], hand_size=1, known_hand=(seen,))
    lone = replace(state, seats=tuple(seats))
    assert forced_legal(lone) == Turn(0, CardRef(26, seen.elements), state.field[0].ref)


def test_a_turn_with_a_hidden_card_or_a_choice_stays_the_players() -> None:
    state = _last_turn_of_round_one()
    assert state.seats[0].hand_size == 2 and forced_legal(state) is None  # §4.2: Aki chooses of two, unseen
    seats = list(state.seats)
    seats[0] = replace(seats[0], hand_size=1, known_hand=())
    assert forced_legal(replace(state, seats=tuple(seats))) is None  # one card, but a drawn one (§2)
    seats[0] = replace(seats[0], hand_size=1, known_hand=(synthetic_card(26),))
    two_on_field = replace(state, seats=tuple(seats), field=(*state.field, synthetic_card(3)))
    assert forced_legal(two_on_field) is None  # the field card taken is a choice
    seats[0] = replace(seats[0], hand_size=2, known_hand=(synthetic_card(26), synthetic_card(3)))
    assert forced_legal(replace(state, seats=tuple(seats))) is None  # two seen cards: the card played is a choice


def test_the_setup_and_a_named_parent_are_never_forced() -> None:
    fresh = GAME.new_state(4, {}, complete_profile())
    assert forced_move(fresh) is None  # §4.1: the first parent is chosen by the table
    unranked = GAME.apply(fresh, Setup(0, (CardRef(None, Card.parse("FOOD").elements), CardRef(9), CardRef(22),
                                            CardRef(36))))
    for move in (Turn(0, CardRef(1), CardRef(9)), Turn(1, CardRef(2), CardRef(22)), Turn(2, CardRef(3), CardRef(36))):
        unranked = GAME.apply(unranked, move)
    unranked = GAME.apply(unranked, Turn(3, CardRef(4), CardRef(None, Card.parse("FOOD").elements)))
    assert unranked.phase is Phase.NAME_PARENT and forced_move(unranked) is None  # PS-5 needs every rank
