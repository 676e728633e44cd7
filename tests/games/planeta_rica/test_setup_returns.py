"""Set-up (PR-1) and the return phase / return action with every reward kind (PR-2)."""

from __future__ import annotations

import pytest

from companion.games.base import IllegalMove, ParseError
from companion.games.planeta_rica import (
    GAME,
    Phase,
    Planet,
    Resources,
    actor,
    apply,
    check,
    new_state,
    parse_move_text,
)
from companion.games.planeta_rica.profile import DeckProfile

from .support import TEST_PROFILE, codes, failing, playing, seat


def run(state, *texts):  # type: ignore[no-untyped-def]
    for text in texts:
        state = apply(state, parse_move_text(text))
    return state


def test_new_state_as_the_text_sets_it_up() -> None:
    state = new_state(4, {}, TEST_PROFILE)
    assert state.fame_pool == 48 and state.deck == 40 and state.phase is Phase.SETUP
    assert all((s.planets[0].planet, s.hand, s.coins, s.fame, s.resources.total) ==
               (Planet.NEW_EARTH, 6, 5, 0, 0) for s in state.seats)
    assert new_state(5, {}, TEST_PROFILE).fame_pool == 60


@pytest.mark.parametrize("players", [2, 6, True])
def test_three_to_five_players(players: int) -> None:
    with pytest.raises(ParseError) as caught:
        new_state(players, {}, TEST_PROFILE)
    assert caught.value.code == "pr.players.unsupported"


def test_setup_reveals_stack_duplicates_until_five_types() -> None:
    state = new_state(3, {}, TEST_PROFILE)
    state = run(state, "reveal tourist_planet", "start 1", "reveal tourist_planet", "reveal endymion",
                "reveal ai_autonomy", "reveal new_earth")
    assert state.phase is Phase.SETUP and [(s.planet.value, s.count) for s in state.market] == [
        ("tourist_planet", 2), ("endymion", 1), ("ai_autonomy", 1), ("new_earth", 1)]
    state = run(state, "reveal steel_city")
    assert state.phase is Phase.ACTION and state.turn == 1 and state.to_move == 1
    assert state.deck == 44 - 3 - 6
    assert actor(state, parse_move_text("collect")) == 1


def test_setup_refuses_a_card_the_deck_cannot_hold_and_a_second_start() -> None:
    state = run(new_state(3, {}, TEST_PROFILE), "reveal endymion", "start 0")
    verdict = check(state, parse_move_text("reveal endymion"))
    assert failing(verdict) == [("pr.market.copy_left", {"card": "endymion", "copies": 1, "seen": 1})]
    assert verdict.impossible
    # New Earth: 7 copies, 3 held by the players
    state = run(state, *["reveal new_earth"] * 4)
    assert failing(check(state, parse_move_text("reveal new_earth")))[0][0] == "pr.market.copy_left"
    assert failing(check(state, parse_move_text("start 1"))) == [("pr.setup.start_once", {"start": 0})]
    assert actor(state, parse_move_text("start 1")) is None
    assert failing(check(new_state(3, {}, TEST_PROFILE), parse_move_text("start 3"))) == [
        ("pr.setup.seat_in_range", {"seat": 3, "players": 3})]


def test_return_phase_every_planet_in_the_order_the_player_chooses() -> None:
    me = seat(((Planet.NEW_EARTH, "W.W.."), (Planet.TACHYON_MINE, "W....")))
    state = playing(me, phase=Phase.RETURN)
    assert state.pending_returns == (0, 1)
    assert failing(check(state, parse_move_text("collect"))) == [
        ("pr.turn.phase", {"move": "collect", "phase": "return", "allowed": ["action"]})]
    state = run(state, "return 1")  # Tachyon Mine slot 1: tachyon
    assert state.phase is Phase.RETURN and state.seats[0].resources == Resources(tachyon=1)
    assert failing(check(state, parse_move_text("return 1"))) == [
        ("pr.return.pending", {"planet": 1, "pending": [0]})]
    state = run(state, "return 0")  # New Earth slot 1 (the topmost), coin
    assert state.phase is Phase.ACTION
    assert state.seats[0].coins == 6 and state.seats[0].hand == 5
    assert state.seats[0].planets[0].workers == (False, False, True, False, False)


@pytest.mark.parametrize(("pattern", "text", "change"), [
    ("W....", "return 0", {"coins": 1}),
    (".W...", "return 0", {"tachyon": 1}),
    ("..W..", "return 0", {"monopole": 1}),
    ("...W.", "return 0", {"mithril": 1}),
    ("....W", "return 0", {"hand": 1}),
])
def test_new_earth_rewards(pattern: str, text: str, change: dict[str, int]) -> None:
    state = playing(seat(((Planet.NEW_EARTH, pattern),)))
    after = apply(state, parse_move_text(text)).seats[0]
    before = state.seats[0]
    got = {"coins": after.coins - before.coins, "tachyon": after.resources.tachyon,
           "monopole": after.resources.monopole, "mithril": after.resources.mithril,
           "hand": after.hand - before.hand - 1}
    assert {k: v for k, v in got.items() if v} == change


def tourist(pattern: str, **kw: object) -> object:
    return playing(seat(((Planet.NEW_EARTH, "....."), (Planet.TOURIST_PLANET, pattern)), **kw))  # type: ignore


def test_fame_and_two_coins() -> None:
    state = tourist("W....")
    after = apply(state, parse_move_text("return 1"))  # type: ignore[arg-type]
    assert (after.seats[0].fame, after.fame_pool) == (1, 35)
    after = apply(tourist(".W..."), parse_move_text("return 1"))  # type: ignore[arg-type]
    assert after.seats[0].coins == 7


def test_any_resource_takes_exactly_one() -> None:
    state = tourist("..W..")
    assert codes(check(state, parse_move_text("return 1 take=1monopole")).reasons)["pr.return.take_one"]  # type: ignore
    assert apply(state, parse_move_text("return 1 take=1monopole")).seats[0].resources == Resources(monopole=1)  # type: ignore
    for text in ("return 1", "return 1 take=2monopole", "return 1 take=1monopole give=1tachyon"):
        assert [c for c, _ in failing(check(state, parse_move_text(text)))] == ["pr.return.take_one"]  # type: ignore


def test_exchange_returns_some_and_takes_as_many() -> None:
    state = tourist("...W.", resources=Resources(tachyon=2, mithril=1))
    move = parse_move_text("return 1 give=2tachyon take=1monopole+1mithril")
    assert apply(state, move).seats[0].resources == Resources(monopole=1, mithril=2)  # type: ignore[arg-type]
    assert failing(check(state, parse_move_text("return 1 give=2tachyon take=1monopole"))) == [  # type: ignore
        ("pr.return.exchange_even", {"give": "2tachyon", "take": "1monopole"})]
    assert failing(check(state, parse_move_text("return 1 give=3tachyon take=3monopole"))) == [  # type: ignore
        ("pr.return.exchange_holdings", {"give": "3tachyon", "have": "2tachyon+1mithril"})]
    assert check(state, parse_move_text("return 1")).legal  # type: ignore[arg-type]  # "いくらかでも": none is fine


def test_copy_pays_the_same_slot_of_another_planet() -> None:
    # Tourist Planet slot 5 is a copy slot; New Earth's slot 5 gives a worker
    state = tourist("....W")
    verdict = check(state, parse_move_text("return 1 copy=0"))  # type: ignore[arg-type]
    assert verdict.legal and codes(verdict.reasons)["pr.return.copy_not_copy"]
    assert apply(state, parse_move_text("return 1 copy=0")).seats[0].hand == 5 + 1 + 1  # type: ignore[arg-type]
    assert failing(check(state, parse_move_text("return 1"))) == [  # type: ignore[arg-type]
        ("pr.return.copy_target", {"card": "tourist_planet", "slot": 5, "targets": [0]})]
    assert failing(check(state, parse_move_text("return 1 copy=1")))[0][0] == "pr.return.copy_target"  # type: ignore


def test_a_copy_slot_cannot_copy_a_copy_slot_and_copies_choices_too() -> None:
    # AI Autonomy slot 1 copies; Tourist Planet's slot 1 is fame; New Earth's slot 1 is coin
    me = seat(((Planet.NEW_EARTH, "....."), (Planet.AI_AUTONOMY, "W...."), (Planet.TOURIST_PLANET, "....."),
               (Planet.AI_AUTONOMY, ".....")))
    state = playing(me)
    assert apply(state, parse_move_text("return 1 copy=2")).seats[0].fame == 1
    assert apply(state, parse_move_text("return 1 copy=0")).seats[0].coins == 6
    verdict = check(state, parse_move_text("return 1 copy=3"))
    assert not verdict.legal
    assert failing(verdict) == [("pr.return.copy_not_copy", {"card": "ai_autonomy", "slot": 1, "copy": 3,
                                                             "target": "ai_autonomy"})]
    # AI Autonomy's slot 2 copies Tachyon Mine's slot 2, "any resource": the copy asks which one
    me = seat(((Planet.AI_AUTONOMY, ".W..."), (Planet.TACHYON_MINE, ".....")))
    state = playing(me)
    assert failing(check(state, parse_move_text("return 0 copy=1"))) == [
        ("pr.return.take_one", {"card": "ai_autonomy", "slot": 2, "take": "0"})]
    assert apply(state, parse_move_text("return 0 copy=1 take=1mithril")).seats[0].resources.mithril == 1


def test_a_copy_slot_with_nothing_to_copy_pays_nothing() -> None:
    state = playing(seat(((Planet.AI_AUTONOMY, "W...."),)))
    verdict = check(state, parse_move_text("return 0"))
    assert verdict.legal and codes(verdict.reasons)["pr.return.copy_target"]
    after = apply(state, parse_move_text("return 0")).seats[0]
    assert (after.coins, after.resources.total, after.hand) == (5, 0, 6)


def test_the_topmost_worker_returns() -> None:
    state = playing(seat(((Planet.NEW_EARTH, ".W.W."),)))
    verdict = check(state, parse_move_text("return 0"))
    assert {r.code: dict(r.params) for r in verdict.reasons}["pr.return.topmost"]["slot"] == 2
    assert apply(state, parse_move_text("return 0")).seats[0].planets[0].workers == (False,) * 3 + (True, False)
    empty = playing(seat())
    assert failing(check(empty, parse_move_text("return 0"))) == [
        ("pr.return.has_worker", {"planet": 0, "card": "new_earth"})]
    assert failing(check(empty, parse_move_text("return 4"))) == [("pr.return.planet_owned", {"planet": 4,
                                                                                              "planets": 1})]


def test_an_unknown_slot_is_asked_for_never_guessed() -> None:
    state = playing(seat(((Planet.NEW_EARTH, "W...."),)), profile=DeckProfile.unknown())
    assert failing(check(state, parse_move_text("return 0"))) == [
        ("pr.return.slot_known", {"card": "new_earth", "slot": 1})]
    assert GAME.legal_moves(state) is None
    assert apply(state, parse_move_text("return 0 shows=coin2")).seats[0].coins == 7
    known = playing(seat(((Planet.NEW_EARTH, "W...."),)))
    assert failing(check(known, parse_move_text("return 0 shows=fame"))) == [
        ("pr.return.slot_matches_profile", {"card": "new_earth", "slot": 1, "profile": "coin", "given": "fame"})]
    assert failing(check(known, parse_move_text("return 0 copy=0")))[0][0] == "pr.return.copy_not_needed"


def test_apply_refuses_an_illegal_move() -> None:
    with pytest.raises(IllegalMove) as caught:
        apply(playing(seat()), parse_move_text("return 0"))
    assert caught.value.code == "pr.return.has_worker" and not caught.value.verdict.legal
