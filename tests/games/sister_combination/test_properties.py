"""Properties over random legal games (hypothesis): what must hold whatever the table does."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.sister_combination import GAME
from companion.games.sister_combination.cards import DECK, Element
from companion.games.sister_combination.moves import (
    Draw,
    Keep,
    Move,
    Overflow,
    PassTurn,
    Play,
    ReachMissed,
    Reshuffle,
    Setup,
    TakeStack,
    parse_move_text,
)
from companion.games.sister_combination.rules import apply, check, legal_moves
from companion.games.sister_combination.state import LIMIT_A, OPTIONS, Options, TableState, new_state

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

any_move = st.one_of(
    st.builds(Play, st.sampled_from(DECK), st.booleans(), st.none() | st.sampled_from(list(Element)),
              st.none() | st.integers(0, 12)),
    st.sampled_from([Draw(), Keep(), TakeStack(), PassTurn(), Reshuffle()]),
    st.builds(ReachMissed, st.integers(0, 12)),
    st.builds(Overflow, st.sampled_from(["a", "b"])),
    st.builds(Setup, st.integers(0, 12), st.lists(st.integers(0, 20), min_size=3, max_size=13).map(tuple),
              st.sampled_from(DECK)),
)


def invariants(state: TableState) -> None:
    assert state.total_cards == 144  # every card is in a hand, the deck, the stack or the discard pile
    assert all(h >= 0 for h in state.hands) and state.deck >= 0 and state.stack >= 0
    assert len(set(state.discard)) == len(state.discard)
    if not state.finished:
        assert state.turn in state.active  # the turn is always a seat still playing
    assert GAME.parse_state(GAME.state_to_json(state), {}) == state


@st.composite
def games(draw: st.DrawFn) -> list[TableState]:
    players = draw(st.integers(3, 8))
    options = {spec.key: draw(st.sampled_from(spec.choices)) for spec in OPTIONS}
    state = new_state(players, options)
    states = [state]
    for _ in range(draw(st.integers(1, 150))):
        moves = legal_moves(state)
        if not moves:
            break
        move: Move = draw(st.sampled_from(moves))
        assert check(state, move).legal, move
        assert GAME.parse_move(GAME.move_to_json(move)) == move
        state = apply(state, move)
        states.append(state)
    return states


@SETTINGS
@given(games())
def test_random_legal_games_keep_the_table_possible(states: list[TableState]) -> None:
    for state in states[1:]:
        invariants(state)
    last = states[-1]
    result = GAME.score(last)
    assert sorted(s for group in result.placings for s in group) == list(range(last.players))
    assert result.finished == last.finished


@SETTINGS
@given(games(), st.lists(any_move, min_size=1, max_size=20))
def test_check_never_raises(states: list[TableState], moves: list[Move]) -> None:
    for state in (states[0], states[-1]):
        for move in moves:
            verdict = check(state, move)
            assert verdict.legal == all(r.ok for r in verdict.reasons)
            assert all(r.code.startswith("sc.") and r.rule.startswith("SC-") for r in verdict.reasons)
            if verdict.legal:
                invariants(apply(state, move))


@SETTINGS
@given(any_move)
def test_moves_round_trip(move: Move) -> None:
    assert GAME.parse_move(GAME.move_to_json(move)) == move
    assert parse_move_text(str(move)) == move


@SETTINGS
@given(st.integers(3, 8), st.data())
def test_rule_a_every_hand_at_the_limit_never_goes_round_for_ever(players: int, data: st.DataObject) -> None:
    """SC-7 ruling: with every hand at the limit and the stack left, players who keep taking instead of playing
    see the stack go back into the deck once every one of them has (never later, never sooner)."""
    discard = (DECK[0],)
    stack = data.draw(st.integers(1, 144 - 16 * players - len(discard)))
    deck = 144 - 16 * players - stack - len(discard)
    turn = data.draw(st.integers(0, players - 1))
    state = TableState(players, Options(hand_limit=LIMIT_A), started=True, hands=(16,) * players, deck=deck,
                       stack=stack, discard=discard, colour=DECK[0].element, turn=turn,
                       direction=data.draw(st.sampled_from((1, -1))))
    for taken in range(1, players + 1):
        state = apply(state, TakeStack())
        invariants(state)
        assert state.obstruction == (taken < players)
    assert state.stack == 0 and state.deck == deck + stack and state.stuck == 0
    assert state.turn == turn  # once round the table
