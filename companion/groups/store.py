"""Persistence of groups: the group and its links, its roster, and which tables belong to it.

Tables stay as ``store.py`` keeps them; a group only points at them (``group_tables``). A group's import is
written in one transaction, its tables with it, so a refused or failed import leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from companion.profiles.refs import ProfileRef
from companion.storage import db
from companion.storage.models import Event, Group, GroupMember, GroupTable, Table, utcnow
from companion.storage.tokens import is_token, new_token
from companion.tables.store import LoggedEntry, claim_tables, write_table


class NameTaken(Exception):
    """The roster already has this name (in any spelling of its case)."""


class InAnotherGroup(Exception):
    """The table already belongs to another group."""


def name_key(name: str) -> str:
    return name.casefold()


def create_group(name: str, members: Sequence[str]) -> Group:
    """A new group with its roster (names already checked), in one transaction."""
    s = db.session()
    s.commit()
    try:
        group = Group(token=new_token(), watch_token=new_token(), name=name, creator="")
        s.add(group)
        s.flush()
        for position, member in enumerate(members, start=1):
            s.add(GroupMember(group_id=group.id, name=member, key=name_key(member), position=position))
        s.commit()
    except BaseException:
        s.rollback()
        raise
    return group


def get_group(token: str) -> Group | None:
    if not is_token(token):
        return None
    return db.session().scalar(select(Group).where(Group.token == token))


def get_watched_group(watch_token: str) -> Group | None:
    if not is_token(watch_token):
        return None
    return db.session().scalar(select(Group).where(Group.watch_token == watch_token))


def members_of(group_id: int) -> list[GroupMember]:
    """The whole roster in its order, former members included (they carry ``removed_at``)."""
    return list(db.session().scalars(
        select(GroupMember).where(GroupMember.group_id == group_id).order_by(GroupMember.position, GroupMember.id)))


class RosterFull(Exception):
    """The group has kept as many names as it may (current and former members together)."""


def add_member(group_id: int, name: str, most_names: int | None = None) -> GroupMember:
    """Put a name on the roster. A former member of that name comes back (with their games); a current
    member of that name is NameTaken. A new name is RosterFull once the group has kept ``most_names`` names,
    former members included: adding and removing names cannot grow a group without end."""
    s = db.session()
    s.commit()
    key = name_key(name)
    found = s.scalar(select(GroupMember).where(GroupMember.group_id == group_id, GroupMember.key == key))
    if found is not None and found.removed_at is None:
        raise NameTaken(name)
    if found is None and most_names is not None and (s.scalar(
            select(func.count(GroupMember.id)).where(GroupMember.group_id == group_id)) or 0) >= most_names:
        raise RosterFull(name)
    last = s.scalar(select(func.max(GroupMember.position)).where(GroupMember.group_id == group_id))
    position = (last or 0) + 1
    _changed(group_id)
    if found is not None:
        found.removed_at = None
        found.name = name
        found.position = position
        s.commit()
        return found
    member = GroupMember(group_id=group_id, name=name, key=key, position=position)
    s.add(member)
    try:
        s.commit()
    except IntegrityError:  # another phone added the same name a moment ago
        s.rollback()
        raise NameTaken(name) from None
    return member


def remove_member(group_id: int, member_id: int) -> GroupMember | None:
    """Take a name off the roster; their past games stay and count for them (a former member)."""
    s = db.session()
    s.commit()
    member = s.scalar(select(GroupMember).where(GroupMember.group_id == group_id, GroupMember.id == member_id))
    if member is None:
        return None
    if member.removed_at is None:
        s.execute(update(GroupMember).where(GroupMember.id == member.id).values(removed_at=utcnow())
                  .execution_options(synchronize_session=False))
        _changed(group_id)
        s.commit()
        s.refresh(member)
    return member


def add_table(group_id: int, table_id: int) -> bool:
    """Put a table in the group: True if it was added, False if it was in this group already;
    InAnotherGroup if another group has it."""
    s = db.session()
    s.commit()
    current = s.scalar(select(GroupTable.group_id).where(GroupTable.table_id == table_id))
    if current == group_id:
        return False
    if current is not None:
        raise InAnotherGroup(table_id)
    s.add(GroupTable(group_id=group_id, table_id=table_id))
    _changed(group_id)
    try:
        s.commit()
    except IntegrityError:
        s.rollback()
        current = s.scalar(select(GroupTable.group_id).where(GroupTable.table_id == table_id))
        if current == group_id:
            return False
        raise InAnotherGroup(table_id) from None
    return True


def _changed(group_id: int) -> None:
    """The group was changed now (in the caller's transaction): the retention counts from here."""
    db.session().execute(update(Group).where(Group.id == group_id).values(changed_at=utcnow())
                         .execution_options(synchronize_session=False))


def group_of_table(table_id: int) -> Group | None:
    return db.session().scalar(
        select(Group).join(GroupTable, GroupTable.group_id == Group.id).where(GroupTable.table_id == table_id))


def tables_of(group_id: int) -> list[Table]:
    """The group's tables in the order they joined it."""
    return list(db.session().scalars(
        select(Table).join(GroupTable, GroupTable.table_id == Table.id)
        .where(GroupTable.group_id == group_id).order_by(GroupTable.id)))


@dataclass(frozen=True)
class NewGroupTable:
    """A table of an imported group, checked and ready to write (see companion.web.tables.transfer.check_import)."""

    game: str
    seats: list[str]
    options: dict[str, Any]
    profile_ref: ProfileRef | None  # a built-in profile by reference; None: ``profile`` is its own copy
    profile: dict[str, Any]
    events: Sequence[LoggedEntry]
    version: int


def import_group(name: str, members: Sequence[tuple[str, bool]], tables: Sequence[NewGroupTable], creator: str,
                 limit: tuple[datetime, int]) -> Group:
    """Write an imported group in one transaction: the group, its roster (name, former?) in order, and its
    tables with their profile copies and logs. The client's table-creation limit counts the new tables
    (TooManyTables, nothing written). Any failure writes nothing."""
    s = db.session()
    s.commit()
    with db.write_lock():
        try:
            claim_tables(s, creator, limit, len(tables))
            group = Group(token=new_token(), watch_token=new_token(), name=name, creator=creator)
            s.add(group)
            s.flush()
            now = utcnow()
            for position, (member, former) in enumerate(members, start=1):
                s.add(GroupMember(group_id=group.id, name=member, key=name_key(member), position=position,
                                  removed_at=now if former else None))
            for new in tables:
                own = (new.profile, "import") if new.profile_ref is None else None
                table = write_table(s, new.game, new.seats, new.options, str(new.profile_ref or ""), creator,
                                  own_profile=own, events=new.events, version=new.version)
                s.add(GroupTable(group_id=group.id, table_id=table.id))
            s.commit()
        except BaseException:
            s.rollback()
            raise
    return group


def entry_times(table_ids: Sequence[int]) -> dict[int, tuple[datetime, datetime]]:
    """(first, last) entry time of each table that has entries: when its game began and ended."""
    if not table_ids:
        return {}
    rows = db.session().execute(
        select(Event.table_id, func.min(Event.created_at), func.max(Event.created_at))
        .where(Event.table_id.in_(table_ids)).group_by(Event.table_id))
    return {row[0]: (aware(row[1]), aware(row[2])) for row in rows}


def aware(moment: datetime) -> datetime:
    """SQLite gives back times without their offset; they were written in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
