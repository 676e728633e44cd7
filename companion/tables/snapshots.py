"""Stored snapshots of tables' replayed logs: the first view of a long table after a restart reads the entries
after its snapshot, not the whole log through the engine (10,000 entries took 1.1 s and held a worker).

play._advanced reads one when a worker first meets a table (``restore``) and, when its replay has read
``EVERY`` entries past the one stored, takes a new one (``due``, inside the replay's lock) and stores it after
(``save``, through ``save_snapshot``). Only a cache: the log stays the truth. A snapshot is pickled by this
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

from flask import current_app
from sqlalchemy import delete, insert, select
from sqlalchemy.exc import OperationalError, SQLAlchemyError

from companion.server.cache import BoundedCache
from companion.storage import db
from companion.storage.models import Table, TableSnapshot, utcnow
from companion.tables.eventlog import LogReplay

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
        found = load_snapshot(table.id, table.token, profile_key, ENGINE)
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
        saved = save_snapshot(table.id, table.token, profile_key, ENGINE, seq, data)
    except SQLAlchemyError:
        log.warning("table snapshot not stored", exc_info=True)
        saved = False
    if not saved:  # taken again a little later (not on every read while the database is busy)
        _stored.put((table.token, profile_key), max(0, seq - EVERY // 2))


# -- the snapshots' rows ---------------------------------------------------------------------------------------------

def load_snapshot(table_id: int, token: str, profile_key: str, engine: str) -> tuple[int, bytes] | None:
    """The stored snapshot of a table's replayed log (seq, data), if one was made on this profile version by
    this engine code for this very table (play._advanced)."""
    row = db.session().execute(
        select(TableSnapshot.seq, TableSnapshot.data, TableSnapshot.token, TableSnapshot.engine)
        .where(TableSnapshot.table_id == table_id, TableSnapshot.profile_key == profile_key)).first()
    if row is None or row.token != token or row.engine != engine:
        return None
    return int(row.seq), bytes(row.data)


def save_snapshot(table_id: int, token: str, profile_key: str, engine: str, seq: int, data: bytes) -> bool:
    """Keep (replace) the table's snapshot, in a transaction of its own on a connection of its own: the
    request's session is left as it was. Only a cache, so it never waits: while this process is writing (a
    write turn, perhaps this very request's) or another process holds SQLite's lock, it is skipped (False) and
    written on a later read."""
    lock = db.write_lock()
    held = getattr(lock, "acquire", None)  # SQLite's process lock (PostgreSQL has none: it locks rows)
    if held is not None and not held(blocking=False):
        return False
    try:
        engine_ = current_app.extensions["db_engine"]
        sqlite = engine_.dialect.name == "sqlite"
        with engine_.connect() as conn:
            if sqlite:
                usual = conn.exec_driver_sql("PRAGMA busy_timeout").scalar()
                conn.exec_driver_sql(f"PRAGMA busy_timeout={SNAPSHOT_WAIT_MS}")
                conn.commit()
            try:
                conn.execute(delete(TableSnapshot).where(TableSnapshot.table_id == table_id,
                                                         TableSnapshot.profile_key == profile_key))
                conn.execute(insert(TableSnapshot).values(
                    table_id=table_id, token=token, profile_key=profile_key, engine=engine, seq=seq, data=data,
                    created_at=utcnow()))
                conn.commit()
                return True
            except OperationalError:  # the database is busy (locked): later
                conn.rollback()
                return False
            finally:
                if sqlite:
                    conn.exec_driver_sql(f"PRAGMA busy_timeout={int(usual or 0)}")
                    conn.commit()
    finally:
        if held is not None:
            lock.release()


SNAPSHOT_WAIT_MS = 50  # how long a snapshot's write waits for SQLite's lock before it is left for later
