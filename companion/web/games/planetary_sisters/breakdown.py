"""A player's score shown with its working: each category's production, harvesters, satisfaction, multiplier
and points (the engine's ``CategoryScore``), what each number counts in words, and the arithmetic.

Nothing is computed here that the engine did not compute: the words only say which formula (``Formula``) and
which counts the engine used, so the page, the tracker and the API show the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.planetary_sisters import Breakdown, CategoryScore, Formula, PlayerScore
from companion.i18n import gettext as _

from .labels import category_name


@dataclass(frozen=True)
class Row:
    key: str
    name: str
    score: CategoryScore
    production_words: str
    harvester_words: str
    arithmetic: str


def _production_words(c: CategoryScore, side: str) -> str:
    if c.element:
        return _("%(element)s icons in the house", element=c.element)
    return {
        "dual": _("house cards with exactly 2 element types"),
        "single": _("house cards with exactly 1 element type"),
        "collector": _("element types in the house"),
    }[c.key]


def _harvester_words(c: CategoryScore, side: str, guards: bool) -> str:
    if side == "house":
        if c.element:
            return _("house cards carrying %(element)s", element=c.element)
        return {
            "dual": _("of those, cards with a pointed element"),
            "single": _("house cards with only a pointed element"),
            "collector": _("house cards with only a crown element"),
        }[c.key]
    where = _("field and own guard cards") if guards else _("field cards")
    if c.element:
        return _("%(where)s carrying %(element)s", where=where, element=c.element)
    return {
        "dual": _("%(where)s with 2 types, one of them pointed", where=where),
        "single": _("%(where)s with only a pointed element", where=where),
        "collector": _("%(where)s with only a crown element", where=where),
    }[c.key]


def arithmetic(c: CategoryScore) -> str:
    """``6 × (4 − 1) = 18; 18 × 1 = 18``: the formula the engine used, with its numbers."""
    p, h = c.production, c.harvesters
    if c.formula is Formula.LOVER_HOUSE:
        first = f"{p} × ({h} − 1)"
    elif c.formula is Formula.PASSION_HOUSE:
        first = f"({p} − 1) × {h}"
    else:
        first = f"{p} × {h}"
    return f"{first} = {c.satisfaction}; {c.satisfaction} × {c.multiplier} = {c.points}"


def rows(breakdown: Breakdown, guards: bool = False) -> list[Row]:
    return [
        Row(c.key, category_name(c.key), c, _production_words(c, breakdown.side),
            _harvester_words(c, breakdown.side, guards), arithmetic(c))
        for c in breakdown.categories
    ]


def formula_words(side: str) -> str:
    """The formula in words, with its ruling id, under each table."""
    if side == "house":
        return _("House cards (PS-3, §4.5.1): lovers' satisfaction = production × (harvesters − 1); the other "
                 "three: (production − 1) × harvesters; points = satisfaction × multiplier; an empty category "
                 "scores 0.")
    return _("Field bonus (PS-4, §4.5.2): production from the house, harvesters from the field cards (with 2 "
             "players also the player's own guard cards); satisfaction = production × harvesters, no − 1; points = "
             "satisfaction × multiplier.")


@dataclass(frozen=True)
class SideView:
    """One table of a score: the house (PS-3) or the field bonus (PS-4), its rows and the formula in words."""

    side: str
    total: int
    rows: tuple[Row, ...]
    formula: str


@dataclass(frozen=True)
class ScoreView:
    """A player's score as a page draws it (templates/planetary_sisters/_macros.html, ``breakdown``)."""

    seat: int
    name: str
    total: int
    house_total: int
    field_total: int
    sides: tuple[SideView, ...]


def score_view(score: PlayerScore, name: str, seat: int, guards: bool = False) -> ScoreView:
    sides = tuple(SideView(part.side, part.total, tuple(rows(part, guards)), formula_words(part.side))
                  for part in (score.house, score.field))
    return ScoreView(seat, name, score.total, score.house.total, score.field.total, sides)
