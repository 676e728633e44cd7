"""The recorded game (recorded_game.py) is a game by the rules: every entry legal on the table it was entered on,
the game over at the end, with the scores and winner the data states (PR-5)."""

from __future__ import annotations

from companion.games.planeta_rica import GAME, Phase, apply, check, new_state, parse_move_text

from .recorded_game import MOVES, NAMES, SCORES, WINNER
from .support import TEST_PROFILE


def replay():  # type: ignore[no-untyped-def]
    state = new_state(len(NAMES), {}, TEST_PROFILE)
    for text in MOVES:
        move = parse_move_text(text)
        verdict = check(state, move)
        assert verdict.legal, (text, [r.code for r in verdict.failures])
        state = apply(state, move)
    return state


def test_the_recorded_game_is_played_by_the_rules_to_its_end() -> None:
    state = replay()
    assert state.phase is Phase.OVER
    breakdown = GAME.score(state)
    assert tuple(s.total for s in breakdown.seats) == SCORES
    assert breakdown.winners == (WINNER,)


def test_every_entry_the_table_would_make_is_the_one_recorded() -> None:
    """Where the table makes an entry by itself (forced.py), the recorded game made that same entry."""
    state = new_state(len(NAMES), {}, TEST_PROFILE)
    for text in MOVES:
        forced = GAME.forced(state)
        move = parse_move_text(text)
        assert forced is None or forced == move, (text, str(forced))
        state = apply(state, move)
