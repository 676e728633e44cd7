"""Who started a Strato-Sphere table, who plays with whom, and how a rematch seats the players: anyone may deal
(the text's ディール), the table names its dealer when it starts and play begins on the dealer's left (SS-5);
with 4 players partners sit opposite (SS-2), so a rematch keeps the seats and the new table asks who deals."""

from __future__ import annotations

from companion.games.strato_sphere.ring import side_of
from companion.games.strato_sphere.state import TableState
from companion.i18n import lazy_gettext as _l
from companion.web.gameweb import Rematch, TableViewLike


def start_seat(view: TableViewLike[TableState]) -> int | None:
    """The seat on the named dealer's left (None before the dealer is named); the first seat at a table stored
    before tables named their dealer."""
    first: int | None = view.state.first_player
    return first


def sides(view: TableViewLike[TableState]) -> tuple[int, ...] | None:
    """SS-2: with 4 players seats 0 and 2 (side 0) play against seats 1 and 3 (side 1); with 2 players each seat
    is a side of its own (no partners)."""
    return tuple(side_of(seat, view.players) for seat in range(view.players))


REMATCH = Rematch(False, _l("Same seats: anyone may deal, and the table names its dealer when it starts (SS-5), "
                            "so the new table asks who deals again."))
