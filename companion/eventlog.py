"""What a table's append-only log means: which moves stand, and what undo and redo may do next.

Pure. A log is a list of (seq, kind, payload). "move" adds a move; "undo" takes back the newest standing move
(the log keeps the undo as a record); "redo" puts back the most recently undone move, and is offered only
until something new is entered.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

MOVE, UNDO, REDO = "move", "undo", "redo"


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


def read_log(entries: Iterable[LogEntry]) -> LogView:
    standing: list[LogEntry] = []
    redoable: list[LogEntry] = []
    moves: set[int] = set()
    for entry in entries:
        if entry.kind == MOVE:
            moves.add(entry.seq)
            standing.append(entry)
            redoable.clear()  # something new was entered: what was undone can no longer be redone
        elif entry.kind == UNDO and standing:
            redoable.append(standing.pop())
        elif entry.kind == REDO and redoable:
            standing.append(redoable.pop())
    return LogView(tuple(standing), tuple(redoable), frozenset(moves - {e.seq for e in standing}))
