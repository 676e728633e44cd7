"""The end (PR-4), VP with Schneider (PR-5, PR-7), ties (PR-5)."""

from __future__ import annotations

from companion.games.planeta_rica import GAME, Gadget, Phase, Planet, Resources, apply, parse_move_text, score
from companion.games.planeta_rica.profile import DeckProfile
from companion.games.planeta_rica.readings import Readings

from .support import TEST_PROFILE, playing, seat

OPEN_FAME = Readings(fame_open=True)  # the VP arithmetic with fame in it, during play (PR-8's option)

ELEVEN = tuple((p, ".....") for p in (Planet.NEW_EARTH, Planet.AI_AUTONOMY, Planet.MILITARY_INDUSTRIAL_COMPLEX,
                                      Planet.FAST_PLANET, Planet.DARK_MATTER_FACTORY, Planet.MITHRIL_MINE,
                                      Planet.MONOPOLE_MINE, Planet.GREAT_RACE_HOME, Planet.INTERSTELLAR_BANK,
                                      Planet.ECOSYSTEM_RESERVE))


def test_twelve_cards_new_earth_counted_trigger_the_end_and_the_round_finishes() -> None:
    # seat 1 holds New Earth + 9 planets + 1 gadget = 11 cards; its invade makes 12
    rich = seat(ELEVEN, gadgets=(Gadget.ACCELERATOR,), coins=9)
    assert rich.cards == 11
    state = playing(seat(), rich, seat(), turn=2)
    after = apply(state, parse_move_text("invade tourist_planet"))
    assert after.seats[1].cards == 12 and after.phase is Phase.REFILL and after.turns_remaining == 2
    after = apply(after, parse_move_text("reveal steel_city"))  # the refill still happens
    assert (after.end_turn, after.end_cause, after.phase, after.to_move, after.turns_remaining) == (
        2, "cards", Phase.ACTION, 2, 1)
    ended = {r.code: dict(r.params) for r in score(after).reasons}["pr.end.triggered"]
    assert ended == {"cause": "cards", "turn": 2, "seat": 1, "last_seat": 2, "turns_remaining": 1}
    over = apply(after, parse_move_text("collect"))  # seat 2, the start player's right-hand neighbour
    assert over.phase is Phase.OVER and over.turn % 3 == 0 and over.turns_remaining == 0
    assert score(over).finished and GAME.legal_moves(over) == ()


def test_the_last_seat_triggering_ends_the_game_at_once() -> None:
    rich = seat(ELEVEN, gadgets=(Gadget.ACCELERATOR, Gadget.TIME_MACHINE), coins=9)
    state = playing(seat(), seat(), rich, turn=3)  # seat 2 = right of start 0; Time Machine ready
    after = apply(state, parse_move_text("invade tourist_planet"))
    assert after.phase is Phase.OVER and after.turn == 3  # no refill, no second action


def test_the_last_turn_falls_to_the_start_players_right_hand_neighbour() -> None:
    rich = seat(ELEVEN, gadgets=(Gadget.ACCELERATOR,), coins=9)
    state = playing(rich, seat(), seat(), seat(), players=4, start=2, turn=3)
    assert state.to_move == 0 and state.last_seat == 1
    state = apply(state, parse_move_text("invade tourist_planet"))
    state = apply(state, parse_move_text("reveal steel_city"))
    assert state.to_move == 1 and state.turns_remaining == 1
    state = apply(state, parse_move_text("collect"))
    assert state.phase is Phase.OVER and state.turn == 4 and state.turn % 4 == 0


def test_an_empty_fame_pool_triggers_the_end_and_fame_is_still_paid() -> None:
    donor = seat(resources=Resources(1, 1, 1), coins=1)
    state = playing(donor, fame_pool=1)
    after = apply(state, parse_move_text("donate"))
    assert (after.seats[0].fame, after.fame_pool, after.end_cause, after.end_turn) == (3, 0, "fame", 1)
    assert after.phase is Phase.ACTION and after.to_move == 1
    after = apply(after, parse_move_text("collect"))
    after = apply(after, parse_move_text("collect"))
    assert after.phase is Phase.OVER and after.turn == 3


def test_vp_is_fame_plus_printed_vp_plus_schneider() -> None:
    # test profile VP: new_earth 0, tourist_planet 1 + 9 % 3 = 1, tachyon_mine 1 + 5 % 3 = 3; gadgets 2 each
    me = seat(((Planet.NEW_EARTH, "....."), (Planet.TOURIST_PLANET, "....."), (Planet.TACHYON_MINE, ".....")),
              gadgets=(Gadget.TRADE_KING_SCHNEIDER, Gadget.WARP_GATE), fame=7)
    breakdown = score(playing(me, readings=OPEN_FAME))
    first = breakdown.seat(0)
    terms = {t.code: t for t in first.terms}
    assert terms["pr.vp.fame"].value == 7
    assert terms["pr.vp.planets"].value == 4 and terms["pr.vp.planets"].params["vps"] == [0, 1, 3]
    assert terms["pr.vp.gadgets"].value == 4
    # icons: new_earth tachyon monopole mithril (3); tourist any (1); tachyon_mine tachyon any mithril monopole (4)
    assert terms["pr.vp.bonus"].value == 2 and terms["pr.vp.bonus"].params["resource_icons"] == 8
    assert first.total == 7 + 4 + 4 + 2
    assert breakdown.placings[0] == (0,) and not breakdown.finished


def test_an_unknown_vp_is_named_never_guessed() -> None:
    breakdown = score(playing(seat(fame=3), profile=DeckProfile.unknown(), readings=OPEN_FAME))
    terms = {t.code: t for t in breakdown.seat(0).terms}
    assert terms["pr.vp.planets"].value is None and terms["pr.vp.planets"].params["unknown"] == ["new_earth"]
    assert breakdown.seat(0).total is None
    assert breakdown.placings == ((0, 1, 2),)
    assert [(r.code, r.ok) for r in breakdown.reasons] == [("pr.rank.vp_unknown", False)]


def test_ties_go_to_the_seat_farthest_clockwise_from_the_start_player() -> None:
    state = playing(seat(fame=5), seat(fame=2), seat(fame=5), start=1, readings=OPEN_FAME)
    breakdown = score(state)
    # from start 1: seat 2 is 1 step, seat 0 is 2 steps clockwise, so seat 0 wins the tie
    assert breakdown.placings == ((0,), (2,), (1,))
    reason = breakdown.reasons[0]
    assert (reason.code, reason.rule, dict(reason.params)) == (
        "pr.rank.tie_break", "PR-5", {"vp": 5, "seats": [0, 2], "order": [0, 2], "start": 1, "distances": [2, 1]})
    four = score(playing(seat(fame=1), seat(fame=1), seat(fame=1), seat(fame=1), players=4, start=0,
                         readings=OPEN_FAME))
    assert four.placings == ((3,), (2,), (1,), (0,))


def test_the_test_profile_is_a_complete_one() -> None:
    assert all(r.ok for r in GAME.validate_profile(TEST_PROFILE))
