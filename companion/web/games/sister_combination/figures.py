"""A group's statistics of Sister Combination: per seat whether they went out and the cards left in hand
(SC-7 ranks by these; there are no points)."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import pgettext

from companion.groups.records import Category
from companion.web.gameweb import TableViewLike

POINTS = False  # placed by going out, then by cards left (SC-7)


def categories(view: TableViewLike) -> list[tuple[Category, ...]]:
    state = view.state
    return [(Category("out", _("Went out"), 1 if seat in state.out else 0),
             Category("left", pgettext("sister_combination", "Cards left"), state.hands[seat]))
            for seat in range(state.players)]
