"""What the start phase found, kept for the page: LP-7's end check and whether LP-6's remove phase applied."""

from __future__ import annotations

from dataclasses import replace

from companion.games.lumiere import Phase

from .support import complete_profile, play, table, with_field
from .test_tracker import FULL


def test_each_turn_keeps_its_end_check_and_whether_the_remove_phase_applied() -> None:
    state = table()
    assert state.phase is Phase.EFFECT and state.remove_at_start is False
    assert [(r.code, r.rule, r.ok, dict(r.params)) for r in state.start_reasons] == [
        ("lp.end.every_hand_at_most_five", "LP-7", False, {"hands": [6, 6, 6, 6], "limit": 5}),
        ("lp.end.a_hand_empty", "LP-7", False, {"seats": []})]
    state = play(state, "play priest", "set r0c0", "get", "draw")
    assert state.turn == 1 and [r.params["hands"] for r in state.start_reasons[:1]] == [[6, 6, 6, 6]]


def test_the_remove_phase_is_recorded_as_applying_or_undecided() -> None:
    full = replace(with_field(table(profile=complete_profile()), FULL), phase=Phase.DRAW, turn=3)
    assert play(full, "draw").remove_at_start is True
    undecided = replace(with_field(table(), FULL), phase=Phase.DRAW, turn=3)
    assert play(undecided, "draw").remove_at_start is None


def test_the_end_check_that_ends_the_game_is_kept_both_ways() -> None:
    state = replace(table(), phase=Phase.DRAW, turn=3,
                    seats=tuple(replace(s, hand=5, deck=0) for s in table().seats))
    over = play(state, "draw")
    assert over.phase is Phase.OVER and over.end_reasons == over.start_reasons
    assert [r.ok for r in over.end_reasons] == [True, False]
