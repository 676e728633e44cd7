"""A finished table's result card, the PNG players share to their group chat: the game, when it ended (in the
phone's time zone, as the score summary PDF prints it), the winner, the ranking, one line of the working and the
seats, worded from the game's score summary (``GameWeb.summary``: the same numbers the PDF prints; nothing is
scored here) in the card's language.

There is a card only once the game is over and its result is known (``result_known``): before that the
address answers 409 and says only that, so a card never shows what the rules keep secret during play.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.tables.recent import recent_log
from companion.web.gameweb import Summary
from companion.web.registered import web_of

from ...printing.card import CardRow, ResultCard
from .zone import PrintZone, when

log = logging.getLogger(__name__)


def listed(items: list[str], lang: str) -> str:
    """Names in a line as each language lists them: Aki, Ben / Aki、Ben."""
    return ("、" if lang == "ja" else ", ").join(items)


def result_known(view: Any) -> bool:
    """The game is over and every seat's result is known (the engine's score: finished, no total still waiting
    for a card's value), and the log replays without a problem."""
    if view.replay_error is not None:
        return False
    breakdown = view.game.score(view.state)
    return bool(breakdown.finished and breakdown.placings and all(s.total is not None for s in breakdown.seats))


def _summary(view: Any) -> Summary | None:
    web = web_of(view.game.slug)
    if web.summary is None:
        return None
    try:
        return web.summary(view)
    except Exception:  # noqa: BLE001 - a game's summary bug is a card not made, never a 500
        log.exception("summary of %s failed", view.game.slug)
        return None


def _ended(view: Any) -> datetime:
    """When the table's newest entry was made (the game's end), else when the table was set up."""
    newest = recent_log(view.table.id, view.table.token, 1).entries
    at: datetime = newest[-1].created_at if newest else view.table.created_at
    return at


def result_card(view: Any, lang: str, zone: PrintZone) -> ResultCard | None:
    """The card of a finished table in ``lang`` (call it inside ``force_locale(lang)``), or None while the game
    is not over or its result is not known."""
    if not result_known(view):
        return None
    summary = _summary(view)
    if summary is None or not summary.finished or any(place is None for place, _n, _s in summary.ranking):
        return None
    game = view.game
    rows = tuple(CardRow(str(place), name, score, place == 1) for place, name, score in summary.ranking)
    first = [row for row in rows if row.first]
    drawn = len(rows) > 1 and len(first) == len(rows)
    return ResultCard(
        lang=lang,
        game=game.name_ja if lang == "ja" else game.name_en,
        game_other=game.name_en if lang == "ja" else game.name_ja,
        when=_("%(when)s (%(zone)s)", when=when(_ended(view), zone, lang), zone=zone.name),
        headline_label=_("Result") if drawn else ngettext("Winner", "Winners", len(first)),
        headline=_("Drawn game") if drawn else listed([row.name for row in first], lang),
        headline_score="" if drawn or not first else first[0].score,
        ranking_label=_("Final ranking"),
        rows=rows,
        working_label=_("How it was decided"),
        working=summary.working or summary.winner_note,
        seats=_("Seats (clockwise): %(seats)s", seats=listed(
            [f"{number}. {name}" for number, name in enumerate(view.table.seats, start=1)], lang)),
        footer=_("Table companion"),
    )


def card_filename(view: Any) -> str:
    """The name the card is saved under: the game and the table's version, e.g. <slug>-result-57.png."""
    return f"{view.game.slug}-result-{view.version}.png"
