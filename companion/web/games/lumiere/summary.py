"""The score summary (page and PDF), built from ``GAME.score(state)``: per player the point area card by card
with its working (or the cards whose points are still unknown), the ranking and LP-7's tie-break."""

from __future__ import annotations

from companion.games.base import Breakdown, Term
from companion.games.lumiere import GAME, Phase, TableState
from companion.i18n import gettext as _
from companion.i18n import pgettext
from companion.web.gameweb import Summary, SummaryTable, TableViewLike
from companion.web.reasons import reason_text, with_ruling
from companion.web.wording import Wording

from .labels import card_name


def _points(value: int | None) -> str:
    return "?" if value is None else str(value)


def _row(term: Term) -> tuple[str, str, str, str]:
    return (card_name(str(term.params["card"])), str(term.params["count"]), _points(term.params["points"]),
            _points(term.value))


def summary(view: TableViewLike[TableState]) -> Summary | None:
    """Per player the point area and its score (or what is missing), the ranking, and LP-7's tie-break."""
    state: TableState = view.state
    if state.phase is Phase.SETUP:
        return None
    return _summary(state, GAME.score(state), Wording.of_table(view.seats))


def _summary(state: TableState, breakdown: Breakdown, wording: Wording) -> Summary:
    seats = breakdown.seats
    complete = all(s.total is not None for s in seats)
    order = [seat for place in breakdown.placings for seat in place] if complete else [s.seat for s in seats]
    ranking = tuple((place, wording.seat(seat), _points(seats[seat].total))
                    for place, seat in enumerate(order, start=1))
    tables = []
    for s in seats:
        rows = tuple(_row(t) for t in s.terms)
        count = sum(int(t.params["count"]) for t in s.terms)
        rows += ((pgettext("lumiere", "Total"), str(count), "", _points(s.total)),)
        note = _("Score = the sum of the points of the cards in the point area, minus cards counting against "
                 "(LP-7).")
        missing = [card_name(str(t.params["missing"])) for t in s.terms if t.value is None]
        if missing:
            note += " " + _("Points unknown for %(cards)s: fill them in the deck profile (LP-8).",
                            cards=", ".join(missing))
        tables.append(SummaryTable(_("%(seat)s — point area", seat=wording.seat(s.seat)),
                                   (pgettext("lumiere", "Card"), pgettext("lumiere", "Count"),
                                    pgettext("lumiere", "Points"), pgettext("lumiere", "Subtotal")), rows, note))
    winner_note = " ".join(reason_text(r, wording) for r in breakdown.reasons)
    return Summary(finished=breakdown.finished, ranking=ranking, tables=tuple(tables), winner_note=winner_note,
                   working=_working(breakdown, wording) if complete else "")


def _working(breakdown: Breakdown, wording: Wording) -> str:
    """The winner's points from the cards for and against (LP-7); "" before the end, and when LP-7's tie-break
    decided (the winner's note says how)."""
    if not breakdown.finished or any(r.code == "lp.score.tie_break" for r in breakdown.reasons):
        return ""
    seat = breakdown.seats[breakdown.placings[0][0]]
    plus = sum(t.value for t in seat.terms if t.value is not None and t.value > 0)
    minus = -sum(t.value for t in seat.terms if t.value is not None and t.value < 0)
    if minus:
        text = _("%(seat)s: %(plus)s points of cards in the point area − %(minus)s of cards counting against = "
                 "%(points)s", seat=wording.seat(seat.seat), plus=plus, minus=minus, points=_points(seat.total))
    else:
        text = _("%(seat)s: %(points)s points of cards in the point area", seat=wording.seat(seat.seat),
                 points=_points(seat.total))
    return with_ruling(text, "LP-7")
