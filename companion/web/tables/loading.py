"""A table as a page reads it, or a 404: by its players' or watch link (``load_table``, ``load_view``), for a write
with what its tap key wrote (``load_for_write``), as it stood at an earlier version (``view_at``: the browser's
Back), and the table's own profile copy made on demand (``own_profile_copy``)."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from flask import abort

from companion.profiles.refs import ProfileRef
from companion.storage.models import Table
from companion.tables import store
from companion.tables.play import remember
from companion.tables.view import (
    TableView,
    games,
    replay_table,
    view_of,
)


def load_table(token: str, *, watch: bool = False, game: str = "") -> Table:
    """The table a link names (the play link, or the watch link with ``watch``), or a 404 page.
    ``game`` limits it to one game's tables (a game's own routes)."""
    return _playable(store.get_watched_table(token) if watch else store.get_table(token), game)


def load_view(token: str, *, watch: bool = False, game: str = "") -> TableView:
    """The table a link names as it stands, or a 404 page: read with its user profile's version (one statement:
    see store.table_read)."""
    found = store.table_read(token, watch)
    if found is None:
        abort(404)
    table, profile_version = found
    return view_of(_playable(table, game), profile_read=profile_version)


def load_for_write(token: str, key: str) -> TableView:
    """The table a write request names, or a 404 page, read with what the phone's tap key had written there
    and its user profile's version (one statement: see store.table_with_tap)."""
    found = store.table_with_tap(token, key)
    if found is None:
        abort(404)
    table, tap, profile_version = found
    return view_of(_playable(table), tap=tap, profile_read=profile_version)


def _playable(table: Table | None, game: str = "") -> Table:
    """The table found, or a 404 page: none found, a game this server does not have, or not ``game``'s (a
    game's own routes)."""
    if table is None or table.game not in games() or (game and table.game != game):
        abort(404)
    return table


@dataclass(frozen=True)
class Past:
    """A table page's earlier step (the browser's Back after entries): the version shown, and how many
    entries came after it."""

    version: int
    later: int


def view_at(view: TableView, version: int) -> tuple[TableView, Past]:
    """The table as it stood at ``version``: the log up to it replayed once, for reading only. The browser's
    Back steps through a table's entries this way and never writes: undoing is the log's Undo."""
    entries = store.log_of(view.table.id)
    replayed = replay_table(view.game, view.table, view.profile, [e for e in entries if e.seq <= version])
    past = TableView(view.table, view.game, view.profile, replayed, (*view.cache_key, "at", version))
    return past, Past(version, sum(1 for e in entries if e.seq > version))




def own_profile_copy(view: TableView, based_on: int, device: str) -> ProfileRef | None:
    """Give the table its own copy of its deck profile (to edit it in the card editor), through the table's
    write path (version-checked, like any entry). A table already on its own copy keeps it. None when another
    phone wrote first (nothing changed)."""
    if view.profile_ref.is_user and view.profile_version is not None:
        return view.profile_ref
    outcome = remember(view, based_on, copy.deepcopy(dict(view.profile)), device)
    return outcome.view.profile_ref if outcome.kind == "saved" else None
