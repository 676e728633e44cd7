"""A table in play: its game, profile, log and the state the log replays to; and entering into it.

Data flows one way: form/JSON -> game.parse_move -> game.check -> store.table_turn; and for showing,
store -> eventlog.replay through game.apply -> the web layer's model. Nothing here imports the web layer.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from flask import current_app

from . import rebase, store
from .cache import BoundedCache
from .eventlog import MOVE, REDO, UNDO, LogEntry, LogReplay, LogView, Rebuild, Replayed, replay
from .games.base import Game, IllegalMove, ImpossibleState, ParseError, RulesError, Verdict
from .models import Table
from .profiles import builtin_profiles
from .profiles.refs import ProfileRef


class UnknownProfile(LookupError):
    pass


def games() -> dict[str, Game[Any, Any]]:
    """slug -> engine of every game this app runs (the registry's, plus a test's stand-in game)."""
    engines: dict[str, Game[Any, Any]] = current_app.extensions["companion_engines"]
    return engines


EMPTY_PROFILE: dict[str, Any] = {"id": "", "game": "", "name_en": "", "name_ja": "", "meta": {}, "cards": []}


def resolve_profile(slug: str, ref: ProfileRef) -> tuple[dict[str, Any], str]:
    """(profile data, cache key): a built-in profile by id ("" = the game's first), or a user profile by token."""
    if ref.is_user:
        row = store.get_profile(ref.token)
        if row is None or row.game != slug:
            raise UnknownProfile(str(ref))
        return dict(row.data), f"{ref}@{row.version}"
    found = builtin_profiles(slug)
    if ref.key in found:
        return found[ref.key], str(ref)
    if not ref.key and found:
        first = next(iter(found))
        return found[first], str(ProfileRef.builtin(first))
    if not ref.key:
        return {**EMPTY_PROFILE, "game": slug}, "none"
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
        return game.apply(state, game.parse_move(payload))

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


def _advanced(game: Game[Any, Any], table: Table, profile: dict[str, Any], profile_key: str) -> Replayed[Any]:
    """The table's log as of ``table.version``: the kept replay advanced by the entries it has not read."""
    key = (table.token, profile_key)

    def fresh() -> tuple[LogReplay[Any], RulesError | None, threading.Lock]:
        start, start_error = start_state(game, table, profile)
        return LogReplay(start, _step(game), (RulesError,)), start_error, threading.Lock()

    growing, start_error, lock = _replays.get_or_make(key, fresh)
    with lock:
        if growing.last_seq > table.version:  # an older read than the kept replay: read that version alone
            entries = [e for e in store.log_of(table.id) if e.seq <= table.version]
            return replay_table(game, table, profile, entries)
        try:
            growing.feed(e for e in store.log_since(table.id, growing.last_seq) if e.seq <= table.version)
        except Rebuild:  # an undo reached past the kept states: read the whole log again, once, keeping
            entries = [e for e in store.log_of(table.id) if e.seq <= table.version]  # every state while reading
            growing, start_error, _lock = fresh()
            keep = growing.keep
            growing.keep = len(entries) + 1
            growing.feed(entries)
            growing.trim(keep)
            _replays.put(key, (growing, start_error, lock))
        return _with_start_error(growing.result(), start_error)


def view_of(table: Table) -> TableView:
    game = games()[table.game]
    try:
        profile, profile_key = resolve_profile(table.game, ProfileRef.parse(table.profile_ref))
    except UnknownProfile:
        profile, profile_key = resolve_profile(table.game, ProfileRef.builtin())
    key = (table.token, table.version, profile_key)  # tokens are unique even across databases
    replayed, profile = _views.get_or_make(key, lambda: (_advanced(game, table, profile, profile_key), profile))
    return TableView(table, game, profile, replayed, key)


@dataclass(frozen=True)
class Outcome:
    """What became of an entry: saved, refused by the rules, not understood, or based on an old version."""

    kind: str  # "saved", "illegal", "invalid", "conflict", "waiting" (another phone's turn), "nothing"
    verdict: Verdict | None = None
    error: RulesError | None = None
    version: int = 0


def as_seen(view: TableView, based_on: int) -> TableView | None:
    """The table as the phone saw it when it made its entry (what its form is read against): the view itself
    when current; for a recent version whose next entry is a move, the view with the state that move was
    entered on; None when that state is not kept (older, an undo or a profile change in between, a replay
    error). Only ``state`` differs from the fresh view: the move is then checked against it."""
    if based_on == view.version:
        return view
    state = view.before.get(based_on + 1)
    if not 0 <= based_on < view.version or state is None or view.replay_error is not None:
        return None
    return replace(view, replayed=replace(view.replayed, state=state))


def stale(view: TableView, device: str) -> Outcome:
    """An entry that cannot be read as its phone saw the table: refused, and the phone joins the table's queue
    (it writes after the phones refused before it, however fast the others are)."""
    return _write(view, -1, "", {}, device)


def enter_move(view: TableView, based_on: int, move_json: dict[str, Any], device: str) -> Outcome:
    seen = as_seen(view, based_on)
    if seen is None:
        return stale(view, device)
    game = view.game
    try:
        move = game.parse_move(move_json)
    except RulesError as exc:
        return Outcome("invalid", error=exc)
    if view.replay_error is not None:
        return Outcome("invalid", error=ParseError("table.replay_failed"))
    if seen is not view:  # stale: saved only if it means the same on the fresh table (checked in the turn)
        return _write(view, based_on, MOVE, game.move_to_json(move), device, move)
    try:
        verdict = game.check(view.state, move)
        if not verdict.legal:
            if verdict.impossible:
                first = next(r for r in verdict.failures if r.impossible)
                return Outcome("invalid", error=ImpossibleState(first.code, first.rule, first.path, **first.params))
            return Outcome("illegal", verdict=verdict)
        game.apply(view.state, move)  # the engine's last word before it goes into the log
    except IllegalMove as exc:
        return Outcome("illegal", verdict=exc.verdict)
    except RulesError as exc:  # an impossible state the move would make (e.g. a copy the deck no longer has)
        return Outcome("invalid", error=exc)
    return _write(view, based_on, MOVE, game.move_to_json(move), device, move)


def undo(view: TableView, based_on: int, device: str) -> Outcome:
    if based_on != view.version:
        return stale(view, device)
    if not view.log.can_undo:
        return Outcome("nothing")
    return _write(view, based_on, UNDO, {"target": view.log.standing[-1].seq}, device)


def redo(view: TableView, based_on: int, device: str) -> Outcome:
    if based_on != view.version:
        return stale(view, device)
    if not view.log.can_redo:
        return Outcome("nothing")
    return _write(view, based_on, REDO, {"target": view.log.redoable[-1].seq}, device)


def _write(view: TableView, based_on: int, kind: str, payload: dict[str, Any], device: str,
           move: Any = None) -> Outcome:
    """Save the entry in the table's write turn (its row locked, across every worker): on the version it was
    made on; or, for a ``move`` made on an older version, when it still means the same on the fresh table
    (rebase.same_meaning). Otherwise refused as stale, and the phone queues for the next write (turnqueue), so
    no phone is refused forever; while phones are queued the others are told to wait, nothing saved."""
    waiting = store.still_waiting(view.table.id, device)
    if waiting is not None:  # another phone goes first, and nothing needs writing to say so
        return Outcome("waiting", version=waiting)
    try:
        with store.table_turn(view.table.id, device) as turn:
            if turn is None:
                return Outcome("conflict", version=0)
            if not turn.mine:
                turn.hold()
                return Outcome("waiting", version=turn.version)
            if based_on == turn.version == view.version and kind:
                return Outcome("saved", version=turn.append(kind, payload))
            if move is not None and 0 <= based_on < turn.version and _still_means(view, turn, based_on, move):
                return Outcome("saved", version=turn.append(kind, payload))
            turn.wait()
            return Outcome("conflict", version=turn.version)
    except store.Conflict as exc:
        return Outcome("conflict", version=exc.current_version)


def _still_means(view: TableView, turn: store.TableTurn, based_on: int, move: Any) -> bool:
    """Inside the turn: the fresh table (the kept replay advanced by what came in) and the moves between."""
    if turn.version - based_on > rebase.MOST_BETWEEN:
        return False
    fresh = view if turn.version == view.version else view_of(turn.table())
    seen = as_seen(fresh, based_on)
    between = store.log_since(view.table.id, based_on)
    if seen is None or fresh.replay_error is not None or [e.seq for e in between] != list(
            range(based_on + 1, turn.version + 1)) or any(e.kind != MOVE for e in between):
        return False  # an undo, a redo or a profile change came in: the table is not what the phone saw
    try:
        moves = [view.game.parse_move(e.payload) for e in between]
    except RulesError:
        return False
    return rebase.same_meaning(view.game, seen.state, fresh.state, moves, move)


def check_log(game: Game[Any, Any], players: int, options: dict[str, Any], profile: dict[str, Any],
              entries: list[LogEntry]) -> tuple[int, RulesError] | None:
    """For an import: the first logged move the rules refuse (its seq and why), or None when all apply.
    Moves are checked (not only applied) in the order they were entered, undos and redos included."""
    try:
        start = game.new_state(players, options, profile)
    except RulesError as exc:
        return 0, exc

    def step(state: Any, payload: Mapping[str, Any]) -> Any:
        move = game.parse_move(payload)
        verdict = game.check(state, move)
        if not verdict.legal:
            raise IllegalMove(verdict)
        return game.apply(state, move)

    replayed = replay(entries, start, step, (RulesError,))
    if replayed.error is None:
        return None
    error = replayed.error
    return replayed.error_seq, error if isinstance(error, RulesError) else ParseError("import.not_readable")

__all__ = ["MOVE", "REDO", "UNDO", "Outcome", "TableView", "UnknownProfile", "as_seen", "check_log", "enter_move", "games",
           "lookup_profile", "redo", "resolve_profile", "undo", "view_of"]
