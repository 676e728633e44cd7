"""Who started a Strato-Sphere table, who plays with whom, and how a rematch seats the players: anyone may deal
and play begins on the dealer's left (the text's 【プレイ】), which is the first seat; with 4 players partners sit
opposite (SS-2); a rematch passes the deal on by moving every name one seat, so partners stay opposite."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from companion.games.strato_sphere.ring import side_of
from companion.games.strato_sphere.state import TableState
from companion.web.gameweb import Rematch, TableViewLike


def start_seat(view: TableViewLike[TableState]) -> int | None:
    """The first seat, the one on the dealer's left."""
    return 0


def sides(view: TableViewLike[TableState]) -> tuple[int, ...] | None:
    """SS-2: with 4 players seats 0 and 2 (side 0) play against seats 1 and 3 (side 1); with 2 players each seat
    is a side of its own (no partners)."""
    return tuple(side_of(seat, view.players) for seat in range(view.players))


REMATCH = Rematch(True, _l("Seats rotated: play begins on the dealer's left, and the deal passes on, so the "
                           "player who sat second starts the new game; partners stay opposite (SS-2)."))
