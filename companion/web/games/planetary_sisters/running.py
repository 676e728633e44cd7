"""Planetary Sisters' running score on the table: each seat's house and field bonus as the
table knows them now (PS-3, PS-4), with the hand cards nobody has seen yet named as left out, for the strip at
the top of the table (companion/web/standing.py). The full working stays in "Scores so far" further down."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.games.planetary_sisters.results import TableScore
from companion.web.standing import Standing, Standings


def standings(score: TableScore | None, names: tuple[str, ...]) -> Standings | None:
    """Before the setup there is nothing to score; once the game is over the final scores say it all."""
    if score is None or score.final:
        return None
    best = max((s.score.total for s in score.seats), default=0)
    rows = tuple(
        Standing(s.seat, names[s.seat], ngettext("%(num)d point", "%(num)d points", s.score.total),
                 ngettext("%(num)d unseen card left out", "%(num)d unseen cards left out", s.unseen)
                 if s.unseen else "",
                 ahead=best > 0 and s.score.total == best)
        for s in sorted(score.seats, key=lambda s: s.seat))
    return Standings(_("Scores so far"), rows)
