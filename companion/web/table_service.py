"""Tables as the pages use them, written once: load-or-404, the history, the table's own profile copy,
new-table checks, export and import. The routes in ``tables.py`` (and the games' own routes) stay thin.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from flask import abort, current_app
from flask_babel import gettext as _

from .. import store
from ..eventlog import KINDS, MOVE, LogEntry
from ..games.base import Game, IllegalMove, RulesError
from ..models import Table
from ..play import TableView, UnknownProfile, check_log, games, replay_table, resolve_profile, view_of
from ..profiles import builtin_profiles, normalise
from ..profiles.refs import ProfileRef
from .gameweb import GameWeb, Registered
from .messages import explain, message_for
from .security import client_id

EXPORT_FORMAT = "companion-table"
SEAT_NAME_LIMIT = 40


def registered() -> dict[str, Registered]:
    entries: dict[str, Registered] = current_app.extensions["companion_games"]
    return entries


def game_or_404(slug: str) -> Registered:
    entry = registered().get(slug)
    if entry is None:
        abort(404)
    return entry


def web_of(slug: str) -> GameWeb:
    return registered()[slug].web


def load_table(token: str, *, watch: bool = False, game: str = "") -> Table:
    """The table a link names (the play link, or the watch link with ``watch``), or a 404 page.
    ``game`` limits it to one game's tables (a game's own routes)."""
    table = store.get_watched_table(token) if watch else store.get_table(token)
    if table is None or table.game not in games() or (game and table.game != game):
        abort(404)
    return table


def load_view(token: str, *, watch: bool = False, game: str = "") -> TableView:
    return view_of(load_table(token, watch=watch, game=game))


# -- history ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HistoryLine:
    seq: int
    number: int  # what people see: 1, 2, 3 … with no gaps
    kind: str  # move, undo, redo
    text: str
    phone: str  # a short nickname of the phone that entered it ("2": the table's second phone)
    at: datetime
    undone: bool


RECENT_HISTORY = 30  # history lines a table page shows; the rest is one tap away (the history page)


def history(view: TableView, limit: int | None = RECENT_HISTORY) -> list[HistoryLine]:
    """The log's newest ``limit`` entries (all with None), newest first, each line saying what it was, who
    moved, and whether it is undone. A page's cost does not grow with the log: only those entries (and the
    moves their undos name) are read, and the seats come from the states kept for the newest moves."""
    table_id = view.table.id
    events = store.recent_events(table_id, limit) if limit is not None else store.events_of(table_id)
    by_seq = {e.seq: e for e in events}
    targets = {int(t) for e in events if e.kind != MOVE and isinstance(t := e.payload.get("target"), int)}
    by_seq.update({e.seq: e for e in store.events_by_seq(table_id, targets - set(by_seq))})
    moves = {seq for seq, e in by_seq.items() if e.kind == MOVE and seq not in view.log.undone_seqs}
    before = view.before if moves <= set(view.before) else _all_states_before(view)
    web = web_of(view.table.game)

    def describe(seq: int) -> str:
        payload = by_seq[seq].payload
        try:
            text = web.describe_move(payload, view)
            seat = _actor(view, before, payload, seq)
        except (RulesError, KeyError, ValueError, TypeError):
            return json.dumps(payload, ensure_ascii=False)
        if seat is not None and 0 <= seat < view.players:
            return f"{view.seats[seat]}: {text}"
        return text

    ordered = sorted(events, key=lambda e: e.seq)
    first = store.events_before(table_id, ordered[0].seq) if ordered else 0
    numbers = {e.seq: first + i + 1 for i, e in enumerate(ordered)}
    numbers.update({seq: store.events_before(table_id, seq) + 1 for seq in by_seq if seq not in numbers})
    phones = {device: str(i + 1) for i, device in enumerate(store.devices_in_order(table_id))}
    lines = []
    for event in reversed(ordered):
        seq = event.seq
        if event.kind == MOVE:
            text = describe(seq)
        else:
            target = event.payload.get("target", -1)
            found = target in by_seq and by_seq[target].kind == MOVE
            what = describe(target) if found else ""
            shown = numbers[target] if found else "?"
            text = (_("Undo of #%(seq)s: %(what)s", seq=shown, what=what) if event.kind == "undo"
                    else _("Redo of #%(seq)s: %(what)s", seq=shown, what=what))
        lines.append(HistoryLine(seq, numbers[seq], event.kind, text, phones.get(event.device, "?"),
                                 event.created_at, seq in view.log.undone_seqs))
    return lines


def _all_states_before(view: TableView) -> Mapping[int, Any]:
    """Every move's state before it (the whole history page): one replay, kept only for this answer."""
    return replay_table(view.game, view.table, view.profile, store.log_of(view.table.id)).before


def _actor(view: TableView, before: Mapping[int, Any], payload: Mapping[str, Any], seq: int) -> int | None:
    state = before.get(seq)
    if state is None:
        return None
    seat: int | None = view.game.actor(state, view.game.parse_move(payload))
    return seat


# -- the table's own profile copy ----------------------------------------------------------------------------

def own_profile_copy(view: TableView, based_on: int, data: Mapping[str, Any] | None = None) -> ProfileRef:
    """Copy this table's deck profile (or use ``data`` as the copy's content) and point the table at the copy,
    a version-checked write (store.Conflict when another phone wrote first). A table already on its own copy
    keeps it. The copy is named after the table's seats, so a player can tell it from the others."""
    ref = view.profile_ref
    if ref.is_user:
        return ref
    copied = dict(data if data is not None else view.profile)
    copied["id"] = ""
    copied["name_en"] = f"{copied.get('name_en', '')} ({', '.join(view.seats)})".strip()
    copied["name_ja"] = f"{copied.get('name_ja', '')}（{'・'.join(view.seats)}）".strip()
    created = store.create_profile(view.table.game, copied, str(ref))
    new_ref = ProfileRef.user(created.token)
    store.set_table_profile(view.table.id, based_on, str(new_ref))
    return new_ref


# -- new tables ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class NewTable:
    seats: list[str]
    options: dict[str, str]
    profile_ref: ProfileRef
    errors: dict[str, str]


def read_new_table(game: Game[Any, Any], form: Mapping[str, str]) -> NewTable:
    """The new-table form checked: seats in clockwise order, options among their choices, a known profile."""
    errors: dict[str, str] = {}
    names = [str(form.get(f"seat{i}", "")).strip() for i in range(max(game.player_counts))]
    seats = [n for n in names if n]
    problem = seat_problem(game, seats)
    if problem:
        errors["seats"] = problem
    options: dict[str, str] = {}
    for option in game.options:
        value = form.get(f"option_{option.key}", option.default)
        if value not in option.choices:
            errors[f"option_{option.key}"] = _("Choose one of the offered settings.")
        options[option.key] = str(value)
    chosen = str(form.get("profile_link", "")).strip() or str(form.get("profile", ""))
    builtins = builtin_profiles(game.slug)
    ref = ProfileRef.from_input(chosen, set(builtins))
    if not ref.is_user and not ref.key and builtins:
        ref = ProfileRef.builtin(next(iter(builtins)))  # the game's first built-in profile, by name
    try:
        resolve_profile(game.slug, ref)
    except UnknownProfile:
        errors["profile"] = _("No deck profile of this game is at that link.")
    return NewTable(seats, options, ref, errors)


def seat_problem(game: Game[Any, Any], seats: list[str]) -> str:
    if len(seats) not in game.player_counts:
        counts = " / ".join(str(n) for n in game.player_counts)
        return _("Enter the names of %(counts)s players, in clockwise order.", counts=counts)
    if len({s.casefold() for s in seats}) != len(seats):
        return _("Two seats have the same name; give each player a different one.")
    if any(len(s) > SEAT_NAME_LIMIT for s in seats):
        return _("A name may have at most 40 characters.")
    return ""


def too_many_new_tables() -> bool:
    config = current_app.config
    since = store.window_start(config["TABLE_RATE_WINDOW"])
    return store.tables_created_since(client_id(), since) >= config["TABLES_PER_WINDOW"]


# -- export and import -----------------------------------------------------------------------------------------

def export_table(view: TableView) -> dict[str, Any]:
    table = view.table
    ref = view.profile_ref
    return {
        "format": EXPORT_FORMAT,
        "format_version": 1,
        "game": table.game,
        "options": dict(table.options),
        "seats": list(table.seats),
        "profile_ref": "" if ref.is_user else str(ref),
        "profile": view.profile,
        "log": [
            {"seq": e.seq, "kind": e.kind, "payload": e.payload, "device": e.device,
             "at": e.created_at.isoformat()}
            for e in store.events_of(table.id)
        ],
    }


def import_table(text: str) -> list[str] | Table:
    """A table export made into a new table, or the reasons it cannot be."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return [message_for("import.not_readable")]
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        return [message_for("import.not_readable")]
    entry = registered().get(str(data.get("game")))
    if entry is None:
        return [message_for("import.unknown_game", {"game": data.get("game")})]
    game = entry.game
    seats = data.get("seats")
    options = data.get("options") or {}
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats) \
            or not isinstance(options, dict) or seat_problem(game, [s.strip() for s in seats]):
        return [message_for("import.bad_seats")]
    for option in game.options:
        if options.get(option.key, option.default) not in option.choices:
            return [message_for("import.bad_seats")]
        options[option.key] = options.get(option.key, option.default)
    log = data.get("log") or []
    if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        return [message_for("import.not_readable")]
    try:
        entries = [LogEntry(int(e.get("seq", i + 1)), str(e.get("kind", "")), dict(e.get("payload") or {}))
                   for i, e in enumerate(log)]
    except (TypeError, ValueError):
        return [message_for("import.not_readable")]
    profile_ref, profile = _imported_profile(game.slug, data)
    refused = check_log(game, len(seats), options, profile, entries)
    if refused is not None:
        seq, why = refused
        reason = explain(why.verdict.failures[0]) if isinstance(why, IllegalMove) and why.verdict.failures \
            else explain(why)
        if seq == 0:
            return [message_for("import.bad_profile", {"why": reason})]
        return [message_for("import.bad_log", {"seq": seq, "why": reason})]
    if too_many_new_tables():
        return [_("This phone has started many tables in a short time. Wait a while, then try again.")]
    if profile_ref is None:
        created = store.create_profile(game.slug, profile, "import")
        profile_ref = ProfileRef.user(created.token)
    table = store.create_table(game.slug, seats, options, str(profile_ref), client_id())
    version = 0  # the log goes into the new table entry by entry, each with its original kind, in order
    for e in entries:
        if e.kind in KINDS:
            version = store.append_event(table.id, version, e.kind, dict(e.payload), "import")
    return table


def _imported_profile(slug: str, data: dict[str, Any]) -> tuple[ProfileRef | None, dict[str, Any]]:
    """A built-in profile the export names and still matches is used by reference; otherwise a copy is made."""
    ref = ProfileRef.parse(str(data.get("profile_ref") or ""))
    given = data.get("profile") if isinstance(data.get("profile"), dict) else None
    builtins = builtin_profiles(slug)
    if data.get("profile_ref") and not ref.is_user and ref.key in builtins \
            and (given is None or given == builtins[ref.key]):
        return ref, builtins[ref.key]
    if given is not None:
        return None, normalise(given)
    try:
        return ProfileRef.builtin("default"), resolve_profile(slug, ProfileRef.builtin())[0]
    except UnknownProfile:
        return ProfileRef.builtin(""), {}
