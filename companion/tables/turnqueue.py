"""A table's queue of phones whose entries were refused: the rule that makes contention fair. Pure (no I/O).

A phone whose entry was refused as stale (another phone's entry changed what it meant) joins the back of the
line; while the line holds phones, only its first, the head, may write. A phone told to wait for the head joins
the back too, so under contention the phones write in the order they came, each in its turn, however fast the
others are: none is refused forever, and none is served twice while another waits.

Nobody can hold a table's turn:

- Only a real race queues a phone: an entry made on a version the table never had (a forged or garbled form)
  is refused as unreadable before it gets here (``play.stale``), and queues nothing.
- The head's turn lasts ``seconds`` from when it became head; trying again does not lengthen it.
- The head may be refused as stale once in its turn and keep it (its page had not yet seen the last write
  before its turn: its player looks at the fresh table and sends again). Refused a second time, its turn ends.
- A head whose turn ended without a write (it lapsed, or was refused twice) leaves the line and is benched for
  ``BENCH_TURNS`` turns: its refusals meanwhile earn it no place, so a phone that keeps sending old versions
  holds the others up once in that while at most.

The queue is kept on the table's row (``tables.waiting``) and changed only inside the table's write turn
(``store.table_turn``), so every worker process and host sees and keeps one queue. Stored as a list of
``[device, until]`` (a place in the line; ``[device, until, 1]`` once the head was refused in its turn) and
``[device, until, 0]`` (a benched phone): ``until`` is the epoch second the place or the bench lapses.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

BENCH_TURNS = 4  # a benched phone's refusals earn no place for this many turns' time


@dataclass(frozen=True)
class Place:
    device: str
    until: float
    again: bool = False  # as head, refused as stale once already this turn


@dataclass(frozen=True)
class Queue:
    line: tuple[Place, ...] = ()
    benched: tuple[tuple[str, float], ...] = ()  # phones whose turn ended without a write: (device, until)

    @staticmethod
    def read(raw: Any, now: float, seconds: float) -> Queue:
        """The stored queue without lapsed places. A head whose turn lapsed is benched; the next head gets a
        whole turn from now."""
        line: list[Place] = []
        benched: list[tuple[str, float]] = []
        for item in raw if isinstance(raw, list) else []:
            if not (isinstance(item, list) and len(item) in (2, 3) and isinstance(item[1], (int, float))
                    and not isinstance(item[1], bool)):
                continue
            device, until = str(item[0]), float(item[1])
            if len(item) == 3 and item[2] == 0:
                benched.append((device, until))
            else:
                line.append(Place(device, until, len(item) == 3 and item[2] == 1))
        if line and line[0].until <= now:  # the head's turn lapsed without a write
            benched.append((line[0].device, line[0].until + BENCH_TURNS * seconds))
        alive = [p for p in line if p.until > now]
        if alive and line and alive[0] != line[0]:  # a new head: its turn starts now
            alive[0] = replace(alive[0], until=max(alive[0].until, now + seconds), again=False)
        return Queue(tuple(alive), tuple(b for b in benched if b[1] > now))

    @property
    def items(self) -> tuple[tuple[str, float], ...]:
        """The line as (device, until), head first."""
        return tuple((p.device, p.until) for p in self.line)

    @property
    def head(self) -> str | None:
        return self.line[0].device if self.line else None

    def may_write(self, device: str) -> bool:
        return not self.line or self.line[0].device == device

    def holds(self, device: str) -> bool:
        return any(p.device == device for p in self.line)

    def is_benched(self, device: str) -> bool:
        return any(d == device for d, _until in self.benched)

    def waits_quietly(self, device: str, until: float) -> bool:
        """``device`` may not write now, and telling it so changes nothing stored: it is benched, or it keeps
        its place in the line at least until ``until`` (no need to write its time afresh)."""
        if self.may_write(device):
            return False
        return self.is_benched(device) or any(p.device == device and p.until > until for p in self.line[1:])

    def refused(self, device: str, now: float, seconds: float) -> Queue:
        """``device``'s entry was refused as stale: it joins the back of the line (or keeps its place with fresh
        time). The head keeps its turn once; refused again, its turn ends and it is benched."""
        if self.is_benched(device):
            return self
        if self.line and self.line[0].device == device:
            head = self.line[0]
            if not head.again:
                return Queue((replace(head, until=now + seconds, again=True), *self.line[1:]), self.benched)
            rest = self._next_head(self.line[1:], now, seconds)
            return Queue(rest, (*self.benched, (device, now + BENCH_TURNS * seconds)))
        return self.waiting(device, now, seconds)

    def waiting(self, device: str, now: float, seconds: float) -> Queue:
        """``device`` was told to wait for the head: it keeps its place with fresh time, or joins the back (a
        benched phone does not)."""
        if self.is_benched(device):
            return self
        if self.holds(device):
            return Queue(tuple(replace(p, until=now + seconds) if p.device == device else p for p in self.line),
                         self.benched)
        return Queue((*self.line, Place(device, now + seconds)), self.benched)

    def wrote(self, device: str, now: float, seconds: float) -> Queue:
        """``device`` wrote: it leaves the line, and the next phone's turn starts now."""
        if not self.line or self.line[0].device != device:
            return Queue(tuple(p for p in self.line if p.device != device), self.benched)
        return Queue(self._next_head(self.line[1:], now, seconds), self.benched)

    @staticmethod
    def _next_head(rest: tuple[Place, ...], now: float, seconds: float) -> tuple[Place, ...]:
        if not rest:
            return ()
        return (replace(rest[0], until=max(rest[0].until, now + seconds), again=False), *rest[1:])

    def stored(self) -> list[list[Any]] | None:
        line: list[list[Any]] = [[p.device, p.until, 1] if p.again else [p.device, p.until] for p in self.line]
        return [*line, *([d, u, 0] for d, u in self.benched)] or None
