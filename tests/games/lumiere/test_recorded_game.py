"""The recorded game (recorded_game.py, the tap benchmark's) is a game by the rules: every entry legal in turn,
the game over after its last turn (LP-7), and the totals and winner it states the engine's."""

from __future__ import annotations

from companion.games.lumiere import GAME, Phase, parse_move_text

from .recorded_game import PLAYERS, SETUP, TOTALS, TURNS, WINNER
from .support import NEW_TABLE, complete_profile, play


def test_the_recorded_game_is_played_by_the_rules_to_its_stated_result() -> None:
    state = play(GAME.new_state(len(PLAYERS), NEW_TABLE, complete_profile()), *SETUP)
    for number, turn in enumerate(TURNS, start=1):
        assert state.phase is not Phase.OVER, f"the game ended before turn {number}"
        assert state.turn_number == number
        state = play(state, *turn)
    assert state.phase is Phase.OVER
    breakdown = GAME.score(state)
    assert tuple(seat.total for seat in breakdown.seats) == TOTALS
    assert PLAYERS[breakdown.placings[0][0]] == WINNER


def test_every_entry_is_in_the_engines_notation() -> None:
    for entry in SETUP + tuple(move for turn in TURNS for move in turn):
        assert str(parse_move_text(entry)) == entry
