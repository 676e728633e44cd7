"""The score summary of a table (page or PDF): per player the house and field-bonus tables with their working,
the ranking and the winner (§4.5).

While the game runs no hand is counted (§2: a hand is its owner's alone until it is shown), as the engine's
``score_table`` scores it: with 3 or 4 players no seat has a score yet (every card that scores is in a hand), so
the summary, and the watch link's scoreboard and a group's records that read it, say so instead of a number;
with 2 players the open cards' points are given, said to leave the hand out."""

from __future__ import annotations

from companion.games.planetary_sisters import GAME, TableScore
from companion.games.planetary_sisters.state import TableState
from companion.i18n import gettext as _
from companion.web.gameweb import Summary, SummaryTable, TableViewLike
from companion.web.reasons import with_ruling
from companion.web.wording import Wording

from .breakdown import formula_words, rows
from .messages import explain, reason_text


def columns() -> tuple[str, ...]:
    return (_("Category"), _("Production"), _("Harvesters"), _("Satisfaction"), _("Multiplier"), _("Points"))


def tables_of(scored: TableScore, names: list[str], two_players: bool) -> tuple[SummaryTable, ...]:
    tables = []
    for seat in scored.seats:
        name = names[seat.seat]
        for side, breakdown in (("house", seat.score.house), ("field", seat.score.field)):
            body = tuple(
                (row.name, str(row.score.production), str(row.score.harvesters), str(row.score.satisfaction),
                 f"× {row.score.multiplier}", str(row.score.points))
                for row in rows(breakdown, guards=two_players)
            )
            total = (_("Total"), "", "", "", "", str(breakdown.total))
            title = (_("%(seat)s: house cards", seat=name) if side == "house"
                     else _("%(seat)s: field bonus", seat=name))
            tables.append(SummaryTable(title, columns(), (*body, total), formula_words(side)))
    return tuple(tables)


def summary(view: TableViewLike[TableState]) -> Summary | None:
    wording = Wording.of_table(view.table.seats)
    names = [wording.seat(i) for i in range(view.players)]
    state = view.state
    if state.phase.value == "setup":
        return None
    scored = GAME.table_score(state)
    if scored.no_score_yet:
        return Summary(finished=False, ranking=tuple((None, name, _("scored at the end")) for name in names),
                       winner_note=reason_text(scored.reason, wording))
    if scored.hands_hidden:
        ranking = tuple((s.place, names[s.seat], _("%(total)s, hand not counted", total=s.total))
                        for s in scored.ranking.standings)
        note = _("Scores so far (the game is not over).") + " " + reason_text(scored.reason, wording)
    else:
        ranking = tuple((s.place, names[s.seat], str(s.total)) for s in scored.ranking.standings)
        note = explain(scored.ranking.reason, wording)
        if not scored.final:
            note = _("Scores so far: the houses as the table knows them (hands not yet shown are left out).")
    return Summary(finished=scored.final, ranking=ranking, tables=tables_of(scored, names, state.two_players),
                   winner_note=note, working=_working(scored, names))


def _working(scored: TableScore, names: list[str]) -> str:
    """The winner's house cards and field bonus (§4.5); "" before the end and when players tie for first (the
    winner's note says they win together)."""
    first = [s.seat for s in scored.ranking.standings if s.place == 1]
    if not scored.final or len(first) != 1:
        return ""
    score = scored.seats[first[0]].score
    return with_ruling(_("%(seat)s: house cards %(house)s + field bonus %(field)s = %(points)s points",
                         seat=names[first[0]], house=score.house.total, field=score.field.total, points=score.total),
                       "§4.5")
