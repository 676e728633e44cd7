"""A group's statistics of Planeta Rica: per seat the VP terms (fame, planets, gadgets, bonuses: PR-5, PR-7),
as ``GAME.score`` gives them (the figures the score summary shows)."""

from __future__ import annotations

from companion.games.planeta_rica import GAME
from companion.games.planeta_rica.state import TableState
from companion.groups.records import Category
from companion.web.gameweb import TableViewLike
from companion.web.wording import Wording

from .breakdown import seat_views

POINTS = True  # won on VP (PR-5)


def categories(view: TableViewLike[TableState]) -> list[tuple[Category, ...]]:
    views = sorted(seat_views(GAME.score(view.state), Wording.of_table(view.seats)), key=lambda v: v.seat)
    return [tuple(Category(t.code, t.label, t.value) for t in v.terms) for v in views]
