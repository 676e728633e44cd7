"""Under the reading "New Earth does not count" (PR-4, option ``new_earth``) only the New Earth each player starts
with is left out of the 12 cards: a New Earth invaded from the market is a planet obtained, and counts."""

from __future__ import annotations

from dataclasses import replace

from companion.games.planeta_rica import Gadget, Phase, Planet, apply, parse_move_text
from companion.games.planeta_rica.readings import Readings
from companion.games.planeta_rica.rules import counted_cards, end_condition
from companion.games.planeta_rica.state import OwnedGadget, OwnedPlanet

from .support import MARKET, playing, seat

NOT_COUNTED = Readings(new_earth_counts=False)
OTHERS = [Planet.ENDYMION, Planet.AI_AUTONOMY, Planet.FAST_PLANET, Planet.MITHRIL_MINE, Planet.MONOPOLE_MINE,
          Planet.STEEL_CITY]


def holding(*planets: OwnedPlanet, gadgets: int = 5):  # type: ignore[no-untyped-def]
    held = replace(seat(coins=9), planets=planets,
                   gadgets=tuple(OwnedGadget(g, 0) for g in list(Gadget)[:gadgets]))
    return playing(held, readings=NOT_COUNTED, market=(Planet.NEW_EARTH, *MARKET[:4]), turn=4)


def test_an_invaded_new_earth_counts_the_starting_one_does_not() -> None:
    state = holding(OwnedPlanet(Planet.NEW_EARTH), OwnedPlanet(Planet.NEW_EARTH, since=2),
                    *(OwnedPlanet(p, since=3) for p in OTHERS[:5]))
    assert state.seats[0].cards == 12
    assert counted_cards(state, 0) == 11  # only the starting New Earth is left out
    assert end_condition(state) is None


def test_invading_a_new_earth_from_the_market_can_trigger_the_end() -> None:
    # the starting New Earth + 6 planets + 5 gadgets: 12 held, 11 counted
    state = holding(OwnedPlanet(Planet.NEW_EARTH), *(OwnedPlanet(p, since=2) for p in OTHERS))
    assert (state.seats[0].cards, counted_cards(state, 0), end_condition(state)) == (12, 11, None)
    after = apply(state, parse_move_text("invade new_earth"))
    assert after.seats[0].planets[-1] == OwnedPlanet(Planet.NEW_EARTH, since=4)
    assert counted_cards(after, 0) == 12
    assert (after.end_cause, after.end_turn) == ("cards", 4) and after.phase is Phase.REFILL


def test_when_new_earth_counts_every_copy_counts() -> None:
    state = replace(holding(OwnedPlanet(Planet.NEW_EARTH), OwnedPlanet(Planet.NEW_EARTH, since=2)),
                    readings=Readings())
    assert counted_cards(state, 0) == state.seats[0].cards == 7
