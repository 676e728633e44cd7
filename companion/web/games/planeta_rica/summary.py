"""The score summary of a table (page or PDF): per player fame + planets + gadgets + bonuses with the cards
they come from, the ranking and the winner with PR-5's tie-break; from GAME.score(state).

While the game runs with fame face down (PR-8), the engine's score leaves fame out: the summary, and the watch
link's scoreboard and a group's records that read it, say the VP on the table and that fame is not counted."""

from __future__ import annotations

from companion.games.base import Breakdown
from companion.games.planeta_rica import GAME
from companion.games.planeta_rica.state import TableState, fame_face_down
from companion.i18n import gettext as _
from companion.web.gameweb import Summary, SummaryTable, TableViewLike
from companion.web.reasons import with_ruling
from companion.web.wording import Wording

from .breakdown import SeatVP, seat_views, winner_seat, winner_text


def summary(view: TableViewLike[TableState]) -> Summary | None:
    state = view.state
    if state.phase.value == "setup":
        return None
    wording = Wording.of_table(view.seats)
    breakdown = GAME.score(state)
    views = seat_views(breakdown, wording)
    hidden = fame_face_down(state)

    def shown(total: int | None) -> str:
        if total is None:
            return "?"
        return _("%(vp)s, fame not counted", vp=total) if hidden else str(total)

    # A seat whose VP is not known has no place yet: shown as unknown, not as a tie for last
    ranking = tuple((v.place, v.name, shown(v.total)) for v in sorted(views, key=lambda v: (v.place or 99, v.seat)))
    formula = (_("VP on the table so far: planets, gadgets and bonuses; fame stays face down until the game ends "
                 "and is not counted (PR-8).") if hidden
               else _("VP = fame + printed VP of planets and gadgets + bonuses (PR-5, PR-7)."))
    tables = tuple(
        SummaryTable(v.name, (_("Term"), _("VP"), _("From")),
                     tuple((t.label, "?" if t.value is None else str(t.value), t.detail) for t in v.terms)
                     + ((_("Total"), "?" if v.total is None else str(v.total), ""),),
                     formula)
        for v in views)
    if breakdown.finished:
        note = winner_text(breakdown, wording)
    elif hidden:
        note = _("Scores so far (the game is not over; fame is face down and not counted, PR-8).")
    else:
        note = _("Scores so far (the game is not over).")
    return Summary(finished=breakdown.finished, ranking=ranking, tables=tables, winner_note=note,
                   working=_working(breakdown, views))


def _working(breakdown: Breakdown, views: list[SeatVP]) -> str:
    """The winner's VP term by term (PR-5); "" before the end, while a VP is unknown, and when PR-5's tie-break
    decided (the winner's note says how)."""
    seat = winner_seat(breakdown) if breakdown.finished else None
    if seat is None or any(r.code == "pr.rank.tie_break" and seat in r.params.get("seats", [])
                           for r in breakdown.reasons):
        return ""
    view = next(v for v in views if v.seat == seat)
    if view.total is None or any(t.value is None for t in view.terms):
        return ""
    terms = " + ".join(f"{t.label} {t.value}" for t in view.terms)
    return with_ruling(_("%(seat)s: %(terms)s = %(vp)s VP", seat=view.name, terms=terms, vp=view.total), "PR-5")
