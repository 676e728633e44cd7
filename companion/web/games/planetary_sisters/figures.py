"""A group's statistics of Planetary Sisters: per seat the six house categories (PS-3) and the six field-bonus
categories (PS-4), as ``GAME.table_score`` scores the table (the figures the score summary shows)."""

from __future__ import annotations

from companion.games.planetary_sisters import GAME
from companion.games.planetary_sisters.state import TableState
from companion.groups.records import Category
from companion.i18n import gettext as _
from companion.web.gameweb import TableViewLike

from .labels import category_name

POINTS = True  # won on points: house + field bonus (§4.5)


def categories(view: TableViewLike[TableState]) -> list[tuple[Category, ...]]:
    scored = GAME.table_score(view.state)
    seats = []
    for seat in scored.seats:
        house = tuple(Category(f"house.{c.key}", _("House: %(category)s", category=category_name(c.key)), c.points)
                      for c in seat.score.house.categories)
        field = tuple(Category(f"field.{c.key}", _("Field: %(category)s", category=category_name(c.key)), c.points)
                      for c in seat.score.field.categories)
        seats.append(house + field)
    return seats
