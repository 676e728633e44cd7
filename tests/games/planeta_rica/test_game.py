"""GAME follows the platform's Game protocol (base.Game)."""

from __future__ import annotations

from companion.games.base import Game, Verdict
from companion.games.planeta_rica import GAME, Phase, parse_move_text
from companion.profiles import builtin_profiles

from .support import TEST_PROFILE


def test_game_identity_and_protocol() -> None:
    assert isinstance(GAME, Game)
    assert (GAME.slug, GAME.name_ja, GAME.name_en, GAME.player_counts, GAME.ruling_prefix) == (
        "planeta-rica", "プラネトリコ", "Planeta Rica", (3, 4, 5), "PR")
    assert [o.key for o in GAME.options] == ["new_earth", "time_machine", "fame", "gadget_cost"]  # readings, PR-8
    assert [f.key for f in GAME.card_fields] == ["id", "coins", "vp", "slot1", "slot2", "slot3", "slot4", "slot5",
                                                 "cost", "effect"]


def test_registered() -> None:
    from companion.registry import engines as registry

    assert registry()["planeta-rica"] is GAME


def test_a_table_with_the_default_profile_can_be_set_up_and_played() -> None:
    state = GAME.new_state(3, {}, builtin_profiles("planeta-rica")["default"])
    listed = GAME.legal_moves(state)
    assert listed is not None and parse_move_text("start 0") in listed and len(listed) == 3 + 21
    for text in ("start 2", "reveal endymion", "reveal steel_city", "reveal ai_autonomy", "reveal fast_planet",
                 "reveal city_of_brass"):
        move = GAME.parse_move(GAME.move_to_json(parse_move_text(text)))
        assert GAME.actor(state, move) is None
        state = GAME.apply(state, move)
    assert state.phase is Phase.ACTION and GAME.actor(state, parse_move_text("collect")) == 2
    assert GAME.legal_moves(state) is None  # coin costs unknown: the table gives them (PR-6)
    state = GAME.apply(state, parse_move_text("invade endymion cost=3"))
    assert state.seats[2].coins == 2
    assert isinstance(GAME.check(state, parse_move_text("donate")), Verdict)
    assert GAME.parse_state(GAME.state_to_json(state), builtin_profiles("planeta-rica")["default"]) == state
    breakdown = GAME.score(state)
    assert breakdown.seat(2).total is None and not breakdown.finished


def test_score_request_through_game() -> None:
    body = {"players": 3, "start": 0, "profile": "test",
            "seats": [{"fame": n, "planets": [{"name": "new_earth"}]} for n in (1, 2, 3)]}
    assert GAME.score_request(body, lambda name: TEST_PROFILE)["winner"] == 2


def test_parse_state_refuses_an_impossible_table() -> None:
    import pytest

    from companion.games.base import ImpossibleState, ParseError
    from companion.games.planeta_rica import new_state, state_to_json

    data = state_to_json(new_state(3, {}, TEST_PROFILE))
    data["seats"][0]["gadgets"] = [{"gadget": "warp_gate", "since": 1}, {"gadget": "warp_gate", "since": 2}]
    with pytest.raises(ImpossibleState) as caught:
        GAME.parse_state(data, TEST_PROFILE)
    assert (caught.value.code, caught.value.rule, caught.value.path) == ("pr.state.second_gadget_copy", "PR-3",
                                                                         "seats[0].gadgets")
    data = state_to_json(new_state(3, {}, TEST_PROFILE))
    data["market"] = [{"planet": "endymion", "count": 2}]
    with pytest.raises(ImpossibleState) as caught:
        GAME.parse_state(data, TEST_PROFILE)
    assert caught.value.params == {"card": "endymion", "count": 2, "copies": 1}
    data["seats"][1]["coins"] = -1
    with pytest.raises(ParseError) as parsed:
        GAME.parse_state(data, TEST_PROFILE)
    assert (parsed.value.code, parsed.value.path) == ("pr.json.not_a_count", "seats[1].coins")
