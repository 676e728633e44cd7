"""Entries written straight into a table's log, for tests and benches that need a long log fast (thousands of
entries) without a phone, a form or a view of the table. Phones' entries go through companion.tables.play, the
app's one write path; this uses the same write turn, so the version check and the turn queue still hold."""

from __future__ import annotations

from typing import Any

from companion.tables import live
from companion.tables.store import Conflict
from companion.tables.turns import table_turn


def append_event(table_id: int, based_on: int, kind: str, payload: dict[str, Any], device: str) -> int:
    """Append one entry if the table is still at version ``based_on`` and no refused phone is waiting ahead
    of ``device``; return the new version. Else Conflict (``waiting``: the version was current). For callers
    that hold no view of the table; entries from phones go through ``play.enter_move``, which can also save a
    stale entry whose meaning did not change."""
    appended = None
    with table_turn(table_id, device) as turn:
        if turn is None:
            raise Conflict(0)
        if turn.mine and turn.version == based_on:
            appended = turn.append(kind, payload)
        elif turn.mine:
            turn.wait()
        else:
            turn.hold()
        current, waiting = turn.version, turn.version == based_on
    if appended is None:
        raise Conflict(current, waiting=waiting)
    live.published(table_id, appended)  # committed: this process's pages and polls hear of it now
    return appended
