"""Entering into a table: the one write path for every entry, undo, redo and what a table learnt (``enter_move``,
``undo``, ``redo``, ``remember``), each saved in the table's write turn (companion.tables.turns) on the version the
phone saw, or, for a move made on an older version, when it still means the same (companion.tables.rebase).

Data flows one way: form/JSON -> game.parse_move -> game.check -> turns.append_unchanged (the common entry) or
turns.table_turn. Nothing here imports the web layer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.games.base import IllegalMove, ImpossibleState, ParseError, RulesError, Verdict
from companion.profiles.refs import ProfileRef
from companion.storage.models import Table
from companion.tables import live, rebase, store, turns
from companion.tables.entries import every_move, with_forced
from companion.tables.eventlog import MOVE, REDO, UNDO, LogEntry
from companion.tables.view import TableView, Written, named_copy, view_of


@dataclass(frozen=True)
class Outcome:
    """What became of an entry: saved, refused by the rules, not understood, or based on an old version; and
    the table to answer with (after the write, or as it stands), so a request reads the table once."""

    kind: str  # "saved", "illegal", "invalid", "conflict", "waiting" (another phone's turn), "nothing"
    view: TableView
    verdict: Verdict | None = None
    error: RulesError | None = None
    version: int = 0
    repeat: bool = False  # the tap's key had written its entry already: nothing was written again


# What a game learnt from a move, as a pure function of it: (move, state before, state after, the table's
# profile) -> the profile with the card data the move carried (e.g. a planet's cost typed once: PR-6), or None.
Learn = Callable[[Any, Any, Any, Mapping[str, Any]], "dict[str, Any] | None"]


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


def stale(view: TableView, based_on: int, device: str) -> Outcome:
    """An entry that cannot be read as its phone saw the table: refused, and the phone joins the table's queue
    (it writes after the phones refused before it, however fast the others are). Only a real race queues: an
    entry made on a version this table never had (a forged or garbled form, -1 for unreadable) is refused as
    unreadable and queues nothing, so no phone can hold the table's turn by sending one again and again."""
    if not 0 <= based_on < view.version:
        return Outcome("invalid", view, error=ParseError("table.unknown_version", version=view.version))
    return _write(view, _Entry(-1, "", {}), device)


def refused(view: TableView, error: RulesError) -> Outcome:
    """An entry whose form could not be read (the game's form parser said why): nothing written."""
    return Outcome("invalid", view, error=error)


def enter_move(view: TableView, based_on: int, move: Any, device: str, learn: Learn | None = None,
               key: str = "") -> Outcome:
    """The one way a move reaches a table's log: checked against the table its phone saw, applied once, saved
    with what the game learnt from it (``learn``) in one transaction, answered with the fresh table. ``key``:
    the one its phone made for this tap; a repeat of it is answered as the first was and writes nothing."""
    repeat, key = _repeat(view, key, MOVE)
    if repeat is not None:
        return repeat
    seen = as_seen(view, based_on)
    if seen is None:
        return stale(view, based_on, device)
    game = view.game
    if view.replay_error is not None:
        return Outcome("invalid", view, error=ParseError("table.replay_failed"))
    if seen is not view:  # stale: saved only if it means the same on the fresh table (checked in the turn)
        return _write(view, _Entry(based_on, MOVE, game.move_to_json(move), move, key=key, key_free=bool(key)), device)
    try:
        verdict = game.check(view.state, move)
        if not verdict.legal:
            if verdict.impossible:
                first = next(r for r in verdict.failures if r.impossible)
                return Outcome("invalid", view,
                               error=ImpossibleState(first.code, first.rule, first.path, **first.params))
            return Outcome("illegal", view, verdict=verdict)
        after = game.apply(view.state, move)  # the engine's last word before it goes into the log
    except IllegalMove as exc:
        return Outcome("illegal", view, verdict=exc.verdict)
    except RulesError as exc:  # an impossible state the move would make (e.g. a copy the deck no longer has)
        return Outcome("invalid", view, error=exc)
    learnt = learn(move, view.state, after, view.profile) if learn is not None else None
    payload, after = with_forced(game, game.move_to_json(move), after)  # and what the table makes by itself after it
    return _write(view, _Entry(based_on, MOVE, payload, move, after, learnt, key, bool(key)), device)


def undo(view: TableView, based_on: int, device: str, key: str = "") -> Outcome:
    """Take back the newest standing move (a repeat of the same tap's key takes back nothing more)."""
    repeat, key = _repeat(view, key, UNDO)
    if repeat is not None:
        return repeat
    if based_on != view.version:
        return stale(view, based_on, device)
    if not view.log.can_undo:
        return Outcome("nothing", view)
    return _write(view, _Entry(based_on, UNDO, {"target": view.log.standing[-1].seq}, key=key, key_free=bool(key)),
                  device)


def redo(view: TableView, based_on: int, device: str, key: str = "") -> Outcome:
    repeat, key = _repeat(view, key, REDO)
    if repeat is not None:
        return repeat
    if based_on != view.version:
        return stale(view, based_on, device)
    if not view.log.can_redo:
        return Outcome("nothing", view)
    return _write(view, _Entry(based_on, REDO, {"target": view.log.redoable[-1].seq}, key=key, key_free=bool(key)),
                  device)


def _repeat(view: TableView, key: str, kind: str) -> tuple[Outcome | None, str]:
    """A tap whose key already wrote an entry of this kind: answered "saved" with the table as it stands (what
    the first answer said, had it arrived), nothing written. A key that wrote another kind of entry (a page
    whose forms shared one key, sent again from an old copy) is a new tap: it is written without its key.
    Returns the answer to a repeat, or None and the key to write the entry with (looked up after ``view`` was
    read: ``_Entry.key_free``)."""
    found = _tapped(view, key)
    if found is None:
        return None, key
    if found[1] != kind:
        return None, ""
    return Outcome("saved", view, version=view.version, repeat=True), key


def tapped_before(view: TableView, key: str) -> bool:
    """Whether this tap's key (non-empty) already wrote an entry at the table."""
    return bool(key) and _tapped(view, key) is not None


def _tapped(view: TableView, key: str) -> tuple[int, str] | None:
    """What ``key`` had written at the table as ``view`` read it: read with the table when the request sent it
    (no statement of its own), else looked up now."""
    if view.tap is not None and view.tap.key == key:
        return view.tap.entry
    return turns.entry_with_key(view.table.id, key)


def remember(view: TableView, based_on: int, profile: dict[str, Any], device: str) -> Outcome:
    """Card data a player typed at the table outside a move (e.g. a card's VP, asked for: PR-6) kept in the
    table's own profile copy, as a version-checked write of its own: the version moves on, no entry is logged."""
    if based_on != view.version:
        return stale(view, based_on, device)
    return _write(view, _Entry(based_on, "", {}, learnt=profile), device)


@dataclass(frozen=True)
class _Entry:
    """One write as the turn sees it: the version it was made on, the log entry (kind "" for none), the typed
    move and the state it made (when it was applied here), and the profile with what the table learnt."""

    based_on: int
    kind: str
    payload: dict[str, Any]
    move: Any = None
    after: Any = None
    learnt: dict[str, Any] | None = None
    key: str = ""
    # The key was looked up after the view was read and had written nothing (_repeat): while the table is still
    # at the view's version inside the turn, no entry came in since, so none of them is this tap's (every entry
    # moves the version on), and the turn need not look again.
    key_free: bool = False


def _write(view: TableView, entry: _Entry, device: str) -> Outcome:
    """Save the entry in the table's write turn (its row locked, across every worker): on the version it was
    made on; or, for a ``move`` made on an older version, when it still means the same on the fresh table
    (rebase.same_meaning). Otherwise refused as stale, and the phone queues for the next write (turnqueue), so
    no phone is refused forever; while phones are queued the others are told to wait, nothing saved.
    What the table learnt goes into its own profile copy in the same transaction."""
    # Phones refused earlier were queued when this request read the table: is this one to wait for them? (With
    # none queued the read would say no; one queued since is met in the turn, which tells it the same.)
    waiting = turns.still_waiting(view.table.id, device) if view.table.waiting else None
    if waiting is not None:  # another phone goes first, and nothing needs writing to say so
        return Outcome("waiting", _current(view, waiting), version=waiting)
    if _plain(view, entry):
        table = turns.append_unchanged(view.table.id, view.version, device, entry.kind, entry.payload, entry.key)
        if table is not None:
            return _saved(view, entry, table, on_seen=True, profile=None)
    try:
        with turns.table_turn(view.table.id, device) as turn:
            if turn is None:
                return Outcome("conflict", view, version=0)
            decided = _decide(view, turn, entry)
            table = turn.table()
    except store.Conflict as exc:
        return Outcome("conflict", _current(view, exc.current_version), version=exc.current_version)
    if decided.kind != "saved" or decided.repeat:
        return Outcome(decided.kind, _current(view, table.version, table), version=table.version,
                       repeat=decided.repeat)
    return _saved(view, entry, table, decided.on_seen, decided.profile)


def _plain(view: TableView, entry: _Entry) -> bool:
    """The common entry, which the turn would save as it is: a log entry made on the version its phone saw, with
    no card data learnt, nobody queued on the table as the request read it, and its tap's key (if any) known to
    have written nothing up to that version (turns.append_unchanged checks the rest as it writes)."""
    return bool(entry.kind) and entry.learnt is None and entry.based_on == view.version \
        and not view.table.waiting and (not entry.key or entry.key_free)


def _saved(view: TableView, entry: _Entry, table: Table, on_seen: bool,
           profile: tuple[dict[str, Any], str, int | None] | None) -> Outcome:
    """A written entry, answered with the fresh table: every worker's live pages hear of it, and when it was
    saved on the version it was made on, the state applied when it was checked is the fresh table's."""
    live.published(table.id, table.version)
    written = Written(LogEntry(table.version, entry.kind, entry.payload), entry.after) \
        if on_seen and entry.kind == MOVE and entry.after is not None and profile is None else None
    # saved on the version it was made on, the same profile and none saved: the one the move was checked with stands
    same = on_seen and profile is None and table.profile_ref == view.table.profile_ref
    read = view.profile_version if same else None
    return Outcome("saved", view_of(table, profile=profile, written=written, profile_read=read),
                   version=table.version)


@dataclass(frozen=True)
class _Decided:
    """What the turn made of an entry."""

    kind: str  # "saved", "waiting", "conflict"
    on_seen: bool = False  # saved on the version it was made on: the state applied when it was checked stands
    profile: tuple[dict[str, Any], str, int | None] | None = None  # the profile saved with it, as views read it
    repeat: bool = False  # its tap's key had written it already: nothing written now


def _decide(view: TableView, turn: turns.TableTurn, entry: _Entry) -> _Decided:
    """Inside the table's turn (nobody else writes it meanwhile): what becomes of the entry, and its writes."""
    key = entry.key
    known_free = entry.key_free and turn.version == view.version
    found = turn.entry_with_key(key) if key and not known_free else None
    if found is not None:  # the same tap, sent again while the first was on its way
        if found[1] == entry.kind:
            return _Decided("saved", repeat=True)
        key = ""  # another kind of entry under a key already used: a new tap, written without it
    if not turn.mine:
        turn.hold()
        return _Decided("waiting")
    if entry.based_on == turn.version == view.version and (entry.kind or entry.learnt is not None):
        profile = _keep_learnt(view, turn, entry.learnt)
        if entry.kind:
            turn.append(entry.kind, entry.payload, key)
        else:
            turn.touch()
        return _Decided("saved", on_seen=True, profile=profile)
    fresh = _fresh_if_same_meaning(view, turn, entry.based_on, entry.move) \
        if entry.move is not None and 0 <= entry.based_on < turn.version else None
    if fresh is not None:  # after the moves that came in, on the fresh table, with what the table makes after it there
        game = view.game
        payload, _after = with_forced(game, game.move_to_json(entry.move), game.apply(fresh, entry.move))
        turn.append(entry.kind, payload, key)
        return _Decided("saved")
    turn.wait()
    return _Decided("conflict")


def _keep_learnt(view: TableView, turn: turns.TableTurn,
                 learnt: dict[str, Any] | None) -> tuple[dict[str, Any], str, int | None] | None:
    """Inside the turn: the profile with what the table learnt, saved as the table's own copy; the profile as
    the fresh view reads it (None when nothing was learnt)."""
    if learnt is None:
        return None
    # a table whose own copy is gone plays on the built-in profile (view_of): what it learns starts a new copy
    current = view.profile_ref
    if current.is_user and view.profile_version is None:
        current = ProfileRef.builtin()
    data = learnt if current.is_user else named_copy(learnt, view.seats)
    ref = turn.use_profile(view.table.game, data, current, view.profile_version)
    version = view.profile_version + 1 if current.is_user and view.profile_version is not None else 0
    return data, f"{ref}@{version}", version


def _current(view: TableView, version: int, table: Table | None = None) -> TableView:
    """The table as it stands after a refused write: ``view`` when nothing changed, else read afresh."""
    if version == view.version:
        return view
    if table is None:
        found = store.get_table(view.table.token)
        if found is None:
            return view
        table = found
    return view_of(table)


def _fresh_if_same_meaning(view: TableView, turn: turns.TableTurn, based_on: int, move: Any) -> Any:
    """Inside the turn: the fresh table's state (the kept replay advanced by what came in) when ``move`` means
    the same on it as on the table its phone saw (rebase.same_meaning, over every move between, the table's
    too); else None."""
    if turn.version - based_on > rebase.MOST_BETWEEN:
        return None
    fresh = view if turn.version == view.version else view_of(turn.table())
    seen = as_seen(fresh, based_on)
    between = store.log_since(view.table.id, based_on)
    if seen is None or fresh.replay_error is not None or [e.seq for e in between] != list(
            range(based_on + 1, turn.version + 1)) or any(e.kind != MOVE for e in between):
        return None  # an undo, a redo or a profile change came in: the table is not what the phone saw
    try:
        moves = [m for e in between for m in every_move(view.game, e.payload)]
    except RulesError:
        return None
    return fresh.state if rebase.same_meaning(view.game, seen.state, fresh.state, moves, move) else None


__all__ = ["Learn", "Outcome", "as_seen", "enter_move", "redo", "refused", "remember", "stale", "tapped_before", "undo"]
