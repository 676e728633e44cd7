"""Parent change: PS-5 (3/4 players: Close/Far, ties to the most downstream player) and PS-6 (2 players:
lexicographic lists, equal lists make the child parent); the condition card flips every round (PS-5)."""

from __future__ import annotations

import pytest

from companion.games.planetary_sisters import (
    GAME,
    CardRef,
    Condition,
    Phase,
    Setup,
    TableState,
    Turn,
    next_parent_many,
    next_parent_two,
)

from .support import complete_profile

CLOSE, FAR = Condition.CLOSE, Condition.FAR


# -- PS-5, 3/4 players -------------------------------------------------------------------------------------


def test_close_smallest_difference_becomes_parent() -> None:
    change = next_parent_many([(2, 7), (3, 1), (0, 4), (1, 9)], CLOSE)
    assert change.seat == 3
    (reason,) = change.reasons
    assert (reason.code, reason.rule) == ("ps.parent.smallest_difference", "PS-5")
    assert dict(reason.params) == {"seat": 3, "difference": 1, "condition": "close", "seats": [2, 3, 0, 1],
                                   "differences": [7, 1, 4, 9]}


def test_far_largest_difference_becomes_parent() -> None:
    change = next_parent_many([(2, 7), (3, 1), (0, 4), (1, 9)], FAR)
    assert change.seat == 1
    assert change.reasons[0].code == "ps.parent.largest_difference"
    assert change.reasons[0].params["difference"] == 9


def test_close_tie_goes_to_the_most_downstream_player() -> None:
    # order 2, 3, 0, 1: seats 3 and 0 tie on 2; seat 0 acted later although its number is smaller
    change = next_parent_many([(2, 5), (3, 2), (0, 2), (1, 8)], CLOSE)
    assert change.seat == 0
    assert [r.code for r in change.reasons] == ["ps.parent.smallest_difference", "ps.parent.tie_downstream"]
    assert dict(change.reasons[1].params) == {"seat": 0, "tied": [3, 0]}


def test_far_tie_goes_to_the_most_downstream_player() -> None:
    change = next_parent_many([(1, 9), (2, 3), (0, 9)], FAR)
    assert change.seat == 0
    assert change.reasons[1].params["tied"] == [1, 0]


def test_all_tied_goes_to_the_last_player_of_the_round() -> None:
    assert next_parent_many([(3, 4), (0, 4), (1, 4), (2, 4)], CLOSE).seat == 2
    assert next_parent_many([(3, 4), (0, 4), (1, 4), (2, 4)], FAR).seat == 2


def test_the_parent_can_stay_parent() -> None:
    assert next_parent_many([(1, 0), (2, 3), (0, 5)], CLOSE).seat == 1


# -- PS-6, 2 players ------------------------------------------------------------------------------------------


def test_two_players_close_first_difference_decides() -> None:
    change = next_parent_two(0, [5, 1], 1, [2, 3], CLOSE)
    assert change.seat == 0
    (reason,) = change.reasons
    assert (reason.code, reason.rule) == ("ps.parent.better_pairs", "PS-6")
    assert dict(reason.params) == {"seat": 0, "condition": "close", "differences": [1, 5], "other_seat": 1,
                                   "other_differences": [2, 3], "decided_at": 1}


def test_two_players_close_tie_on_first_goes_to_the_next_smallest() -> None:
    change = next_parent_two(0, [2, 7], 1, [4, 2], CLOSE)
    assert change.seat == 1
    assert change.reasons[0].params["decided_at"] == 2
    assert change.reasons[0].params["differences"] == [2, 4]


def test_two_players_far_first_difference_decides() -> None:
    change = next_parent_two(1, [9, 1], 0, [8, 8], FAR)
    assert change.seat == 1
    assert change.reasons[0].params["differences"] == [9, 1]
    assert change.reasons[0].params["other_differences"] == [8, 8]


def test_two_players_far_tie_on_first_goes_to_the_next_largest() -> None:
    change = next_parent_two(0, [9, 1], 1, [3, 9], FAR)
    assert change.seat == 1
    assert change.reasons[0].params["decided_at"] == 2


@pytest.mark.parametrize("condition", [CLOSE, FAR])
@pytest.mark.parametrize(("parent", "child"), [(0, 1), (1, 0)])
def test_two_players_equal_lists_make_the_child_parent(condition: Condition, parent: int, child: int) -> None:
    change = next_parent_two(parent, [3, 6], child, [6, 3], condition)
    assert change.seat == child
    (reason,) = change.reasons
    assert (reason.code, reason.rule) == ("ps.parent.equal_pairs_child", "PS-6")
    assert reason.params["seat"] == child


def test_condition_flips() -> None:
    assert CLOSE.flipped() is FAR and FAR.flipped() is CLOSE


# -- through the tracker: a scripted round -------------------------------------------------------------------


def _table(players: int, parent: int, field: list[int]) -> TableState:
    state = GAME.new_state(players, {}, complete_profile())
    return GAME.apply(state, Setup(parent, tuple(CardRef(r) for r in field)))


def test_tracker_round_4_players_close_then_far() -> None:
    state = _table(4, 1, [10, 20, 30, 5])
    assert state.condition is CLOSE
    # order 1, 2, 3, 0. differences: |12−10| = 2, |25−20| = 5, |33−30| = 3, |7−5| = 2 -> tie 1 and 0: seat 0
    for seat, played, taken in [(1, 12, 10), (2, 25, 20), (3, 33, 30), (0, 7, 5)]:
        state = GAME.apply(state, Turn(seat, CardRef(played), CardRef(taken)))
    record = state.rounds[-1]
    assert (record.parent, record.condition, record.next_parent) == (1, CLOSE, 0)
    assert [r.code for r in record.reasons] == [
        "ps.parent.smallest_difference", "ps.parent.tie_downstream", "ps.condition.flipped"]
    assert record.reasons[-1].params["condition"] == "far"
    assert (state.parent, state.condition, state.round) == (0, FAR, 2)
    assert [c.rank for c in state.field] == [12, 25, 33, 7]  # the played cards, in turn order
    # round 2, Far, order 0, 1, 2, 3: |1−7| = 6, |4−12| = 8, |35−25| = 10, |34−33| = 1 -> seat 2
    for seat, played, taken in [(0, 1, 7), (1, 4, 12), (2, 35, 25), (3, 34, 33)]:
        state = GAME.apply(state, Turn(seat, CardRef(played), CardRef(taken)))
    assert state.rounds[-1].reasons[0].code == "ps.parent.largest_difference"
    assert (state.parent, state.condition) == (2, CLOSE)


def test_tracker_round_2_players_equal_lists_child_becomes_parent() -> None:
    state = _table(2, 0, [10, 20, 30, 5])
    # P, C, P, C. parent: |13−10| = 3, |27−30| = 3; child: |23−20| = 3, |8−5| = 3 -> equal: the child
    for seat, played, taken in [(0, 13, 10), (1, 23, 20), (0, 27, 30), (1, 8, 5)]:
        state = GAME.apply(state, Turn(seat, CardRef(played), CardRef(taken)))
    assert state.rounds[-1].reasons[0].code == "ps.parent.equal_pairs_child"
    assert (state.parent, state.condition, state.phase) == (1, FAR, Phase.TURNS)


def test_tracker_asks_for_the_parent_when_a_rank_is_unknown() -> None:
    state = GAME.new_state(3, {}, complete_profile())
    state = GAME.apply(state, Setup(0, (CardRef(10), CardRef(None, (("FOOD", 4),)), CardRef(5))))
    for seat, played, taken in [(0, CardRef(12), CardRef(10)), (1, CardRef(20), CardRef(None, (("FOOD", 4),))),
                                (2, CardRef(6), CardRef(5))]:
        state = GAME.apply(state, Turn(seat, played, taken))
    assert state.phase is Phase.NAME_PARENT
    from companion.games.planetary_sisters import NameParent

    wrong = GAME.check(state, NameParent(3))
    assert [r.code for r in wrong.failures] == ["ps.parent.seat"]
    verdict = GAME.check(state, NameParent(2))
    assert verdict.legal
    named = [r for r in verdict.reasons if r.code == "ps.parent.named"][0]
    assert named.params["cards"] == ["FOOD*4"] and named.rule == "PS-5"
    state = GAME.apply(state, NameParent(2))
    assert (state.parent, state.condition, state.round) == (2, FAR, 2)
    assert state.rounds[-1].reasons[0].code == "ps.parent.named"
