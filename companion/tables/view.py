"""A table as a phone sees it: its game, profile, log and the state the log replays to (``view_of``), kept per
version for every phone; and the deck profile a table or a page names (``resolve_profile``). Reading only: a
table is written by companion.tables.play.

Data flows one way: store -> eventlog.replay through game.apply (from a snapshot when one is kept) -> the web
layer's model. Nothing here imports the web layer.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import current_app

from companion.games.base import Game, IllegalMove, ParseError, RulesError
from companion.profiles import builtin_profiles
from companion.profiles import store as profile_store
from companion.profiles.refs import ProfileRef
from companion.server.cache import BoundedCache
from companion.storage.models import Table
from companion.tables import snapshots, store
from companion.tables.entries import apply_entry, every_move
from companion.tables.eventlog import LogEntry, LogReplay, LogView, Rebuild, Replayed, replay


class UnknownProfile(LookupError):
    pass


def games() -> dict[str, Game[Any, Any]]:
    """slug -> engine of every game this app runs (the registry's, plus a test's stand-in game)."""
    engines: dict[str, Game[Any, Any]] = current_app.extensions["companion_engines"]
    return engines


EMPTY_PROFILE: dict[str, Any] = {"id": "", "game": "", "name_en": "", "name_ja": "", "meta": {}, "cards": []}


def resolve_profile(slug: str, ref: ProfileRef) -> tuple[dict[str, Any], str]:
    """(profile data, cache key): a built-in profile by id ("" = the game's first), or a user profile by token."""
    data, key, _version = _resolve(slug, ref)
    return data, key


# A user profile's data by its token and version (a version is never saved twice): every request of a table reads
# the profile's version, not its whole data again (issue 39: an entry's cost).
_profiles: BoundedCache[dict[str, Any]] = BoundedCache(
    256, max_bytes=16 * 2**20, size_of=lambda data: 1000 + 200 * len(data.get("cards", ())))


def _resolve(slug: str, ref: ProfileRef, read: int | None = None) -> tuple[dict[str, Any], str, int | None]:
    """``resolve_profile`` and the user profile's version (None for a built-in one): what a write of card
    data the table learnt is checked against. ``read``: the user profile's version, read with the table's row."""
    if ref.is_user:
        saved = (slug, read) if read is not None else profile_store.profile_version(ref.token)
        if saved is None or saved[0] != slug:
            raise UnknownProfile(str(ref))
        version = saved[1]
        data = _profiles.get((ref.token, version)) or profile_store.profile_data(ref.token, version)
        if data is None:  # saved again between the two reads: the whole row as it is now
            row = profile_store.get_profile(ref.token)
            if row is None or row.game != slug:
                raise UnknownProfile(str(ref))
            data, version = dict(row.data), row.version
        _profiles.put((ref.token, version), data)
        return dict(data), f"{ref}@{version}", version
    found = builtin_profiles(slug)
    if ref.key in found:
        return found[ref.key], str(ref), None
    if not ref.key and found:
        first = next(iter(found))
        return found[first], str(ProfileRef.builtin(first)), None
    if not ref.key:
        return {**EMPTY_PROFILE, "game": slug}, "none", None
    raise UnknownProfile(str(ref))


def lookup_profile(slug: str) -> Any:
    """For the referee API: a profile id (built-in) or token (user) -> profile data or None."""

    def lookup(name: str) -> dict[str, Any] | None:
        for ref in (ProfileRef.builtin(name), ProfileRef.user(name)):
            try:
                return resolve_profile(slug, ref)[0]
            except UnknownProfile:
                continue
        return None

    return lookup


@dataclass(frozen=True)
class TableView:
    """A table as it stands at one version: what every page, poll and entry of it reads."""

    table: Table
    game: Game[Any, Any]
    profile: dict[str, Any]
    replayed: Replayed[Any]
    cache_key: tuple[Any, ...] = ()  # table token, version and profile version: what the state depends on
    profile_version: int | None = None  # the user profile's version the view read (None: a built-in profile)
    tap: store.TapRead | None = None  # a write request's tap key, read with the table (store.table_with_tap)

    @property
    def log(self) -> LogView:
        return self.replayed.log

    @property
    def state(self) -> Any:
        return self.replayed.state

    @property
    def replay_error(self) -> RulesError | None:
        """A logged move that no longer applies (e.g. the profile changed): the state stops before it."""
        error = self.replayed.error
        return error if isinstance(error, RulesError) else None

    @property
    def before(self) -> Mapping[int, Any]:
        """The state each move of the log was entered on (undone ones too), by the move's seq."""
        return self.replayed.before

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def players(self) -> int:
        return len(self.table.seats)

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self.table.seats)

    @property
    def profile_ref(self) -> ProfileRef:
        return ProfileRef.parse(self.table.profile_ref)


def start_state(game: Game[Any, Any], table: Table, profile: dict[str, Any]) -> tuple[Any, RulesError | None]:
    """The state before the first move; on a profile that became unusable (edited elsewhere), the game on its
    built-in profile and why, rather than a failed page."""
    try:
        return game.new_state(len(table.seats), dict(table.options), profile), None
    except RulesError as exc:
        fallback, _key = resolve_profile(table.game, ProfileRef.builtin())
        return game.new_state(len(table.seats), dict(table.options), fallback), exc


def _step(game: Game[Any, Any]) -> Any:
    def step(state: Any, payload: Mapping[str, Any]) -> Any:
        return apply_entry(game, state, payload)

    return step


def replay_table(game: Game[Any, Any], table: Table, profile: dict[str, Any],
                 entries: list[LogEntry]) -> Replayed[Any]:
    """The log read once through the engine: the state, what stands, the state before each move."""
    start, start_error = start_state(game, table, profile)
    replayed = replay(entries, start, _step(game), (RulesError,))
    return _with_start_error(replayed, start_error)


def _with_start_error(replayed: Replayed[Any], start_error: RulesError | None) -> Replayed[Any]:
    if start_error is not None and replayed.error is None:
        return Replayed(replayed.log, replayed.state, start_error, replayed.before, 0)
    return replayed


# Each table's log is read once and then advanced entry by entry (a LogReplay per table and profile version,
# bounded by the entries it holds), so an entry's cost does not grow with the log. Each version's snapshot
# (what polls and page views of an unchanged table read) is kept too.
ENTRY_BYTES = 400  # a rough size of one kept log entry, for the byte bounds below
_replays: BoundedCache[tuple[LogReplay[Any], RulesError | None, threading.Lock]] = BoundedCache(
    512, max_bytes=64 * 2**20, size_of=lambda kept: kept[0].size * ENTRY_BYTES)
_views: BoundedCache[tuple[Replayed[Any], dict[str, Any]]] = BoundedCache(
    256, max_bytes=32 * 2**20, size_of=lambda kept: len(kept[0].log.standing) * ENTRY_BYTES)


def _advanced(game: Game[Any, Any], table: Table, profile: dict[str, Any], profile_key: str,
              written: Written | None = None) -> Replayed[Any]:
    """The table's log as of ``table.version``: the kept replay advanced by the entries it has not read. With
    ``written`` (the entry this request just saved, and the state its move made), a replay that stands just
    before it takes that state as it is: the move was applied once, when it was checked. The first read of a
    table in this worker starts from its stored snapshot, and a replay that has read far past its snapshot
    stores a new one (companion/tables/snapshots.py): a restart never replays a long log again."""
    key = (table.token, profile_key)

    def fresh() -> tuple[LogReplay[Any], RulesError | None, threading.Lock]:
        start, start_error = start_state(game, table, profile)
        return LogReplay(start, _step(game), (RulesError,)), start_error, threading.Lock()

    def first_read() -> tuple[LogReplay[Any], RulesError | None, threading.Lock]:
        made, start_error, lock = fresh()
        restored = snapshots.restore(table, profile_key, _step(game), (RulesError,))
        return (made if restored is None else restored), start_error, lock

    growing, start_error, lock = _replays.get_or_make(key, first_read)
    due: bytes | None = None
    with lock:
        if growing.last_seq > table.version:  # an older read than the kept replay: read that version alone
            entries = [e for e in store.log_of(table.id) if e.seq <= table.version]
            return replay_table(game, table, profile, entries)
        try:
            if written is not None and growing.last_seq == written.entry.seq - 1 == table.version - 1:
                growing.feed([written.entry], {written.entry.seq: written.after})
            else:
                growing.feed(e for e in store.log_since(table.id, growing.last_seq) if e.seq <= table.version)
        except Rebuild:  # an undo reached past the kept states: read the whole log again, once, keeping
            entries = [e for e in store.log_of(table.id) if e.seq <= table.version]  # every state while reading
            growing, start_error, _lock = fresh()
            keep = growing.keep
            growing.keep = len(entries) + 1
            growing.feed(entries)
            growing.trim(keep)
            _replays.put(key, (growing, start_error, lock))
        result = _with_start_error(growing.result(), start_error)
        due = snapshots.due(table, profile_key, growing)  # taken while no other request feeds it
    if due is not None:
        snapshots.save(table, profile_key, growing.last_seq, due)
    return result


@dataclass(frozen=True)
class Written:
    """What a write turn just saved: the entry, and (for a move) the state it made."""

    entry: LogEntry
    after: Any = None


def view_of(table: Table, *, profile: tuple[dict[str, Any], str, int | None] | None = None,
            written: Written | None = None, tap: store.TapRead | None = None,
            profile_read: int | None = None) -> TableView:
    """The table at ``table.version``. A write passes what it already holds (the profile it saved, the entry
    and the state its move made), so its answer reads nothing again and applies nothing twice; a write request
    passes what its tap key had written (``tap``) and its user profile's version (``profile_read``), both read
    with the table."""
    game = games()[table.game]
    table = store.snapshot(table)
    if profile is None:
        try:
            profile = _resolve(table.game, ProfileRef.parse(table.profile_ref), profile_read)
        except UnknownProfile:
            profile = _resolve(table.game, ProfileRef.builtin())
    data, profile_key, profile_version = profile
    key = (table.token, table.version, profile_key)  # tokens are unique even across databases
    replayed, data = _views.get_or_make(key, lambda: (_advanced(game, table, data, profile_key, written), data))
    return TableView(table, game, data, replayed, key, profile_version, tap)


def named_copy(data: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """A table's own copy of a deck profile, named after its seats so a player can tell it from the others."""
    copied = copy.deepcopy(dict(data))
    copied["id"] = ""
    copied["name_en"] = f"{copied.get('name_en', '')} ({', '.join(seats)})".strip()
    copied["name_ja"] = f"{copied.get('name_ja', '')}（{'・'.join(seats)}）".strip()
    return copied


def check_log(game: Game[Any, Any], players: int, options: dict[str, Any], profile: dict[str, Any],
              entries: list[LogEntry]) -> tuple[int, RulesError] | None:
    """For an import: the first logged move the rules refuse (its seq and why), or None when all apply.
    Moves are checked (not only applied) in the order they were entered, undos and redos included."""
    try:
        start = game.new_state(players, options, profile)
    except RulesError as exc:
        return 0, exc

    def step(state: Any, payload: Mapping[str, Any]) -> Any:
        for move in every_move(game, payload):  # an imported log's moves, the table's too, each checked
            verdict = game.check(state, move)
            if not verdict.legal:
                raise IllegalMove(verdict)
            state = game.apply(state, move)
        return state

    replayed = replay(entries, start, step, (RulesError,))
    if replayed.error is None:
        return None
    error = replayed.error
    return replayed.error_seq, error if isinstance(error, RulesError) else ParseError("import.not_readable")


__all__ = ["TableView", "UnknownProfile", "Written", "check_log", "games", "lookup_profile", "named_copy",
           "resolve_profile", "view_of"]
