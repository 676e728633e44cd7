"""The engine contract (companion.games.base.Game) for Planetary Sisters: ``score(state)`` as a Breakdown with
the worked example's numbers (PS-3, PS-4), the state's JSON round-trip over played games, and ``check`` never
raising for a parsed move (a card in two places is an impossible table, not an illegal move)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import Breakdown, Game, Verdict
from companion.games.planetary_sisters import (
    GAME,
    CardRef,
    NameParent,
    Phase,
    Reveal,
    SeatState,
    Setup,
    TableState,
    Turn,
    read_profile,
)
from companion.games.planetary_sisters.cards import elements_of

from .support import EXAMPLE_FIELD, EXAMPLE_HOUSE, cards, complete_profile, default_profile, play_game

PROFILE = complete_profile()


def test_game_is_the_contract() -> None:
    assert isinstance(GAME, Game)
    assert GAME.legal_moves(GAME.new_state(3, {}, PROFILE)) is None


def _finished(players: int, houses: list[list[str]], field: list[str]) -> TableState:
    deck = read_profile(default_profile())
    seats = tuple(SeatState(0, house=tuple(cards(*h)), revealed=True) for h in houses)
    return TableState(players, deck, seats, Phase.FINISHED, 8, 0, field=tuple(cards(*field)))


def test_score_is_a_breakdown_with_the_worked_example_113_plus_54() -> None:
    state = _finished(3, [list(EXAMPLE_HOUSE), [], []], list(EXAMPLE_FIELD))
    scored = GAME.score(state)
    assert isinstance(scored, Breakdown)
    assert scored.finished
    seat = scored.seat(0)
    assert seat.total == 167
    house = {t.code: t.value for t in seat.terms if t.code.startswith("ps.house.")}
    field = {t.code: t.value for t in seat.terms if t.code.startswith("ps.field.")}
    assert house == {"ps.house.food": 18, "ps.house.plant": 24, "ps.house.animal": 0, "ps.house.dual": 8,
                     "ps.house.single": 15, "ps.house.collector": 48}
    assert sum(v or 0 for v in house.values()) == 113
    assert field == {"ps.field.food": 18, "ps.field.plant": 12, "ps.field.animal": 4, "ps.field.dual": 0,
                     "ps.field.single": 20, "ps.field.collector": 0}
    assert sum(v or 0 for v in field.values()) == 54
    food = next(t for t in seat.terms if t.code == "ps.field.food")
    # PS-4: 6 × 3 × 1 (the text's "FOOD 5" is a typo)
    assert (food.rule, food.params["production"], food.params["harvesters"], food.params["multiplier"]) == (
        "PS-4", 6, 3, 1)
    collector = next(t for t in seat.terms if t.code == "ps.house.collector")
    assert (collector.rule, collector.params["production"], collector.params["harvesters"],
            collector.params["satisfaction"], collector.params["multiplier"]) == ("PS-3", 7, 2, 12, 4)
    assert scored.placings[0] == (0,)
    assert scored.winners == (0,)
    assert [r.code for r in scored.reasons] == ["ps.result.winner"]


def test_tied_best_seats_share_the_win() -> None:
    state = _finished(3, [list(EXAMPLE_HOUSE), list(EXAMPLE_HOUSE[::-1]), []], list(EXAMPLE_FIELD))
    scored = GAME.score(state)
    assert [s.total for s in scored.seats][:2] == [167, 167]
    assert scored.winners == (0, 1)
    assert scored.placings == ((0, 1), (2,))
    assert scored.reasons[0].params["shared"] is True


def test_score_while_playing_is_not_finished_and_names_no_winner() -> None:
    play = play_game(4, seed=3)
    middle = play.states[len(play.states) // 2]
    scored = GAME.score(middle)
    assert not scored.finished
    assert scored.winners == ()
    # §2: with 4 players every card that scores is in a hidden hand, so nobody has a total yet
    assert [s.total for s in scored.seats] == [None] * 4
    assert [(r.code, r.rule) for r in scored.reasons] == [("ps.score.in_hands", "§2")]
    two = play_game(2, seed=3)
    middle = two.states[len(two.states) * 3 // 4]
    scored = GAME.score(middle)
    assert not scored.finished and scored.winners == ()
    assert [s.total for s in scored.seats] == [s.score.total for s in GAME.table_score(middle).seats]
    final = GAME.score(play.final)
    assert final.finished
    assert [s.total for s in final.seats] == [s.score.total for s in GAME.table_score(play.final).seats]
    for seat in final.seats:
        assert sum(t.value or 0 for t in seat.terms) == seat.total
        assert len(seat.terms) == 12


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000),
       by=st.sampled_from(["rank", "both", "elements"]))
def test_state_json_round_trips_over_played_games(players: int, seed: int, by: str) -> None:
    play = play_game(players, seed, by=by)
    for state in play.states:
        data = json.loads(json.dumps(GAME.state_to_json(state)))
        assert GAME.parse_state(data, PROFILE) == state


def test_a_malformed_state_is_a_parse_error() -> None:
    import pytest

    from companion.games.base import ParseError

    data = GAME.state_to_json(play_game(3, seed=1).final)
    data["phase"] = "dancing"
    with pytest.raises(ParseError) as raised:
        GAME.parse_state(data, PROFILE)
    assert (raised.value.code, raised.value.path) == ("ps.state.malformed", "phase")


# -- check is total over parsed moves --------------------------------------------------------------------------

NAMES = ["FOOD", "PLANT", "ANIMAL", "POLE", "SWORD", "PAGE", "KING", "NOPE"]


@st.composite
def refs(draw: st.DrawFn) -> CardRef:
    rank = draw(st.none() | st.integers(1, 36))
    counts = draw(st.none() | st.dictionaries(st.sampled_from(NAMES), st.integers(1, 6), min_size=1, max_size=3))
    if rank is None and counts is None:
        rank = draw(st.integers(1, 36))
    return CardRef(rank, elements_of(counts) if counts is not None else None)


moves_st = st.one_of(
    st.builds(Setup, st.integers(0, 6), st.lists(refs(), max_size=6).map(tuple)),
    st.builds(Turn, st.integers(0, 6), refs(), refs()),
    st.builds(NameParent, st.integers(0, 6)),
    st.builds(Reveal, st.integers(0, 6), st.lists(refs(), max_size=10).map(tuple)),
)

STATES: list[TableState] = [s for p, by in ((2, "rank"), (3, "elements"), (4, "both"))
                            for s in play_game(p, seed=7, by=by).states]


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, len(STATES) - 1), move=moves_st)
def test_check_never_raises_for_a_parsed_move(index: int, move: Any) -> None:
    state = STATES[index]
    parsed = GAME.parse_move(GAME.move_to_json(move))
    verdict = GAME.check(state, parsed)
    assert isinstance(verdict, Verdict)
    if verdict.legal:
        GAME.apply(state, parsed)


def test_a_card_in_two_places_is_refused_with_its_place() -> None:
    """PS-7: the card is on the field, so no hand can play it; the table page answers it as a refusal with
    every reason (no reason is marked impossible, so the page's answer stays the same)."""
    play = play_game(3, seed=2)
    state = next(s for s in play.states if s.phase is Phase.TURNS and s.field[0].rank is not None)
    on_field = state.field[0].rank
    seat = state.to_move
    assert seat is not None
    verdict = GAME.check(state, Turn(seat, CardRef(on_field), CardRef(state.field[1].rank)))
    assert not verdict.legal
    assert not verdict.impossible
    assert [(r.code, r.rule, r.params["place"]) for r in verdict.failures] == [("ps.flow.one_place", "PS-7", "field")]
