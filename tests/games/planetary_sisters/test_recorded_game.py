"""The recorded game of issue 35 (recorded_game.py) is a game by the rules, and the engine scores it as the data
says: the figures the tap benchmark's game-over card must show (tests/browser/taps/planetary_sisters.py)."""

from __future__ import annotations

from companion.games.planetary_sisters import GAME, Phase

from . import recorded_game as game
from .support import replay_recorded


def test_the_recorded_game_is_played_by_the_rules_to_its_final_scores() -> None:
    moves, states = replay_recorded()
    final = states[-1]
    assert final.phase is Phase.FINISHED
    assert final.round == 8 and len(final.rounds) == 8  # §4.2: eight rounds (PS-7)
    assert tuple(card.rank for card in final.field) == game.LAST_FIELD
    # each round starts with its parent (§4.2), the one PS-5 named after the round before
    for number, turns in enumerate(game.ROUNDS):
        assert final.rounds[number].parent == turns[0][0]
    scored = GAME.table_score(final)
    assert tuple(seat.score.total for seat in scored.seats) == game.TOTALS
    assert scored.ranking.winners == (game.WINNER,)
    assert all(failing.ok for failing in GAME.flow_facts(final))  # PS-7's card counts
