"""A group's statistics of Lumière Prière: per seat the points of the point area and how many cards it holds
(LP-7), as ``GAME.score`` gives them (the figures the score summary shows)."""

from __future__ import annotations

from companion.games.lumiere import GAME
from companion.games.lumiere.state import TableState
from companion.groups.records import Category
from companion.i18n import gettext as _
from companion.i18n import pgettext
from companion.web.gameweb import TableViewLike

POINTS = True  # won on points (LP-7)


def categories(view: TableViewLike[TableState]) -> list[tuple[Category, ...]]:
    breakdown = GAME.score(view.state)
    return [(Category("points", pgettext("lumiere", "Points"), s.total),
             Category("cards", _("Cards in the point area"), sum(int(t.params["count"]) for t in s.terms)))
            for s in breakdown.seats]
