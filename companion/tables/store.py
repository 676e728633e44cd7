"""Persistence of tables and their event logs: making a table (the one way: ``write_table``), reading it and its
log by token, version or tap key. The write turn an entry is saved in lives in ``turns``, user profiles in
companion.profiles.store."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    bindparam,
    func,
    insert,
    select,
    text,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from companion.profiles.refs import USER, ProfileRef
from companion.storage import db
from companion.storage.models import EVENTS, PROFILES, TABLES, Event, Profile, Table, utcnow
from companion.storage.tokens import is_token, new_token
from companion.tables.eventlog import LogEntry

MAX_VERSION = 2**31 - 1  # versions and seqs are 32-bit integer columns



class Conflict(Exception):
    """The write was based on an older version than the stored one: somebody else wrote first. ``waiting``:
    the version was current, but another phone whose entry was refused has the next write for a moment."""

    def __init__(self, current_version: int, waiting: bool = False) -> None:
        super().__init__(f"stale write; current version is {current_version}")
        self.current_version = current_version
        self.waiting = waiting




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


def table_with_tap(token: str, key: str) -> tuple[Table, TapRead, int | None] | None:
    """The table a write request names (detached: nothing of the session's bookkeeping, which a request that
    writes through the turn's own statements never uses), what its tap key wrote there and the version of its
    user profile (None: a built-in one, or none found), in one statement: a phone's entry sends its key, and
    asking for either apart cost a round trip on PostgreSQL before every entry."""
    if not is_token(token):
        return None
    row = db.session().execute(_TABLE_WITH_TAP, {"token": token, "key": key or None}).first()
    if row is None:
        return None
    values = row._asdict()
    tap_seq, tap_kind = values.pop("tap_seq"), values.pop("tap_kind")
    profile_version = _user_profile_version_of(values)
    return Table(**values), TapRead(key, (int(tap_seq), str(tap_kind)) if tap_seq is not None else None), \
        profile_version


def _tap_column(name: str) -> Any:
    """One column of the entry the request's tap key wrote at the table read (NULL when it wrote none or the
    request sent no key: ``entry_key = NULL`` holds for no row); the (table_id, entry_key) index finds it."""
    column = EVENTS.c[name]
    return select(column).where(EVENTS.c.table_id == TABLES.c.id, EVENTS.c.entry_key == bindparam("key")) \
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


def table_read(token: str, watch: bool = False) -> tuple[Table, int | None] | None:
    """The table a players' (or, with ``watch``, a watch) link names, detached, with its user profile's version
    (None: a built-in one, or none found), in one statement: a page, a poll or a stream of a table on a user profile
    asked for the profile apart, a round trip on PostgreSQL each time."""
    if not is_token(token):
        return None
    row = db.session().execute(_TABLE_BY_WATCH_TOKEN if watch else _TABLE_BY_TOKEN, {"token": token}).first()
    if row is None:
        return None
    values = row._asdict()
    profile_version = _user_profile_version_of(values)
    return Table(**values), profile_version


def _user_profile_version_of(values: dict[str, Any]) -> int | None:
    """The user profile's version a table's read carries (``_USER_PROFILE_VERSION``), taken out of its row."""
    found = values.pop("user_profile_version")
    return None if found is None else int(found)


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




# The version of the table's user profile (stored as "user:<token>"), of the table's game: NULL for a built-in
# profile or one that is gone. The index on the profile's token finds it.
_USER_PROFILE_VERSION = select(PROFILES.c.version).where(
    TABLES.c.profile_ref.like(f"{USER}:%"), PROFILES.c.token == func.substr(TABLES.c.profile_ref, len(USER) + 2),
    PROFILES.c.game == TABLES.c.game).scalar_subquery().label("user_profile_version")

_TABLE_WITH_TAP = select(*TABLES.c, _tap_column("seq"), _tap_column("kind"), _USER_PROFILE_VERSION) \
    .where(TABLES.c.token == bindparam("token"))
_TABLE_BY_TOKEN = select(*TABLES.c, _USER_PROFILE_VERSION).where(TABLES.c.token == bindparam("token"))
_TABLE_BY_WATCH_TOKEN = select(*TABLES.c, _USER_PROFILE_VERSION).where(TABLES.c.watch_token == bindparam("token"))


def tables_created_since(creator: str, since: datetime) -> int:
    return db.session().scalar(
        select(func.count(Table.id)).where(Table.creator == creator, Table.created_at >= since)
    ) or 0


def window_start(seconds: int) -> datetime:
    return utcnow() - timedelta(seconds=seconds)


# -- user deck profiles ---------------------------------------------------------------------------------------
