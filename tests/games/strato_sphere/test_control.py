"""SS-4 control: neutral, unclaimed, controlled; a partner's node is not yours (SS-5)."""

from __future__ import annotations

from companion.games.strato_sphere.board import (
    NodeStatus,
    Relation,
    controller,
    is_neutral,
    node_status,
    relation,
)

from .builders import board

# Seat 0 spades, seat 1 hearts, seat 2 clubs, seat 3 diamonds unknown yet.
FOUR = board(4, "S H C -", "KS ? | ? | [QS] ? | QH ? | KC ? | 3D ? | ? | ? | ? | ? | ? | ?")


def test_face_up_top_of_a_held_force_is_controlled_by_its_holder() -> None:
    assert controller(FOUR, 0) == 0
    assert controller(FOUR, 3) == 1
    assert controller(FOUR, 4) == 2
    assert node_status(FOUR, 0) is NodeStatus.CONTROLLED


def test_face_down_top_is_neutral_even_when_the_table_knows_it() -> None:
    assert node_status(FOUR, 1) is NodeStatus.NEUTRAL
    assert node_status(FOUR, 2) is NodeStatus.NEUTRAL  # [QS]: seen, but face down
    assert controller(FOUR, 2) is None


def test_face_up_top_of_a_force_nobody_holds_is_unclaimed() -> None:
    # SS-4: nobody controls it, and it is not neutral either (before, it counted as neutral).
    assert node_status(FOUR, 5) is NodeStatus.UNCLAIMED
    assert controller(FOUR, 5) is None
    assert not is_neutral(FOUR, 5)
    assert not is_neutral(FOUR, 0)
    assert is_neutral(FOUR, 1)


def test_relations_as_seat_0_sees_them() -> None:
    assert relation(FOUR, 0, 0) is Relation.YOURS
    assert relation(FOUR, 4, 0) is Relation.PARTNER  # seat 2 is seat 0's partner: not yours
    assert relation(FOUR, 3, 0) is Relation.OPPONENT
    assert relation(FOUR, 1, 0) is Relation.NEUTRAL
    assert relation(FOUR, 5, 0) is Relation.UNCLAIMED


def test_control_does_not_depend_on_where_the_node_lies() -> None:
    # Node 4 lies in front of seat 1 but is controlled by seat 2 (rule text: a different concept).
    assert controller(FOUR, 4) == 2


def test_two_players_control_by_colour() -> None:
    two = board(2, "red black", "KH ? | KD ? | KS ? | KC ? | ? | ?")
    assert [controller(two, n) for n in range(6)] == [0, 0, 1, 1, None, None]
