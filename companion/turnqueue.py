"""A table's queue of phones whose entries were refused: the rule that makes contention fair. Pure (no I/O).

Every phone whose entry was refused as stale (another phone's entry changed what it meant) joins the back of
the queue; while the queue holds phones only its first, the head, may write, and the others are told to wait
(without joining: the queue only drains until it is empty again, so it stays as short as the races that made
it). So a phone is refused as stale at most once before it queues and once more as the head (when it sent on
a version older than the one it became head on); it is then served after the phones refused before it,
however fast the others are: none is refused forever. The head keeps the turn for ``seconds`` from when it became head (or last tried), and the others keep
their place while they try again within ``seconds``: a phone that went away is dropped, not waited for.

The queue is kept on the table's row (``tables.waiting``) and changed only inside the table's write turn
(``store.table_turn``), so every worker process sees and keeps one queue. Each item is [device, until]: the
epoch second its place lapses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Queue:
    items: tuple[tuple[str, float], ...] = ()

    @staticmethod
    def read(raw: Any, now: float, seconds: float) -> Queue:
        """The stored queue without lapsed places; a phone that became head now gets a whole turn."""
        items = [(str(w[0]), float(w[1])) for w in (raw if isinstance(raw, list) else [])
                 if isinstance(w, list) and len(w) == 2 and isinstance(w[1], (int, float))]
        alive = [w for w in items if w[1] > now]
        if alive and alive[0] != items[0]:  # the old head lapsed: the next one's turn starts now
            alive[0] = (alive[0][0], max(alive[0][1], now + seconds))
        return Queue(tuple(alive))

    @property
    def head(self) -> str | None:
        return self.items[0][0] if self.items else None

    def may_write(self, device: str) -> bool:
        return not self.items or self.items[0][0] == device

    def holds(self, device: str) -> bool:
        return any(d == device for d, _until in self.items)

    def waits_quietly(self, device: str, until: float) -> bool:
        """``device`` may not write now, and telling it so changes nothing stored: it is not queued, or it
        keeps its place at least until ``until`` (no need to write its time afresh)."""
        return not self.may_write(device) and all(u > until for d, u in self.items[1:] if d == device)

    def wait(self, device: str, now: float, seconds: float) -> Queue:
        """``device`` was refused: it keeps its place (with fresh time) or joins the back."""
        if any(d == device for d, _until in self.items):
            return Queue(tuple((d, now + seconds if d == device else u) for d, u in self.items))
        return Queue((*self.items, (device, now + seconds)))

    def wrote(self, device: str, now: float, seconds: float) -> Queue:
        """``device`` wrote: it leaves the queue, and the next phone's turn starts now."""
        rest = [w for w in self.items if w[0] != device]
        if rest and self.items and self.items[0][0] == device:
            rest[0] = (rest[0][0], max(rest[0][1], now + seconds))
        return Queue(tuple(rest))

    def stored(self) -> list[list[Any]] | None:
        return [[d, u] for d, u in self.items] or None
