"""A table's write turn: the one transaction in which an entry (or an undo, a redo, what a table learnt) is
written, on every host at once. The table's row is locked for the turn (PostgreSQL; SQLite has one writer at a
time), the version it was based on is checked, and the fair queue of phones whose entries crossed
(companion.tables.turnqueue) decides who may write now. The common entry (on the version its phone saw, nobody
queued) is written without the turn, in one conditional write that does what the turn would
(``append_unchanged``). companion.tables.play is their one caller."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import current_app
from sqlalchemy import Text as SQLText
from sqlalchemy import cast, func, insert, literal, literal_column, or_, select, text, update
from sqlalchemy.exc import IntegrityError

from companion.profiles.refs import ProfileRef
from companion.storage import db
from companion.storage.models import EVENTS, TABLES, Profile, Table, utcnow
from companion.storage.tokens import new_token
from companion.tables import recent
from companion.tables.store import Conflict, LoggedEntry, current_version
from companion.tables.turnqueue import Queue

# How long a refused phone keeps its place in the table's queue between tries, and the head its turn: enough
# for a person to look at the fresh table and tap again; a phone that went away holds the table no longer.
TURN_SECONDS = 8.0


def turn_seconds() -> float:
    return float(current_app.config.get("WRITE_TURN_SECONDS", TURN_SECONDS))


# The write turn's statements name the tables themselves, not their ORM classes: no ORM bookkeeping for rows the
# turn reads and writes by hand (a few hundred microseconds of CPU an entry).


class TableTurn:
    """One table's write turn: its row is locked until the ``table_turn`` block ends, so what is decided
    inside (stale or not, whose turn, does the entry still mean the same) reads a table nobody else changes."""

    def __init__(self, s: Any, row: Any, device: str, now: float | None = None) -> None:
        self._s = s
        self._row = row
        self.device = device
        self.version = int(row.version)
        self.now = time.time() if now is None else now  # the database's clock (table_turn), shared by every host
        self.seconds = turn_seconds()
        self.queue = Queue.read(row.waiting, self.now, self.seconds)
        self._stored = row.waiting
        self.profile_ref = str(row.profile_ref)
        self.appended: dict[str, Any] | None = None  # the entry this turn writes (its row), if any

    @property
    def mine(self) -> bool:
        """No phone refused earlier is waiting ahead of this one."""
        return self.queue.may_write(self.device)

    def table(self) -> Table:
        """The table as this turn leaves it (its version and profile), detached from the session: what the
        answer shows without reading the table again."""
        values = {c.key: getattr(self._row, c.key) for c in Table.__table__.columns}
        values.update(version=self.version, profile_ref=self.profile_ref)
        return Table(**values)

    def append(self, kind: str, payload: dict[str, Any], key: str = "") -> int:
        """Log the entry as the next version (with the key its phone made for the tap); the phone leaves the
        queue. Committed when the block ends."""
        self.version += 1
        self.queue = self.queue.wrote(self.device, self.now, self.seconds)
        self.appended = {"table_id": self._row.id, "seq": self.version, "kind": kind, "payload": payload,
                         "device": self.device, "entry_key": key or None, "created_at": utcnow()}
        return self.version

    def use_profile(self, game: str, data: dict[str, Any], current: ProfileRef, version: int | None) -> str:
        """Keep what the table learnt in its own deck profile, in this turn's transaction: the table's own copy
        (``current``, a user profile read at ``version``) is updated, version-checked (Conflict when it was
        edited meanwhile); a table on a built-in profile gets its own copy holding ``data``. Returns the ref
        the table now plays with (saved with the turn)."""
        if current.is_user:
            changed = db.rows_changed(self._s.execute(
                update(Profile).where(Profile.token == current.token, Profile.version == version)
                .values(data=data, version=Profile.version + 1, updated_at=utcnow())
                .execution_options(synchronize_session=False)))
            if changed != 1:
                raise Conflict(self.version)
            return str(current)
        profile = Profile(token=new_token(), game=game, data=data, based_on=str(current), version=0)
        self._s.add(profile)
        self.profile_ref = str(ProfileRef.user(profile.token))
        return self.profile_ref

    def entry_with_key(self, key: str) -> tuple[int, str] | None:
        """Inside the turn: the entry this key already wrote (its seq and kind), if any."""
        return entry_with_key(self._row.id, key)

    def touch(self) -> int:
        """A write that changes the table without a log entry (its deck profile learnt card data): the version
        moves on, so phones on the old one are told, and every page shows the table with it."""
        self.version += 1
        return self.version

    def wait(self) -> None:
        """The phone was refused as stale: it keeps or takes its place in the queue, or (a head refused twice in
        its turn) loses it (turnqueue.Queue.refused; committed with the block)."""
        self.queue = self.queue.refused(self.device, self.now, self.seconds)

    def hold(self) -> None:
        """The phone was told to wait for the head: it keeps its place with fresh time, or joins the back."""
        self.queue = self.queue.waiting(self.device, self.now, self.seconds)

    def save(self) -> None:
        """The turn's writes in as few statements as they take. On PostgreSQL one: the UPDATE of the table's
        row carries the entry's INSERT (a data-modifying WITH, run exactly once with it) and sends the notice of
        the new version (pg_notify in its RETURNING, evaluated for the one row it writes). SQLite, whose WITH
        only reads, runs the INSERT on its own first. Nothing is read back."""
        postgresql = self._s.get_bind().dialect.name == "postgresql"
        entry = insert(EVENTS).values(**self.appended) if self.appended is not None else None
        if entry is not None and not postgresql:
            self._s.execute(entry)
        values: dict[str, Any] = {}
        if self.version != self._row.version:
            values.update(version=self.version, updated_at=utcnow())
        if self.queue.stored() != self._stored:
            values["waiting"] = self.queue.stored()
        if self.profile_ref != self._row.profile_ref:
            values["profile_ref"] = self.profile_ref
        if not values:  # nothing appended either: an entry moves the version on
            return
        write = update(TABLES).where(TABLES.c.id == self._row.id).values(**values)
        if postgresql:
            if entry is not None:
                write = write.add_cte(entry.cte("entry"))
            if self.version != self._row.version:
                # every worker and host hears of the new version (companion.tables.live), at commit and only if it commits
                write = write.returning(func.pg_notify("companion_tables", f"{self._row.id}:{self.version}"))
        self._s.execute(write).close()


@contextmanager
def table_turn(table_id: int, device: str) -> Iterator[TableTurn | None]:
    """The table's write turn for ``device`` (None when the table is gone), committed when the block ends.

    The transaction starts by writing the table's row, which on SQLite takes the database's write lock before
    anything is read (no read snapshot to upgrade, which SQLite would refuse) and on PostgreSQL locks the row
    (as SELECT ... FOR UPDATE would) until commit: writes to one table are serialised across every worker
    process and machine, other tables are not held up (on PostgreSQL). Raises Conflict if the commit finds the
    entry's seq taken after all (a second guard: the unique (table_id, seq) constraint).
    """
    s = db.session()
    s.commit()  # end any read transaction first
    with db.write_lock():
        try:
            row = s.execute(update(TABLES).where(TABLES.c.id == table_id).values(id=TABLES.c.id)
                            .returning(*TABLES.c, *_clock_column(s))).first()
            turn = TableTurn(s, row, device, _turn_clock(s, row)) if row is not None else None
            yield turn
            if turn is not None:
                turn.save()
            s.commit()
            s.expire_all()  # the request's Table objects read the row again (its version, its queue) when next used
            db.read_in_autocommit(s)  # the answer's reads, as the request's before the turn
        except IntegrityError:
            s.rollback()
            db.read_in_autocommit(s)
            raise Conflict(current_version(table_id) or 0) from None
        except BaseException:
            s.rollback()
            raise


def append_unchanged(table_id: int, version: int, device: str, kind: str, payload: dict[str, Any],
                     key: str = "") -> Table | None:
    """The common entry without the turn: written at once while the table is still at ``version`` and no phone is
    queued on it, the case in which the turn would decide exactly this (the entry made on the version it saw, and
    the phone's turn). Returns the table as written; None when that does not hold, with nothing written (the
    caller then takes the table's turn, which decides). The caller knows the tap's key wrote nothing up to
    ``version``; a key that wrote since moved the version on, so this writes nothing and the turn finds it.

    On PostgreSQL it is one statement in autocommit (atomic on its own: the conditional UPDATE of the row, the
    entry's INSERT only for the row it updated, the notice of the new version), one round trip where the turn
    takes four (BEGIN, the lock, the write, COMMIT). On SQLite the same UPDATE and the INSERT, one transaction."""
    s = db.session()
    new, now = version + 1, utcnow()
    moved = update(TABLES).where(TABLES.c.id == table_id, TABLES.c.version == version, _NOBODY_QUEUED) \
        .values(version=new, updated_at=now)
    entry = {"table_id": table_id, "seq": new, "kind": kind, "payload": payload, "device": device,
             "entry_key": key or None, "created_at": now}
    try:
        if s.get_bind().dialect.name == "postgresql":
            row = db.run_alone(s, _in_one_statement(moved, entry, f"{table_id}:{new}")).first()
        else:
            s.commit()  # end any read transaction first
            with db.write_lock():
                row = s.execute(moved.returning(*TABLES.c)).first()
                if row is not None:
                    s.execute(insert(EVENTS).values(**entry))
                s.commit()
    except IntegrityError:  # the seq or the key taken after all: the turn decides what the table holds
        s.rollback()
        row = None
    except BaseException:
        s.rollback()
        raise
    db.read_in_autocommit(s)  # the answer's reads, as the request's before
    if row is None:
        return None
    s.expire_all()  # the request's Table objects read the row again when next used, as after a turn
    written = Table(**{c.key: row._mapping[c.key] for c in Table.__table__.columns})
    # the history's newest lines go on from the entry just written, with its time as the database gives it back
    # (SQLite keeps no zone: it is UTC), so the answer need not read them again
    read_back = now if s.get_bind().dialect.name == "postgresql" else now.replace(tzinfo=None)
    recent.carry_on(written.token, version, LoggedEntry(new, kind, payload, device, read_back))
    return written


# Nobody queued on the table (turnqueue): the column as a table that never queued holds it, or as a queue that
# emptied stores it (JSON's null).
_NOBODY_QUEUED = or_(TABLES.c.waiting.is_(None), cast(TABLES.c.waiting, SQLText) == "null")


def _in_one_statement(moved: Any, entry: dict[str, Any], notice: str) -> Any:
    """PostgreSQL: the row's UPDATE in a WITH, the entry's INSERT taking its values from the row it updated (none
    when it updated none) and pg_notify in its RETURNING (every worker and host hears of the new version, at
    commit and only if it commits), read back as the table row."""
    written = moved.returning(*TABLES.c, func.pg_notify("companion_tables", notice).label("noticed")).cte("moved")
    values = [literal(value, EVENTS.c[name].type).label(name) for name, value in entry.items()]
    logged = insert(EVENTS).from_select(list(entry), select(*values).select_from(written)).cte("logged")
    return select(written).add_cte(logged)


# Now, in epoch seconds, by the database's clock, as SQL.
_CLOCK_SQL = {
    "postgresql": "EXTRACT(EPOCH FROM clock_timestamp())",
    "sqlite": "(julianday('now') - 2440587.5) * 86400.0",
}
_CLOCK = {name: text(f"SELECT {sql}") for name, sql in _CLOCK_SQL.items()}


# The write turn reads its row and the database's clock with the statement that locks the row (UPDATE ...
# RETURNING): one round trip instead of three, which on PostgreSQL each wait for the server's process. The clock is
# evaluated once the row is locked, as the separate read after the lock was.
_CLOCK_COLUMN: dict[str, Any] = {
    name: literal_column(sql).label("database_clock") for name, sql in _CLOCK_SQL.items()}

# still_waiting's read: the queue and the clock in one statement.
_QUEUE_BY_ID = {name: text(f"SELECT version, waiting, {sql} FROM tables WHERE id = :id")
                for name, sql in _CLOCK_SQL.items()}
_QUEUE_BY_ID_NO_CLOCK = text("SELECT version, waiting, NULL FROM tables WHERE id = :id")


def _clock_column(s: Any) -> list[Any]:
    found = _CLOCK_COLUMN.get(s.get_bind().dialect.name)
    return [found] if found is not None else []


def _turn_clock(s: Any, row: Any) -> float:
    clock = row._mapping.get("database_clock")
    return float(clock) if clock is not None else database_clock(s)


def database_clock(s: Any) -> float:
    """Now, in epoch seconds, by the database's clock: the turn queue's times are written by every host and
    compared by every other, so they must come from one clock, not from each host's own."""
    query = _CLOCK.get(s.get_bind().dialect.name)
    return float(s.scalar(query)) if query is not None else time.time()


def entry_with_key(table_id: int, key: str) -> tuple[int, str] | None:
    """The entry a phone's tap key wrote at this table (seq, kind), or None: a repeat of the tap (a retry after a
    lost answer, a form sent twice) is answered with it, never written again."""
    if not key:
        return None
    row = db.session().execute(_ENTRY_BY_KEY, {"table": table_id, "key": key}).first()
    return (int(row[0]), str(row[1])) if row else None


_ENTRY_BY_KEY = text("SELECT seq, kind FROM events WHERE table_id = :table AND entry_key = :key")


def still_waiting(table_id: int, device: str) -> int | None:
    """The table's version when ``device`` must wait for another phone and nothing needs writing to tell it
    so (``Queue.waits_quietly``), else None. A plain read (the row and the database's clock, one statement), so
    the phones waiting on a busy table do not take the write lock each time they try."""
    s = db.session()
    query = _QUEUE_BY_ID.get(s.get_bind().dialect.name, _QUEUE_BY_ID_NO_CLOCK)
    row = s.execute(query, {"id": table_id}).first()
    if row is None:
        return None
    now = float(row[2]) if row[2] is not None else database_clock(s)
    seconds = turn_seconds()
    return int(row[0]) if Queue.read(_json(row[1]), now, seconds).waits_quietly(device, now + seconds / 2) else None


def _json(raw: Any) -> Any:
    """A JSON column read with plain SQL: SQLite gives its text, PostgreSQL the value."""
    return json.loads(raw) if isinstance(raw, str) else raw
