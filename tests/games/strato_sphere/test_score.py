"""``score(state)``: placings (the winning side first, a draw places everyone together, SS-8), the nodes that
decided a win, and per seat the nodes it controls (SS-4); and the state's JSON snapshot round-trips."""

from __future__ import annotations

import pytest

from companion.games.base import ParseError
from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.moves import Draw, Reveal
from companion.games.strato_sphere.rules import apply
from companion.games.strato_sphere.score import CONTROLLED, HELD_BY_OPPONENTS, score
from companion.games.strato_sphere.state import new_state

from .builders import board, card, table


def terms(breakdown, seat):  # type: ignore[no-untyped-def]
    return {t.code: (t.value, list(t.params["nodes"])) for t in breakdown.seat(seat).terms}


def test_a_won_game_places_the_winning_side_first_and_names_the_deciding_nodes() -> None:
    # Seat 1's nodes 3, 4, 5: KS (seat 0), QC (seat 2, the partner), then seat 0 turns up a spade on node 5.
    b = board(4, "S H C D", "? | ? | ? | KS ? | QC ? | ? ? | ? | ? | ? | ? | ? | ?")
    s = apply(table(b), Reveal(5, card("2S")))
    result = GAME.score(s)
    assert result.finished
    assert result.placings == ((0, 2), (1, 3))
    assert result.winners == (0, 2)
    decided = result.reasons[0]
    assert (decided.code, decided.rule) == ("ss.score.win", "SS-8")
    assert decided.params["nodes"] == [3, 4, 5]
    assert decided.params["captured"] == 1
    assert decided.params["winners"] == [0, 2]
    assert terms(result, 0) == {CONTROLLED: (2, [3, 5]), HELD_BY_OPPONENTS: (0, [])}
    assert terms(result, 2) == {CONTROLLED: (1, [4]), HELD_BY_OPPONENTS: (0, [])}
    assert terms(result, 1) == {CONTROLLED: (0, []), HELD_BY_OPPONENTS: (3, [3, 4, 5])}
    assert result.seat(0).total == 2
    side0 = next(r for r in result.reasons if r.code == "ss.score.side" and r.params["side"] == 0)
    assert side0.params["controlled"] == 3 and side0.params["closest"] == 3 and side0.params["closest_seat"] == 1


def test_a_drawn_game_places_everyone_together() -> None:
    # The last card of the pile is drawn on the turn's third move: the game is drawn at once (SS-8).
    b = board(2, "red black", "KH ? | ? | ? | ? | QS ? | ? ?")
    s = apply(table(b, pile=1, moves_made=2), Draw())
    result = score(s)
    assert result.finished
    assert result.placings == ((0, 1),)
    assert result.winners == (0, 1)
    assert result.reasons[0].code == "ss.score.draw"
    assert result.reasons[0].rule == "SS-8"
    assert terms(result, 0)[CONTROLLED] == (1, [0])
    assert terms(result, 1)[CONTROLLED] == (1, [4])


def test_a_game_in_play_places_seats_by_nodes_controlled() -> None:
    b = board(2, "red black", "KH ? | QD ? | ? | ? | QS ? | ? ?")
    result = score(table(b))
    assert not result.finished
    assert result.winners == ()
    assert result.placings == ((0,), (1,))
    assert [s.total for s in result.seats] == [2, 1]


def test_state_json_round_trips_through_a_game() -> None:
    s = new_state(4, {})
    for move in (Reveal(0, card("KS")), Draw(), Reveal(3, card("QH"))):
        s = apply(s, move)
    data = GAME.state_to_json(s)
    assert GAME.parse_state(data, {}) == s
    assert data["nodes"][0] == [{"card": "KS", "up": True}]
    assert data["forces"] == ["S", None, None, None]  # seat 0 already holds a force: QH decides nothing (SS-3)
    assert (data["turn"], data["to_move"], data["pile"]) == (2, 1, 104 - 36 - 1)


def test_a_finished_state_round_trips() -> None:
    b = board(2, "red black", "? ? | ? | ? | KH ? | QD ? | ? [9C]")
    s = apply(table(b, discard="2C"), Reveal(5, card("2H")))
    assert GAME.parse_state(GAME.state_to_json(s), {}) == s


def test_a_malformed_snapshot_is_a_parse_error() -> None:
    data = GAME.state_to_json(new_state(2, {}))
    with pytest.raises(ParseError) as error:
        GAME.parse_state({**data, "nodes": [[{"card": "ZZ", "up": True}]]}, {})
    assert error.value.code == "ss.state.malformed"
    assert error.value.params == {"field": "nodes"}
