"""A group's tables as records for its history and statistics: each table's log replayed through its engine
(``view_of``), scored by the engine (places, totals, who won), worded by the game's score summary (the score
as shown, how the winner was decided) and its ``figures`` module (the game's own categories). The figures are
the ones the score summary shows; nothing is typed in twice. The exports' facts come from the game's web
package too: who plays with whom (``sides``), the table's options in words, and its ``box`` (play time, age)."""

from __future__ import annotations

import importlib
import logging
from datetime import datetime
from functools import cache
from types import ModuleType
from typing import Any

from companion.games.base import RulesError
from companion.groups import store as group_store
from companion.groups.records import Category, GameFacts, PlayRecord, SeatResult
from companion.i18n import pick
from companion.registry import packages
from companion.storage.models import Table
from companion.tables.view import view_of
from companion.web.gameweb import Registered
from companion.web.messages import options_played
from companion.web.registered import registered

log = logging.getLogger(__name__)


@cache
def figures_of(slug: str) -> ModuleType | None:
    """The game's ``figures`` module (its categories for the statistics), if its web package has one."""
    entry = packages().get(slug)
    if entry is None:
        return None
    try:
        return importlib.import_module(f"{entry.web_module}.figures")
    except ModuleNotFoundError:
        return None


def records_of(tables: list[Table]) -> list[PlayRecord]:
    """One record per table the app can still read (a table of a game no longer installed is skipped)."""
    times = group_store.entry_times([t.id for t in tables])
    records = []
    for table in tables:
        if table.game not in registered():
            continue
        created = group_store.aware(table.created_at)
        first, last = times.get(table.id, (created, created))
        records.append(play_record(table, first, last))
    return records


def facts_of(entry: Registered) -> GameFacts:
    counts = entry.game.player_counts
    box = entry.web.box
    return GameFacts(min(counts), max(counts), box.minutes[0], box.minutes[1], box.age, box.bgg_id)


def play_record(table: Table, started: datetime, at: datetime) -> PlayRecord:
    view = view_of(table)
    entry = registered()[table.game]
    names = list(table.seats)
    facts = facts_of(entry)
    options = tuple((option, setting) for option, setting, _rule in
                    options_played(entry.game.options, dict(table.options)))
    try:
        breakdown = entry.game.score(view.state)
        summary = entry.web.summary(view) if entry.web.summary is not None else None
        figures = figures_of(table.game)
        start = entry.web.start_seat(view)  # e.g. Lumière's janken winner, not always the first seat
        sides = tuple(entry.web.sides(view) or ()) if entry.web.sides is not None else ()
        # a game's own categories are counted for finished games only (an unfinished table is never counted,
        # and its state may not have every part yet, e.g. hands before the deal)
        categories: list[tuple[Category, ...]] = \
            list(figures.categories(view)) if figures and breakdown.finished else []
    except (RulesError, KeyError, ValueError, TypeError, IndexError):
        # A table whose scores cannot be worked out is listed, never counted.
        log.exception("group statistics: table %s could not be scored", table.id)
        return PlayRecord(table.id, table.token, table.watch_token, table.game, pick(entry.game, "name"), at,
                          started, view.version, False, True, False,
                          tuple(SeatResult(i, n, 0, None, "", False) for i, n in enumerate(names)),
                          options=options, facts=facts)
    finished = bool(breakdown.finished) and view.replay_error is None
    places: dict[int, int] = {}
    ahead = 0
    for group in breakdown.placings:
        for seat in group:
            places[seat] = ahead + 1
        ahead += len(group)
    winners = set(breakdown.winners) if finished else set()
    drawn = finished and len(names) > 1 and len(winners) == len(names)
    shown = {name: score for _place, name, score in (summary.ranking if summary else ())}
    points = bool(getattr(figures, "POINTS", any(s.total is not None for s in breakdown.seats)))
    seats = tuple(
        SeatResult(i, name, places.get(i, len(names)), _score(breakdown, i) if points else None,
                   shown.get(name, ""), i in winners and not drawn,
                   categories[i] if i < len(categories) else ())
        for i, name in enumerate(names))
    note = summary.winner_note if summary is not None and finished else ""
    return PlayRecord(table.id, table.token, table.watch_token, table.game, pick(entry.game, "name"), at, started,
                      view.version, finished, points, drawn, seats, note, start,
                      sides if len(sides) == len(names) else (), options, facts)


def _score(breakdown: Any, seat: int) -> int | None:
    for scored in breakdown.seats:
        if scored.seat == seat:
            total = scored.total
            return int(total) if total is not None else None
    return None
