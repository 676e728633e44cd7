"""How the game ends (SS-8).

A side wins at once when every node in front of one opposing player is controlled by that side (by either
partner, with 4 players). The game is drawn at once when the resource pile runs out (its last card is drawn)
and nobody has won (「資源パイルがなくなった場合は引き分け」): the rest of that turn is not played.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, controller
from .ring import are_opponents, nodes_of, seats_of_side, side_of

WIN = "win"
DRAW = "draw"


@dataclass(frozen=True)
class Outcome:
    """The end of a game: a win of ``side`` (its ``winners`` seats) over the nodes in front of ``captured``,
    or a draw (side, captured None, no nodes)."""

    kind: str
    side: int | None = None
    winners: tuple[int, ...] = ()
    captured: int | None = None
    nodes: tuple[int, ...] = ()

    def params(self) -> dict[str, object]:
        """Message parameters (no None values): kind, and for a win side, winners, captured and nodes."""
        if self.kind == DRAW:
            return {"kind": self.kind}
        return {
            "kind": self.kind,
            "side": self.side,
            "winners": list(self.winners),
            "captured": self.captured,
            "nodes": list(self.nodes),
        }

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "side": self.side,
            "winners": list(self.winners),
            "captured": self.captured,
            "nodes": list(self.nodes),
        }


def side_controlling_seat(board: Board, seat: int) -> int | None:
    """SS-8: the side that controls all three nodes in front of ``seat``, if it opposes that seat."""
    holders = [controller(board, node) for node in nodes_of(seat)]
    if any(h is None for h in holders):
        return None
    sides = {side_of(h, board.players) for h in holders if h is not None}
    if len(sides) != 1:
        return None
    side = sides.pop()
    opposing_seat = seats_of_side(side, board.players)[0]
    return side if are_opponents(opposing_seat, seat, board.players) else None


def wins(board: Board) -> tuple[Outcome, ...]:
    """SS-8: every win the board shows, one per captured seat, in seat order."""
    found: list[Outcome] = []
    for seat in range(board.players):
        side = side_controlling_seat(board, seat)
        if side is not None:
            found.append(Outcome(WIN, side, seats_of_side(side, board.players), seat, nodes_of(seat)))
    return tuple(found)


def win_after_move(board: Board, mover: int) -> Outcome | None:
    """SS-8 "at once": the win a move has just made, if any.

    Should one move complete wins for both sides (possible only when SS-3's completion option hands the last force out and
    turns unclaimed nodes of two sides into controlled ones), the side of the player who made the move wins:
    its win happened in its own move. This case is not in the rule text.
    """
    found = wins(board)
    if not found:
        return None
    mover_side = side_of(mover, board.players)
    for outcome in found:
        if outcome.side == mover_side:
            return outcome
    return found[0]


def draw() -> Outcome:
    """SS-8: the resource pile has run out and nobody has won."""
    return Outcome(DRAW)
