"""Stored snapshots of tables' replayed logs: the first view of a long table after a restart reads the entries
after its snapshot, not the whole log through the engine (10,000 entries took 1.1 s and held a worker).

play._advanced reads one when a worker first meets a table (``restore``) and, when its replay has read
``EVERY`` entries past the one stored, takes a new one (``due``, inside the replay's lock) and stores it after
(``save``, through store.save_snapshot). Only a cache: the log stays the truth. A snapshot is pickled by this
server from its own engines' states and only read back by it; one made by other engine code (``ENGINE``: a
digest of the engines' source), on another profile version, or for another table of the same id is ignored, and
one that cannot be read is replayed over.
"""

from __future__ import annotations

import hashlib
import logging
import pickle
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from . import store
from .cache import BoundedCache
from .eventlog import LogReplay
from .models import Table

EVERY = 200  # entries read past the stored snapshot before a new one is stored
log = logging.getLogger(__name__)


def _engine_digest() -> str:
    """The code that makes the states: every engine and the log's reading rules. A deploy that changes any of
    it makes every stored snapshot stale, so states are never read back into classes that changed."""
    here = Path(__file__).parent
    digest = hashlib.sha256()
    for path in sorted([*(here / "games").rglob("*.py"), here / "eventlog.py", here / "play.py"]):
        digest.update(path.relative_to(here).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


ENGINE = _engine_digest()
_stored: BoundedCache[int] = BoundedCache(8192)  # (token, profile key) -> the seq of the snapshot stored or read


def restore(table: Table, profile_key: str, apply: Callable[[Any, Mapping[str, Any]], Any],
            errors: tuple[type[Exception], ...]) -> LogReplay[Any] | None:
    """The table's replay from its stored snapshot (None when there is none that fits)."""
    try:
        found = store.load_snapshot(table.id, table.token, profile_key, ENGINE)
    except SQLAlchemyError:  # a database not migrated yet (0006), or busy: replay the log as before
        log.warning("table snapshot not read", exc_info=True)
        return None
    if found is None:
        return None
    seq, data = found
    try:
        replay: LogReplay[Any] = LogReplay.restore(pickle.loads(data), apply, errors)
    except Exception:  # noqa: BLE001  an unreadable snapshot is only a cache: the log is replayed instead
        log.warning("table snapshot unreadable, replaying the log", exc_info=True)
        return None
    if replay.last_seq != seq or replay.last_seq > table.version:
        return None
    _stored.put((table.token, profile_key), seq)
    return replay


def due(table: Table, profile_key: str, replay: LogReplay[Any]) -> bytes | None:
    """A new snapshot of ``replay`` when it has read ``EVERY`` entries past the stored one (else None). Called
    while the replay's lock is held, so the bytes are of one consistent replay."""
    key = (table.token, profile_key)
    if replay.last_seq - (_stored.get(key) or 0) < EVERY:
        return None
    _stored.put(key, replay.last_seq)  # the other requests of this worker do not take it again meanwhile
    try:
        return pickle.dumps(replay.snapshot(), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001  a state that cannot be stored: the table is replayed after a restart
        log.warning("table snapshot not taken", exc_info=True)
        return None


def save(table: Table, profile_key: str, seq: int, data: bytes) -> None:
    try:
        saved = store.save_snapshot(table.id, table.token, profile_key, ENGINE, seq, data)
    except SQLAlchemyError:
        log.warning("table snapshot not stored", exc_info=True)
        saved = False
    if not saved:  # taken again a little later (not on every read while the database is busy)
        _stored.put((table.token, profile_key), max(0, seq - EVERY // 2))
