"""The database's schema, one module for every room's tables: tables (a game being played), their append-only
event logs and snapshots, user deck profiles, groups (a circle of friends with its roster and its tables), and what
clients made (counted by the quotas). The rooms' stores (companion.tables.store, companion.profiles.store,
companion.groups.store) read and write them; the migrations build exactly this schema (tests/web/test_migrations.py).

A group only points at tables, through ``group_tables``, so nothing about a table changes when it joins a group.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, Integer, LargeBinary, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Table(Base):
    """A game at a physical table. Its state is its event log replayed through the game's engine."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)  # players' link
    watch_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)  # read-only link
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seats: Mapped[list[str]] = mapped_column(JSON, default=list)
    profile_ref: Mapped[str] = mapped_column(String(100), default="")
    # Bumped by every write; a write based on an older version is refused unless it still means the same
    # (play._write, in the table's write turn: store.table_turn).
    version: Mapped[int] = mapped_column(Integer, default=0)
    # Fairness under contention: phones whose entries were refused as stale, [device, until (epoch s)], oldest
    # first; they write next, in that order (companion/tables/turnqueue.py), so none is refused forever by faster ones.
    waiting: Mapped[list[list[Any]] | None] = mapped_column(JSON, nullable=True, default=None)
    creator: Mapped[str] = mapped_column(String(64), default="", index=True)  # hashed client, for rate limits
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # The finished table this one is the rematch of: at most one rematch each (a double tap opens the first).
    rematch_of: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("tables.id"), nullable=True,
        unique=True, index=True, default=None)

    events: Mapped[list[Event]] = relationship(
        back_populates="table", order_by="Event.seq", cascade="all, delete-orphan", lazy="raise"
    )


class Event(Base):
    """One entry of a table's log. Never updated or deleted: undo and redo are events too."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
                      UniqueConstraint("table_id", "entry_key", name="uq_events_table_key"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # equals the table version this event produced
    kind: Mapped[str] = mapped_column(String(16))  # "move", "undo", "redo"
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    device: Mapped[str] = mapped_column(String(32), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # The key the phone made for the tap (None for imported entries): a repeat of it is answered, not written.
    entry_key: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)

    table: Mapped[Table] = relationship(back_populates="events")


class TableSnapshot(Base):
    """A table's log as read up to ``seq`` through its game's engine (play._advanced writes it lazily): the
    first view of a long table after a restart reads the entries after it, not the whole log. Only
    a cache: a snapshot whose engine, profile or table differ is ignored, and the log stays the truth."""

    __tablename__ = "table_snapshots"
    __table_args__ = (UniqueConstraint("table_id", "profile_key", name="uq_table_snapshots_profile"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(64))  # the table's, so a reused id never reads another's snapshot
    profile_key: Mapped[str] = mapped_column(String(200))  # the profile and its version the states were made on
    engine: Mapped[str] = mapped_column(String(64))  # a digest of the engines' code the states were made by
    seq: Mapped[int] = mapped_column(Integer)
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


# The tables themselves (SQLAlchemy Core), for statements written by hand where ORM bookkeeping would cost: the write
# turn (companion.tables.turns) and the tap lookup (companion.tables.store) read and write rows through these.
TABLES: Any = Table.__table__
EVENTS: Any = Event.__table__


class Profile(Base):
    """A deck profile a user made (copied from a built-in one or imported). Built-in ones live in TOML."""

    __tablename__ = "profiles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    game: Mapped[str] = mapped_column(String(64))
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    based_on: Mapped[str] = mapped_column(String(100), default="")
    version: Mapped[int] = mapped_column(Integer, default=0)
    # The phone that made it (its device cookie), so that phone can list, rename and delete it; "" for the copies a
    # table makes for itself (they belong to that table alone) and for profiles made before phones were kept.
    maker: Mapped[str] = mapped_column(String(32), default="", index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Creation(Base):
    """One thing a client made (a deck profile, a group): what the per-client creation limits count
    (companion/server/quota.py). Kept only as long as the longest window; ``flask cleanup`` deletes older rows."""

    __tablename__ = "creations"
    __table_args__ = (Index("ix_creations_client_kind", "client", "kind", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    client: Mapped[str] = mapped_column(String(64))  # the keyed hash of the client's address (security.client_id)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)


class Group(Base):
    """A circle of friends: its players' link (``token``) and its read-only link (``watch_token``)."""

    __tablename__ = "groups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    watch_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(60), default="")
    creator: Mapped[str] = mapped_column(String(64), default="", index=True)  # hashed client, for rate limits
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # When the group was last changed: made, a name put on or taken off its roster, a table added. A group with
    # no table unchanged for RETENTION_DAYS is deleted by `flask --app companion cleanup` (retention.py).
    # Nullable only so the migration needs no table rebuild on SQLite; every row has it.
    changed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, default=utcnow)


class GroupMember(Base):
    """A name on a group's roster. Removing a player only marks the row (``removed_at``): their past games
    still count for them, shown as a former member."""

    __tablename__ = "group_members"
    __table_args__ = (UniqueConstraint("group_id", "key", name="uq_group_members_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(40))  # the name casefolded: two spellings are one player
    position: Mapped[int] = mapped_column(Integer, default=0)
    removed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, default=None)


class GroupTable(Base):
    """A table belongs to at most one group; the table itself is untouched."""

    __tablename__ = "group_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), unique=True)
    added_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


PROFILES: Any = Profile.__table__  # a table's read asks for its user profile's version (companion.tables.store)
