"""The recorded game of the tap benchmark (recorded_game.py) is a game the rules allow, move by move, and ends as its
data says: the engine agrees with the figures the game-over card is checked against (tests/browser/taps)."""

from __future__ import annotations

from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.moves import NameDealer, parse_move_text
from companion.games.strato_sphere.readings import START_LEFT_OF_DEALER
from companion.games.strato_sphere.state import TableState, new_state
from companion.tables.entries import follow_forced

from .recorded_game import DEALER, DECIDING_NODES, SEATS, TURNS, WINNERS


def played() -> tuple[TableState, int]:
    """The final state, and how many entries the table made by itself on the way."""
    state = GAME.apply(new_state(len(SEATS), {"start": START_LEFT_OF_DEALER}), NameDealer(DEALER))
    made = 0
    for seat, moves in TURNS:
        assert state.to_move == seat  # SS-5: the data's turns follow the table's order
        for text in moves:
            state = GAME.apply(state, parse_move_text(text))
            forced, state = follow_forced(GAME, state)
            made += len(forced)
    return state, made


def test_the_recorded_game_is_legal_and_ends_as_recorded() -> None:
    state, made = played()
    assert state.outcome is not None and state.outcome.kind == "win"  # SS-8
    assert tuple(state.outcome.winners) == WINNERS
    assert tuple(state.outcome.nodes) == DECIDING_NODES
    breakdown = GAME.score(state)
    assert breakdown.finished and breakdown.placings == ((0,), (1,))
    assert made == 0  # every window here had a card that might defend (SS-7): nothing was the table's to enter
