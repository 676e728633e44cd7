"""Database models of groups: a circle of friends with its own links, a roster, and its tables.

Kept apart from ``models.py`` (tables, logs, profiles): a group only points at tables, through ``group_tables``,
so nothing about a table changes when it joins a group. The models share ``Base``, so one metadata (and the
migrations) describe them all.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base, utcnow


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
