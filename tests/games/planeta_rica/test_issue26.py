"""A gadget's cost asked once and held for the whole table (PR-6), numbers of the notation in ASCII
digits only, an empty profile name refused by the API, and the readings a table may switch (PR-4 New Earth,
PR-7 Time Machine)."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from companion.games.base import ErrorList, ParseError
from companion.games.planeta_rica import GAME, Gadget, Planet, Resources, apply, check, parse_move_text
from companion.games.planeta_rica.api import score_request
from companion.games.planeta_rica.readings import Readings
from companion.games.planeta_rica.rules import end_condition
from companion.games.planeta_rica.state import OwnedGadget, OwnedPlanet

from .support import TEST_PROFILE, failing, lookup, playing, seat

NEW_TABLE = {o.key: o.default for o in GAME.options}


def no_warp_gate_cost() -> dict:  # type: ignore[type-arg]
    """The test profile without Warp Gate's cost: the table has to be asked for it (PR-6)."""
    profile = copy.deepcopy(TEST_PROFILE)
    for card in profile["cards"]:
        if card["id"] == "warp_gate":
            del card["cost"]
    return profile


RICH = Resources(tachyon=3, monopole=3, mithril=3)


def table(readings: Readings | None = None):  # type: ignore[no-untyped-def]
    """Seat 0 to move, seat 1 next; both rich enough for any cost here (RULINGS.md's readings by default)."""
    state = playing(seat(resources=RICH), seat(resources=RICH), profile=no_warp_gate_cost())
    return replace(state, readings=readings or Readings())


def verdict(state, text):  # type: ignore[no-untyped-def]
    return check(state, parse_move_text(text))


def test_pr6_the_first_develop_of_an_unknown_gadget_asks_for_its_cost_and_a_blank_is_not_free() -> None:
    state = table()
    assert failing(verdict(state, "develop warp_gate")) == [("pr.develop.cost_asked", {"card": "warp_gate"})]
    assert failing(verdict(state, "develop warp_gate pay=0")) == [("pr.develop.cost_asked", {"card": "warp_gate"})]
    given = verdict(state, "develop warp_gate cost=1tachyon")
    assert given.legal
    assert ("pr.develop.cost_given", "PR-6", True) in [(r.code, r.rule, r.ok) for r in given.reasons]


def test_pr6_the_cost_is_held_for_every_later_develop_of_that_type() -> None:
    state = table()
    after = apply(state, parse_move_text("develop warp_gate cost=1tachyon+1any pay=1tachyon+1mithril"))
    assert after.gadget_cost(Gadget.WARP_GATE) is not None
    assert str(after.gadget_cost(Gadget.WARP_GATE)) == "1tachyon+1any"
    assert after.seats[0].resources == Resources(tachyon=2, monopole=3, mithril=2)
    # seat 1's turn: the same card costs the same
    later = replace(after, turn=2, phase=state.phase, actions=0)
    assert failing(verdict(later, "develop warp_gate pay=0")) == [
        ("pr.develop.pay_matches_cost", {"card": "warp_gate", "cost": "1tachyon+1any", "pay": "0"})]
    assert failing(verdict(later, "develop warp_gate cost=0")) == [
        ("pr.develop.cost_differs_table", {"card": "warp_gate", "cost": "1tachyon+1any", "given": "0"})]
    held = verdict(later, "develop warp_gate pay=1tachyon+1monopole")
    assert held.legal
    reason = next(r for r in held.reasons if r.code == "pr.develop.cost_held_table")
    assert (reason.rule, reason.params["cost"]) == ("PR-6", "1tachyon+1any")
    snapshot = GAME.state_to_json(after)
    assert snapshot["gadget_costs"] == {"warp_gate": {"tachyon": 1, "any": 1}}
    assert GAME.parse_state(snapshot, no_warp_gate_cost()) == after


def test_pr6_a_cost_the_profile_knows_is_held_too() -> None:
    state = playing(seat(resources=RICH), readings=Readings())
    assert failing(verdict(state, "develop hypnosis_capsule cost=1tachyon")) == [
        ("pr.develop.cost_differs_profile", {"card": "hypnosis_capsule", "cost": "1mithril", "given": "1tachyon"})]
    assert verdict(state, "develop hypnosis_capsule").legal


def test_pr6_a_table_started_before_takes_each_develop_as_entered() -> None:
    old = GAME.new_state(3, {}, no_warp_gate_cost())
    assert old.readings.gadget_cost_held is False
    state = table(old.readings)
    after = apply(state, parse_move_text("develop warp_gate pay=0"))  # as its log was entered
    assert after.gadget_costs == ()


@pytest.mark.parametrize("text", ["start １", "return ٣", "invade endymion cost=３", "dispatch ０:1",
                                  "develop warp_gate pay=３tachyon", "adjust ０ warp_gate fame=1",
                                  "adjust 0 warp_gate fame=-１"])
def test_the_notation_refuses_digits_other_than_ascii(text: str) -> None:
    with pytest.raises(ParseError) as raised:
        parse_move_text(text)
    assert raised.value.code in ("pr.move.not_a_number", "pr.move.malformed")
    assert raised.value.params["value"] != ""


def test_a_unicode_digit_is_named_in_the_refusal() -> None:
    with pytest.raises(ParseError) as raised:
        parse_move_text("start １")
    assert (raised.value.code, raised.value.params) == ("pr.move.not_a_number", {"value": "１", "text": "start １"})
    assert parse_move_text("adjust 0 warp_gate fame=-1").fame == -1  # type: ignore[union-attr]


def test_the_api_refuses_an_empty_profile_name() -> None:
    body = {"players": 3, "start": 0, "profile": "", "seats": [{"fame": 1}, {"fame": 0}, {"fame": 0}]}
    with pytest.raises(ErrorList) as raised:
        score_request(body, lookup)
    assert [(e.code, e.rule, e.path) for e in raised.value.errors] == [("pr.api.empty_profile", "PR-6", "profile")]


def twelve_cards(new_earth_counts: bool):  # type: ignore[no-untyped-def]
    planets = tuple(OwnedPlanet(p) for p in [Planet.NEW_EARTH, *[Planet.ENDYMION] * 6])
    gadgets = tuple(OwnedGadget(g, 0) for g in list(Gadget)[:5])
    held = replace(seat(), planets=planets, gadgets=gadgets)
    return playing(held, readings=Readings(new_earth_counts=new_earth_counts))


def test_pr4_new_earth_counts_towards_the_12_cards_unless_the_table_reads_otherwise() -> None:
    assert end_condition(twelve_cards(True)) == "cards"
    assert end_condition(twelve_cards(False)) is None
    new = GAME.new_state(3, NEW_TABLE, TEST_PROFILE)
    assert (new.readings.new_earth_counts, new.readings.time_machine_spent) == (True, False)
    assert [(o.key, o.rule, o.shown) for o in GAME.options] == [
        ("new_earth", "PR-4", True), ("time_machine", "PR-7", True), ("fame", "PR-8", True),
        ("gadget_cost", "PR-6", False)]


def test_pr7_the_time_machine_is_kept_unless_the_table_reads_it_as_spent() -> None:
    def second_action(spent: bool):  # type: ignore[no-untyped-def]
        state = playing(seat(gadgets=(Gadget.TIME_MACHINE,)), readings=Readings(time_machine_spent=spent), turn=4)
        state = apply(state, parse_move_text("collect"))
        return apply(state, parse_move_text("collect"))

    assert second_action(False).seats[0].has(Gadget.TIME_MACHINE)
    spent = second_action(True)
    assert not spent.seats[0].has(Gadget.TIME_MACHINE) and spent.supply(Gadget.TIME_MACHINE) == Gadget.TIME_MACHINE.copies
