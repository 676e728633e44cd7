"""The get phase: every sandwich found, why it counts or not, and the simultaneous resolution (LP-1 … LP-5).

Fields are written in the engine's notation: ``.`` empty, ``card@owner`` (owner = the seat it faces, LP-1),
``*`` active this turn (LP-3), stacks top card first joined by ``/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.lumiere import Card, Cell, FieldCard, Line, field_after_get, find_sandwiches, resolve_get

from .support import field


def answer(text: str) -> dict[str, Any]:
    return resolve_get(field(text)).to_json()


def codes(text: str) -> list[tuple[str, ...]]:
    """For each sandwich considered: its sandwiched cells, line, owner of the ends and the reason codes."""
    return [(*(str(c) for c in s.sandwiched), s.line.value, str(s.by), *(r.code for r in s.reasons))
            for s in find_sandwiches(field(text))]


# -- LP-2: three in a line, ends of one owner, the middle of another -------------------------------------------

@pytest.mark.parametrize(("text", "cell", "line"), [
    ("commoner@0* yokai@1 commoner@0 .\n. . . .\n. . . .\n. . . .", [0, 1], "row"),
    (". . . .\n. . . commoner@0*\n. . . yokai@1\n. . . commoner@0", [2, 3], "column"),
    ("commoner@0* . . .\n. yokai@1 . .\n. . commoner@0 .\n. . . .", [1, 1], "diagonal"),
    (". . . .\n. . . commoner@0*\n. . yokai@1 .\n. commoner@0 . .", [2, 2], "anti-diagonal"),
])
def test_lp2_each_straight_line_kind_captures(text: str, cell: list[int], line: str) -> None:
    assert answer(text) == {"captures": [{"cell": cell, "owner": 1, "by": 0, "lines": [line]}], "excluded": []}


def test_lp2_a_sandwich_that_counts_says_which_conditions_held() -> None:
    (sandwich,) = find_sandwiches(field("commoner@0 yokai@1 commoner@0* .\n. . . .\n. . . .\n. . . ."))
    assert sandwich.counts
    assert (sandwich.line, sandwich.ends, sandwich.sandwiched, sandwich.by) == (
        Line.ROW, (Cell(0, 0), Cell(0, 2)), (Cell(0, 1),), 0)
    between, active = sandwich.reasons
    assert (between.code, between.rule, between.ok) == ("lp.sandwich.between", "LP-2", True)
    assert dict(between.params) == {"cell": "r0c1", "card": "yokai", "owner": 1, "by": 0,
                                    "ends": ["r0c0", "r0c2"], "line": "row"}
    assert (active.code, active.rule, active.ok, active.params["active"]) == (
        "lp.sandwich.active", "LP-3", True, ["r0c2"])


def test_lp2_two_cards_between_capture_nothing_and_say_so() -> None:
    text = "commoner@0* yokai@1 ghost@2 commoner@0*\n. . . .\n. . . .\n. . . ."
    assert answer(text) == {"captures": [], "excluded": []}
    (sandwich,) = find_sandwiches(field(text))
    assert not sandwich.counts
    assert sandwich.sandwiched == (Cell(0, 1), Cell(0, 2))
    (reason,) = sandwich.reasons
    assert (reason.code, reason.rule, reason.ok) == ("lp.sandwich.two_between", "LP-2", False)
    assert dict(reason.params) == {"cells": ["r0c1", "r0c2"], "cards": ["yokai", "ghost"], "owners": [1, 2],
                                   "by": 0, "ends": ["r0c0", "r0c3"], "line": "row"}


def test_lp2_two_between_on_the_long_diagonals_and_columns() -> None:
    diagonal = "commoner@2* . . .\n. yokai@1 . .\n. . yokai@1 .\n. . . commoner@2"
    assert codes(diagonal) == [("r1c1", "r2c2", "diagonal", "2", "lp.sandwich.two_between")]
    column = ". . commoner@3 .\n. . yokai@0 .\n. . yokai@0 .\n. . commoner@3* ."
    assert codes(column) == [("r1c2", "r2c2", "column", "3", "lp.sandwich.two_between")]


def test_lp2_a_line_of_four_with_one_own_card_inside_is_an_ordinary_sandwich() -> None:
    # A A B A: not "two between" (r0c1 is seat 0's own), but r0c2 is sandwiched by r0c1 and r0c3
    text = "commoner@0 commoner@0 yokai@1 commoner@0*\n. . . .\n. . . .\n. . . ."
    assert codes(text) == [("r0c2", "row", "0", "lp.sandwich.between", "lp.sandwich.active")]


def test_lp2_three_of_one_owner_capture_nothing() -> None:
    text = "commoner@0* yokai@0 commoner@0 .\n. . . .\n. . . .\n. . . ."
    assert answer(text) == {"captures": [], "excluded": []}
    (sandwich,) = find_sandwiches(field(text))
    (reason,) = sandwich.reasons
    assert (reason.code, reason.rule, reason.ok, reason.params["owner"], reason.params["by"]) == (
        "lp.sandwich.same_owner", "LP-2", False, 0, 0)


def test_lp2_a_gap_or_ends_of_two_owners_is_no_sandwich_at_all() -> None:
    assert find_sandwiches(field("commoner@0* . commoner@0 .\n. . . .\n. . . .\n. . . .")) == ()
    assert find_sandwiches(field("commoner@0* yokai@1 commoner@2* .\n. . . .\n. . . .\n. . . .")) == ()


def test_lp2_a_sandwich_in_the_middle_of_a_longer_line() -> None:
    # A B C D: only B (between A and C) is sandwiched; C is not between B and D (B is not seat 0's)
    assert answer(". . . .\ncommoner@0 yokai@1 commoner@0* ghost@1\n. . . .\n. . . .") == {
        "captures": [{"cell": [1, 1], "owner": 1, "by": 0, "lines": ["row"]}], "excluded": []}


# -- LP-3: at least one sandwiching card active ----------------------------------------------------------------

def test_lp3_no_active_end_means_no_capture_and_the_reason_names_lp3() -> None:
    text = "commoner@0 yokai@1* commoner@0 .\n. . . .\n. . . .\n. . . ."  # only the middle card is active
    assert answer(text) == {"captures": [], "excluded": []}
    (sandwich,) = find_sandwiches(field(text))
    between, activity = sandwich.reasons
    assert between.ok and not activity.ok
    assert (activity.code, activity.rule, activity.params["ends"]) == ("lp.sandwich.no_active", "LP-3",
                                                                       ["r0c0", "r0c2"])


def test_lp3_either_end_or_both_may_be_active() -> None:
    for row in ("commoner@0* yokai@1 commoner@0 .", "commoner@0 yokai@1 commoner@0* .",
                "commoner@0* yokai@1 commoner@0* ."):
        assert answer(f"{row}\n. . . .\n. . . .\n. . . .")["captures"] == [
            {"cell": [0, 1], "owner": 1, "by": 0, "lines": ["row"]}]


def test_lp3_an_active_card_buried_under_another_does_not_count() -> None:
    text = "ghost@0/commoner@0* yokai@1 commoner@0 .\n. . . .\n. . . .\n. . . ."
    assert answer(text) == {"captures": [], "excluded": []}
    assert codes(text) == [("r0c1", "row", "0", "lp.sandwich.between", "lp.sandwich.no_active")]


# -- LP-4: corners ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "corner"), [
    ("vampire@2 commoner@1* . .\ncommoner@1 . . .\n. . . .\n. . . .", [0, 0]),
    (". . commoner@1* vampire@2\n. . . commoner@1\n. . . .\n. . . .", [0, 3]),
    (". . . .\n. . . .\ncommoner@1* . . .\nvampire@2 commoner@1 . .", [3, 0]),
    (". . . .\n. . . .\n. . . commoner@1\n. . commoner@1* vampire@2", [3, 3]),
])
def test_lp4_every_corner_is_sandwiched_by_its_two_orthogonal_neighbours(text: str, corner: list[int]) -> None:
    assert answer(text) == {"captures": [{"cell": corner, "owner": 2, "by": 1, "lines": ["corner"]}],
                            "excluded": []}
    (sandwich,) = find_sandwiches(field(text))
    assert [(r.code, r.rule) for r in sandwich.reasons] == [("lp.sandwich.corner", "LP-4"),
                                                            ("lp.sandwich.active", "LP-3")]


def test_lp4_corner_needs_an_active_neighbour() -> None:
    text = "vampire@2* commoner@1 . .\ncommoner@1 . . .\n. . . .\n. . . ."  # the corner itself is active
    assert answer(text) == {"captures": [], "excluded": []}
    assert codes(text) == [("r0c0", "corner", "1", "lp.sandwich.corner", "lp.sandwich.no_active")]


def test_lp4_corner_of_the_same_owner_or_neighbours_of_two_owners() -> None:
    same = "commoner@1 commoner@1* . .\ncommoner@1 . . .\n. . . .\n. . . ."
    assert answer(same) == {"captures": [], "excluded": []}
    (sandwich,) = find_sandwiches(field(same))
    assert [(r.code, r.rule) for r in sandwich.reasons] == [("lp.sandwich.same_owner", "LP-4")]
    assert find_sandwiches(field("vampire@2 commoner@1* . .\ncommoner@3* . . .\n. . . .\n. . . .")) == ()


def test_lp4_a_corner_is_not_sandwiched_along_a_line_or_by_its_diagonal_neighbour() -> None:
    # r0c0 with seat 1 on r0c1 and r1c1 (not the two orthogonal neighbours): nothing
    text = "vampire@2 commoner@1* . .\n. commoner@1* . .\n. . . .\n. . . ."
    assert answer(text) == {"captures": [], "excluded": []}


# -- edges: a diagonal cannot sandwich across the edge -----------------------------------------------------------

@pytest.mark.parametrize("text", [
    # r0c1 on the top edge, between its two lower diagonal neighbours r1c0 and r1c2
    ". yokai@1 . .\ncommoner@0* . commoner@0 .\n. . . .\n. . . .",
    # r2c0 on the left edge, between r1c1 and r3c1
    ". . . .\n. commoner@0* . .\nyokai@1 . . .\n. commoner@0 . .",
    # r3c2 on the bottom edge, between r2c1 and r2c3
    ". . . .\n. . . .\n. commoner@0* . commoner@0\n. . yokai@1 .",
    # r1c3 on the right edge, between r0c2 and r2c2
    ". . commoner@0* .\n. . . yokai@1\n. . commoner@0 .\n. . . .",
])
def test_edges_an_edge_area_between_two_diagonal_neighbours_is_not_sandwiched(text: str) -> None:
    assert answer(text) == {"captures": [], "excluded": []}
    assert find_sandwiches(field(text)) == ()


def test_edges_an_edge_area_is_sandwiched_along_the_edge() -> None:
    assert answer(". . . .\ncommoner@0* . . .\nyokai@1 . . .\ncommoner@0 . . .")["captures"] == [
        {"cell": [2, 0], "owner": 1, "by": 0, "lines": ["column"]}]


# -- LP-1 and stacks: only top cards count and move --------------------------------------------------------------

def test_lp1_only_the_top_card_owns_an_area() -> None:
    # seat 0's commoner under seat 2's ghost at r0c2: no sandwich of r0c1
    text = "commoner@0* yokai@1 ghost@2/commoner@0 .\n. . . .\n. . . .\n. . . ."
    assert answer(text) == {"captures": [], "excluded": []}
    # the same with seat 0's card on top: sandwich
    flipped = "commoner@0* yokai@1 commoner@0/ghost@2 .\n. . . .\n. . . .\n. . . ."
    assert answer(flipped)["captures"] == [{"cell": [0, 1], "owner": 1, "by": 0, "lines": ["row"]}]


def test_lp1_a_buried_card_of_another_owner_is_not_sandwiched() -> None:
    # the middle's top is seat 0's own card: nothing, although seat 1's yokai lies beneath it
    assert answer("commoner@0* ghost@0/yokai@1 commoner@0 .\n. . . .\n. . . .\n. . . .") == {
        "captures": [], "excluded": []}


def test_lp5_only_the_top_card_of_a_stack_moves_and_the_one_below_becomes_top() -> None:
    f = field("commoner@0* yokai@1/vampire@2/ghost@3 commoner@0 .\n. . . .\n. . . .\n. . . .")
    outcome = resolve_get(f)
    (capture,) = outcome.captures
    assert capture.card == FieldCard(Card.YOKAI, 1)
    after = field_after_get(f, outcome)
    assert after.stack(Cell(0, 1)) == (FieldCard(Card.VAMPIRE, 2), FieldCard(Card.GHOST, 3))


# -- LP-5: simultaneous resolution ------------------------------------------------------------------------------

def test_lp5_one_owner_on_several_lines_captures_once_with_every_line_listed() -> None:
    text = "\n".join([
        "commoner@0* commoner@0* commoner@0* .",  # r0c0 diagonal, r0c1 column, r0c2 anti-diagonal
        "commoner@0* yokai@1 commoner@0 .",  # r1c0 row
        "commoner@0 commoner@0 commoner@0 .",
        ". . . .",
    ])
    assert answer(text) == {
        "captures": [{"cell": [1, 1], "owner": 1, "by": 0, "lines": ["row", "column", "diagonal", "anti-diagonal"]}],
        "excluded": []}
    (capture,) = resolve_get(field(text)).captures
    assert (capture.reason.code, capture.reason.rule) == ("lp.get.captured", "LP-5")


def test_lp5_sandwiched_by_two_owners_goes_to_the_exclusion_area() -> None:
    text = "\n".join([
        ". commoner@2* . .",
        "commoner@0* yokai@1 commoner@0 .",
        ". commoner@2 . .",
        ". . . .",
    ])
    outcome = resolve_get(field(text))
    assert outcome.to_json() == {"captures": [], "excluded": [{"cell": [1, 1], "owner": 1, "by": [0, 2]}]}
    (excluded,) = outcome.exclusions
    assert excluded.lines == (Line.ROW, Line.COLUMN)
    assert (excluded.reason.code, excluded.reason.rule, excluded.reason.params["by"]) == (
        "lp.get.excluded", "LP-5", [0, 2])


def test_lp5_sandwiched_by_three_owners_goes_to_the_exclusion_area() -> None:
    text = "\n".join([
        "priest@3* commoner@2* . .",
        "commoner@0* yokai@1 commoner@0 .",
        ". commoner@2 priest@3 .",
        ". . . .",
    ])
    assert answer(text) == {"captures": [], "excluded": [{"cell": [1, 1], "owner": 1, "by": [0, 2, 3]}]}


def test_lp5_an_inactive_second_owner_does_not_turn_a_capture_into_an_exclusion() -> None:
    text = "\n".join([
        ". commoner@2 . .",
        "commoner@0* yokai@1 commoner@0 .",
        ". commoner@2 . .",
        ". . . .",
    ])
    assert answer(text) == {"captures": [{"cell": [1, 1], "owner": 1, "by": 0, "lines": ["row"]}], "excluded": []}


def test_lp5_mutual_sandwiches_capture_both_middle_cards() -> None:
    # after a swap: A(0) B(1) C(0) D(1): B is seat 0's capture, C is seat 1's
    text = ". . . .\ncommoner@0 yokai@1* ghost@0* commoner@1\n. . . .\n. . . ."
    assert answer(text) == {"captures": [{"cell": [1, 1], "owner": 1, "by": 0, "lines": ["row"]},
                                         {"cell": [1, 2], "owner": 0, "by": 1, "lines": ["row"]}],
                            "excluded": []}
    outcome = resolve_get(field(text))
    after = field_after_get(field(text), outcome)
    assert str(after).splitlines()[1] == "commoner@0 . . commoner@1"


def test_lp5_captures_and_exclusions_are_listed_row_major() -> None:
    text = "\n".join([
        "commoner@0* yokai@1 commoner@0* .",
        ". . . .",
        "commoner@2* ghost@3 commoner@2 .",
        "vampire@1 commoner@0* . .",
    ])
    result = answer(text)
    assert [c["cell"] for c in result["captures"]] == [[0, 1], [2, 1]]
    # r3c0 is a corner: neighbours r2c0 (seat 2) and r3c1 (seat 0) differ, so it is not sandwiched
    assert result["excluded"] == []


def test_three_players_capture_the_same_way() -> None:
    text = ". . . .\n. commoner@2* . .\n. yokai@0 . .\n. commoner@2 . ."
    assert answer(text) == {"captures": [{"cell": [2, 1], "owner": 0, "by": 2, "lines": ["column"]}],
                            "excluded": []}


def test_the_outcome_explains_refused_sandwiches_beside_the_counted_ones() -> None:
    text = "\n".join([
        "commoner@0* yokai@1 commoner@0 .",
        "commoner@2 ghost@3 commoner@2 .",
        "commoner@1 commoner@1 commoner@1* .",
        ". . . .",
    ])
    outcome = resolve_get(field(text))
    assert [str(s.cell) for s in outcome.counted] == ["r0c1"]
    assert [(str(s.cell), s.line.value, s.by, s.reasons[-1].code) for s in outcome.refused] == [
        ("r1c1", "row", 2, "lp.sandwich.no_active"),  # seat 2's commoners, neither active
        ("r1c1", "column", 1, "lp.sandwich.no_active"),  # seat 1's yokai above, commoner below
        ("r2c1", "row", 1, "lp.sandwich.same_owner"),  # A A A
    ]
