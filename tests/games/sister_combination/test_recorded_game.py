"""The recorded game (recorded_game.py) is a game played by the rules: every entry legal where it was made, the
game over after the last one, with the result its data states (what the tap benchmark's game-over card shows)."""

from __future__ import annotations

from companion.games.sister_combination import GAME, TableState, parse_move_text
from tests.games.sister_combination.recorded_game import ENTRIES, OPTIONS, RESULT, SEATS


def replay() -> TableState:
    state: TableState = GAME.new_state(len(SEATS), OPTIONS, {})
    for who, entry in ENTRIES:
        move = parse_move_text(entry)
        verdict = GAME.check(state, move)
        assert verdict.legal, (entry, [r.code for r in verdict.reasons if not r.ok])
        actor = GAME.actor(state, move)
        assert (SEATS[actor] if actor is not None else "") == who, entry
        assert not state.finished, entry
        state = GAME.apply(state, move)
    return state


def test_every_entry_is_legal_and_the_game_ends_with_the_recorded_result() -> None:
    state = replay()
    assert state.finished
    placings = GAME.score(state).placings
    assert [(place, SEATS[seat], state.hands[seat]) for place, (seat,) in enumerate(placings, 1)] == list(RESULT)
