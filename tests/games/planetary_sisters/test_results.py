"""Ranking and winner (§4.5), what a table's scores count while the game runs (§2: a hand is its owner's alone
until it is shown), and "what if" for the player to move."""

from __future__ import annotations

from companion.games.planetary_sisters import (
    GAME,
    CardRef,
    Phase,
    Setup,
    Turn,
    rank_players,
    score_player,
    what_if_takes,
)
from companion.games.planetary_sisters.state import hands_hidden, without_hands

from .support import ELEMENTS, EXAMPLE_FIELD, EXAMPLE_HOUSE, cards, complete_profile, play_game, synthetic_card


def test_ranking_highest_total_wins() -> None:
    ranking = rank_players([120, 167, 90, 130])
    assert [(s.seat, s.total, s.place) for s in ranking.standings] == [(1, 167, 1), (3, 130, 2), (0, 120, 3),
                                                                        (2, 90, 4)]
    assert ranking.winners == (1,)
    assert (ranking.reason.code, ranking.reason.rule) == ("ps.result.winner", "§4.5")
    assert dict(ranking.reason.params) == {"seats": [1], "total": 167, "shared": False}


def test_ranking_ties_share_the_place_and_the_win() -> None:
    # §4.5 gives no tie-break: both highest totals win
    ranking = rank_players([50, 80, 80, 20])
    assert [(s.seat, s.place) for s in ranking.standings] == [(1, 1), (2, 1), (0, 3), (3, 4)]
    assert ranking.winners == (1, 2)
    assert ranking.reason.params["shared"] is True


def test_what_if_each_field_card() -> None:
    house = cards(*EXAMPLE_HOUSE[:7])  # without 31 (KING)
    field = cards(*EXAMPLE_FIELD, "31:KING")[1:]  # ANIMAL+FOOD*2, FOOD, POINTED_3, 31:KING
    current, options = what_if_takes(house, field, ELEMENTS)
    assert current == score_player(house, field, ELEMENTS)
    assert [str(o.card) for o in options] == ["ANIMAL+FOOD*2", "FOOD", "POINTED_3", "31:KING"]
    king = options[3]
    # taking 31 completes the example house (113) and leaves 3 field cards: food 6×2, animal 1×1×4, single 4×1×5
    assert king.score.house.total == 113
    assert king.score.field.points() == {"food": 12, "plant": 0, "animal": 4, "dual": 0, "single": 20, "collector": 0}
    assert king.gain == king.score.total - current.total
    for option in options:
        rest = [c for i, c in enumerate(field) if i != option.field_index]
        assert option.score == score_player([*house, option.card], rest, ELEMENTS)


def test_what_if_for_the_player_to_move() -> None:
    state = GAME.new_state(3, {}, complete_profile())
    state = GAME.apply(state, Setup(1, (CardRef(14), CardRef(20), CardRef(19))))
    state = GAME.apply(state, Turn(1, CardRef(30), CardRef(14)))
    advice = GAME.what_if(state)
    assert advice is not None and advice.seat == 2
    assert advice.unseen == state.seats[2].hand_size == 1  # the table has not seen seat 2's hand
    assert advice.current.total == 0
    assert [str(o.card) for o in advice.options] == [str(synthetic_card(20)), str(synthetic_card(19))]
    shown = GAME.what_if(state, hand=[synthetic_card(27)])
    assert shown is not None and shown.unseen == 0
    # with 27 (PLANT*2) in hand, taking 20 (PLANT*2): PLANT 4 on 2 cards -> 4 × 1 × 2 = 8 house points
    assert shown.options[0].score.house.category("plant").points == 8
    # the card taken waits beside the played one until the round ends (§4.2), then joins the hand
    assert [len(s.house) for s in GAME.table_score(state).seats] == [0, 0, 0]
    state = GAME.apply(state, Turn(2, CardRef(27), CardRef(20)))
    state = GAME.apply(state, Turn(0, CardRef(5), CardRef(19)))
    assert [[c.rank for c in s.known_hand] for s in state.seats] == [[19], [14], [20]]
    # the mover's own "what if" counts the cards the table saw them take (Chie, parent now, holds 20)
    mine = GAME.what_if(state)
    assert mine is not None and mine.seat == 2 and mine.unseen == 1
    # 20 is PLANT*2: house 2 × (1 − 1) = 0; field 30 27 5: plant 2 × 2 (30, 27 carry PLANT) × 2 = 8
    assert mine.current.house.total == 0 and mine.current.field.points()["plant"] == 8


def test_a_hidden_hand_counts_in_no_score_of_the_table() -> None:
    """§2: the hands the table saw filled are still hidden hands; with 3 players no seat has a score yet."""
    state = GAME.new_state(3, {}, complete_profile())
    state = GAME.apply(state, Setup(1, (CardRef(14), CardRef(20), CardRef(19))))
    for move in (Turn(1, CardRef(30), CardRef(14)), Turn(2, CardRef(27), CardRef(20)), Turn(0, CardRef(5), CardRef(19))):
        state = GAME.apply(state, move)
    assert hands_hidden(state)
    table = GAME.table_score(state)
    assert table.hands_hidden and table.no_score_yet and not table.final
    assert [s.house for s in table.seats] == [(), (), ()]
    assert [s.left_out for s in table.seats] == [2, 2, 2]  # each whole hand, the card the table saw included
    assert (table.reason.code, table.reason.rule) == ("ps.score.in_hands", "§2")
    scored = GAME.score(state)
    assert [s.total for s in scored.seats] == [None, None, None] and all(not s.terms for s in scored.seats)
    assert scored.placings == ((0, 1, 2),) and scored.winners == ()
    assert [(r.code, r.rule) for r in scored.reasons] == [("ps.score.in_hands", "§2")]
    # what a page for the whole table may hold: the hand sizes, none of the cards
    shown = without_hands(state)
    assert [s.known_hand for s in shown.seats] == [(), (), ()] and [s.hand_size for s in shown.seats] == [2, 2, 2]
    assert shown.field == state.field and shown.rounds == state.rounds


def test_two_players_score_the_face_up_house_cards_and_the_field_only() -> None:
    play = play_game(2, 4)
    state = next(s for s in play.states if s.round == 6 and len(s.turns) == 1)
    assert all(s.house for s in state.seats) and any(s.known_hand for s in state.seats)
    table = GAME.table_score(state)
    assert table.hands_hidden and not table.no_score_yet
    for seat in table.seats:
        assert seat.house == state.seats[seat.seat].house and seat.guards == ()
        assert seat.left_out == state.seats[seat.seat].hand_size
        assert seat.score == score_player(seat.house, state.field, state.deck.elements)
    scored = GAME.score(state)
    assert [s.total for s in scored.seats] == [s.score.total for s in table.seats]
    assert [(r.code, r.rule) for r in scored.reasons] == [("ps.score.open_cards", "§2")]


def test_once_the_hands_are_shown_they_count() -> None:
    play = play_game(4, seed=3)
    reveal = next(s for s in play.states if s.phase is Phase.REVEAL)
    assert not hands_hidden(reveal) and without_hands(reveal) == reveal
    table = GAME.table_score(reveal)
    assert not table.hands_hidden and not table.no_score_yet
    for seat in table.seats:
        hand = reveal.seats[seat.seat]
        assert seat.house == (hand.house if hand.revealed else hand.known_hand)
        assert seat.left_out == hand.unseen
    final = GAME.score(play.final)
    assert final.finished and all(s.total is not None for s in final.seats)


def test_what_if_is_none_outside_turns() -> None:
    assert GAME.what_if(GAME.new_state(4, {}, complete_profile())) is None
