"""The node ring (SS-1) and who plays with whom (SS-2).

SS-1: seat s (0-based, clockwise) has nodes 3s, 3s+1, 3s+2 in a line; the end nodes touch the neighbouring
seats' end nodes, so all nodes form one ring of 3 × players: node i is adjacent to i−1 and i+1 modulo the
ring size. The seams between seats (node 2 next to node 3) and the wrap-around (last node next to node 0)
are ordinary adjacencies.
"""

from __future__ import annotations

NODES_PER_SEAT = 3


def ring_size(players: int) -> int:
    """SS-1: 6 nodes with 2 players, 12 with 4."""
    return NODES_PER_SEAT * players


def seat_of(node: int) -> int:
    """SS-1: the seat the node lies in front of (not the same as who controls it, SS-4)."""
    return node // NODES_PER_SEAT


def nodes_of(seat: int) -> tuple[int, int, int]:
    """SS-1: the three nodes in front of a seat."""
    first = NODES_PER_SEAT * seat
    return (first, first + 1, first + 2)


def neighbours(node: int, players: int) -> tuple[int, int]:
    """SS-1: the two nodes touching ``node`` on the ring (counter-clockwise one first)."""
    size = ring_size(players)
    return ((node - 1) % size, (node + 1) % size)


def are_adjacent(a: int, b: int, players: int) -> bool:
    """SS-1: adjacency is distance 1 around the ring, across seat seams and the wrap-around too."""
    return a != b and b in neighbours(a, players)


def side_of(seat: int, players: int) -> int:
    """SS-2: with 4 players seats 0+2 (side 0) play against 1+3 (side 1); with 2 players each seat is a side."""
    return seat % 2 if players == 4 else seat


def seats_of_side(side: int, players: int) -> tuple[int, ...]:
    return tuple(seat for seat in range(players) if side_of(seat, players) == side)


def are_partners(a: int, b: int, players: int) -> bool:
    """SS-2/SS-5: a partner is another seat of the same side; a partner's node is not yours."""
    return a != b and side_of(a, players) == side_of(b, players)


def are_opponents(a: int, b: int, players: int) -> bool:
    """SS-2: seats of different sides."""
    return side_of(a, players) != side_of(b, players)


def next_seat(seat: int, players: int) -> int:
    """Play goes clockwise (rule text "プレイ")."""
    return (seat + 1) % players
