"""Who started a Strato-Sphere table, and how a rematch seats the players: anyone may deal and play begins on
the dealer's left (the text's 【プレイ】), which is the first seat; a rematch passes the deal on by moving every
name one seat, so partners stay opposite (SS-2)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from companion.games.strato_sphere.state import TableState
from companion.web.gameweb import Rematch, TableViewLike


def start_seat(view: TableViewLike[TableState]) -> int | None:
    """The first seat, the one on the dealer's left."""
    return 0


REMATCH = Rematch(True, _l("Seats rotated: play begins on the dealer's left, and the deal passes on, so the "
                           "player who sat second starts the new game; partners stay opposite (SS-2)."))
