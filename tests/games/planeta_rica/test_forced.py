"""The entries the table makes by itself (forced.py, issue 35): every forced case, each legal, and the cases where
a player chooses or the table must say something (never forced)."""

from __future__ import annotations

from dataclasses import replace

from companion.games.planeta_rica import GAME, Phase, Planet, Resources, apply, check, new_state
from companion.games.planeta_rica.forced import forced_move
from companion.games.planeta_rica.moves import Return, Reveal
from companion.games.planeta_rica.state import OwnedPlanet, Stack

from .support import MARKET, playing, seat

NE, TOURIST, AI, TACHYON = Planet.NEW_EARTH, Planet.TOURIST_PLANET, Planet.AI_AUTONOMY, Planet.TACHYON_MINE


def returning(*planets: tuple[Planet, str], resources: Resources | None = None, **changes):  # type: ignore[no-untyped-def]
    return playing(seat(planets, resources=resources or Resources()), phase=Phase.RETURN, **changes)


def forced_and_legal(state):  # type: ignore[no-untyped-def]
    move = forced_move(state)
    assert move is not None and check(state, move).legal
    assert GAME.forced(state) == move
    return move


def test_a_known_slot_that_leaves_no_choice_returns_by_itself_pr2() -> None:
    state = returning((NE, ".W..."))  # New Earth slot 2: tachyon
    assert forced_and_legal(state) == Return(0)
    after = apply(state, Return(0))
    assert after.phase is Phase.ACTION and forced_move(after) is None  # PR-3: the action is the player's


def test_several_planets_with_fixed_rewards_return_in_the_rows_order_pr2() -> None:
    state = returning((NE, "W...."), (TACHYON, "..W.."))  # coin; mithril
    assert forced_and_legal(state) == Return(0)
    state = apply(state, Return(0))
    assert forced_and_legal(state) == Return(1)
    state = apply(state, Return(1))
    assert state.phase is Phase.ACTION
    assert (state.seats[0].coins, state.seats[0].resources.mithril) == (6, 1)


def test_a_fixed_return_is_made_first_and_a_choice_is_left_to_the_player_pr2() -> None:
    # Tachyon Mine slot 2 is "any": the player chooses the resource; New Earth's coin takes no choice away from it
    state = returning((NE, "W...."), (TACHYON, ".W..."))
    assert forced_and_legal(state) == Return(0)
    assert forced_move(apply(state, Return(0))) is None
    assert forced_move(returning((TACHYON, ".W..."))) is None
    # an unknown slot is the table's to say (PR-6); a known one beside it is still made
    unknown = playing(seat(((NE, "W...."), (TACHYON, "..W.."))), phase=Phase.RETURN, profile=new_state(3).profile)
    assert forced_move(unknown) is None


def test_exchange_is_forced_only_with_nothing_to_give_pr2() -> None:
    assert forced_and_legal(returning((NE, "....."), (TOURIST, "...W."))) == Return(1)
    assert forced_move(returning((NE, "....."), (TOURIST, "...W."), resources=Resources(1, 0, 0))) is None


def test_a_copy_slot_with_one_planet_to_copy_copies_it_pr2() -> None:
    # AI slot 4 is coin, so Tourist Planet's slot 5 ("copy") has New Earth (worker) and AI (nothing) to copy: a choice
    assert forced_move(returning((NE, "....."), (TOURIST, "....W"), (AI, "....."))) is None
    # with New Earth only, the copy is of New Earth's slot 5 (a worker)
    move = forced_and_legal(returning((NE, "....."), (TOURIST, "....W")))
    assert move == Return(1, copy=0)
    # AI Autonomy slot 1 copies; New Earth's slot 1 (coin) is the only other planet
    assert forced_and_legal(returning((NE, "....."), (AI, "W...."))) == Return(1, copy=0)


def test_a_copy_slot_with_nothing_to_copy_pays_nothing_by_itself_pr2() -> None:
    # both AI planets' slot 1 are copy slots: a copy slot cannot copy a copy slot (PR-2's reading), nothing is paid
    state = playing(replace(seat(((AI, "W...."),)), planets=(OwnedPlanet(AI, (True,) + (False,) * 4),)),
                    phase=Phase.RETURN)
    assert forced_and_legal(state) == Return(0)


def test_a_slot_the_profile_does_not_know_is_asked_not_forced_pr6() -> None:
    state = playing(seat(((NE, "W...."),)), phase=Phase.RETURN, profile=new_state(3).profile)
    assert forced_move(state) is None


def test_the_last_seat_keeps_the_order_when_fame_could_end_the_game_at_once_pr4() -> None:
    # seat 2 is the start player's right-hand neighbour; Tourist Planet slot 1 pays fame from a pool of 1
    planets = ((NE, "W...."), (TOURIST, "W...."))
    state = playing(seat(), seat(), seat(planets), turn=3, phase=Phase.RETURN, fame_pool=1)
    assert state.to_move == state.last_seat == 2
    assert forced_move(state) is None
    # with a fuller pool the order changes nothing: forced
    assert forced_and_legal(replace(state, fame_pool=10)) == Return(0)
    # a return that asks something may pay fame too ("any" could be a copy of fame): it counts towards the pool
    asking = playing(seat(), seat(), seat(((NE, "W...."), (TACHYON, ".W..."))), turn=3, phase=Phase.RETURN,
                     fame_pool=1)
    assert forced_move(asking) is None
    assert forced_and_legal(replace(asking, fame_pool=3)) == Return(0)
    # one planet left: nothing to order
    assert forced_and_legal(playing(seat(), seat(), seat(((TOURIST, "W...."),)), turn=3, phase=Phase.RETURN,
                                    fame_pool=1)) == Return(0)


def test_no_entry_is_forced_in_set_up_or_in_the_action_phase_pr1_pr3() -> None:
    assert forced_move(new_state(3)) is None
    assert forced_move(playing(seat(((NE, "WW..."),)))) is None
    over = replace(playing(), phase=Phase.OVER)
    assert forced_move(over) is None


def test_a_refill_is_the_tables_to_say_unless_the_deck_holds_one_type_pr3() -> None:
    state = playing(phase=Phase.REFILL, market=MARKET[:4])
    assert forced_move(state) is None
    # every card but the one City of Brass is seen: the market holds four types, the rest lie before seat 0
    market = (Stack(TOURIST, TOURIST.copies), Stack(AI, AI.copies), Stack(TACHYON, TACHYON.copies),
              Stack(Planet.ENDYMION, 1))
    shown = {TOURIST, AI, TACHYON, Planet.ENDYMION, Planet.CITY_OF_BRASS}
    # (seats 1 and 2 hold a New Earth each)
    held = tuple(OwnedPlanet(p) for p in Planet if p not in shown for _ in range(p.copies - 2 * (p is NE)))
    state = replace(playing(phase=Phase.REFILL), market=market)
    state = state.with_seat(0, replace(state.seats[0], planets=held))
    assert state.deck == 1
    assert forced_and_legal(state) == Reveal(Planet.CITY_OF_BRASS)
