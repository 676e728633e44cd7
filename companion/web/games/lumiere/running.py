"""Lumière's running score on the table: each seat's points as far as the deck profile
knows them (LP-7: the point area's cards), with the cards whose points it does not know named and counted,
instead of a bare "?". A card's points may be negative, so a partial total is no floor: it is "so far"."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from companion.games.base import Breakdown, Term
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.web.standing import Standing, Standings

from .labels import card_name


def known_points(terms: Iterable[Term]) -> tuple[int, tuple[str, ...]]:
    """The points of the cards whose points are known, and the unknown ones as "Yokai ×2" (by name)."""
    known, unknown = 0, Counter[str]()
    for term in terms:
        if term.value is not None:
            known += term.value
        else:
            unknown[card_name(str(term.params["missing"]))] += int(term.params.get("count", 1))
    return known, tuple(f"{name} ×{n}" if n > 1 else name for name, n in unknown.items())


def total_text(total: int | None, terms: Iterable[Term]) -> str:
    """The score as the seat card shows it: the total, or what is known so far and that more is to come."""
    if total is not None:
        return str(total)
    known, _unknown = known_points(terms)
    return _("%(points)s so far + ?", points=known)


def standings(breakdown: Breakdown, names: list[str], final: bool) -> Standings | None:
    """None once the game is over (the seat cards and the end check say the final score)."""
    if final:
        return None
    rows = []
    totals = [s.total for s in breakdown.seats if s.total is not None]
    # a leader only when every total is known and they differ
    best = max(totals) if totals and len(totals) == len(breakdown.seats) and len(set(totals)) > 1 else None
    for score in breakdown.seats:
        known, unknown = known_points(score.terms)
        if score.total is not None:
            figure, note = ngettext("%(num)d point", "%(num)d points", score.total), ""
        else:
            figure = _("%(points)s so far", points=known)
            note = _("points unknown, not counted: %(cards)s", cards=", ".join(unknown))
        rows.append(Standing(score.seat, names[score.seat], figure, note,
                             ahead=best is not None and score.total == best))
    return Standings(_("Scores so far"), tuple(rows))
