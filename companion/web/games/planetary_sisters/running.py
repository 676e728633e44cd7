"""Planetary Sisters' running score on the table: each seat's house and field bonus as the table may count them
now (PS-3, PS-4), for the strip at the top of the table (companion/web/standing.py); the full working stays in
"Scores so far" further down.

A hand is its owner's alone until it is shown (§2), so while the game runs: with 3 or 4 players every card that
scores is in a hand, and the strip says so in one line instead of numbers; with 2 players the house cards lie
face up (§4.4.2) and each figure is theirs and the field's, said to leave the hand out. Once the hands are being
shown (§4.5), the hand cards nobody has seen yet are named as left out."""

from __future__ import annotations

from companion.games.planetary_sisters.results import TableScore
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.web.standing import Standing, Standings
from companion.web.wording import Wording

from .messages import reason_text


def figure(total: int, hands_hidden: bool) -> str:
    """A seat's points as the strip and the TV's scoreboard say them; while hands are hidden, said to leave the
    hand out (§2)."""
    if hands_hidden:
        return ngettext("%(num)d point, hand not counted", "%(num)d points, hand not counted", total)
    return ngettext("%(num)d point", "%(num)d points", total)


def standings(score: TableScore | None, names: tuple[str, ...], wording: Wording) -> Standings | None:
    """Before the setup there is nothing to score; once the game is over the final scores say it all."""
    if score is None or score.final:
        return None
    if score.no_score_yet:
        return Standings(_("Scores so far"), (), reason_text(score.reason, wording))
    best = max((s.score.total for s in score.seats), default=0)
    # with 2 players a hand is never counted before it is shown, even the cards the table saw taken
    two = len(score.seats) == 2
    rows = tuple(
        Standing(s.seat, names[s.seat], figure(s.score.total, score.hands_hidden or (two and s.left_out > 0)),
                 ngettext("%(num)d unseen card left out", "%(num)d unseen cards left out", s.left_out)
                 if s.left_out and not (score.hands_hidden or two) else "",
                 ahead=best > 0 and s.score.total == best)
        for s in sorted(score.seats, key=lambda s: s.seat))
    note = reason_text(score.reason, wording) if score.hands_hidden else ""
    return Standings(_("Scores so far"), rows, note)
