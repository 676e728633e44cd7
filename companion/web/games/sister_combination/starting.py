"""Who started a Sister Combination table, and how a rematch seats the players: the order is fixed before the
deal and play begins with the first seat (SC-8), so a rematch moves every name one seat on and the next player
starts."""

from __future__ import annotations

from companion.games.sister_combination.state import TableState
from companion.i18n import lazy_gettext as _l
from companion.web.gameweb import Rematch, TableViewLike


def start_seat(view: TableViewLike[TableState]) -> int | None:
    """Always the first seat (SC-8): a Mirror later changes the direction, never who began."""
    return 0


REMATCH = Rematch(True, _l("Seats rotated: the order is fixed before the deal and play begins with the first "
                           "seat (SC-8), so the player who sat second starts the new game."))
