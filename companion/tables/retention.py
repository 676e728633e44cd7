"""What is kept, and for how long: `flask --app companion cleanup` deletes what nobody can use any more.

A stranger can make tables, deck profiles and groups without an account, so nothing would ever be deleted
otherwise. After ``RETENTION_DAYS`` (30 by default) without use, these go:

- a table with no entry at all, made that long ago and not in a group (nobody played on it; a table with even
  one entry is a game someone may come back to, and is kept);
- a table's own deck profile copy no table plays with any more (its table was deleted), made that long ago;
- a phone's own deck profile (copied or imported on a phone, listed under "My profiles") no table plays with,
  unchanged for ``KEPT_PROFILE_DAYS`` (365): a club's deck is kept for next year's game night;
- a group with no table that nobody changed for that long (made, its roster edited, a table added), roster or
  not: opening its page changes nothing, so a group nobody started a table in is not kept for ever;
- the records of what each client made (``creations``) once they are older than the longest window.

Run it daily from cron or a systemd timer (docs/reliability.md, "Retention"). It deletes in one transaction per kind and
prints what it deleted.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, delete, exists, func

from companion.profiles.refs import USER
from companion.storage import db
from companion.storage.models import Creation, Event, Group, GroupTable, Profile, Table, utcnow


@dataclass(frozen=True)
class Cleaned:
    tables: int
    profiles: int
    groups: int
    creations: int


def deleted_rows(result: Any) -> int:
    """How many rows a DELETE removed."""
    return int(cast(CursorResult[Any], result).rowcount or 0)


def cleanup(days: int, window_seconds: int, kept_profile_days: int = 365, now: datetime | None = None) -> Cleaned:
    now = now or utcnow()
    cutoff = now - timedelta(days=days)
    kept_cutoff = now - timedelta(days=max(days, kept_profile_days))
    s = db.session()
    s.commit()
    with db.write_lock():
        try:
            tables = deleted_rows(s.execute(delete(Table).where(
                Table.created_at < cutoff,
                ~exists().where(Event.table_id == Table.id),
                ~exists().where(GroupTable.table_id == Table.id),
            ).execution_options(synchronize_session=False)))
            in_use = exists().where(Table.profile_ref == USER + ":" + Profile.token)
            copies = (Profile.maker == "") & (Profile.created_at < cutoff)
            phones = (Profile.maker != "") & (Profile.updated_at < kept_cutoff)
            profiles = deleted_rows(s.execute(delete(Profile).where(copies | phones, ~in_use)
                                 .execution_options(synchronize_session=False)))
            groups = deleted_rows(s.execute(delete(Group).where(  # its roster goes with it (ON DELETE CASCADE)
                func.coalesce(Group.changed_at, Group.created_at) < cutoff,
                ~exists().where(GroupTable.group_id == Group.id),
            ).execution_options(synchronize_session=False)))
            creations = deleted_rows(s.execute(delete(Creation).where(
                Creation.created_at < now - timedelta(seconds=window_seconds),
            ).execution_options(synchronize_session=False)))
            s.commit()
        except BaseException:
            s.rollback()
            raise
    return Cleaned(tables, profiles, groups, creations)

