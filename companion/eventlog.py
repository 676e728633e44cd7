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
