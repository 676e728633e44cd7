"""Who started a Strato-Sphere table, and how a rematch seats the players: anyone may deal (the text's ディール),
the table names its dealer when it starts and play begins on the dealer's left (SS-5), so a rematch keeps the
seats, partners still opposite (SS-2), and the new table asks who deals again."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from companion.games.strato_sphere.state import TableState
from companion.web.gameweb import Rematch, TableViewLike


def start_seat(view: TableViewLike[TableState]) -> int | None:
    """The seat on the named dealer's left (None before the dealer is named); the first seat at a table stored
    before tables named their dealer."""
    first: int | None = view.state.first_player
    return first


REMATCH = Rematch(False, _l("Same seats: anyone may deal, and the table names its dealer when it starts (SS-5), "
                            "so the new table asks who deals again."))
