"""Ranking and winner (§4.5) and "what if" for the player to move."""

from __future__ import annotations

from companion.games.planetary_sisters import (
    GAME,
    CardRef,
    Setup,
    Turn,
    rank_players,
    score_player,
    what_if_takes,
)

from .support import ELEMENTS, EXAMPLE_FIELD, EXAMPLE_HOUSE, cards, complete_profile, synthetic_card


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
    table = GAME.table_score(state)
    assert [[c.rank for c in s.house] for s in table.seats] == [[19], [14], [20]] and not table.final
    # 14 is FOOD*4 alone: house 4 × (1 − 1) = 0 everywhere. Field 30 27 5: food 4 × 1 (30 carries FOOD) × 1,
    # single 1 × 1 (5 is pointed-only) × 5
    assert table.seats[1].score.house.total == 0
    assert table.seats[1].score.field.points() == {
        "food": 4, "plant": 0, "animal": 0, "dual": 0, "single": 5, "collector": 0}
    assert table.seats[1].score.total == 9


def test_what_if_is_none_outside_turns() -> None:
    assert GAME.what_if(GAME.new_state(4, {}, complete_profile())) is None
