"""A group's statistics of Strato-Sphere: a game of wins and draws (SS-8, counted by the platform), with the
nodes each seat controlled at the end (SS-4), as ``GAME.score`` gives them."""

from __future__ import annotations

from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.score import CONTROLLED
from companion.games.strato_sphere.state import TableState
from companion.groups.records import Category
from companion.i18n import gettext as _
from companion.web.gameweb import TableViewLike

POINTS = False  # won by holding the nodes in front of an opponent, or drawn (SS-8)


def categories(view: TableViewLike[TableState]) -> list[tuple[Category, ...]]:
    result = GAME.score(view.state)
    return [(Category("nodes", _("Nodes controlled"),
                      sum(len(t.params["nodes"]) for t in result.seat(seat).terms if t.code == CONTROLLED)),)
            for seat in range(view.players)]
