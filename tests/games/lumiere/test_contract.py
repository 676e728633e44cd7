"""The engine contract for Lumière Prière: score(state) -> Breakdown with its working, the state's JSON
round-trip, a total ``check`` and ``legal_moves``."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import Breakdown, ParseError, Term
from companion.games.lumiere import GAME, Card, Phase, TableState, parse_move_text

from .support import cards, complete_profile, default_profile, play, table
from .test_tracker import run_a_whole_game


def with_points(state: TableState, *areas: tuple[str, ...]) -> TableState:
    return replace(state, seats=tuple(replace(s, points=cards(*a)) for s, a in zip(state.seats, areas, strict=True)))


# -- score(state) -> Breakdown -------------------------------------------------------------------------------------

def test_a_finished_game_scores_every_seat_with_the_working_and_breaks_the_tie_nearest_the_first_player() -> None:
    state = with_points(replace(table(profile=complete_profile(), first=2), phase=Phase.OVER),
                        ("priest", "commoner", "commoner", "vampire"), ("commoner",), (), ("exorcist", "yokai", "priest"))
    breakdown = GAME.score(state)
    assert isinstance(breakdown, Breakdown) and breakdown.finished
    # priest 3 + commoner 2 × 1 + vampire -3 = 2; commoner 1; nothing 0; exorcist 3 + yokai -2 + priest 3 = 4
    assert [s.total for s in breakdown.seats] == [2, 1, 0, 4]
    assert breakdown.seat(0).terms == (
        Term("lp.score.card", 2, "LP-7", {"card": "commoner", "count": 2, "points": 1}),
        Term("lp.score.card", 3, "LP-7", {"card": "priest", "count": 1, "points": 3}),
        Term("lp.score.card", -3, "LP-7", {"card": "vampire", "count": 1, "points": -3}),
    )
    assert breakdown.seat(2).terms == ()
    assert breakdown.placings == ((3,), (0,), (1,), (2,))
    assert breakdown.winners == (3,)
    assert [(r.code, r.rule, r.ok, dict(r.params)) for r in breakdown.reasons] == [
        ("lp.score.highest", "LP-7", True, {"seat": 3, "points": 4, "tied": [3]})]


def test_a_tie_is_placed_by_lp7_and_the_tie_break_is_a_reason() -> None:
    state = with_points(replace(table(profile=complete_profile(), first=2), phase=Phase.OVER),
                        ("priest",), ("commoner",), (), ("exorcist",))  # seats 0 and 3 tie on 3 points
    breakdown = GAME.score(state)
    assert [s.total for s in breakdown.seats] == [3, 1, 0, 3]
    assert breakdown.placings == ((3,), (0,), (1,), (2,))  # clockwise from seat 2, seat 3 comes before seat 0
    assert breakdown.winners == (3,)
    tie = breakdown.reasons[-1]
    assert (tie.code, tie.rule, dict(tie.params)) == (
        "lp.score.tie_break", "LP-7", {"seat": 3, "tied": [0, 3], "first": 2, "points": 3})


def test_a_game_still_on_has_running_scores_and_no_winner() -> None:
    state = with_points(table(profile=complete_profile()), ("priest",), (), (), ())
    breakdown = GAME.score(state)
    assert not breakdown.finished and breakdown.winners == ()
    assert [s.total for s in breakdown.seats] == [3, 0, 0, 0]


def test_unknown_points_give_none_and_name_the_card() -> None:
    profile = complete_profile()
    for card in profile["cards"]:
        if card["id"] == "ghost":
            del card["points"]
    state = with_points(replace(table(profile=profile), phase=Phase.OVER), ("ghost", "commoner"), ("commoner",), (), ())
    breakdown = GAME.score(state)
    assert [s.total for s in breakdown.seats] == [None, 1, 0, 0]
    commoner, ghost = breakdown.seat(0).terms
    assert (commoner.value, dict(commoner.params)) == (1, {"card": "commoner", "count": 1, "points": 1})
    assert (ghost.value, ghost.rule, dict(ghost.params)) == (
        None, "LP-8", {"card": "ghost", "count": 1, "points": None, "missing": "ghost"})
    (reason,) = breakdown.reasons
    assert (reason.code, reason.ok, dict(reason.params)) == ("lp.score.points_unknown", False, {"cards": ["ghost"]})
    assert breakdown.placings == ((0, 1, 2, 3),)  # nobody can be placed while a card's points are unknown


def test_the_default_profile_names_every_card_it_lacks_the_points_of() -> None:
    state = with_points(table(profile=default_profile()), ("ghost",), (), (), ())
    assert GAME.score(state).seat(0).terms[0].params["missing"] == "ghost"


# -- state JSON --------------------------------------------------------------------------------------------------

def test_every_state_of_a_played_game_round_trips_through_json() -> None:
    for players in (3, 4):
        profile = complete_profile()
        state, log = run_a_whole_game(players)
        replayed = GAME.new_state(players, {}, profile)
        states = [replayed]
        for data in log:
            replayed = GAME.apply(replayed, GAME.parse_move(data))
            states.append(replayed)
        assert replayed == state
        for each in states:
            snapshot = json.loads(json.dumps(GAME.state_to_json(each)))
            assert "profile" not in snapshot
            assert GAME.parse_state(snapshot, profile) == each


def test_a_state_with_a_get_phase_behind_it_round_trips() -> None:
    state = play(table(), "play ghost", "set r0c0", "get")
    assert state.last_get is not None and state.phase is Phase.DRAW
    assert GAME.parse_state(GAME.state_to_json(state), default_profile()) == state


def test_a_malformed_snapshot_is_a_parse_error() -> None:
    data = GAME.state_to_json(table())
    for broken in ({**data, "phase": "lunch"}, {**data, "players": 5}, {**data, "seats": "x"}, {}):
        try:
            GAME.parse_state(broken, default_profile())
        except ParseError:
            continue
        raise AssertionError(broken)


# -- check is total; legal_moves lists what check passes -------------------------------------------------------------

CELLS = st.lists(st.integers(0, 3), min_size=2, max_size=2)
MOVES = st.one_of(
    st.builds(lambda s: {"kind": "first", "seat": s}, st.integers(0, 3)),
    st.builds(lambda c, k: {"kind": k, "cell": c}, CELLS, st.sampled_from(["opening", "take"])),
    st.builds(lambda c: {"kind": "play", "card": c}, st.sampled_from([c.value for c in Card])),
    st.builds(lambda a, b, s: {"kind": "move", "from": a, "to": b, "stack": s}, CELLS, CELLS, st.booleans()),
    st.builds(lambda c, o: {"kind": "turn", "cell": c, "owner": o}, CELLS, st.integers(0, 3)),
    st.builds(lambda a, b: {"kind": "swap", "cells": [a, b]}, CELLS, CELLS),
    st.builds(lambda c, s: {"kind": "set", "cell": c, "stack": s}, CELLS, st.booleans()),
    st.just({"kind": "get"}), st.just({"kind": "draw"}),
)


def _states() -> list[TableState]:
    state, log = run_a_whole_game(3)
    states = [GAME.new_state(3, {}, complete_profile())]
    for data in log:
        states.append(GAME.apply(states[-1], GAME.parse_move(data)))
    return states[::7] + [states[-1], table(), play(table(), "play ghost"), play(table(), "play ghost", "set r0c0")]


STATES = _states()


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(STATES), MOVES)
def test_check_never_raises_for_a_parsed_move(state: TableState, data: dict[str, object]) -> None:
    move = GAME.parse_move(data)
    verdict = GAME.check(state, move)
    assert verdict.legal == all(r.ok for r in verdict.reasons)
    if verdict.legal:
        GAME.apply(state, move)


def test_legal_moves_are_exactly_the_moves_check_passes() -> None:
    for state in STATES:
        listed = GAME.legal_moves(state)
        assert all(GAME.check(state, move).legal for move in listed)
    setup = [str(m) for m in GAME.legal_moves(GAME.new_state(3, {}, complete_profile()))]
    assert [m for m in setup if not m.startswith("mulligan")] == ["first 0", "first 1", "first 2"]
    assert "mulligan 2 yokai 5" in setup and "mulligan 2 yokai 6" not in setup  # LP-9: the revealed card stays
    assert [str(m) for m in GAME.legal_moves(play(table(), "play ghost", "set r0c0"))] == ["get"]
    assert GAME.legal_moves(replace(table(), phase=Phase.OVER)) == ()
    assert parse_move_text("draw") in GAME.legal_moves(play(table(), "play ghost", "set r0c0", "get"))
