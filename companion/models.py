"""Database models: tables (a game being played), their append-only event logs, and user deck profiles."""

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
    # first; they write next, in that order (companion/turnqueue.py), so none is refused forever by faster ones.
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
    (companion/quota.py). Kept only as long as the longest window; ``flask cleanup`` deletes older rows."""

    __tablename__ = "creations"
    __table_args__ = (Index("ix_creations_client_kind", "client", "kind", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    client: Mapped[str] = mapped_column(String(64))  # the keyed hash of the client's address (security.client_id)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
