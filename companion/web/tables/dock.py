"""The dock: what happens now and what the player does next, at the bottom of every table page (issue 35).

On a phone the table page scrolls above it while the dock stays in view: whose turn, the live line (who entered
or undid what, offline, waiting to send, back online: static/js/live.js moves its panel in), Undo naming what it
takes back, and the entry the table can make by itself when a table starts on one (``NextEntry``: one tap).
The game's own entry controls sit just above it (the element its template marks ``data-entry-now``, kept in view
by static/js/in-view.js). This module builds the dock's model (the one-tap route: table_entry.py); templates/table/_dock.html draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.base import RulesError
from companion.tables.entries import forced_on
from companion.tables.view import TableView
from companion.web.registered import web_of
from companion.web.tables.history import HistoryLine
from companion.web.wording import Wording


@dataclass(frozen=True)
class NextEntry:
    """The one entry the rules leave on the table as it stands (``Game.forced``), offered as one tap. After an
    entry the table makes these itself (companion.tables.entries); this is for a table that starts on one."""

    text: str  # the entry as the history would word it: "Ben: draws 2"


@dataclass(frozen=True)
class Dock:
    turn: str  # whose turn (or what the table waits for), the game's own words; "" when the game has none to say
    next_entry: NextEntry | None
    undoable: HistoryLine | None = None  # the history line Undo takes back, when the page shows it (Undo names it)


def dock(view: TableView, model: Any, can_write: bool, lines: Sequence[HistoryLine] = ()) -> Dock:
    """The dock of this version: the game's turn line (its table model's ``turn_line``) and, on a players' link,
    the entry the table would make now and the line of ``lines`` (the page's history) that Undo takes back."""
    turn = getattr(model, "turn_line", "")
    if not can_write:
        return Dock(str(turn) if turn else "", None)
    return Dock(str(turn) if turn else "", next_entry(view), _undoable(view, lines))


def _undoable(view: TableView, lines: Sequence[HistoryLine]) -> HistoryLine | None:
    if not view.log.standing:
        return None
    newest = view.log.standing[-1].seq
    return next((line for line in reversed(lines) if line.seq == newest), None)


def next_entry(view: TableView) -> NextEntry | None:
    if view.replay_error is not None:
        return None
    try:
        move = forced_on(view.game, view.state)
        if move is None or not view.game.check(view.state, move).legal:
            return None
        wording = Wording.of_table(view.seats)
        text = web_of(view.table.game).describe_move(move, view.state, wording)
        seat = view.game.actor(view.state, move)
    except RulesError:
        return None
    return NextEntry(f"{wording.seat(seat)}: {text}" if seat is not None and 0 <= seat < view.players else text)


__all__ = ["Dock", "NextEntry", "dock", "next_entry"]
