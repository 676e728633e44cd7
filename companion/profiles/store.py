"""Persistence of user deck profiles: made (a copy of a built-in one, an import, what a score page learnt),
read, saved and deleted, every write version-checked (Conflict when someone saved first)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, select, update

from companion.profiles.refs import ProfileRef
from companion.storage import db
from companion.storage.models import Profile, Table, utcnow
from companion.storage.tokens import is_token, new_token


class Conflict(Exception):
    """The profile changed since the version the write was based on: somebody else saved (or deleted) first."""

    def __init__(self, current_version: int) -> None:
        super().__init__(f"stale profile write; current version is {current_version}")
        self.current_version = current_version



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


def profile_version(token: str) -> tuple[str, int] | None:
    """A user profile's game and version (None when there is none): one small read, before its data is needed."""
    if not is_token(token):
        return None
    found = db.session().execute(select(Profile.game, Profile.version).where(Profile.token == token)).first()
    return None if found is None else (found[0], found[1])


def profile_data(token: str, version: int) -> dict[str, Any] | None:
    """A user profile's data as saved at ``version`` (None once it moved on or is gone)."""
    data = db.session().scalar(select(Profile.data).where(Profile.token == token, Profile.version == version))
    return None if data is None else dict(data)


def save_profile(profile_id: int, based_on: int, data: dict[str, Any]) -> int:
    """Replace a profile's data if nobody changed it since ``based_on``; return the new version."""
    s = db.session()
    s.commit()
    changed = db.rows_changed(s.execute(
        update(Profile)
        .where(Profile.id == profile_id, Profile.version == based_on)
        .values(data=data, version=based_on + 1, updated_at=utcnow())
    ))
    if changed != 1:
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
    changed = db.rows_changed(s.execute(
        delete(Profile).where(Profile.id == profile_id, Profile.version == based_on)))
    if changed != 1:
        s.rollback()
        raise Conflict(profile.version)
    s.commit()
