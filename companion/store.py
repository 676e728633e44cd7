"""Persistence of tables, event logs and user profiles. Every write checks the version it was based on."""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, func, select, text, update
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
    """The write was based on an older version than the stored one: somebody else wrote first."""

    def __init__(self, current_version: int) -> None:
        super().__init__(f"stale write; current version is {current_version}")
        self.current_version = current_version


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
    column = Table.watch_token if watch else Table.token
    row = db.session().execute(select(Table.id, Table.version).where(column == token)).first()
    return (row[0], row[1]) if row else None


def log_of(table_id: int) -> list[LogEntry]:
    rows = db.session().execute(
        select(Event.seq, Event.kind, Event.payload).where(Event.table_id == table_id).order_by(Event.seq)
    )
    return [LogEntry(seq, kind, payload) for seq, kind, payload in rows]


def events_of(table_id: int) -> list[Event]:
    return list(db.session().scalars(select(Event).where(Event.table_id == table_id).order_by(Event.seq)))


def append_event(table_id: int, based_on: int, kind: str, payload: dict[str, Any], device: str) -> int:
    """Append one entry if the table is still at version ``based_on``; return the new version.

    The conditional UPDATE is the first statement of the write transaction, so on SQLite it takes the write
    lock before anything else (no stale read snapshot to upgrade) and on PostgreSQL it locks the row:
    of two phones writing on the same version exactly one matches, the other gets Conflict.
    """
    s = db.session()
    s.commit()  # end any read transaction first
    new_version = based_on + 1
    with db.write_lock():
        result = _updated(s.execute(
            update(Table)
            .where(Table.id == table_id, Table.version == based_on)
            .values(version=new_version, updated_at=utcnow())
        ))
        if result.rowcount != 1:
            s.rollback()
            stale = True
        else:
            stale = False
            s.add(Event(table_id=table_id, seq=new_version, kind=kind, payload=payload, device=device))
            try:
                s.commit()
            except IntegrityError:  # unique (table_id, seq): a second guard against a lost race
                s.rollback()
                stale = True
    if stale:
        raise Conflict(current_version(table_id) or 0)
    return new_version


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

def create_profile(game: str, data: dict[str, Any], based_on: str) -> Profile:
    s = db.session()
    profile = Profile(token=new_token(), game=game, data=data, based_on=based_on, version=0)
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
