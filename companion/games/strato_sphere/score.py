"""``score(state) -> Breakdown``: Strato-Sphere has no points, so a score is who stands where (SS-8).

Finished: a win places the winning side first and the other side second, with a reason naming the nodes that
decided it (every node in front of the captured seat); a draw (the pile ran out, SS-8) places everyone
together. While the game goes on, seats are placed by the nodes they control (SS-4).

Per seat, two terms: ``ss.nodes.controlled`` (the nodes it controls, SS-4) and ``ss.nodes.held_by_opponents``
(how many of the 3 nodes in front of it the other side holds: 3 loses the game, SS-8). Per side, one reason
``ss.score.side``: its seats, the nodes they control and the most it holds in front of one opposing seat.
"""

from __future__ import annotations

from ..base import Breakdown, Reason, SeatScore, Term, placings_by_total
from .board import controller
from .outcome import WIN
from .ring import NODES_PER_SEAT, are_opponents, nodes_of, seats_of_side, side_of
from .state import TableState

CONTROLLED = "ss.nodes.controlled"
HELD_BY_OPPONENTS = "ss.nodes.held_by_opponents"


def controlled_nodes(state: TableState, seat: int) -> tuple[int, ...]:
    """SS-4: the nodes ``seat`` controls."""
    return tuple(n for n in range(len(state.board.nodes)) if controller(state.board, n) == seat)


def held_by_opponents(state: TableState, seat: int) -> tuple[int, ...]:
    """SS-8: the nodes in front of ``seat`` that an opposing player controls."""
    held = []
    for node in nodes_of(seat):
        holder = controller(state.board, node)
        if holder is not None and are_opponents(holder, seat, state.players):
            held.append(node)
    return tuple(held)


def _seat_score(state: TableState, seat: int) -> SeatScore:
    mine = controlled_nodes(state, seat)
    held = held_by_opponents(state, seat)
    return SeatScore(seat, len(mine), (
        Term(CONTROLLED, len(mine), "SS-4", {"nodes": list(mine)}),
        Term(HELD_BY_OPPONENTS, len(held), "SS-8", {"nodes": list(held), "of": NODES_PER_SEAT}),
    ))


def _side_reason(state: TableState, side: int, seats: tuple[SeatScore, ...]) -> Reason:
    members = seats_of_side(side, state.players)
    controlled = sum(seats[s].terms[0].value or 0 for s in members)
    opposing = [s for s in range(state.players) if side_of(s, state.players) != side]
    closest = max(opposing, key=lambda s: (seats[s].terms[1].value or 0, -s))
    params = {
        "side": side,
        "seats": list(members),
        "controlled": controlled,
        "closest": seats[closest].terms[1].value or 0,
        "closest_seat": closest,
        "of": NODES_PER_SEAT,
    }
    return Reason("ss.score.side", "SS-8", True, params)


def score(state: TableState) -> Breakdown:
    seats = tuple(_seat_score(state, seat) for seat in range(state.players))
    sides = tuple(_side_reason(state, side, seats) for side in range(2))
    outcome = state.outcome
    if outcome is not None and outcome.kind == WIN:
        losers = tuple(s for s in range(state.players) if s not in outcome.winners)
        decided = Reason("ss.score.win", "SS-8", True, outcome.params())
        return Breakdown(True, seats, (tuple(outcome.winners), losers), (decided, *sides))
    if outcome is not None:
        drawn = Reason("ss.score.draw", "SS-8", True, {"pile": state.pile})
        return Breakdown(True, seats, (tuple(range(state.players)),), (drawn, *sides))
    return Breakdown(False, seats, placings_by_total([s.total for s in seats]), sides)
