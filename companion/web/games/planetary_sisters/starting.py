"""Who started a Planetary Sisters table, and how a rematch seats the players: the first parent is chosen in
any way the table likes when the game begins (§4.1), so the rematch keeps the seats and the table asks again."""

from __future__ import annotations

from companion.games.planetary_sisters.state import TableState
from companion.i18n import lazy_gettext as _l
from companion.web.gameweb import Rematch, TableViewLike


def start_seat(view: TableViewLike[TableState]) -> int | None:
    """The first round's parent (play goes clockwise from the parent, §4.4)."""
    first: int = view.state.first_parent
    return first


REMATCH = Rematch(False, _l("Same seats: the table chooses the first parent in any way it likes when the game "
                            "begins (§4.1), so the new table asks again."))
