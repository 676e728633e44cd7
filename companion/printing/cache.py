"""Finished PDFs, bounded by count and bytes: in memory and (shared by the server's processes) on disk, keyed by
a hash of the HTML, the stylesheets, the fonts, WeasyPrint's version and the options (``cache_key``). The result
cards' PNGs are kept by a cache of their own (``suffix=".png"``), keyed by card.card_key.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import threading
from collections import OrderedDict
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .fonts import font_files
from .geometry import LAYOUT_VERSION
from .render import PRINTABLES

log = logging.getLogger(__name__)


class PdfCache:
    """Finished PDFs by key: an LRU in memory, and a folder on disk shared by the server's processes.

    Both are bounded by a number of PDFs and a number of bytes; the oldest (least recently used) go first. A PDF
    larger than a tier's byte bound is not kept in that tier.
    """

    def __init__(self, folder: Path | None, max_items: int = 64, max_bytes: int = 64 * 2**20,
                 disk_items: int = 256, disk_bytes: int = 256 * 2**20, suffix: str = ".pdf") -> None:
        self.folder = folder
        self.suffix = suffix  # of the files on disk
        self.max_items, self.max_bytes = max_items, max_bytes
        self.disk_items, self.disk_bytes = disk_items, disk_bytes
        self._memory: OrderedDict[str, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)

    # memory
    @property
    def memory_items(self) -> int:
        return len(self._memory)

    @property
    def memory_bytes(self) -> int:
        return self._bytes

    def _remember(self, key: str, data: bytes) -> None:
        if len(data) > self.max_bytes:
            return
        with self._lock:
            old = self._memory.pop(key, None)
            if old is not None:
                self._bytes -= len(old)
            self._memory[key] = data
            self._bytes += len(data)
            while self._memory and (len(self._memory) > self.max_items or self._bytes > self.max_bytes):
                _k, dropped = self._memory.popitem(last=False)
                self._bytes -= len(dropped)

    # disk
    def _path(self, key: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{key}{self.suffix}"

    def disk_usage(self) -> tuple[int, int]:
        if self.folder is None:
            return 0, 0
        files = list(self.folder.glob(f"*{self.suffix}"))
        return len(files), sum(_size(f) for f in files)

    def _store(self, key: str, data: bytes) -> None:
        path = self._path(key)
        if path is None or len(data) > self.disk_bytes:
            return
        tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)  # cleared meanwhile (the PDFs' clear takes the cards' too)
            tmp.write_bytes(data)
            os.replace(tmp, path)
        except OSError as exc:
            log.warning("print cache: cannot write %s: %s", path, exc)
            tmp.unlink(missing_ok=True)
            return
        self._trim_disk()

    def _trim_disk(self) -> None:
        assert self.folder is not None
        entries = []
        for f in self.folder.glob(f"*{self.suffix}"):
            try:
                st = f.stat()
            except OSError:
                continue
            entries.append((st.st_mtime, st.st_size, f))
        entries.sort()
        count, total = len(entries), sum(size for _m, size, _f in entries)
        for _mtime, size, f in entries:
            if count <= self.disk_items and total <= self.disk_bytes:
                break
            f.unlink(missing_ok=True)
            count -= 1
            total -= size

    def get(self, key: str) -> bytes | None:
        with self._lock:
            data = self._memory.get(key)
            if data is not None:
                self._memory.move_to_end(key)
                return data
        path = self._path(key)
        if path is None:
            return None
        try:
            data = path.read_bytes()
            os.utime(path)  # recently used: the last to go
        except OSError:
            return None
        self._remember(key, data)
        return data

    def put(self, key: str, data: bytes) -> None:
        self._remember(key, data)
        self._store(key, data)

    def clear(self) -> None:
        with self._lock:
            self._memory.clear()
            self._bytes = 0
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder.mkdir(parents=True, exist_ok=True)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


# -- the key ---------------------------------------------------------------------------------------------------


@cache
def _weasyprint_version() -> str:
    from importlib.metadata import version

    return version("weasyprint")


def _stylesheets_digest() -> str:
    """A digest of every printable stylesheet (they are part of what a PDF looks like)."""
    h = hashlib.sha256()
    for path in sorted(PRINTABLES.rglob("*.css")):
        try:
            st = path.stat()
        except OSError:
            continue
        h.update(_file_digest(str(path), st.st_mtime_ns, st.st_size).encode())
    return h.hexdigest()


@cache
def _file_digest(path: str, mtime_ns: int, size: int) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def cache_key(html: str, options: Mapping[str, Any]) -> str:
    h = hashlib.sha256()
    for part in (LAYOUT_VERSION, _weasyprint_version(), _stylesheets_digest(), repr(font_files()),
                 json.dumps(dict(options), sort_keys=True, default=str), html):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()
