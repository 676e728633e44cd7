"""Who started a Lumière Prière table, and how a rematch seats the players: the first player is chosen by
janken at the start of every game (【プレイの準備】, LP-9), so the rematch keeps the seats and the table asks
again."""

from __future__ import annotations

from companion.games.lumiere.state import TableState
from companion.i18n import lazy_gettext as _l
from companion.web.gameweb import Rematch, TableViewLike


def start_seat(view: TableViewLike[TableState]) -> int | None:
    """The seat the janken chose (None before it was entered)."""
    first: int | None = view.state.first
    return first


REMATCH = Rematch(False, _l("Same seats: the first player is chosen by janken at the start of every game "
                            "(LP-9), so the new table asks again."))
