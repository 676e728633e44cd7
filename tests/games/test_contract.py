"""The engine contract (companion/games/base.py), checked once over every registered game and the stand-in.

For each game: recorded games (random walks through ``legal_moves``, or the game's own recorder where it
cannot list its moves) must replay deterministically; moves and states round-trip through JSON; ``check``
and ``apply`` agree; ``check`` never raises on a parsed move, however fuzzed; ``score`` answers at every step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import Breakdown, Game, IllegalMove, ParseError, RulesError
from companion.profiles import builtin_profiles
from companion.registry import engines
from tests.games import standin

STEPS = 40  # moves per recorded game: enough to pass set-up and several turns of every game


@dataclass
class Recorded:
    game: Game[Any, Any]
    players: int
    profile: dict[str, Any]
    moves: list[Any]


# Profiles with every card value filled in (test data) for games whose built-in profile leaves values to the
# players: without them the engine rightly cannot list moves that need an unknown value.
def _test_profiles() -> dict[str, dict[str, Any]]:
    from tests.games.planeta_rica.support import TEST_PROFILE

    return {"planeta-rica": TEST_PROFILE}


def _profile(game: Game[Any, Any]) -> dict[str, Any]:
    """The game's complete test profile, or its built-in one (a recorder may bring its own)."""
    if game.slug in _test_profiles():
        return _test_profiles()[game.slug]
    found = builtin_profiles(game.slug)
    return next(iter(found.values())) if found else {}


def _walk(game: Game[Any, Any], players: int, seed: int) -> Recorded | None:
    rng = random.Random(seed)
    profile = _profile(game)
    state = game.new_state(players, {o.key: o.default for o in game.options}, profile)
    moves: list[Any] = []
    for _ in range(STEPS):
        legal = game.legal_moves(state)
        if legal is None:
            return None
        if not legal:
            break
        move = rng.choice(list(legal))
        moves.append(move)
        state = game.apply(state, move)
    return Recorded(game, players, profile, moves)


def _planetary_sisters(seed: int, players: int) -> Recorded:
    from tests.games.planetary_sisters.support import complete_profile, play_game

    play = play_game(players, seed)
    return Recorded(engines()["planetary-sisters"], players, complete_profile(), list(play.moves))


# Games whose moves cannot be listed bring a recorder of real-looking games (seed, players) -> Recorded.
RECORDERS: dict[str, Callable[[int, int], Recorded]] = {"planetary-sisters": _planetary_sisters}


def all_games() -> list[Game[Any, Any]]:
    return [*engines().values(), standin.GAME]


@dataclass(frozen=True)
class Played:
    """A recorded game replayed once: the state before each move and after the last, with each state's JSON
    (to see that nothing a test does to a shared state changes it: engines are pure)."""

    record: Recorded
    states: tuple[Any, ...]
    snapshots: tuple[Any, ...]


# Recorded games are built once per game and reused by every test and every hypothesis example: a walk is
# deterministic (seeded), so building it again per example proved nothing more and cost most of the suite.
_PLAYED: dict[str, tuple[Played, ...]] = {}


def _record(game: Game[Any, Any], seed: int) -> Recorded:
    players = game.player_counts[seed % len(game.player_counts)]
    walk = _walk(game, players, seed)
    if walk is None:
        assert game.slug in RECORDERS, f"{game.slug}: legal_moves is None, so it needs a recorder here"
        walk = RECORDERS[game.slug](seed, players)
    return walk


def played(game: Game[Any, Any]) -> tuple[Played, ...]:
    if game.slug not in _PLAYED:
        games = []
        for seed in range(3):
            record = _record(game, seed)
            state = game.new_state(record.players, {o.key: o.default for o in game.options}, record.profile)
            states = [state]
            for move in record.moves:
                state = game.apply(state, move)
                states.append(state)
            games.append(Played(record, tuple(states), tuple(game.state_to_json(s) for s in states)))
        _PLAYED[game.slug] = tuple(games)
    return _PLAYED[game.slug]


def recorded(game: Game[Any, Any]) -> list[Recorded]:
    return [p.record for p in played(game)]


GAMES = pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)


@GAMES
def test_the_game_follows_the_protocol(game: Game[Any, Any]) -> None:
    assert isinstance(game, Game)
    assert game.slug and game.name_ja and game.name_en and game.player_counts and game.ruling_prefix


@GAMES
def test_recorded_games_round_trip_replay_and_score_at_every_step(game: Game[Any, Any]) -> None:
    for record in recorded(game):
        options = {o.key: o.default for o in game.options}
        state = game.new_state(record.players, options, record.profile)
        replayed = game.new_state(record.players, options, record.profile)
        for step, move in enumerate(record.moves):
            data = game.move_to_json(move)
            assert game.parse_move(json.loads(json.dumps(data))) == move, f"move {step} does not round-trip"
            verdict = game.check(state, move)
            assert verdict.legal, (step, move, verdict.failures)
            state = game.apply(state, move)
            replayed = game.apply(replayed, game.parse_move(data))
            assert replayed == state, f"replay of move {step} is not deterministic"
            snapshot = json.loads(json.dumps(game.state_to_json(state)))
            assert game.parse_state(snapshot, record.profile) == state, f"state after move {step}"
            breakdown = game.score(state)
            assert isinstance(breakdown, Breakdown)
            assert len(breakdown.seats) == record.players
            assert sorted(s for place in breakdown.placings for s in place) == list(range(record.players))


@GAMES
def test_actor_names_a_seat_or_the_whole_table(game: Game[Any, Any]) -> None:
    for record in recorded(game):
        state = game.new_state(record.players, {o.key: o.default for o in game.options}, record.profile)
        for move in record.moves:
            seat = game.actor(state, move)
            assert seat is None or 0 <= seat < record.players
            state = game.apply(state, move)


def _json_values(depth: int = 3) -> st.SearchStrategy[Any]:
    scalars = st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=8) | st.sampled_from(
        ["", "0", "1", "KS", "?", "up", "seat", "S", "H", "red", "move", "draw", "play", "pass"])
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text(max_size=6), inner, max_size=4), max_leaves=12)


@GAMES
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_check_never_raises_on_a_parsed_move_and_agrees_with_apply(game: Game[Any, Any], data: st.DataObject) -> None:
    first = played(game)[0]
    record = first.record
    index = data.draw(st.integers(0, len(first.states) - 1))
    state = first.states[index]
    # Fuzz around real moves: their JSON with fields replaced, dropped or added.
    base = game.move_to_json(data.draw(st.sampled_from(record.moves))) if record.moves else {}
    fuzzed = dict(base)
    for key in data.draw(st.lists(st.sampled_from(sorted(base) or ["x"]), max_size=3)):
        if data.draw(st.booleans()):
            fuzzed[key] = data.draw(_json_values())
        else:
            fuzzed.pop(key, None)
    try:
        move = game.parse_move(fuzzed)
    except RulesError:
        return  # refused as input: fine
    verdict = game.check(state, move)  # total: never raises
    if verdict.legal:
        game.apply(state, move)
    else:
        with pytest.raises(RulesError):
            game.apply(state, move)
    # The state is shared with the other examples: checking and applying must have left it as it was.
    assert game.state_to_json(state) == first.snapshots[index], "check or apply changed the state it was given"


@GAMES
def test_malformed_moves_are_parse_errors(game: Game[Any, Any]) -> None:
    for junk in ({}, {"type": "no-such-move"}, {"kind": "no-such-move"}, {"seat": "x"}):
        try:
            game.parse_move(junk)
        except (ParseError, RulesError):
            continue
        except Exception as exc:  # noqa: BLE001 - the point: only the engine's own errors
            pytest.fail(f"{game.slug}: {junk} raised {type(exc).__name__}")


def test_illegal_move_error_carries_its_verdict() -> None:
    state = standin.GAME.new_state(2, {}, {})
    with pytest.raises(IllegalMove) as raised:
        standin.GAME.apply(state, standin.Add(0, -1))
    assert raised.value.verdict.failures[0].code == "tally.not_negative"
