"""Properties over random legal games (hypothesis): nothing negative, workers conserved, card counts within
the game's copies, equal turns at the end (PR-4), JSON round-trips, ``check`` total."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.planeta_rica import (
    GAME,
    Adjust,
    Collect,
    Develop,
    Dispatch,
    Donate,
    End,
    Gadget,
    Invade,
    Move,
    Phase,
    Placement,
    Planet,
    Resource,
    Resources,
    Return,
    Reveal,
    Reward,
    Start,
    TableState,
    apply,
    check,
    legal_moves,
    move_to_json,
    new_state,
    parse_move,
    parse_move_text,
    parse_state,
    score,
    state_to_json,
)
from companion.games.planeta_rica.returns import payout
from companion.games.planeta_rica.state import impossibilities

from .support import TEST_PROFILE

MAX_MOVES = 1500


def fallback(state: TableState) -> list[Move]:
    """Moves that are always legal where legal_moves cannot list them (a Warp Gate or a big exchange)."""
    seat = state.to_move
    assert seat is not None
    planets = state.pending_returns if state.phase is Phase.RETURN else ()
    if planets:
        move = Return(planets[0])
        for candidate in (move, Return(planets[0], take=Resources(tachyon=1)),
                          *(Return(planets[0], copy=j) for j in range(len(state.seats[seat].planets)))):
            if check(state, candidate).legal:
                return [candidate]
    return [Collect()]


def pick(state: TableState, rnd: random.Random) -> Move:
    moves = legal_moves(state)
    options = list(moves) if moves is not None else fallback(state)
    assert options, f"no move in {state.phase}"
    if state.phase is Phase.ACTION:
        eager = [m for m in options if isinstance(m, (Invade, Develop, Donate))]
        if eager and rnd.random() < 0.6:
            return rnd.choice(eager)
    return rnd.choice(options)


def random_adjust(state: TableState, rnd: random.Random) -> Adjust | None:
    seat = rnd.randrange(state.players)
    cards = [p.planet for p in state.seats[seat].planets] + [g.gadget for g in state.seats[seat].gadgets]
    return Adjust(seat, rnd.choice(cards), coins=rnd.choice([1, 2, -1]), tachyon=rnd.choice([0, 1]),
                  fame=rnd.choice([0, 1]), workers=rnd.choice([0, 1]))


def workers_gained(state: TableState, move: Move) -> dict[int, int]:
    if isinstance(move, Adjust):
        return {move.seat: move.workers}
    if isinstance(move, Return) and state.to_move is not None:
        return {state.to_move: 1 if payout(state, state.to_move, move).reward is Reward.WORKER else 0}
    return {}


def assert_sound(state: TableState) -> None:
    assert state.fame_pool >= 0 and state.deck >= 0
    for seat in state.seats:
        assert not seat.resources.negative and seat.coins >= 0 and seat.fame >= 0 and seat.hand >= 0
        assert all(len(p.workers) == 5 for p in seat.planets)
    assert impossibilities(state) == []
    assert all(count <= planet.copies for planet, count in state.planets_seen().items())
    assert all(state.supply(g) >= 0 for g in Gadget)


def play(players: int, rnd: random.Random, adjust: bool = True) -> list[tuple[TableState, Move]]:
    state = new_state(players, {}, TEST_PROFILE)
    steps: list[tuple[TableState, Move]] = []
    for _ in range(MAX_MOVES):
        if state.phase is Phase.OVER:
            break
        move: Move | None = None
        if adjust and state.phase not in (Phase.SETUP, Phase.OVER) and rnd.random() < 0.03:
            move = random_adjust(state, rnd)
            if move is not None and not check(state, move).legal:
                move = None
        if move is None:
            move = pick(state, rnd)
        verdict = check(state, move)
        assert verdict.legal, (str(move), verdict.failures)
        steps.append((state, move))
        before = [s.workers for s in state.seats]
        gained = workers_gained(state, move)
        state = apply(state, move)
        assert [s.workers for s in state.seats] == [b + gained.get(i, 0) for i, b in enumerate(before)]
        assert_sound(state)
    steps.append((state, End()))
    return steps


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([3, 4, 5]), st.integers(0, 2**32))
def test_random_games_stay_sound_and_end_with_equal_turns(players: int, seed: int) -> None:
    steps = play(players, random.Random(seed))
    final = steps[-1][0]
    assert final.phase is Phase.OVER, f"not over after {MAX_MOVES} moves"
    assert final.turn % players == 0  # PR-4: everyone has had the same number of turns
    assert final.end_cause in ("cards", "fame")
    breakdown = score(final)
    assert breakdown.finished and all(s.total is not None for s in breakdown.seats)
    assert sorted(s for place in breakdown.placings for s in place) == list(range(players))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([3, 4, 5]), st.integers(0, 2**32))
def test_moves_and_states_round_trip(players: int, seed: int) -> None:
    for state, move in play(players, random.Random(seed))[::9]:
        assert parse_move(move_to_json(move)) == move
        assert parse_move_text(str(move)) == move
        assert parse_state(state_to_json(state), TEST_PROFILE) == state
        assert GAME.parse_state(GAME.state_to_json(state), TEST_PROFILE) == state


resources = st.builds(Resources, st.integers(0, 3), st.integers(0, 3), st.integers(0, 3))
small = st.integers(0, 8)
any_move: st.SearchStrategy[Move] = st.one_of(
    st.builds(Start, small),
    st.builds(Reveal, st.sampled_from(list(Planet))),
    st.builds(Return, small, st.none() | small, resources, resources, st.none() | st.sampled_from(list(Reward)),
              st.none() | st.sampled_from(list(Reward))),
    st.builds(Dispatch, st.lists(st.builds(Placement, small, st.lists(st.integers(1, 5), min_size=1, max_size=6)
                                           .map(tuple)), min_size=1, max_size=3).map(tuple)),
    st.builds(Invade, st.sampled_from(list(Planet)), st.none() | small,
              st.lists(st.integers(1, 5), unique=True, max_size=5).map(lambda s: tuple(sorted(s)))),
    st.builds(Develop, st.sampled_from(list(Gadget)), st.none() | resources),
    st.builds(Collect, st.none() | st.sampled_from(list(Resource))),
    st.just(Donate()),
    st.just(End()),
    st.builds(Adjust, small, st.sampled_from([*Planet, *Gadget]), st.integers(-3, 3), st.integers(-3, 3),
              st.integers(-3, 3), st.integers(-3, 3), st.integers(-3, 3), st.integers(-3, 3)),
)

SAMPLE_STATES: list[TableState] = [state for state, _ in play(4, random.Random(7))[::25]]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SAMPLE_STATES), any_move)
def test_check_never_raises_and_apply_agrees(state: TableState, move: Move) -> None:
    verdict = check(state, move)
    assert all(r.code.startswith("pr.") and r.rule.startswith("PR-") for r in verdict.reasons)
    assert verdict.legal == (not verdict.failures)
    if verdict.legal:
        assert_sound(apply(state, move))
    actor: Any = GAME.actor(state, move)
    assert actor is None or 0 <= actor < state.players or isinstance(move, Adjust)


def test_every_listed_move_is_legal() -> None:
    for state in SAMPLE_STATES:
        listed = legal_moves(state)
        if listed is None:
            continue
        for move in listed:
            assert check(state, move).legal, (str(move), check(state, move).failures)
