"""The scoring sheet (the scoring page's engine): slots and their sizes per player count (PS-7), one slot per
card, refusals with their reasons, and the same scores as ``score_player`` (PS-3, PS-4, §4.5)."""

from __future__ import annotations

import pytest

from companion.games.base import ErrorList, ParseError
from companion.games.planetary_sisters import (
    CardRef,
    Sheet,
    Slot,
    add_card,
    capacity,
    read_profile,
    read_sheet,
    score_player,
    score_sheet,
    slots,
)

from .support import ELEMENTS, EXAMPLE_FIELD, EXAMPLE_HOUSE, cards, complete_profile, default_profile

DEFAULT = read_profile(default_profile())
SYNTHETIC = read_profile(complete_profile())


def fill(sheet: Sheet, slot: Slot, *notations: str, deck=DEFAULT) -> Sheet:  # type: ignore[no-untyped-def]
    for notation in notations:
        sheet, _ = add_card(sheet, slot, CardRef.parse(notation), deck)
    return sheet


def codes(raised: pytest.ExceptionInfo[ErrorList]) -> list[tuple[str, str, str]]:
    return [(e.code, e.rule, e.path) for e in raised.value.errors]


def test_slots_and_sizes_per_player_count() -> None:
    assert [str(s) for s in slots(4)] == ["field", "house:0", "house:1", "house:2", "house:3"]
    assert [str(s) for s in slots(3)] == ["field", "house:0", "house:1", "house:2"]
    assert [str(s) for s in slots(2)] == ["field", "house:0", "guards:0", "house:1", "guards:1"]
    # PS-7: field = players (4 with 2 players), 8 house cards, 2 guards with 2 players only
    assert [capacity(n, Slot("field")) for n in (2, 3, 4)] == [4, 3, 4]
    assert capacity(3, Slot("house", 2)) == 8 and capacity(3, Slot("house", 3)) == 0
    assert capacity(2, Slot("guards", 1)) == 2 and capacity(4, Slot("guards", 1)) == 0
    assert Slot.parse("guards:1") == Slot("guards", 1) and str(Slot.parse("field")) == "field"
    for bad in ("house", "house:x", "hand:1", "field:0", "house:01", "house:²", "guards:１"):
        with pytest.raises(ParseError):
            Slot.parse(bad)


def test_worked_example_on_a_sheet_scores_113_54_167() -> None:
    sheet = fill(Sheet.empty(4), Slot("field"), *EXAMPLE_FIELD)
    sheet = fill(sheet, Slot("house", 2), *EXAMPLE_HOUSE)
    scored = score_sheet(sheet, ELEMENTS)
    seat = scored.seats[2]
    assert (seat.score.house.total, seat.score.field.total, seat.score.total) == (113, 54, 167)
    assert seat.score == score_player(cards(*EXAMPLE_HOUSE), cards(*EXAMPLE_FIELD), ELEMENTS)
    # the others have empty houses: nothing to produce, so nothing scores (PS-3: never negative)
    assert [s.score.total for s in scored.seats] == [0, 0, 167, 0]
    assert scored.ranking.winners == (2,) and not scored.final


def test_two_players_guards_are_their_owners_harvesters_only() -> None:
    sheet = fill(Sheet.empty(2), Slot("field"), "FOOD")
    sheet = fill(sheet, Slot("house", 0), "FOOD*2")
    sheet = fill(sheet, Slot("house", 1), "FOOD*3")
    sheet = fill(sheet, Slot("guards", 0), "FOOD+PLANT", "POLE")
    scored = score_sheet(sheet, ELEMENTS)
    # seat 0: food production 2, harvesters field 1 + guard 1 = 2 -> 4; single 1 × 1 (POLE guard) × 5 = 5
    assert scored.seats[0].score.field.points() == {"food": 4, "plant": 0, "animal": 0, "dual": 0, "single": 5,
                                                    "collector": 0}
    # seat 1: only the shared field harvests: 3 × 1 × 1
    assert scored.seats[1].score.field.points()["food"] == 3
    assert scored.seats[1].score.field.points()["single"] == 0
    assert [s.guards for s in scored.seats] == [tuple(cards("FOOD+PLANT", "POLE")), ()]


def test_complete_sheet_is_final_and_ranked() -> None:
    sheet = Sheet.empty(3)
    ranks = iter(range(1, 37))
    for slot in slots(3):
        sheet = fill(sheet, slot, *(str(next(ranks)) for _ in range(capacity(3, slot))), deck=SYNTHETIC)
    assert sheet.complete and sheet.entered == 3 + 24 and sheet.next_open() is None
    scored = score_sheet(sheet, ELEMENTS)
    assert scored.final
    totals = [s.score.total for s in scored.seats]
    assert [st.total for st in scored.ranking.standings] == sorted(totals, reverse=True)


def test_refusals_name_every_problem() -> None:
    sheet = fill(Sheet.empty(4), Slot("house", 0), "30:ANIMAL+FOOD+PLANT*2", *(f"FOOD*{n}" for n in range(1, 8)))
    with pytest.raises(ErrorList) as raised:
        add_card(sheet, Slot("house", 0), CardRef.parse("30:POLE+SWORD"), DEFAULT)
    assert codes(raised) == [
        ("ps.sheet.slot_full", "PS-7", "card"),
        ("ps.sheet.rank_used", "PS-7", "card.rank"),
        ("ps.card.multi_type_has_round", "PS-2", "card"),
        ("ps.card.pointed_once", "PS-2", "card"),
        ("ps.card.pointed_with_one_round", "PS-2", "card"),
        ("ps.card.example_fact", "PS-2", "card"),  # §4.5.1: 30 is FOOD+PLANT+ANIMAL
    ]
    assert raised.value.errors[1].params["slot"] == "house:0"
    with pytest.raises(ErrorList) as raised:
        add_card(sheet, Slot("guards", 0), CardRef.parse("FOOD"), DEFAULT)
    assert codes(raised) == [("ps.sheet.no_such_slot", "PS-7", "card")]
    with pytest.raises(ErrorList) as raised:
        add_card(sheet, Slot("field"), CardRef(12), DEFAULT)  # the built-in profile knows no elements yet
    assert codes(raised) == [("ps.card.unknown_rank", "PS-2", "card.rank")]
    with pytest.raises(ErrorList) as raised:
        add_card(sheet, Slot("field"), CardRef.parse("PAGE+FOOD"), DEFAULT)
    assert ("ps.card.crown_alone", "PS-2", "card") in codes(raised)


def test_read_sheet_keeps_what_fits_and_lists_the_rest() -> None:
    entered = {
        Slot("field"): [CardRef.parse(n) for n in ("FOOD", "12:PLANT", "POLE", "PAGE", "KING")],
        Slot("house", 1): [CardRef.parse("12:PLANT"), CardRef.parse("SWORD+CROWN_3")],
        Slot("guards", 0): [CardRef.parse("FOOD")],
    }
    sheet, problems = read_sheet(4, entered, DEFAULT)
    assert [str(c) for c in sheet.field] == ["FOOD", "12:PLANT", "POLE", "PAGE"]
    assert sheet.house(1) == ()
    assert [(p.code, p.path) for p in problems] == [
        ("ps.sheet.slot_full", "field[4]"),
        ("ps.sheet.rank_used", "house:1[0].rank"),
        ("ps.card.multi_type_has_round", "house:1[1]"),
        ("ps.card.pointed_with_one_round", "house:1[1]"),
        ("ps.card.crown_alone", "house:1[1]"),
        ("ps.sheet.no_such_slot", "guards:0[0]"),
    ]


def test_removing_and_clearing() -> None:
    sheet = fill(Sheet.empty(2), Slot("guards", 1), "FOOD", "POLE")
    assert [str(c) for c in sheet.without(Slot("guards", 1), 0).guards(1)] == ["POLE"]
    assert sheet.without(Slot("guards", 1), 5) == sheet
    assert sheet.cleared(Slot("guards", 1)).guards(1) == ()
    assert sheet.next_open(Slot("guards", 1)) == Slot("field")
    assert sheet.next_open(Slot("field")) == Slot("house", 0)
