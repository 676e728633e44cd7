"""The actions (PR-3) and the gadgets that change them (PR-7), each condition passing and failing."""

from __future__ import annotations

from dataclasses import replace

from companion.games.planeta_rica import Gadget, Phase, Planet, Resources, apply, check, legal_moves, parse_move_text
from companion.games.planeta_rica.profile import DeckProfile
from companion.games.planeta_rica.state import Stack

from .support import codes, failing, playing, seat


def verdict(state, text):  # type: ignore[no-untyped-def]
    return check(state, parse_move_text(text))


# -- dispatch -----------------------------------------------------------------------------------------------


def test_dispatch_fills_empty_slots_from_the_top_as_in_the_texts_example() -> None:
    # プレイヤー A: only 3rd occupied; three workers go to 1st, 2nd, 4th
    state = playing(seat(((Planet.NEW_EARTH, "..W.."),)))
    v = verdict(state, "dispatch 0:1,2,4")
    assert v.legal and codes(v.reasons) == {"pr.turn.phase": True, "pr.dispatch.workers_in_hand": True,
                                            "pr.dispatch.one_planet": True, "pr.dispatch.at_most_five": True,
                                            "pr.dispatch.planet_owned": True, "pr.dispatch.one_per_slot": True,
                                            "pr.dispatch.slot_empty": True, "pr.dispatch.top_down": True}
    after = apply(state, parse_move_text("dispatch 0:1,2,4"))
    assert after.seats[0].planets[0].workers == (True, True, True, True, False) and after.seats[0].hand == 2
    assert after.to_move == 1 and after.turn == 2


def test_dispatch_never_skips_an_empty_slot() -> None:
    state = playing(seat())
    assert failing(verdict(state, "dispatch 0:1,3")) == [
        ("pr.dispatch.top_down", {"planet": 0, "card": "new_earth", "slot": 3, "skipped": 2})]
    assert failing(verdict(state, "dispatch 0:2")) == [
        ("pr.dispatch.top_down", {"planet": 0, "card": "new_earth", "slot": 2, "skipped": 1})]


def test_dispatch_into_an_occupied_slot_or_twice_into_one() -> None:
    state = playing(seat(((Planet.NEW_EARTH, "W...."),)))
    assert failing(verdict(state, "dispatch 0:1,2")) == [
        ("pr.dispatch.slot_empty", {"planet": 0, "card": "new_earth", "slots": [1]})]
    assert failing(verdict(state, "dispatch 0:2,2")) == [
        ("pr.dispatch.one_per_slot", {"planet": 0, "card": "new_earth", "slots": [2]})]


def test_dispatch_needs_workers_in_hand_and_one_planet() -> None:
    two = seat(((Planet.NEW_EARTH, "....."), (Planet.TACHYON_MINE, ".....")), hand=2)
    state = playing(two)
    assert failing(verdict(state, "dispatch 0:1,2,3")) == [("pr.dispatch.workers_in_hand", {"count": 3, "hand": 2})]
    assert failing(verdict(state, "dispatch 0:1 1:1")) == [("pr.dispatch.one_planet", {"planets": 2})]
    assert failing(verdict(state, "dispatch 2:1")) == [("pr.dispatch.planet_owned", {"planet": 2, "planets": 2})]


def test_warp_gate_dispatches_to_several_planets_without_a_cap() -> None:
    me = seat(((Planet.NEW_EARTH, "....."), (Planet.TACHYON_MINE, ".....")), gadgets=(Gadget.WARP_GATE,), hand=8)
    state = playing(me)
    v = verdict(state, "dispatch 0:1,2,3,4,5 1:1,2")
    assert v.legal and {r.code: dict(r.params) for r in v.reasons}["pr.dispatch.warp_gate"] == {"planets": 2,
                                                                                                "count": 7}
    after = apply(state, parse_move_text("dispatch 0:1,2,3,4,5 1:1,2"))
    assert after.seats[0].hand == 1 and after.seats[0].placed == 7
    # the top-down rule still holds on every planet (PR-3)
    assert failing(verdict(state, "dispatch 0:1 1:2")) == [
        ("pr.dispatch.top_down", {"planet": 1, "card": "tachyon_mine", "slot": 2, "skipped": 1})]
    assert failing(verdict(state, "dispatch 0:1 0:2"))[0] == ("pr.dispatch.distinct_planets", {"planets": [0]})


def test_a_second_warp_gate_is_not_allowed() -> None:
    state = playing(seat(gadgets=(Gadget.WARP_GATE,), resources=Resources(tachyon=3)))
    assert failing(verdict(state, "develop warp_gate")) == [("pr.develop.no_second_copy", {"card": "warp_gate"})]


# -- invade and the market ----------------------------------------------------------------------------------


def test_invade_pays_the_coin_cost() -> None:
    state = playing(seat(coins=3))
    v = verdict(state, "invade endymion")
    assert failing(v) == [("pr.invade.coins", {"card": "endymion", "cost": 4, "coins": 3})]  # costs 4, you have 3
    state = playing(seat(coins=4), market=(Planet.ENDYMION, Planet.AI_AUTONOMY, Planet.TACHYON_MINE,
                                           Planet.STEEL_CITY, Planet.MERCHANT_GUILD))
    after = apply(state, parse_move_text("invade endymion"))
    assert after.seats[0].coins == 0 and after.seats[0].planets[-1].planet is Planet.ENDYMION
    assert after.phase is Phase.REFILL and after.to_move == 0 and len(after.market) == 4
    assert failing(verdict(playing(seat()), "invade steel_city")) == [
        ("pr.invade.in_market", {"card": "steel_city", "market": ["tourist_planet", "ai_autonomy", "tachyon_mine",
                                                                  "endymion", "merchant_guild"]})]


def test_refill_stacks_duplicates_until_five_types() -> None:
    state = playing(seat(coins=9), market=(Planet.ENDYMION, Planet.AI_AUTONOMY, Planet.TACHYON_MINE,
                                           Planet.STEEL_CITY, Planet.MERCHANT_GUILD))
    state = apply(state, parse_move_text("invade steel_city"))
    assert failing(verdict(state, "collect")) == [
        ("pr.turn.phase", {"move": "collect", "phase": "refill", "allowed": ["action"]})]
    state = apply(state, parse_move_text("reveal ai_autonomy"))  # a duplicate: stacked, still four types
    assert state.phase is Phase.REFILL and {s.planet: s.count for s in state.market}[Planet.AI_AUTONOMY] == 2
    assert failing(verdict(state, "reveal steel_city"))[0][0] == "pr.market.copy_left"  # the only copy is held
    state = apply(state, parse_move_text("reveal city_of_brass"))
    assert state.phase is Phase.ACTION and state.to_move == 1 and len(state.market) == 5
    assert state.deck == 44 - 3 - 1 - 6


def test_invading_a_stacked_type_leaves_it_in_the_market() -> None:
    state = playing(seat(), market=())
    state = replace(state, market=(Stack(Planet.AI_AUTONOMY, 2), *(Stack(p) for p in (
        Planet.TACHYON_MINE, Planet.STEEL_CITY, Planet.MERCHANT_GUILD, Planet.ENDYMION))))
    after = apply(state, parse_move_text("invade ai_autonomy"))
    assert after.phase is Phase.ACTION and after.to_move == 1
    assert [(s.planet.value, s.count) for s in after.market][0] == ("ai_autonomy", 1)


def crowded(deck_left: int):  # type: ignore[no-untyped-def]
    """A 3-player table whose deck holds ``deck_left`` cards: the others are held or in the market."""
    market = {Planet.AI_AUTONOMY: 3, Planet.MILITARY_INDUSTRIAL_COMPLEX: 3, Planet.FAST_PLANET: 2,
              Planet.TOURIST_PLANET: 1, Planet.MERCHANT_GUILD: 1}
    rest = [p for p in Planet for _ in range(p.copies - market.get(p, 0))]
    rest.remove(Planet.NEW_EARTH)
    rest.remove(Planet.NEW_EARTH)
    rest.remove(Planet.NEW_EARTH)
    rest = rest[: len(rest) - deck_left]
    seats = [[Planet.NEW_EARTH] for _ in range(3)]
    for i, planet in enumerate(rest):
        seats[1 + i % 2].append(planet)
    built = [seat(tuple((p, ".....") for p in planets), coins=9) for planets in seats]
    state = playing(*built)
    return replace(state, market=tuple(Stack(p, n) for p, n in market.items()))


def test_an_empty_deck_stops_the_refill() -> None:
    state = crowded(1)
    assert state.deck == 1
    state = apply(state, parse_move_text("invade merchant_guild"))
    assert state.phase is Phase.REFILL
    assert legal_moves(state) is not None and len(legal_moves(state) or ()) >= 1
    state = apply(state, parse_move_text(f"reveal {next(p for p in Planet if state.planets_seen()[p] < p.copies)}"))
    assert state.deck == 0
    # with an empty deck an invade that empties a type leaves four types and the turn goes on
    state = replace(state, turn=state.turn + 2)  # seat 0 again
    after = apply(state, parse_move_text("invade tourist_planet"))
    assert after.phase is not Phase.REFILL and after.to_move == 1 and len(after.market) <= 4
    assert failing(verdict(after, "reveal new_earth"))[0][0] == "pr.turn.phase"


def test_hypnosis_capsule_sends_workers_to_any_slots_of_the_invaded_planet() -> None:
    state = playing(seat(gadgets=(Gadget.HYPNOSIS_CAPSULE,), coins=5))
    v = verdict(state, "invade tourist_planet hypnosis=1,3,5")
    assert v.legal and codes(v.reasons)["pr.invade.hypnosis_capsule"]
    after = apply(state, parse_move_text("invade tourist_planet hypnosis=1,3,5"))
    assert after.seats[0].planets[1].workers == (True, False, True, False, True) and after.seats[0].hand == 3
    no_capsule = playing(seat())
    assert failing(verdict(no_capsule, "invade tourist_planet hypnosis=2")) == [
        ("pr.invade.hypnosis_capsule", {"card": "tourist_planet", "slots": [2]})]
    few = playing(seat(gadgets=(Gadget.HYPNOSIS_CAPSULE,), hand=1))
    assert failing(verdict(few, "invade tourist_planet hypnosis=1,2")) == [
        ("pr.dispatch.workers_in_hand", {"count": 2, "hand": 1})]
    listed = legal_moves(playing(seat(gadgets=(Gadget.HYPNOSIS_CAPSULE,), coins=2),
                                 market=(Planet.TOURIST_PLANET,)))
    assert listed is not None and sum(1 for m in listed if str(m).startswith("invade")) == 32  # 31 patterns + none


def test_an_unknown_coin_cost_is_asked_for() -> None:
    state = playing(seat(coins=3), profile=DeckProfile.unknown())
    assert failing(verdict(state, "invade endymion")) == [("pr.invade.cost_known", {"card": "endymion"})]
    assert apply(state, parse_move_text("invade endymion cost=3")).seats[0].coins == 0
    assert failing(verdict(playing(seat()), "invade endymion cost=1")) == [
        ("pr.invade.cost_matches_profile", {"card": "endymion", "profile": 4, "given": 1})]


# -- develop, collect, donate -------------------------------------------------------------------------------


def test_develop_pays_the_resource_cost() -> None:
    state = playing(seat(resources=Resources(tachyon=1, monopole=1)))
    after = apply(state, parse_move_text("develop accelerator"))
    assert after.seats[0].resources == Resources() and after.seats[0].gadgets[0].gadget is Gadget.ACCELERATOR
    assert after.seats[0].gadgets[0].since == 1
    poor = playing(seat(resources=Resources(monopole=1)))
    assert failing(verdict(poor, "develop accelerator")) == [
        ("pr.develop.resources", {"card": "accelerator", "cost": "1tachyon+1monopole", "have": "1monopole"})]


def test_develop_from_an_empty_supply() -> None:
    others = seat(gadgets=(Gadget.WARP_GATE,))
    state = playing(seat(resources=Resources(tachyon=1)), others, others)
    assert failing(verdict(state, "develop warp_gate")) == [("pr.develop.in_supply", {"card": "warp_gate",
                                                                                       "supply": 0})]


def test_develop_with_an_any_resource_cost() -> None:
    state = playing(seat(resources=Resources(tachyon=1, mithril=1)))
    assert failing(verdict(state, "develop trade_king_schneider")) == [
        ("pr.develop.choose_payment", {"card": "trade_king_schneider", "cost": "1tachyon+1any"})]
    assert verdict(state, "develop trade_king_schneider pay=1tachyon+1mithril").legal
    assert failing(verdict(state, "develop trade_king_schneider pay=1mithril")) == [
        ("pr.develop.pay_matches_cost", {"card": "trade_king_schneider", "cost": "1tachyon+1any",
                                         "pay": "1mithril"})]


def test_collect_with_and_without_a_resource() -> None:
    state = playing(seat(resources=Resources(mithril=1), coins=2))
    assert apply(state, parse_move_text("collect")).seats[0].coins == 3
    after = apply(state, parse_move_text("collect mithril")).seats[0]
    assert (after.coins, after.resources.mithril) == (5, 0)
    assert failing(verdict(state, "collect tachyon")) == [
        ("pr.collect.has_resource", {"resource": "tachyon", "have": 0, "coins": 2})]


def test_donate_one_of_each_and_a_coin_for_three_fame() -> None:
    state = playing(seat(resources=Resources(1, 1, 1), coins=1))
    after = apply(state, parse_move_text("donate"))
    assert (after.seats[0].fame, after.seats[0].coins, after.seats[0].resources.total, after.fame_pool) == (3, 0, 0,
                                                                                                           33)
    poor = playing(seat(resources=Resources(tachyon=1, mithril=2), coins=0))
    assert failing(verdict(poor, "donate")) == [("pr.donate.resource", {"resource": "monopole", "have": 0}),
                                                ("pr.donate.coin", {"cost": 1, "coins": 0})]


# -- Time Machine, adjustments ------------------------------------------------------------------------------


def test_time_machine_gives_a_second_action_from_the_next_turn() -> None:
    fresh = playing(seat(gadgets=(Gadget.TIME_MACHINE,), gadget_since=1))
    assert apply(fresh, parse_move_text("collect")).to_move == 1  # obtained this turn: not usable
    ready = playing(seat(gadgets=(Gadget.TIME_MACHINE,), gadget_since=0), turn=4)
    once = apply(ready, parse_move_text("collect"))
    assert (once.phase, once.to_move, once.actions) == (Phase.ACTION, 0, 1)
    v = verdict(once, "collect")
    assert v.legal and {r.code: dict(r.params) for r in v.reasons}["pr.turn.time_machine"] == {"actions": 1}
    twice = apply(once, parse_move_text("collect"))
    assert twice.to_move == 1 and twice.seats[0].coins == 7
    assert apply(once, parse_move_text("end")).to_move == 1
    assert failing(verdict(ready, "end")) == [("pr.turn.end_after_first_action", {"actions": 0})]


def test_time_machine_second_action_after_the_refill() -> None:
    ready = playing(seat(gadgets=(Gadget.TIME_MACHINE,), coins=9), turn=4)
    state = apply(ready, parse_move_text("invade endymion"))
    assert state.phase is Phase.REFILL
    state = apply(state, parse_move_text("reveal steel_city"))
    assert (state.phase, state.to_move, state.actions) == (Phase.ACTION, 0, 1)


def test_adjustments_name_a_card_the_seat_holds() -> None:
    state = playing(seat(), seat(((Planet.NEW_EARTH, "....."), (Planet.MERCHANT_GUILD, "....."))))
    after = apply(state, parse_move_text("adjust 1 merchant_guild coins=2 fame=1 tachyon=1 workers=1"))
    moved = after.seats[1]
    assert (moved.coins, moved.fame, moved.resources.tachyon, moved.hand, after.fame_pool) == (7, 1, 1, 7, 35)
    assert after.to_move == 0  # an adjustment does not end a turn
    assert failing(verdict(state, "adjust 0 merchant_guild coins=1")) == [
        ("pr.adjust.card_held", {"seat": 0, "card": "merchant_guild"})]
    assert failing(verdict(state, "adjust 1 merchant_guild coins=-6")) == [
        ("pr.adjust.not_negative", {"field": "coins", "have": 5, "change": -6})]
    assert failing(verdict(state, "adjust 1 merchant_guild")) == [("pr.adjust.changes", {"card": "merchant_guild"})]
    assert failing(verdict(state, "adjust 5 new_earth coins=1")) == [("pr.adjust.seat_in_range",
                                                                       {"seat": 5, "players": 3})]
