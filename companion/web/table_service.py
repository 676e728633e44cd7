"""Tables as the pages use them, written once: load-or-404, the history, the table's own profile copy,
new-table checks, export and import. The routes in ``tables.py`` (and the games' own routes) stay thin.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import abort, current_app, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from companion.server.cache import BoundedCache
from companion.server.offload import off_loop
from companion.storage.models import Event, Table, utcnow
from companion.tables import store
from companion.tables.eventlog import KINDS, MOVE, UNDO, LogEntry
from companion.tables.play import remember
from companion.tables.view import (
    TableView,
    UnknownProfile,
    check_log,
    games,
    named_copy,
    replay_table,
    resolve_profile,
    view_of,
)

from ..games.base import ErrorList, Game, IllegalMove, ParseError, RulesError
from ..inputs import InputError, choice, load_json, text, upload_text, whole_number
from ..profiles import builtin_profiles, read_profile
from ..profiles.refs import ProfileRef
from .gameweb import GameWeb, Registered
from .messages import explain, message_for
from .security import client_id
from .wording import Wording

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


def web_of(slug: str) -> GameWeb[Any, Any]:
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


def load_for_write(token: str, key: str) -> TableView:
    """The table a write request names, or a 404 page, read with what the phone's tap key had written there
    (one statement: see store.table_with_tap)."""
    found = store.table_with_tap(token, key)
    if found is None or found[0].game not in games():
        abort(404)
    table, tap = found
    return view_of(table, tap=tap)


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
    device: str = ""  # the phone's id (never shown): a live page announces only other phones' entries
    said: str = ""  # how other phones announce it: the line, or who undid or redid what ("Ben undid: Aki: +5")
    by: str = ""  # the phone that entered it as people know it: its player ("Ben") or its number ("phone 2")


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
    key = (view.cache_key, str(get_locale()))
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
    recent = store.recent_log(table_id, view.table.token, limit, skip)
    events = recent.entries
    by_seq: dict[int, store.LoggedEntry | Event] = {e.seq: e for e in events}
    targets = {int(t) for e in events if e.kind != MOVE and isinstance(t := e.payload.get("target"), int)}
    by_seq.update({e.seq: e for e in store.events_by_seq(table_id, targets - set(by_seq))})
    moves = {seq for seq, e in by_seq.items() if e.kind == MOVE and seq not in view.log.undone_seqs}
    before = view.before if moves <= set(view.before) else _states_before(view, max(moves, default=0))
    web = web_of(view.table.game)
    wording = Wording.of_table(view.seats)

    actors: dict[str, set[int]] = {}  # phone -> the seats whose moves it entered (in the entries read)

    def describe(seq: int) -> str:
        """The logged move read once into the game's typed move, worded from it and the state it was made on;
        the platform names who moved (``Game.actor``)."""
        payload = by_seq[seq].payload
        state = before.get(seq)
        try:
            move = view.game.parse_move(payload)
            text = web.describe_move(move, state if state is not None else view.state, wording)
            seat = view.game.actor(state, move) if state is not None else None
        except (RulesError, KeyError, ValueError, TypeError):
            return json.dumps(payload, ensure_ascii=False)
        if seat is not None and 0 <= seat < view.players:
            actors.setdefault(by_seq[seq].device, set()).add(seat)
            return f"{wording.seat(seat)}: {text}"
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
                                 event.created_at, seq in view.log.undone_seqs, event.device, said or text, who))
    return lines


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


# -- the table's own profile copy ----------------------------------------------------------------------------

def own_profile_copy(view: TableView, based_on: int, device: str) -> ProfileRef | None:
    """Give the table its own copy of its deck profile (to edit it in the card editor), through the table's
    write path (version-checked, like any entry). A table already on its own copy keeps it. None when another
    phone wrote first (nothing changed)."""
    if view.profile_ref.is_user and view.profile_version is not None:
        return view.profile_ref
    outcome = remember(view, based_on, copy.deepcopy(dict(view.profile)), device)
    return outcome.view.profile_ref if outcome.kind == "saved" else None


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
    raw_names = [form.get(f"seat{i}", "") for i in range(max(game.player_counts))]
    names = [text(n, SEAT_NAME_LIMIT) for n in raw_names]
    seats = [n for n in names if n]
    problem = seat_problem(game, seats)
    if any(n is None for n in names):
        problem = _("A name may have at most 40 characters, and no control characters.")
    if problem:
        errors["seats"] = problem
    options: dict[str, str] = {}
    for option in game.options:
        value = choice(form.get(f"option_{option.key}", option.default), option.choices)
        if value is None:
            errors[f"option_{option.key}"] = _("Choose one of the offered settings.")
        elif not option.shown and value != option.default:
            # A retired reading is kept only so that the tables started under it still replay; a new table
            # plays by the current one (the pages do not offer it, so only a hand-made form gets here).
            errors["form"] = _("That reading of %(rule)s is kept only for tables started before the rule was "
                               "read again; a new table plays by the current reading.", rule=option.rule)
        options[option.key] = value or option.default
    given = [text(form.get(key, ""), 300) for key in ("profile_link", "profile")]
    chosen = next((g for g in given if g), "")
    builtins = builtin_profiles(game.slug)
    ref = ProfileRef.from_input(chosen, set(builtins))
    if not ref.is_user and not ref.key and builtins:
        ref = ProfileRef.builtin(next(iter(builtins)))  # the game's first built-in profile, by name
    try:
        if None in given:  # a link too long or with control characters names no profile
            raise UnknownProfile(str(ref))
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


def table_limit() -> tuple[datetime, int]:
    """The table-creation limit: since when, and how many tables a client may start in that time."""
    config = current_app.config
    return store.window_start(config["TABLE_RATE_WINDOW"]), int(config["TABLES_PER_WINDOW"])


def start_table(game: Game[Any, Any], new: NewTable, rematch_of: int | None = None) -> Table | None:
    """Write a checked new table; None when this client started too many lately (checked in the same write,
    so concurrent requests cannot pass the limit together). A table started from a user profile's link gets
    its own copy of it: what it learns, and what its players edit, changes no other table."""
    own: tuple[dict[str, Any], str] | None = None
    if new.profile_ref.is_user:
        data, _key = resolve_profile(game.slug, new.profile_ref)
        own = (named_copy(data, new.seats), str(new.profile_ref))
    try:
        return store.create_table(game.slug, new.seats, new.options, str(new.profile_ref), client_id(),
                                  limit=table_limit(), own_profile=own, rematch_of=rematch_of)
    except store.TooManyTables:
        return None


# -- export and import ------------------------------------------------------------------------------------------

def submitted_text() -> str:
    """What an import form sent: the uploaded file (up to MAX_CONTENT_LENGTH) or else the pasted text (up to
    MAX_FORM_MEMORY_SIZE; Werkzeug answers 413 past either). InputError when the file is not UTF-8 text, or
    when neither a file nor any text was sent (the player is asked for a file, not told it is unreadable)."""
    upload = request.files.get("file")
    if upload and upload.filename:
        return upload_text(upload.read())
    pasted = request.form.get("text", "")
    if not pasted.strip():
        raise InputError("import.nothing")
    return pasted


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


def TOO_MANY_TABLES() -> str:  # noqa: N802  (read as the message it is)
    return _("This phone has started many tables in a short time. Wait a while, then try again.")


def over_table_limit(adding: int = 1) -> bool:
    """This client may not start ``adding`` more tables now. Checked before an import is read, so a client over
    its limit costs a count, not the parsing and checking of a long log; the write checks again (the count
    can change meanwhile)."""
    since, most = table_limit()
    return store.tables_created_since(client_id(), since) + adding > most


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
