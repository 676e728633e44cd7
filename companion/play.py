"""A table in play: its game, profile, log and the state the log replays to; and entering into it.

Data flows one way: form/JSON -> game.parse_move -> game.check -> store.append_event; and for showing,
store -> eventlog.read_log -> replay through game.apply -> template.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from flask import current_app

from . import store
from .eventlog import MOVE, REDO, UNDO, LogEntry, LogView, read_log
from .games.base import IllegalMove, ParseError, RulesError, Verdict
from .models import Table
from .profiles import builtin_profiles
from .web.games import Registered

BUILTIN, USER = "builtin:", "user:"


class UnknownProfile(LookupError):
    pass


def games() -> dict[str, Registered]:
    return current_app.extensions["companion_games"]


def resolve_profile(slug: str, ref: str) -> tuple[dict[str, Any], str]:
    """(profile data, cache key): a built-in profile by id, or a user profile by token."""
    if ref.startswith(USER):
        row = store.get_profile(ref[len(USER):])
        if row is None or row.game != slug:
            raise UnknownProfile(ref)
        return dict(row.data), f"{ref}@{row.version}"
    builtin_id = ref[len(BUILTIN):] if ref.startswith(BUILTIN) else (ref or "default")
    found = builtin_profiles(slug)
    if builtin_id in found:
        return found[builtin_id], f"{BUILTIN}{builtin_id}"
    if not ref and found:
        first = next(iter(found))
        return found[first], f"{BUILTIN}{first}"
    if not ref:
        return {"id": "", "game": slug, "name_en": "", "name_ja": "", "meta": {}, "cards": []}, "none"
    raise UnknownProfile(ref)


def lookup_profile(slug: str):  # type: ignore[no-untyped-def]
    """For the referee API: a profile id (built-in) or token (user) -> profile data or None."""

    def lookup(name: str) -> dict[str, Any] | None:
        for ref in (f"{BUILTIN}{name}", f"{USER}{name}"):
            try:
                return resolve_profile(slug, ref)[0]
            except UnknownProfile:
                continue
        return None

    return lookup


@dataclass(frozen=True)
class TableView:
    table: Table
    registered: Registered
    profile: dict[str, Any]
    log: LogView
    state: Any
    replay_error: RulesError | None  # a logged move that no longer applies (e.g. the profile changed)
    cache_key: tuple[Any, ...] = ()  # table token, version and profile version: what the state depends on

    @property
    def game(self) -> Any:
        return self.registered.game

    @property
    def web(self) -> Any:
        return self.registered.web

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def players(self) -> int:
        return len(self.table.seats)


# Replaying a log is cheap but not free; polls and page views of an unchanged table reuse the result.
# The key holds the version and the profile's version, so a change anywhere makes a new entry.
_cache: OrderedDict[tuple[Any, ...], tuple[LogView, Any, RulesError | None]] = OrderedDict()
_cache_lock = threading.Lock()
_CACHE_SIZE = 256


def replay(registered: Registered, table: Table, profile: dict[str, Any],
           log: LogView) -> tuple[Any, RulesError | None]:
    game = registered.game
    try:
        state = game.new_state(len(table.seats), dict(table.options), profile)
    except RulesError as exc:
        # The profile became unusable (edited elsewhere): show the game on its built-in profile and say why,
        # rather than failing the page.
        fallback, _key = resolve_profile(table.game, "")
        state, error = replay(registered, table, fallback, log)
        return state, error or exc
    for entry in log.standing:
        try:
            move = game.parse_move(entry.payload)
            state = game.apply(state, move)
        except RulesError as exc:
            return state, exc
    return state, None


def view_of(table: Table) -> TableView:
    registered = games()[table.game]
    try:
        profile, profile_key = resolve_profile(table.game, table.profile_ref)
    except UnknownProfile:
        profile, profile_key = resolve_profile(table.game, "")
    key = (table.token, table.version, profile_key)  # tokens are unique even across databases
    with _cache_lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
    if hit is None:
        log = read_log(store.log_of(table.id))
        state, error = replay(registered, table, profile, log)
        hit = (log, state, error)
        with _cache_lock:
            _cache[key] = hit
            while len(_cache) > _CACHE_SIZE:
                _cache.popitem(last=False)
    log, state, error = hit
    return TableView(table, registered, profile, log, state, error, key)


_before_cache: OrderedDict[tuple[Any, ...], dict[int, Any]] = OrderedDict()


def states_before_moves(view: TableView, entries: list[LogEntry]) -> dict[int, Any]:
    """The state each move of the log was entered on (undone ones too), for history lines that name the
    player who moved. Replays the log with its undos and redos as they happened; kept per table version,
    like the state, so the phones polling an unchanged table do not replay it again."""
    key = view.cache_key
    with _cache_lock:
        hit = _before_cache.get(key) if key else None
    if hit is not None:
        return hit
    before = _replay_before(view, entries)
    with _cache_lock:
        _before_cache[key] = before
        while len(_before_cache) > _CACHE_SIZE:
            _before_cache.popitem(last=False)
    return before


def _replay_before(view: TableView, entries: list[LogEntry]) -> dict[int, Any]:
    game = view.game
    try:
        states = [game.new_state(view.players, dict(view.table.options), view.profile)]
    except RulesError:
        return {}
    undone: list[Any] = []  # states taken back, for redo
    redo_moves: list[LogEntry] = []
    moves: list[LogEntry] = []
    before: dict[int, Any] = {}
    for entry in entries:
        try:
            if entry.kind == MOVE:
                before[entry.seq] = states[-1]
                states.append(game.apply(states[-1], game.parse_move(entry.payload)))
                moves.append(entry)
                undone.clear()
                redo_moves.clear()
            elif entry.kind == UNDO and moves:
                redo_moves.append(moves.pop())
                undone.append(states.pop())
            elif entry.kind == REDO and redo_moves:
                moves.append(redo_moves.pop())
                states.append(undone.pop())
        except RulesError:
            break
    return before


@dataclass(frozen=True)
class Outcome:
    """What became of an entry: saved, refused by the rules, not understood, or based on an old version."""

    kind: str  # "saved", "illegal", "invalid", "conflict", "nothing"
    verdict: Verdict | None = None
    error: RulesError | None = None
    version: int = 0


def enter_move(view: TableView, based_on: int, move_json: dict[str, Any], device: str) -> Outcome:
    if based_on != view.version:
        return Outcome("conflict", version=view.version)
    game = view.game
    try:
        move = game.parse_move(move_json)
    except RulesError as exc:
        return Outcome("invalid", error=exc)
    if view.replay_error is not None:
        return Outcome("invalid", error=ParseError("table.replay_failed"))
    try:
        verdict = game.check(view.state, move)
        if not verdict.legal:
            return Outcome("illegal", verdict=verdict)
        game.apply(view.state, move)  # the engine's last word before it goes into the log
    except IllegalMove as exc:
        return Outcome("illegal", verdict=exc.verdict)
    except RulesError as exc:  # an impossible state the move would make (e.g. a copy the deck no longer has)
        return Outcome("invalid", error=exc)
    return _append(view, based_on, MOVE, game.move_to_json(move), device)


def undo(view: TableView, based_on: int, device: str) -> Outcome:
    if based_on != view.version:
        return Outcome("conflict", version=view.version)
    if not view.log.can_undo:
        return Outcome("nothing")
    return _append(view, based_on, UNDO, {"target": view.log.standing[-1].seq}, device)


def redo(view: TableView, based_on: int, device: str) -> Outcome:
    if based_on != view.version:
        return Outcome("conflict", version=view.version)
    if not view.log.can_redo:
        return Outcome("nothing")
    return _append(view, based_on, REDO, {"target": view.log.redoable[-1].seq}, device)


def _append(view: TableView, based_on: int, kind: str, payload: dict[str, Any], device: str) -> Outcome:
    try:
        version = store.append_event(view.table.id, based_on, kind, payload, device)
    except store.Conflict as exc:
        return Outcome("conflict", version=exc.current_version)
    return Outcome("saved", version=version)


def check_log(registered: Registered, players: int, options: dict[str, Any], profile: dict[str, Any],
              entries: list[LogEntry]) -> tuple[int, RulesError] | None:
    """For an import: the first logged move the rules refuse (its seq and why), or None when all apply."""
    game = registered.game
    try:
        state = game.new_state(players, options, profile)
    except RulesError as exc:
        return 0, exc
    for entry in read_log(entries).standing:
        try:
            move = game.parse_move(entry.payload)
            verdict = game.check(state, move)
            if not verdict.legal:
                raise IllegalMove(verdict)
            state = game.apply(state, move)
        except RulesError as exc:
            return entry.seq, exc
    return None
