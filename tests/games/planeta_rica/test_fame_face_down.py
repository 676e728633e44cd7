"""Fame is face down (PR-8): during play the engine's score leaves it out and says so, the final score counts it,
and a table that agreed to play with open fame counts it all along. The option is stored with the table; a table
without it (started before it existed) plays with fame face down."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.base import ParseError
from companion.games.planeta_rica import GAME, Gadget, Phase, Planet, check, parse_move_text, score
from companion.games.planeta_rica.readings import FAME_OPTION, Readings, readings_from
from companion.games.planeta_rica.state import fame_face_down

from .support import playing, seat

# test profile VP: new_earth 0, tourist_planet 1 + 9 % 3 = 1, tachyon_mine 1 + 5 % 3 = 3; gadgets 2 each
CARDS = ((Planet.NEW_EARTH, "....."), (Planet.TOURIST_PLANET, "....."), (Planet.TACHYON_MINE, "....."))


def rich(fame: int = 7):  # type: ignore[no-untyped-def]
    return seat(CARDS, gadgets=(Gadget.WARP_GATE,), fame=fame)


def test_the_option_defaults_to_face_down_and_an_old_table_plays_that_way() -> None:
    assert (FAME_OPTION.key, FAME_OPTION.choices, FAME_OPTION.rule, FAME_OPTION.shown) == (
        "fame", ("hidden", "open"), "PR-8", True)
    assert readings_from({}).fame_open is False  # a table started before the option existed
    assert readings_from({"fame": "open"}).fame_open is True
    assert Readings().to_options()["fame"] == "hidden"
    assert GAME.new_state(3, {"fame": "open"}, None).readings.fame_open
    with pytest.raises(ParseError) as refused:
        readings_from({"fame": "peek"})
    assert (refused.value.code, refused.value.rule, refused.value.path) == (
        "pr.option.unknown_choice", "PR-8", "options.fame")


def test_during_play_the_score_leaves_fame_out_and_says_why() -> None:
    state = playing(rich(fame=7), seat(fame=30))
    assert fame_face_down(state)
    breakdown = score(state)
    first = breakdown.seat(0)
    assert [t.code for t in first.terms] == ["pr.vp.planets", "pr.vp.gadgets"]
    assert first.total == 4 + 2  # the cards only: no 7
    assert breakdown.seat(1).total == 0  # 30 fame, face down: it ranks nobody
    assert breakdown.placings[0] == (0,)
    assert ("pr.vp.fame_face_down", "PR-8", True) in [(r.code, r.rule, r.ok) for r in breakdown.reasons]
    assert all("fame" not in r.params for r in breakdown.reasons)


def test_the_final_score_turns_every_fame_up() -> None:
    over = playing(rich(fame=7), seat(fame=30), phase=Phase.OVER, end_turn=3, end_cause="fame", turn=3)
    assert not fame_face_down(over)
    breakdown = score(over)
    assert {t.code: t.value for t in breakdown.seat(0).terms}["pr.vp.fame"] == 7
    assert breakdown.seat(0).total == 7 + 4 + 2 and breakdown.seat(1).total == 30
    assert breakdown.placings[0] == (1,) and breakdown.finished
    assert "pr.vp.fame_face_down" not in [r.code for r in breakdown.reasons]


def test_open_fame_counts_it_all_along() -> None:
    state = replace(playing(rich(fame=7)), readings=Readings(fame_open=True))
    assert not fame_face_down(state)
    first = score(state).seat(0)
    assert {t.code: t.value for t in first.terms}["pr.vp.fame"] == 7 and first.total == 13


def test_a_fame_loss_too_big_is_refused_without_saying_how_much_fame_the_seat_holds() -> None:
    state = playing(rich(fame=2))
    verdict = check(state, parse_move_text("adjust 0 new_earth fame=-5"))
    refused = [r for r in verdict.failures]
    assert [(r.code, r.rule) for r in refused] == [("pr.adjust.fame_not_negative", "PR-6")]
    assert dict(refused[0].params) == {"seat": 0, "lose": 5}
    allowed = check(state, parse_move_text("adjust 0 new_earth fame=-1"))
    assert allowed.legal and all("have" not in r.params for r in allowed.reasons if r.code.endswith("not_negative"))
    # with open fame the amount is no secret
    open_table = replace(state, readings=Readings(fame_open=True))
    said = [r for r in check(open_table, parse_move_text("adjust 0 new_earth fame=-5")).failures]
    assert [(r.code, dict(r.params)) for r in said] == [
        ("pr.adjust.not_negative", {"field": "fame", "have": 2, "change": -5})]
