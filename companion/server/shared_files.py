"""Small results shared by the server's processes through a folder (the instance's): what one worker made, another
reads instead of making it again. A table's phones are spread over the workers, so without it each worker draws
every new version of the table once for its own phones (issue 39: a render is most of what an entry costs).

Keys are digests of what the result depends on plus what made it (``code_digest``: the app's files as they are on
disk), so a result made by other code (a restart after an upgrade, gunicorn's reload) is
never read. The folder is bounded: every ``TRIM_EVERY`` writes, the oldest files past ``max_files`` go.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections.abc import Hashable
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)
TRIM_EVERY = 64
ROOT = Path(__file__).resolve().parents[2]


@cache
def code_digest() -> str:
    """What makes the results, as it is on disk: every file of the app's code, data (built-in profiles, compiled
    translations), templates and static files, by path, size and time (read once per process: a few hundred)."""
    h = hashlib.blake2b(digest_size=12)
    for folder in (ROOT / "companion", ROOT / "templates", ROOT / "static"):
        for path in sorted(folder.rglob("*")):
            if "__pycache__" in path.parts:
                continue
            try:
                st = path.stat()
            except OSError:
                continue
            h.update(f"{path.relative_to(ROOT)}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


class SharedFiles:
    def __init__(self, folder: Path | None, max_files: int = 2048) -> None:
        self.folder = folder
        self.max_files = max_files
        self._writes = 0
        self._lock = threading.Lock()

    def _path(self, key: Hashable) -> Path | None:
        if self.folder is None:
            return None
        digest = hashlib.blake2b(f"{code_digest()}\0{key!r}".encode(), digest_size=16).hexdigest()
        return self.folder / f"{digest}.part"

    def get(self, key: Hashable) -> bytes | None:
        path = self._path(key)
        if path is None:
            return None
        try:
            return path.read_bytes()
        except OSError:
            return None

    def put(self, key: Hashable, data: bytes) -> None:
        path = self._path(key)
        if path is None:
            return
        tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # pages of the players' links: theirs only
            tmp.write_bytes(data)
            os.replace(tmp, path)  # a reader sees the whole file or none
        except OSError as exc:
            log.warning("shared files: cannot write %s: %s", path, exc)
            tmp.unlink(missing_ok=True)
            return
        with self._lock:
            self._writes += 1
            trim = self._writes % TRIM_EVERY == 0
        if trim:
            self.trim()

    def trim(self) -> None:
        """The oldest files past ``max_files`` go (and any write left half done)."""
        if self.folder is None:
            return
        entries = []
        for found in self.folder.iterdir():
            try:
                entries.append((found.stat().st_mtime, found))
            except OSError:
                continue
        entries.sort()
        for _mtime, found in entries[:max(0, len(entries) - self.max_files)]:
            found.unlink(missing_ok=True)
