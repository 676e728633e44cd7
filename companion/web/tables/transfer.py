"""A table as a file and back: the export (streamed a batch of entries at a time) and the import, checked whole
(seats, options, profile, every entry as the rules read it) before anything is written."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from companion.games.base import ErrorList, Game, IllegalMove, ParseError, RulesError
from companion.inputs import InputError, choice, load_json, text, whole_number
from companion.profiles import builtin_profiles, read_profile
from companion.profiles.refs import ProfileRef
from companion.server.offload import off_loop
from companion.storage.models import Table, utcnow
from companion.tables import store
from companion.tables.eventlog import KINDS, MOVE, UNDO, LogEntry
from companion.tables.view import (
    TableView,
    UnknownProfile,
    check_log,
    resolve_profile,
)
from companion.web.guard.security import client_id
from companion.web.messages import explain, message_for
from companion.web.registered import registered
from companion.web.tables.starting import (
    SEAT_NAME_LIMIT,
    TOO_MANY_TABLES,
    over_table_limit,
    seat_problem,
    table_limit,
)

EXPORT_FORMAT = "companion-table"


def export_table(view: TableView, log: bool = True) -> dict[str, Any]:
    """The table as its export file holds it (``log=False``: all but the log, for ``export_chunks``)."""
    table = view.table
    ref = view.profile_ref
    found: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "format_version": 1,
        "game": table.game,
        "version": table.version,
        "options": dict(table.options),
        "seats": list(table.seats),
        "profile_ref": "" if ref.is_user else str(ref),
        "profile": view.profile,
    }
    if log:
        found["log"] = [_exported(e) for e in store.events_of(table.id)]
    return found


EXPORT_BATCH = 500  # log entries read and written at a time by a streamed export


def export_chunks(view: TableView) -> Iterator[str]:
    """``export_table`` as the route writes it (``json.dumps(..., ensure_ascii=False, indent=1)``), the same
    text, in pieces: the log is read ``EXPORT_BATCH`` entries at a time, and between batches the worker is given
    back (``time.sleep(0)``: gevent's switch), so a 10,000-entry export holds no other phone up.
    For the route: ``Response(stream_with_context(export_chunks(view)), mimetype="application/json", ...)``."""
    whole = export_table(view, log=False)
    if store.count_events(view.table.id) == 0:
        yield json.dumps({**whole, "log": []}, ensure_ascii=False, indent=1)
        return
    head = json.dumps(whole, ensure_ascii=False, indent=1)
    yield head[:-2] + ',\n "log": [\n'
    after, first = 0, True
    while batch := store.events_after(view.table.id, after, EXPORT_BATCH):
        items = (json.dumps(_exported(e), ensure_ascii=False, indent=1).replace("\n", "\n  ") for e in batch)
        yield ("" if first else ",\n") + ",\n".join("  " + item for item in items)
        after, first = batch[-1].seq, False
        time.sleep(0)
    yield "\n ]\n}"


def _exported(e: Any) -> dict[str, Any]:
    return {"seq": e.seq, "kind": e.kind, "payload": e.payload, "device": e.device, "at": e.created_at.isoformat()}


MAX_LOG_ENTRIES = 20_000  # an evening's longest game logs a few hundred entries
MAX_SEQ = 2**31 - 1
DEVICE_LIMIT = 32


def import_table(body: str) -> list[str] | Table:
    """A table export made into a new table, or the reasons it cannot be. The export is checked as a new
    table is (seats, options, profile) and its log as entries are (each move checked by the rules, each undo
    and redo naming what it takes back); the table, its profile copy and its log are then written in one
    transaction, so a refused import leaves nothing behind. The log keeps its sequence numbers, undo targets,
    phone labels and times: exporting the new table gives the same log back."""
    if over_table_limit():  # before reading: a client over its limit costs no parsing at all
        return [TOO_MANY_TABLES()]
    checked = off_loop(read_import, body)  # seconds of CPU for the longest log: off the event loop
    if isinstance(checked, list):
        return checked
    try:
        return store.create_table(checked.game, checked.seats, checked.options, str(checked.profile_ref or ""),
                                  client_id(), limit=table_limit(),
                                  own_profile=None if checked.profile_ref else (checked.profile, "import"),
                                  events=checked.events, version=checked.version)
    except store.TooManyTables:
        return [TOO_MANY_TABLES()]


def read_import(body: str) -> list[str] | CheckedImport:
    """A table export's text read and checked (``check_import``), or the reasons it cannot be imported."""
    try:
        data = load_json(body)
    except InputError as exc:
        return [message_for("import.not_readable"), message_for(exc.code, exc.params)]
    return check_import(data)


@dataclass(frozen=True)
class CheckedImport:
    """A table export that passed every check, ready to write: a built-in profile by reference
    (``profile_ref``), or else ``profile`` as the table's own copy."""

    game: str
    seats: list[str]
    options: dict[str, str]
    profile_ref: ProfileRef | None
    profile: dict[str, Any]
    events: list[store.LoggedEntry]
    version: int


def check_import(data: Any) -> list[str] | CheckedImport:
    """A table export (parsed JSON) checked as a new table is and its log as entries are, or the reasons it
    cannot be imported. Writes nothing (a group's import checks all its tables before writing any)."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT \
            or data.get("format_version", 1) != 1:
        return [message_for("import.not_readable")]
    game_slug = data.get("game")
    entry = registered().get(game_slug) if isinstance(game_slug, str) else None
    if entry is None:
        return [message_for("import.unknown_game", {"game": str(game_slug)[:40]})]
    game = entry.game
    seats = _imported_seats(game, data.get("seats"))
    options = _imported_options(game, data.get("options", {}))
    if seats is None or options is None:
        return [message_for("import.bad_seats")]
    events = _imported_log(data.get("log", []))
    if isinstance(events, str):
        return [events]
    version = whole_number(data.get("version", 0), 0, MAX_SEQ)
    if version is None or (events and version > MAX_SEQ):
        return [message_for("import.not_readable")]
    try:
        profile_ref, profile = _imported_profile(game, data)
    except RulesError as exc:
        errors = exc.errors if isinstance(exc, ErrorList) else [exc]
        return [message_for("import.bad_profile", {"why": explain(e)}) for e in errors[:20]]
    entries = [LogEntry(e.seq, e.kind, e.payload) for e in events]
    refused = check_log(game, len(seats), options, profile, entries)
    if refused is not None:
        seq, why = refused
        reason = explain(why.verdict.failures[0]) if isinstance(why, IllegalMove) and why.verdict.failures \
            else explain(why)
        if seq == 0:
            return [message_for("import.bad_profile", {"why": reason})]
        return [message_for("import.bad_log", {"seq": seq, "why": reason})]
    return CheckedImport(game.slug, seats, options, profile_ref, profile, events, version)


def _imported_seats(game: Game[Any, Any], raw: Any) -> list[str] | None:
    if not isinstance(raw, list) or len(raw) > max(game.player_counts):
        return None
    seats = [text(s, SEAT_NAME_LIMIT) for s in raw]
    if any(s is None or s == "" or s != raw[i] for i, s in enumerate(seats)):
        return None
    names = [s for s in seats if s]
    return None if seat_problem(game, names) else names


def _imported_options(game: Game[Any, Any], raw: Any) -> dict[str, str] | None:
    if not isinstance(raw, dict) or set(raw) - {o.key for o in game.options}:
        return None
    options: dict[str, str] = {}
    for option in game.options:
        # an export made before an option existed keeps the reading it was played under (OptionSpec.before)
        value = choice(option.value(raw), option.choices)
        if value is None:
            return None
        options[option.key] = value
    return options


def _imported_log(raw: Any) -> list[store.LoggedEntry] | str:
    """The exported log as entries to write, or why it cannot be (a message)."""
    unreadable = message_for("import.not_readable")
    if not isinstance(raw, list) or len(raw) > MAX_LOG_ENTRIES:
        return unreadable
    events: list[store.LoggedEntry] = []
    standing: list[int] = []
    redoable: list[int] = []
    last = 0
    now = utcnow()
    for item in raw:
        if not isinstance(item, dict):
            return unreadable
        seq = whole_number(item.get("seq"), last + 1, MAX_SEQ)
        kind = choice(item.get("kind"), KINDS)
        payload = item.get("payload")
        device = text(item.get("device", "import"), DEVICE_LIMIT)
        at = _moment(item.get("at"), now)
        if seq is None or kind is None or not isinstance(payload, dict) or device is None or at is None:
            return unreadable
        if kind == MOVE:
            standing.append(seq)
            redoable.clear()
        else:  # an undo takes back the newest standing move, a redo puts back the last undone one
            source, target = (standing, redoable) if kind == UNDO else (redoable, standing)
            if not source or payload != {"target": source[-1]}:
                return message_for("import.bad_log", {"seq": seq, "why": message_for("import.bad_target")})
            target.append(source.pop())
        events.append(store.LoggedEntry(seq, kind, payload, device, at))
        last = seq
    return events


def _moment(raw: Any, default: datetime) -> datetime | None:
    """An entry's time as exported (ISO 8601; without an offset it is UTC, as SQLite keeps it)."""
    if raw is None:
        return default
    if not isinstance(raw, str) or len(raw) > 40:
        return None
    try:
        moment = datetime.fromisoformat(raw)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _imported_profile(game: Game[Any, Any], data: dict[str, Any]) -> tuple[ProfileRef | None, dict[str, Any]]:
    """A built-in profile the export names and still matches is used by reference; otherwise the export's
    profile, read as an imported profile file is, becomes the table's own copy (None). Raises RulesError."""
    slug = game.slug
    raw_ref = data.get("profile_ref") or ""
    given = data.get("profile")
    if not isinstance(raw_ref, str) or (given is not None and not isinstance(given, dict)):
        raise ParseError("import.not_readable")
    ref = ProfileRef.parse(raw_ref)
    builtins = builtin_profiles(slug)
    if not builtins and not game.card_fields:
        # A game without card data has no profile to carry: the table uses the game's empty one, so exporting
        # it again names the same (not a copy made of an empty profile).
        return ProfileRef.builtin(""), resolve_profile(slug, ProfileRef.builtin())[0]
    if raw_ref and not ref.is_user and ref.key in builtins and (given is None or given == builtins[ref.key]):
        return ref, builtins[ref.key]
    if given is not None:
        profile = read_profile(given, slug, game.card_fields)
        return None, profile
    try:
        return ProfileRef.builtin("default"), resolve_profile(slug, ProfileRef.builtin())[0]
    except UnknownProfile:
        return ProfileRef.builtin(""), {}
