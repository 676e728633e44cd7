"""One small bounded cache (least recently used out first), safe across a worker's threads.

Bounded by count and, where a size is given for each value, by bytes: a few large entries (a long table's
history) cannot push a worker's memory past the limit any more than many small ones can.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class BoundedCache(Generic[V]):
    def __init__(self, max_items: int, max_bytes: int = 0, size_of: Callable[[V], int] | None = None) -> None:
        self.max_items = max_items
        self.max_bytes = max_bytes
        self._size_of = size_of
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is None:
                return None
            self._items.move_to_end(key)
            return hit[0]

    def put(self, key: Hashable, value: V) -> V:
        size = self._size_of(value) if self._size_of else 0
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            self._items[key] = (value, size)
            self._bytes += size
            while self._items and (len(self._items) > self.max_items or
                                   (self.max_bytes and self._bytes > self.max_bytes and len(self._items) > 1)):
                _key, (_value, dropped) = self._items.popitem(last=False)
                self._bytes -= dropped
        return value

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        hit = self.get(key)
        return hit if hit is not None else self.put(key, make())

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    @property
    def bytes(self) -> int:
        return self._bytes
