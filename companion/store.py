"""Persistence of tables, event logs and user profiles. Every write checks the version it was based on."""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from flask import current_app
from sqlalchemy import CursorResult, delete, func, select, text, update
from sqlalchemy.exc import IntegrityError

from . import db
from .eventlog import LogEntry
from .models import Event, Profile, Table, utcnow
from .profiles.refs import ProfileRef

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


TURN_SECONDS = 8.0  # how long a refused phone keeps the next write (enough to look and tap again)


def new_token() -> str:
    """144 random bits, URL-safe (the issue asks for at least 96)."""
    return secrets.token_urlsafe(18)


class TooManyTables(Exception):
    """The client started as many tables as the window allows: nothing was written."""


@dataclass(frozen=True)
class NewEvent:
    """An entry of an imported log, written as it was exported (its seq, kind, payload, phone and time)."""

    seq: int
    kind: str
    payload: dict[str, Any]
    device: str
    created_at: datetime


def create_table(game: str, seats: list[str], options: dict[str, Any], profile_ref: str, creator: str, *,
                 limit: tuple[datetime, int] | None = None, own_profile: tuple[dict[str, Any], str] | None = None,
                 events: Sequence[NewEvent] = (), version: int = 0) -> Table:
    """A new table, in one transaction with what comes with it: the table's own profile copy (``own_profile``:
    data and where it came from; the table then uses it), the entries of an imported log. With ``limit``
    (since, how many), the client's count of tables started since then is checked inside the same write, so
    concurrent requests cannot pass it together (TooManyTables; nothing is written). Any failure writes
    nothing."""
    s = db.session()
    s.commit()  # end any read transaction: the first statement below takes the write lock
    with db.write_lock():
        try:
            if limit is not None and s.get_bind().dialect.name == "postgresql":
                s.execute(text("SELECT pg_advisory_xact_lock(hashtext(:creator))"), {"creator": creator})
            if own_profile is not None:
                data, based_on = own_profile
                profile = Profile(token=new_token(), game=game, data=data, based_on=based_on, version=0)
                s.add(profile)
                s.flush()
                profile_ref = str(ProfileRef.user(profile.token))
            last = max((e.seq for e in events), default=0)
            table = Table(
                token=new_token(), watch_token=new_token(), game=game, seats=seats, options=options,
                profile_ref=profile_ref, version=max(version, last), creator=creator,
            )
            s.add(table)
            s.flush()
            if limit is not None:
                since, most = limit
                count = s.scalar(select(func.count(Table.id)).where(Table.creator == creator,
                                                                    Table.created_at >= since)) or 0
                if count > most:
                    raise TooManyTables()
            for e in events:
                s.add(Event(table_id=table.id, seq=e.seq, kind=e.kind, payload=e.payload, device=e.device,
                            created_at=e.created_at))
            s.commit()
        except BaseException:
            s.rollback()
            raise
    return table


def get_table(token: str) -> Table | None:
    if not is_token(token):
        return None
    return db.session().scalar(select(Table).where(Table.token == token))


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
    # The query every phone sends every 2 s: plain SQL, compiled once, read straight off the connection.
    row = db.session().execute(_VERSION_BY_WATCH_TOKEN if watch else _VERSION_BY_TOKEN, {"token": token}).first()
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


def recent_events(table_id: int, limit: int) -> list[Event]:
    """The newest ``limit`` entries, oldest first (a table page shows the recent history)."""
    rows = list(db.session().scalars(
        select(Event).where(Event.table_id == table_id).order_by(Event.seq.desc()).limit(limit)))
    return rows[::-1]


def events_by_seq(table_id: int, seqs: set[int]) -> list[Event]:
    if not seqs:
        return []
    return list(db.session().scalars(select(Event).where(Event.table_id == table_id, Event.seq.in_(seqs))))


def events_before(table_id: int, seq: int) -> int:
    """How many entries the log holds before ``seq`` (entries are numbered 1, 2, 3 … for people; a seq can
    skip a number where a write changed the table but logged no entry, such as its own profile copy)."""
    return db.session().scalar(
        select(func.count(Event.id)).where(Event.table_id == table_id, Event.seq < seq)) or 0


def devices_in_order(table_id: int) -> list[str]:
    """The phones that made entries at a table, in the order of their first entry."""
    rows = db.session().execute(
        select(Event.device, func.min(Event.seq).label("first")).where(Event.table_id == table_id)
        .group_by(Event.device).order_by("first"))
    return [row[0] for row in rows]


def event_count(table_id: int) -> int:
    return db.session().scalar(select(func.count(Event.id)).where(Event.table_id == table_id)) or 0


def events_of(table_id: int) -> list[Event]:
    return list(db.session().scalars(select(Event).where(Event.table_id == table_id).order_by(Event.seq)))


def _queue(raw: Any, now: float) -> list[list[Any]]:
    """The table's waiting phones still within their time, oldest first."""
    if not isinstance(raw, list):
        return []
    return [[str(d), float(u)] for d, u in (w for w in raw if isinstance(w, list) and len(w) == 2) if float(u) > now]


def _lock_table(s: Any, table_id: int) -> tuple[int, list[list[Any]]] | None:
    """Start the write transaction by writing the row (SQLite takes its write lock, PostgreSQL locks the row),
    then read the version and the waiting phones: what follows decides on a row nobody else can change."""
    s.execute(update(Table).where(Table.id == table_id).values(id=Table.id)
              .execution_options(synchronize_session=False))
    row = s.execute(select(Table.version, Table.waiting).where(Table.id == table_id)).first()
    return (int(row[0]), _queue(row[1], time.time())) if row else None


def take_turn(table_id: int, device: str) -> None:
    """Queue ``device`` (whose entry was just refused as stale) for the table's next writes: for
    ``WRITE_TURN_SECONDS`` the phones queued before it, then it, write before anyone else."""
    s = db.session()
    s.commit()
    seconds = float(current_app.config.get("WRITE_TURN_SECONDS", TURN_SECONDS))
    queued = s.scalar(select(Table.waiting).where(Table.id == table_id))
    if any(w[0] == device for w in _queue(queued, time.time() + seconds / 2)):
        return  # already queued with time to spare: no write needed (a refused phone may try again at once)
    with db.write_lock():
        found = _lock_table(s, table_id)
        if found is None:
            s.rollback()
            return
        _version, queue = found
        queue = [w for w in queue if w[0] != device] + [[device, time.time() + seconds]]
        s.execute(update(Table).where(Table.id == table_id).values(waiting=queue)
                  .execution_options(synchronize_session=False))
        s.commit()


def append_event(table_id: int, based_on: int, kind: str, payload: dict[str, Any], device: str) -> int:
    """Append one entry if the table is still at version ``based_on``; return the new version.

    The transaction starts by writing the table's row, so on SQLite it takes the write lock before anything
    else (no stale read snapshot to upgrade) and on PostgreSQL it locks the row: of two phones writing on the
    same version exactly one succeeds, the other gets Conflict.

    Fair under contention: phones refused as stale queue up (``take_turn``); while the queue holds phones,
    only its first may write (the others get ``Conflict.waiting``), so each refused phone's next try, on the
    fresh version, lands in the order they were refused. None is refused forever.
    """
    s = db.session()
    s.commit()  # end any read transaction first
    new_version = based_on + 1
    with db.write_lock():
        found = _lock_table(s, table_id)
        current, queue = found if found is not None else (-1, [])
        waiting = bool(queue) and queue[0][0] != device
        if current != based_on or waiting:
            s.rollback()
        else:
            s.execute(update(Table).where(Table.id == table_id)
                      .values(version=new_version, updated_at=utcnow(), waiting=queue[1:] or None))
            s.add(Event(table_id=table_id, seq=new_version, kind=kind, payload=payload, device=device))
            try:
                s.commit()
                return new_version
            except IntegrityError:  # unique (table_id, seq): a second guard against a lost race
                s.rollback()
                current = current_version(table_id) or 0
    if current == based_on:
        raise Conflict(current, waiting=True)
    take_turn(table_id, device)
    raise Conflict(max(current, 0))


def set_table_profile(table_id: int, based_on: int, profile_ref: str) -> int:
    """Point a table at another profile (e.g. its own copy, once a player types a card's data), as a
    version-checked write like any other: returns the new version."""
    s = db.session()
    s.commit()
    result = _updated(s.execute(
        update(Table)
        .where(Table.id == table_id, Table.version == based_on)
        .values(profile_ref=profile_ref, version=based_on + 1, updated_at=utcnow())
    ))
    if result.rowcount != 1:
        s.rollback()
        raise Conflict(current_version(table_id) or 0)
    s.commit()
    return based_on + 1


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
