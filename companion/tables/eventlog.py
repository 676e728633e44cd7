"""What a table's append-only log means: which moves stand, what undo and redo may do next, and the states.

Pure. A log is a list of (seq, kind, payload). "move" adds a move; "undo" takes back the newest standing move
(the log keeps the undo as a record); "redo" puts back the most recently undone move, and is offered only
until something new is entered. These rules are written once, in ``replay``; ``read_log`` is the same walk
with no game behind it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

MOVE, UNDO, REDO = "move", "undo", "redo"
KINDS = (MOVE, UNDO, REDO)

S = TypeVar("S")


@dataclass(frozen=True)
class LogEntry:
    seq: int
    kind: str
    payload: Mapping[str, Any]


@dataclass(frozen=True)
class LogView:
    standing: tuple[LogEntry, ...]  # the moves in force, oldest first
    redoable: tuple[LogEntry, ...]  # undone moves that redo can restore, the next one last
    undone_seqs: frozenset[int]  # every move entry currently taken back

    @property
    def can_undo(self) -> bool:
        return bool(self.standing)

    @property
    def can_redo(self) -> bool:
        return bool(self.redoable)


@dataclass(frozen=True)
class _Step(Generic[S]):
    entry: LogEntry
    after: S | None  # None when this move (or one it rests on) does not apply
    error: Exception | None = None


@dataclass(frozen=True)
class Replayed(Generic[S]):
    """The log read once: what stands, the state it makes, and the state each move was entered on."""

    log: LogView
    state: S  # after every standing move (or after the last one that applies)
    error: Exception | None  # the first standing move that no longer applies, if any
    before: Mapping[int, S] = field(default_factory=dict)  # seq of each move entry -> the state it was made on
    error_seq: int = 0  # the seq of that move


def replay(entries: Iterable[LogEntry], start: S, apply: Callable[[S, Mapping[str, Any]], S],
           errors: tuple[type[Exception], ...] = (Exception,)) -> Replayed[S]:
    """Walk the log as it happened: a move applies to the state of the moves standing then, an undo takes the
    newest standing move back, a redo restores the last undone one. ``apply(state, payload)`` raising one of
    ``errors`` marks that move (and what rests on it) as not applying; the walk goes on, so an undone broken
    move leaves the table as it was before it."""
    standing: list[_Step[S]] = []
    redoable: list[_Step[S]] = []
    moves: set[int] = set()
    before: dict[int, S] = {}
    for entry in entries:
        if entry.kind == MOVE:
            moves.add(entry.seq)
            base = standing[-1] if standing else None
            current = start if base is None else base.after
            if current is None:  # rests on a move that does not apply
                standing.append(_Step(entry, None, base.error if base else None))
            else:
                before[entry.seq] = current
                try:
                    standing.append(_Step(entry, apply(current, entry.payload)))
                except errors as exc:
                    standing.append(_Step(entry, None, exc))
            redoable.clear()  # something new was entered: what was undone can no longer be redone
        elif entry.kind == UNDO and standing:
            redoable.append(standing.pop())
        elif entry.kind == REDO and redoable:
            standing.append(redoable.pop())
    state, error, error_seq = start, None, 0
    for step in standing:
        if step.after is None:  # the first one that does not apply (what rests on it comes after it)
            error, error_seq = step.error, step.entry.seq
            break
        state = step.after
    view = LogView(tuple(s.entry for s in standing), tuple(s.entry for s in redoable),
                   frozenset(moves - {s.entry.seq for s in standing}))
    return Replayed(view, state, error, before, error_seq)


def read_log(entries: Iterable[LogEntry]) -> LogView:
    """Which moves stand and what undo/redo may do, without a game."""
    return replay(entries, None, lambda state, payload: None).log


class Rebuild(Exception):
    """An undo reached back past the states a LogReplay keeps: read the log again from its start."""


@dataclass(frozen=True)
class _Broken:
    """A standing move that does not apply (or rests on one that does not): why, and the state before it."""

    error: Exception
    seq: int
    good: Any


class _Forgotten:
    """The mark of a state old enough to be dropped (an undo that reaches it replays the log). One object,
    compared by identity; a stored snapshot (``LogReplay.snapshot``) reads back as that same object."""

    def __reduce__(self) -> str:
        return "_FORGOTTEN"


_FORGOTTEN = _Forgotten()


class LogReplay(Generic[S]):
    """A table's log read as it grows, so a new entry costs one ``apply``, not a replay of everything before it.

    The same rules as ``replay``. Only the states of the newest ``keep`` standing moves are kept (what undo,
    redo and the recent history need), so memory stays flat however long the game; an undo that reaches past
    them raises ``Rebuild`` and the caller reads the log again.
    """

    def __init__(self, start: S, apply: Callable[[S, Mapping[str, Any]], S],
                 errors: tuple[type[Exception], ...] = (Exception,), keep: int = 64) -> None:
        self.start = start
        self._apply = apply
        self._errors = errors
        self.keep = keep
        self.last_seq = 0
        self._standing: list[LogEntry] = []
        self._after: list[Any] = []  # parallel to _standing: a state, a _Broken, or _FORGOTTEN
        self._redoable: list[tuple[LogEntry, Any]] = []
        # the moves taken back (undone and not redone), kept as the log is read: a version's view needs them,
        # and working them out from every move at each version cost a long table time in proportion to its log
        self._undone: set[int] = set()
        self._before: dict[int, S] = {}  # the newest moves' states before them (insertion order = log order)

    def feed(self, entries: Iterable[LogEntry], known: Mapping[int, S] | None = None) -> None:
        """Read the entries after those read so far. ``known``: the state a move makes, by its seq, where the
        caller has it already (the write that just applied it), so it is not applied a second time."""
        for entry in entries:
            if entry.seq <= self.last_seq:
                continue
            self.last_seq = entry.seq
            if entry.kind == MOVE:
                self._move(entry, known.get(entry.seq) if known else None)
            elif entry.kind == UNDO and self._standing:
                taken_back = self._standing.pop()
                self._undone.add(taken_back.seq)
                self._redoable.append((taken_back, self._after.pop()))
                if self._after and self._after[-1] is _FORGOTTEN:
                    raise Rebuild(entry.seq)
            elif entry.kind == REDO and self._redoable:
                restored, after = self._redoable.pop()
                self._undone.discard(restored.seq)
                self._standing.append(restored)
                self._after.append(after)

    def _move(self, entry: LogEntry, known: S | None = None) -> None:
        base = self._after[-1] if self._after else self.start
        if isinstance(base, _Broken):
            after: Any = base  # rests on a move that does not apply
        else:
            self._before[entry.seq] = base
            if len(self._before) > self.keep:
                del self._before[next(iter(self._before))]
            try:
                after = known if known is not None else self._apply(base, entry.payload)
            except self._errors as exc:
                after = _Broken(exc, entry.seq, base)
        self._standing.append(entry)
        self._after.append(after)
        self._redoable.clear()  # something new was entered: what was undone can no longer be redone
        old = len(self._after) - self.keep - 1
        if old >= 0 and not isinstance(self._after[old], _Broken):
            self._after[old] = _FORGOTTEN

    def trim(self, keep: int) -> None:
        """Keep the states of the newest ``keep`` standing moves only (after a read that kept them all)."""
        self.keep = keep
        for index in range(max(0, len(self._after) - keep)):
            if not isinstance(self._after[index], _Broken):
                self._after[index] = _FORGOTTEN
        while len(self._before) > keep:
            del self._before[next(iter(self._before))]

    def snapshot(self) -> dict[str, Any]:
        """What this replay has read, without its ``apply``: stored, it lets the first view of a long table
        after a restart read only the entries after it (``restore``; play._advanced, store.save_snapshot)."""
        return {"start": self.start, "keep": self.keep, "last_seq": self.last_seq, "standing": self._standing,
                "after": self._after, "redoable": self._redoable, "undone": self._undone, "before": self._before}

    @classmethod
    def restore(cls, snapshot: Mapping[str, Any], apply: Callable[[S, Mapping[str, Any]], S],
                errors: tuple[type[Exception], ...] = (Exception,)) -> LogReplay[S]:
        replay = cls(snapshot["start"], apply, errors, snapshot["keep"])
        replay.last_seq = snapshot["last_seq"]
        replay._standing = list(snapshot["standing"])
        replay._after = list(snapshot["after"])
        replay._redoable = list(snapshot["redoable"])
        replay._undone = set(snapshot["undone"])  # a snapshot of older code is never read (snapshots.ENGINE)
        replay._before = dict(snapshot["before"])
        return replay

    @property
    def size(self) -> int:
        """Entries held (a rough measure of memory, for a cache bounded by bytes)."""
        return len(self._standing) + len(self._undone) + self.keep

    def result(self) -> Replayed[S]:
        top = self._after[-1] if self._after else self.start
        if isinstance(top, _Broken):
            state, error, error_seq = top.good, top.error, top.seq
        else:
            state, error, error_seq = top, None, 0
        standing = tuple(self._standing)
        view = LogView(standing, tuple(entry for entry, _after in self._redoable), frozenset(self._undone))
        return Replayed(view, state, error, dict(self._before), error_seq)
