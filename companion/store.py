"""Persistence of tables, event logs and user profiles. Every write checks the version it was based on."""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from flask import current_app
from sqlalchemy import (
    JSON,
    CursorResult,
    DateTime,
    Integer,
    String,
    bindparam,
    delete,
    func,
    insert,
    literal_column,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from . import db, live
from .cache import BoundedCache
from .eventlog import LogEntry
from .models import Event, Profile, Table, TableSnapshot, utcnow
from .profiles.refs import ProfileRef
from .turnqueue import Queue

# What new_token makes (URL-safe base64); a link naming anything else names nothing, and is never sent to the
# database (PostgreSQL refuses a NUL in a string outright).
MAX_VERSION = 2**31 - 1  # versions and seqs are 32-bit integer columns
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def is_token(text: str) -> bool:
    return isinstance(text, str) and TOKEN_RE.fullmatch(text) is not None


def _updated(result: Any) -> CursorResult[Any]:
    """An UPDATE's result, which reports how many rows it changed (the version check reads that)."""
    return cast(CursorResult[Any], result)


class Conflict(Exception):
    """The write was based on an older version than the stored one: somebody else wrote first. ``waiting``:
    the version was current, but another phone whose entry was refused has the next write for a moment."""

    def __init__(self, current_version: int, waiting: bool = False) -> None:
        super().__init__(f"stale write; current version is {current_version}")
        self.current_version = current_version
        self.waiting = waiting


# How long a refused phone keeps its place in the table's queue between tries, and the head its turn: enough
# for a person to look at the fresh table and tap again; a phone that went away holds the table no longer.
TURN_SECONDS = 8.0


def new_token() -> str:
    """144 random bits, URL-safe (at least 96 are needed for a link nobody can guess)."""
    return secrets.token_urlsafe(18)


class TooManyTables(Exception):
    """The client started as many tables as the window allows: nothing was written."""


@dataclass(frozen=True)
class LoggedEntry:
    """An entry of a table's log with its phone and time, apart from the ORM: an imported log's entries, written
    as they were exported, and the entries a history reads (never written back)."""

    seq: int
    kind: str
    payload: dict[str, Any]
    device: str
    created_at: datetime


def create_table(game: str, seats: list[str], options: dict[str, Any], profile_ref: str, creator: str, *,
                 limit: tuple[datetime, int] | None = None, own_profile: tuple[dict[str, Any], str] | None = None,
                 events: Sequence[LoggedEntry] = (), version: int = 0, rematch_of: int | None = None) -> Table:
    """A new table, in one transaction with what comes with it: the table's own profile copy (``own_profile``:
    data and where it came from; the table then uses it), the entries of an imported log. With ``limit``
    (since, how many), the client's count of tables started since then is checked inside the same write, so
    concurrent requests cannot pass it together (TooManyTables; nothing is written). Any failure writes
    nothing. ``rematch_of``: the finished table this one is the rematch of (RematchTaken when it has one)."""
    s = db.session()
    s.commit()  # end any read transaction: the first statement below takes the write lock
    with db.write_lock():
        try:
            if limit is not None:
                claim_tables(s, creator, limit, 1)
            table = write_table(s, game, seats, options, profile_ref, creator, own_profile=own_profile, events=events,
                              version=version, rematch_of=rematch_of)
            s.commit()
        except BaseException:
            s.rollback()
            raise
    return table


def claim_tables(s: Session, creator: str, limit: tuple[datetime, int], adding: int) -> None:
    """Inside a write transaction: may this client start ``adding`` more tables, with ``limit`` (since, how many)?
    TooManyTables if not. On PostgreSQL the client's claims take turns (an advisory lock to the transaction's
    end), so two concurrent requests cannot both count the same room; SQLite has one writer at a time anyway."""
    if s.get_bind().dialect.name == "postgresql":
        s.execute(text("SELECT pg_advisory_xact_lock(hashtext(:creator))"), {"creator": creator})
    since, most = limit
    started = s.scalar(select(func.count(Table.id)).where(Table.creator == creator, Table.created_at >= since)) or 0
    if started + adding > most:
        raise TooManyTables()


def write_table(s: Session, game: str, seats: list[str], options: dict[str, Any], profile_ref: str, creator: str, *,
              own_profile: tuple[dict[str, Any], str] | None = None, events: Sequence[LoggedEntry] = (),
              version: int = 0, rematch_of: int | None = None) -> Table:
    """Inside a caller's write transaction: the one way a table is written (a new one, an imported one, a group's
    imported tables), with its own profile copy and its log's entries."""
    if own_profile is not None:
        data, based_on = own_profile
        profile = Profile(token=new_token(), game=game, data=data, based_on=based_on, version=0)
        s.add(profile)
        s.flush()
        profile_ref = str(ProfileRef.user(profile.token))
    last = max((e.seq for e in events), default=0)
    table = Table(token=new_token(), watch_token=new_token(), game=game, seats=seats, options=options,
                  profile_ref=profile_ref, version=max(version, last), creator=creator, rematch_of=rematch_of)
    s.add(table)
    try:
        s.flush()
    except IntegrityError:
        if rematch_of is None:
            raise
        raise RematchTaken() from None  # rematch_of is unique: another tap started it a moment ago
    add_events(s, table.id, events)
    return table


class RematchTaken(Exception):
    """The finished table has its rematch already (a double tap, the same form sent twice)."""


def rematch_for(table_id: int) -> Table | None:
    """The rematch started from this table, if any."""
    return db.session().scalar(select(Table).where(Table.rematch_of == table_id))


def add_events(s: Session, table_id: int, events: Sequence[LoggedEntry]) -> None:
    """An imported log's entries in one bulk INSERT: thousands of ORM objects would cost the event loop seconds
    of CPU (an import may carry 20,000 entries)."""
    if events:
        s.execute(insert(Event), [{"table_id": table_id, "seq": e.seq, "kind": e.kind, "payload": e.payload,
                                   "device": e.device, "created_at": e.created_at} for e in events])


def get_table(token: str) -> Table | None:
    if not is_token(token):
        return None
    return db.session().scalar(select(Table).where(Table.token == token))


@dataclass(frozen=True)
class TapRead:
    """A phone's tap key and the entry it had written at the table (seq, kind) when the table was read, or None:
    looked up in the very statement that read the table's row, so it is what the table held at that version."""

    key: str
    entry: tuple[int, str] | None


def table_with_tap(token: str, key: str) -> tuple[Table, TapRead] | None:
    """The table a write request names (detached: nothing of the session's bookkeeping, which a request that
    writes through the turn's own statements never uses) and what its tap key wrote there, in one statement: a
    phone's entry sends its key, and asking for it apart cost a round trip on PostgreSQL before every entry."""
    if not is_token(token):
        return None
    row = db.session().execute(_TABLE_WITH_TAP, {"token": token, "key": key or None}).first()
    if row is None:
        return None
    values = row._asdict()
    tap_seq, tap_kind = values.pop("tap_seq"), values.pop("tap_kind")
    return Table(**values), TapRead(key, (int(tap_seq), str(tap_kind)) if tap_seq is not None else None)


def _tap_column(name: str) -> Any:
    """One column of the entry the request's tap key wrote at the table read (NULL when it wrote none or the
    request sent no key: ``entry_key = NULL`` holds for no row); the (table_id, entry_key) index finds it."""
    column = _EVENTS.c[name]
    return select(column).where(_EVENTS.c.table_id == _TABLES.c.id, _EVENTS.c.entry_key == bindparam("key")) \
        .scalar_subquery().label(f"tap_{name}")


def snapshot(table: Table) -> Table:
    """The table's row as read, detached from the session: a write's commit (which expires what the session
    holds) cannot change it under a view that was read before the write."""
    if table.id is None or table not in db.session():
        return table
    return Table(**{c.key: getattr(table, c.key) for c in Table.__table__.columns})


def get_watched_table(watch_token: str) -> Table | None:
    if not is_token(watch_token):
        return None
    return db.session().scalar(select(Table).where(Table.watch_token == watch_token))


def current_version(table_id: int) -> int | None:
    """The cheap read behind the "anything new?" poll."""
    return db.session().scalar(select(Table.version).where(Table.id == table_id))


def version_by_token(token: str, watch: bool = False) -> tuple[int, int] | None:
    if not is_token(token):
        return None
    # The query every phone sends every 2 s: plain SQL, compiled once, read straight off the connection, in
    # autocommit on PostgreSQL (db.READS; the live stream closes its session between reads, so it is said again).
    s = db.session()
    db.read_in_autocommit(s)
    row = s.execute(_VERSION_BY_WATCH_TOKEN if watch else _VERSION_BY_TOKEN, {"token": token}).first()
    return (row[0], row[1]) if row else None


_VERSION_BY_TOKEN = text("SELECT id, version FROM tables WHERE token = :token")
_VERSION_BY_WATCH_TOKEN = text("SELECT id, version FROM tables WHERE watch_token = :token")


def log_of(table_id: int) -> list[LogEntry]:
    rows = db.session().execute(
        select(Event.seq, Event.kind, Event.payload).where(Event.table_id == table_id).order_by(Event.seq)
    )
    return [LogEntry(seq, kind, payload) for seq, kind, payload in rows]


def log_since(table_id: int, after_seq: int) -> list[LogEntry]:
    """The entries after ``after_seq``: what a table's kept replay has not read yet."""
    rows = db.session().execute(
        select(Event.seq, Event.kind, Event.payload)
        .where(Event.table_id == table_id, Event.seq > after_seq).order_by(Event.seq)
    )
    return [LogEntry(seq, kind, payload) for seq, kind, payload in rows]


@dataclass(frozen=True)
class RecentLog:
    """A stretch of a table's log as its history shows it: the entries (oldest first), how many entries the
    log holds before the oldest (lines are numbered 1, 2, 3 … though seqs may skip), and each of their phones'
    place among the table's phones in the order of their first entry (1 the first)."""

    entries: list[LoggedEntry]
    before: int
    phones: dict[str, int]


def recent_log(table_id: int, token: str, limit: int, skip: int = 0) -> RecentLog:
    """The newest ``limit`` entries after skipping the ``skip`` newest, with their numbering and their phones'
    order, in one statement: a table's fragment reads its history after every entry and poll that shows a new
    version, and three statements (the entries, the count before them, the phones' order) cost three round
    trips on PostgreSQL. Its cost is one page's index reads, the count before it, and the entries this process
    had not read yet for the phones' order (``_first_entries``)."""
    cached = _first_entries.get(token) or (0, {})
    for known, firsts in (cached, (-1, {})):  # the second time (never needed, as the log only grows): all of it
        rows = db.session().execute(_RECENT_LOG, {"table": table_id, "limit": limit, "skip": skip,
                                                  "oldest": skip + limit - 1, "known": known}).all()
        entries = [LoggedEntry(r.seq, r.kind, r.payload, r.device, r.created_at) for r in rows if r.part == "entry"]
        found = {r.device: int(r.seq) for r in rows if r.part == "phone"}
        if found:
            firsts = {**found, **firsts}  # a phone read before keeps its first entry: only new phones are added
            newest = max(int(r.newest) for r in rows if r.part == "phone")
            _first_entries.put(token, (newest, firsts))
        if all(entry.device in firsts for entry in entries):
            break
    number = {device: place for place, device in enumerate(sorted(firsts, key=firsts.__getitem__), 1)}
    earlier = next((int(r.earlier) for r in rows if r.part == "entry"), 0)
    return RecentLog(entries, earlier, {entry.device: number[entry.device] for entry in entries})


# Each table's phones with the seq of their first entry, as far as this process has read the table's log, by
# table token (unique across databases): the log only grows, so a phone's first entry never changes, and a history
# read asks only for the entries after those read (grouping a 10,000-entry log at every version cost each fresh
# fragment 5 ms on SQLite). (the seq read up to, {phone: its first entry's seq})
_first_entries: BoundedCache[tuple[int, dict[str, int]]] = BoundedCache(4096)


# A plain SELECT, so that it runs on a request's reading connection (db.READS refuses anything else). Rows of two
# parts: "entry", the page of entries, with how many entries come before the page (counted up to the page's
# oldest entry found by its offset: an uncorrelated subquery, evaluated once; none when the page is not full: it
# reached the start of the log); and "phone", each phone's first entry among the entries after ``known`` (the
# seq this process has read the table's phones up to) with the newest seq it read.
_RECENT_LOG = text("""
SELECT * FROM (
    SELECT 'entry' AS part, page.seq, page.kind, page.payload, page.device, page.created_at,
        (SELECT count(*) FROM events WHERE table_id = :table AND seq < (
            SELECT seq FROM events WHERE table_id = :table ORDER BY seq DESC LIMIT 1 OFFSET :oldest)) AS earlier,
        NULL AS newest
    FROM (SELECT seq, kind, payload, device, created_at FROM events WHERE table_id = :table
          ORDER BY seq DESC LIMIT :limit OFFSET :skip) AS page
    UNION ALL
    SELECT 'phone', min(seq), NULL, NULL, device, NULL, NULL, max(seq) FROM events
    WHERE table_id = :table AND seq > :known GROUP BY device
) AS parts ORDER BY part, seq""").columns(part=String, seq=Integer, kind=String, payload=JSON, device=String,
                                          created_at=DateTime(timezone=True), earlier=Integer, newest=Integer)


def events_after(table_id: int, after_seq: int, limit: int) -> list[Event]:
    """The first ``limit`` entries after ``after_seq``, oldest first (a streamed export reads the log so)."""
    return list(db.session().scalars(select(Event).where(Event.table_id == table_id, Event.seq > after_seq)
                                     .order_by(Event.seq).limit(limit)))


def count_events(table_id: int) -> int:
    return db.session().scalar(select(func.count(Event.id)).where(Event.table_id == table_id)) or 0


def events_by_seq(table_id: int, seqs: set[int]) -> list[Event]:
    if not seqs:
        return []
    return list(db.session().scalars(select(Event).where(Event.table_id == table_id, Event.seq.in_(seqs))))


def events_before(table_id: int, seq: int) -> int:
    """How many entries the log holds before ``seq`` (entries are numbered 1, 2, 3 … for people; a seq can
    skip a number where a write changed the table but logged no entry, such as its own profile copy)."""
    return db.session().scalar(
        select(func.count(Event.id)).where(Event.table_id == table_id, Event.seq < seq)) or 0


def device_of(table_id: int, seq: int) -> str | None:
    """The phone that made entry ``seq`` (None when there is no such entry)."""
    return db.session().scalar(select(Event.device).where(Event.table_id == table_id, Event.seq == seq))


def event_count(table_id: int) -> int:
    return db.session().scalar(select(func.count(Event.id)).where(Event.table_id == table_id)) or 0


def events_of(table_id: int) -> list[Event]:
    return list(db.session().scalars(select(Event).where(Event.table_id == table_id).order_by(Event.seq)))


def turn_seconds() -> float:
    return float(current_app.config.get("WRITE_TURN_SECONDS", TURN_SECONDS))


# The write turn's statements name the tables themselves, not their ORM classes: no ORM bookkeeping for rows the
# turn reads and writes by hand (a few hundred microseconds of CPU an entry).
_TABLES = cast(Any, Table.__table__)
_EVENTS = cast(Any, Event.__table__)


_TABLE_WITH_TAP = select(*_TABLES.c, _tap_column("seq"), _tap_column("kind")) \
    .where(_TABLES.c.token == bindparam("token"))


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
            result = _updated(self._s.execute(
                update(Profile).where(Profile.token == current.token, Profile.version == version)
                .values(data=data, version=Profile.version + 1, updated_at=utcnow())
                .execution_options(synchronize_session=False)))
            if result.rowcount != 1:
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
        entry = insert(_EVENTS).values(**self.appended) if self.appended is not None else None
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
        write = update(_TABLES).where(_TABLES.c.id == self._row.id).values(**values)
        if postgresql:
            if entry is not None:
                write = write.add_cte(entry.cte("entry"))
            if self.version != self._row.version:
                # every worker and host hears of the new version (companion.live), at commit and only if it commits
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
            row = s.execute(update(_TABLES).where(_TABLES.c.id == table_id).values(id=_TABLES.c.id)
                            .returning(*_TABLES.c, *_clock_column(s))).first()
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


def append_event(table_id: int, based_on: int, kind: str, payload: dict[str, Any], device: str) -> int:
    """Append one entry if the table is still at version ``based_on`` and no refused phone is waiting ahead
    of ``device``; return the new version. Else Conflict (``waiting``: the version was current). For callers
    that hold no view of the table (imports of fixtures, benches); entries from phones go through
    ``play.enter_move``, which can also save a stale entry whose meaning did not change."""
    appended = None
    with table_turn(table_id, device) as turn:
        if turn is None:
            raise Conflict(0)
        if turn.mine and turn.version == based_on:
            appended = turn.append(kind, payload)
        elif turn.mine:
            turn.wait()
        else:
            turn.hold()
        current, waiting = turn.version, turn.version == based_on
    if appended is None:
        raise Conflict(current, waiting=waiting)
    live.published(table_id, appended)  # committed: this process's pages and polls hear of it now
    return appended


def tables_created_since(creator: str, since: datetime) -> int:
    return db.session().scalar(
        select(func.count(Table.id)).where(Table.creator == creator, Table.created_at >= since)
    ) or 0


def window_start(seconds: int) -> datetime:
    return utcnow() - timedelta(seconds=seconds)


# -- user deck profiles ---------------------------------------------------------------------------------------

def create_profile(game: str, data: dict[str, Any], based_on: str, maker: str = "") -> Profile:
    """A new user profile; ``maker`` is the phone that made it ("" for a table's own copy)."""
    s = db.session()
    s.commit()  # end the request's reads (db.READS): the write commits on its own
    profile = Profile(token=new_token(), game=game, data=data, based_on=based_on, version=0, maker=maker)
    s.add(profile)
    s.commit()
    return profile


def get_profile(token: str) -> Profile | None:
    if not is_token(token):
        return None
    return db.session().scalar(select(Profile).where(Profile.token == token))


def save_profile(profile_id: int, based_on: int, data: dict[str, Any]) -> int:
    """Replace a profile's data if nobody changed it since ``based_on``; return the new version."""
    s = db.session()
    s.commit()
    result = _updated(s.execute(
        update(Profile)
        .where(Profile.id == profile_id, Profile.version == based_on)
        .values(data=data, version=based_on + 1, updated_at=utcnow())
    ))
    if result.rowcount != 1:
        s.rollback()
        current = s.scalar(select(Profile.version).where(Profile.id == profile_id))
        raise Conflict(current or 0)
    s.commit()
    return based_on + 1


MAX_LISTED_PROFILES = 200  # a phone's list; far more than anyone fills in by hand


def profiles_made_by(maker: str) -> list[Profile]:
    """The profiles a phone made, newest first (none for an empty id: a table's copies have no maker)."""
    if not maker:
        return []
    return list(db.session().scalars(
        select(Profile).where(Profile.maker == maker).order_by(Profile.created_at.desc(), Profile.id.desc())
        .limit(MAX_LISTED_PROFILES)))


def tables_using_profile(token: str) -> int:
    """How many tables play with this profile (a table's own copy is used by exactly one)."""
    return db.session().scalar(
        select(func.count(Table.id)).where(Table.profile_ref == str(ProfileRef.user(token)))) or 0


class InUse(Exception):
    """The profile is a table's deck profile: deleting it would pull the cards out from under the table."""


def delete_profile(profile_id: int, based_on: int) -> None:
    """Delete a profile nobody changed since ``based_on`` and no table uses (InUse, Conflict otherwise)."""
    s = db.session()
    s.commit()
    profile = s.get(Profile, profile_id)
    if profile is None:
        raise Conflict(0)
    if tables_using_profile(profile.token):
        raise InUse(profile.token)
    result = _updated(s.execute(
        delete(Profile).where(Profile.id == profile_id, Profile.version == based_on)))
    if result.rowcount != 1:
        s.rollback()
        raise Conflict(profile.version)
    s.commit()


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
