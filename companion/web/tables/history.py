"""A table's history as the pages show it: each entry worded by its game in the phone's language, with who
entered it (the seat and the phone), the newest ones on the table page and the whole log paged."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import request, url_for

from companion.games.base import RulesError
from companion.i18n import gettext as _
from companion.i18n import language
from companion.inputs import whole_number
from companion.server.cache import BoundedCache
from companion.storage.models import Event
from companion.tables import store
from companion.tables.entries import entered_move, table_moves
from companion.tables.eventlog import MOVE
from companion.tables.recent import recent_log
from companion.tables.view import (
    TableView,
    replay_table,
)
from companion.web.registered import web_of
from companion.web.wording import Wording


@dataclass(frozen=True)
class HistoryLine:
    seq: int
    number: int  # what people see: 1, 2, 3 … with no gaps
    kind: str  # move, undo, redo
    text: str
    phone: str  # a short nickname of the phone that entered it ("2": the table's second phone)
    at: datetime
    undone: bool
    device: str = ""  # the phone's id (never shown): a live page announces only other phones' entries
    said: str = ""  # how other phones announce it: the line, or who undid or redid what ("Ben undid: Aki: +5")
    by: str = ""  # the phone that entered it as people know it: its player ("Ben") or its number ("phone 2")
    undo_note: str = ""  # what the game says by Undo when this is the entry it takes back (GameWeb.undo_note)


RECENT_HISTORY = 30  # history lines a table page shows; the rest is one tap away (the history page)


# The recent history of a table's version, as each language words it: every phone shown that version (its
# poll, a refused entry's fresh table; fifty racing phones are refused on the same version) reads it once.
_recent: BoundedCache[tuple[HistoryLine, ...]] = BoundedCache(
    512, max_bytes=16 * 2**20, size_of=lambda lines: 400 * len(lines))


HISTORY_PAGE = 50  # lines of the whole history on one page (paged: a 10,000-entry history was 1.3 MB in one page); the
# newest page draws from the states a table keeps (64), so it never replays the log


class HistoryPage(list[HistoryLine]):
    """One page of the whole history, newest first, and where it stands among the others."""

    def __init__(self, lines: list[HistoryLine], total: int, page: int, pages: int, newer_url: str = "",
                 older_url: str = "") -> None:
        super().__init__(lines)
        self.total, self.page, self.pages = total, page, pages
        self.newer_url, self.older_url = newer_url, older_url  # "" on the first and the last page


def history(view: TableView, limit: int | None = RECENT_HISTORY) -> list[HistoryLine]:
    """The newest ``limit`` lines of the table's history, newest first; see ``_history``. With None, one page
    of the whole history: the page the request asks for (``?page=``, 1 the newest), ``HISTORY_PAGE`` lines."""
    if limit is None:
        return history_page(view, whole_number(request.args.get("page", ""), 1, 10**9) or 1)
    if limit != RECENT_HISTORY or not view.cache_key:
        return _history(view, limit)
    key = (view.cache_key, language())
    return list(_recent.get_or_make(key, lambda: tuple(_history(view, limit))))


def history_page(view: TableView, page: int) -> HistoryPage:
    """Page ``page`` of the whole history (the last one when past it): its cost is one page's, however long
    the log."""
    total = store.count_events(view.table.id)
    pages = max(1, -(-total // HISTORY_PAGE))
    page = min(max(1, page), pages)

    def url(to: int) -> str:
        return url_for(str(request.endpoint), **(request.view_args or {}), page=to) if 1 <= to <= pages else ""

    return HistoryPage(_history(view, HISTORY_PAGE, (page - 1) * HISTORY_PAGE), total, page, pages,
                       url(page - 1), url(page + 1))


def _history(view: TableView, limit: int, skip: int = 0) -> list[HistoryLine]:
    """The log's newest ``limit`` entries after the ``skip`` newest, newest first, each line saying what it was,
    who moved, and whether it is undone. A page's cost does not grow with the log: only those entries (and the
    moves their undos name) are read, and the seats come from the states kept for the newest moves (an older
    page replays the log up to its own entries, no further)."""
    table_id = view.table.id
    recent = recent_log(table_id, view.table.token, limit, skip, view.version)
    events = recent.entries
    by_seq: dict[int, store.LoggedEntry | Event] = {e.seq: e for e in events}
    targets = {int(t) for e in events if e.kind != MOVE and isinstance(t := e.payload.get("target"), int)}
    by_seq.update({e.seq: e for e in store.events_by_seq(table_id, targets - set(by_seq))})
    moves = {seq for seq, e in by_seq.items() if e.kind == MOVE and seq not in view.log.undone_seqs}
    before = view.before if moves <= set(view.before) else _states_before(view, max(moves, default=0))
    web = web_of(view.table.game)
    wording = Wording.of_table(view.seats)

    actors: dict[str, set[int]] = {}  # phone -> the seats whose moves it entered (in the entries read)

    notes: dict[int, str] = {}  # seq -> what the game says by Undo about that move

    def describe(seq: int) -> str:
        """The logged move's line (``_worded``, kept per entry), with who moved; notes what it taught."""
        event, state = by_seq[seq], before.get(seq)
        if not view.cache_key or state is None:  # an undone move is worded on the table as it is: not kept
            worded = _worded(view, web, wording, event.payload, state)
        else:
            key = (view.cache_key[0], *view.cache_key[2:], seq, language(), view.seats)
            worded = _described.get_or_make(key, lambda: _worded(view, web, wording, event.payload, state))
        text, seat, note = worded
        if note:
            notes[seq] = note
        if seat is not None:
            actors.setdefault(event.device, set()).add(seat)
        return text

    ordered = events  # oldest first
    numbers = {e.seq: recent.before + i + 1 for i, e in enumerate(ordered)}
    numbers.update({seq: store.events_before(table_id, seq) + 1 for seq in by_seq if seq not in numbers})
    phones = {device: str(number) for device, number in recent.phones.items()}
    texts = {seq: describe(seq) for seq, event in sorted(by_seq.items()) if event.kind == MOVE}
    lines = []
    for event in reversed(ordered):
        seq = event.seq
        said = ""
        who = phone_name(event.device, actors, phones, wording)
        if event.kind == MOVE:
            text = texts.get(seq) or describe(seq)
        else:
            target = event.payload.get("target", -1)
            found = target in by_seq and by_seq[target].kind == MOVE
            what = texts.get(target, "") if found else ""
            shown = numbers[target] if found else "?"
            if event.kind == "undo":
                text = _("Undo of #%(seq)s: %(what)s", seq=shown, what=what)
                said = _("%(who)s undid: %(what)s", who=who, what=what)
            else:
                text = _("Redo of #%(seq)s: %(what)s", seq=shown, what=what)
                said = _("%(who)s redid: %(what)s", who=who, what=what)
        lines.append(HistoryLine(seq, numbers[seq], event.kind, text, phones.get(event.device, "?"),
                                 event.created_at, seq in view.log.undone_seqs, event.device, said or text, who,
                                 notes.get(seq, "") if event.kind == MOVE else ""))
    return lines


# Each logged move's line, who made it and its Undo note, per table, entry, profile version and language: a
# logged entry and the state it was made on never change, so a line is worded once, not at every version the
# table's newest lines are shown again (30 lines, each replaying the table's own moves after it).
_described: BoundedCache[tuple[str, int | None, str]] = BoundedCache(
    8192, max_bytes=16 * 2**20, size_of=lambda worded: 100 + len(worded[0]) + len(worded[2]))


def _worded(view: TableView, web: Any, wording: Wording, payload: Mapping[str, Any], state: Any
            ) -> tuple[str, int | None, str]:
    """A logged move as its history line says it (who moved first, then what the table made after it), the seat
    that moved (None: the table's or nobody's) and what the game says by Undo of it; the move read once into the
    game's typed move, worded from it and the state it was made on (the platform names who moved,
    ``Game.actor``). A payload the game cannot read is shown as it was logged."""
    try:
        move = entered_move(view.game, payload)
        text = web.describe_move(move, state if state is not None else view.state, wording)
        seat = view.game.actor(state, move) if state is not None else None
        made = table_made(view, web, wording, payload, state, move)
    except (RulesError, KeyError, ValueError, TypeError):
        return json.dumps(payload, ensure_ascii=False), None, ""
    note = web.undo_note(move) if web.undo_note is not None else ""
    if seat is not None and 0 <= seat < view.players:
        text = f"{wording.seat(seat)}: {text}"
    else:
        seat = None
    return (f"{text} {made}" if made else text), seat, note


def table_made(view: TableView, web: Any, wording: Wording, payload: Mapping[str, Any], state: Any, move: Any
               ) -> str:
    """What the table entered by itself after the move (companion.tables.entries), worded as the table's:
    "(then the table: Ben: draws 2; …)"; "" when it made nothing (or the state before is not at hand)."""
    made = table_moves(view.game, payload)
    if not made or state is None:
        return ""
    state = view.game.apply(state, move)
    parts = []
    for each in made:
        seat = view.game.actor(state, each)
        said = web.describe_move(each, state, wording)
        parts.append(f"{wording.seat(seat)}: {said}" if seat is not None and 0 <= seat < view.players else said)
        state = view.game.apply(state, each)
    return _("(then by the table: %(what)s)", what="; ".join(parts))


def phone_name(device: str, actors: Mapping[str, set[int]], phones: Mapping[str, str], wording: Wording) -> str:
    """Who a phone is, as other phones read it: the player whose moves it entered when it entered only one
    player's ("Ben"), otherwise its number at the table ("phone 2"): a phone shared around the table is no
    one player."""
    seats = actors.get(device, set())
    if len(seats) == 1:
        return wording.seat(next(iter(seats)))
    return _("phone %(id)s", id=phones.get(device, "?"))


def _states_before(view: TableView, last: int) -> Mapping[int, Any]:
    """Every move's state before it up to seq ``last`` (an older page of the history): one replay of the log
    up to there, kept only for this answer."""
    entries = [e for e in store.log_of(view.table.id) if e.seq <= last]
    return replay_table(view.game, view.table, view.profile, entries).before
