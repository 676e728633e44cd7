"""SS-1 ring geometry (seams between seats, the wrap-around) and SS-2 sides."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.strato_sphere.ring import (
    are_adjacent,
    are_opponents,
    are_partners,
    neighbours,
    next_seat,
    nodes_of,
    ring_size,
    seat_of,
    side_of,
)


def test_ring_sizes() -> None:
    assert ring_size(2) == 6
    assert ring_size(4) == 12


def test_each_seat_owns_three_nodes_in_a_line() -> None:
    assert nodes_of(0) == (0, 1, 2)
    assert nodes_of(3) == (9, 10, 11)
    assert [seat_of(n) for n in range(12)] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]


@pytest.mark.parametrize(
    ("players", "a", "b"),
    [
        (4, 0, 1),  # inside seat 0's V
        (4, 2, 3),  # seam seat 0 | seat 1
        (4, 5, 6),  # seam seat 1 | seat 2
        (4, 8, 9),  # seam seat 2 | seat 3
        (4, 11, 0),  # wrap-around seat 3 | seat 0
        (2, 2, 3),  # seam seat 0 | seat 1
        (2, 5, 0),  # wrap-around seat 1 | seat 0
    ],
)
def test_adjacent_across_seams_and_the_wrap_around(players: int, a: int, b: int) -> None:
    assert are_adjacent(a, b, players)
    assert are_adjacent(b, a, players)


@pytest.mark.parametrize(
    ("players", "a", "b"),
    [
        (4, 0, 2),  # the two ends of one seat's V do not touch
        (4, 1, 3),
        (4, 0, 6),
        (4, 11, 1),
        (4, 5, 5),  # a node is not its own neighbour
        (2, 0, 2),
        (2, 5, 1),
        (2, 0, 3),
    ],
)
def test_not_adjacent(players: int, a: int, b: int) -> None:
    assert not are_adjacent(a, b, players)


def test_neighbours_wrap() -> None:
    assert neighbours(0, 4) == (11, 1)
    assert neighbours(11, 4) == (10, 0)
    assert neighbours(0, 2) == (5, 1)
    assert neighbours(5, 2) == (4, 0)


@settings(max_examples=50)
@given(players=st.sampled_from([2, 4]), data=st.data())
def test_every_node_has_exactly_two_neighbours_symmetrically(players: int, data: st.DataObject) -> None:
    node = data.draw(st.integers(0, ring_size(players) - 1))
    beside = [n for n in range(ring_size(players)) if are_adjacent(node, n, players)]
    assert len(beside) == 2
    assert all(are_adjacent(n, node, players) for n in beside)


def test_four_players_play_in_partnerships_across_the_table() -> None:
    # SS-2: seats 0+2 against 1+3.
    assert are_partners(0, 2, 4) and are_partners(1, 3, 4)
    assert not are_partners(0, 1, 4) and not are_partners(0, 0, 4)
    assert are_opponents(0, 1, 4) and are_opponents(0, 3, 4) and are_opponents(2, 3, 4)
    assert not are_opponents(0, 2, 4)
    assert [side_of(s, 4) for s in range(4)] == [0, 1, 0, 1]


def test_two_players_play_alone() -> None:
    assert not are_partners(0, 1, 2)
    assert are_opponents(0, 1, 2)
    assert [side_of(s, 2) for s in range(2)] == [0, 1]


def test_play_goes_clockwise() -> None:
    assert [next_seat(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert [next_seat(s, 2) for s in range(2)] == [1, 0]
