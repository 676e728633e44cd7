"""Who started a Planeta Rica table, and how a rematch seats the players: the youngest player starts (PR-1),
who is the same player next game, so the rematch keeps the seats and the table asks who starts again."""

from __future__ import annotations

from companion.games.planeta_rica.state import TableState
from companion.i18n import lazy_gettext as _l
from companion.web.gameweb import Rematch, TableViewLike


def start_seat(view: TableViewLike[TableState]) -> int | None:
    """The start player entered at set-up (None before it was)."""
    start: int | None = view.state.start
    return start


REMATCH = Rematch(False, _l("Same seats: the youngest player starts (PR-1), so the new table asks who starts "
                            "again."))
