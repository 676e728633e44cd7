"""Card data a player typed once, kept in a deck profile by a page that has no table (a score page): the
platform's one way to write what a game learnt into a profile. A table's own copy is written by the table's
write path instead (``companion.play.enter_move`` and ``remember``), in the same transaction as the entry.

A user profile is saved, version-checked (``ProfileChanged`` when it was edited meanwhile); a built-in profile is
never changed, so a copy holding the data is made, kept in the phone's list of profiles, and its ref returned.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion import quota, store
from companion.profiles import copy_of
from companion.profiles.refs import ProfileRef

from .security import client_id, device_id

Update = Callable[[Mapping[str, Any]], dict[str, Any]]  # a profile -> the profile with what was learnt


class ProfileChanged(Exception):
    """The user profile was edited since the page read it: nothing was saved."""


class ProfileAllowanceUsed(Exception):
    """Remembering would make a new deck profile, and this phone has made its whole allowance of them lately
    (companion.quota, like a profile copy or import): nothing was saved. ``message`` is in the phone's language;
    the page answers 429 with ``retry_after`` and keeps the cards entered."""

    def __init__(self) -> None:
        self.message = str(quota.refused(quota.PROFILE).description)
        self.retry_after = quota.retry_after()
        super().__init__(self.message)


def remember_in_profile(slug: str, profile_ref: str, profile: Mapping[str, Any], update: Update) -> str:
    """Save ``update`` of the profile ``profile_ref`` names; returns the ref that now holds it. Raises
    ProfileChanged (a user profile edited meanwhile) or ProfileAllowanceUsed (a new copy over the allowance)."""
    ref = ProfileRef.parse(profile_ref)
    if ref.is_user:
        row = store.get_profile(ref.token)
        if row is not None and row.game == slug:
            try:
                store.save_profile(row.id, row.version, update(row.data))
            except store.Conflict:
                raise ProfileChanged(profile_ref) from None
            return profile_ref
    source = ref.key if not ref.is_user and ref.key else "default"
    if not quota.charge(quota.PROFILE, client_id()):  # a new profile counts like a copy (issue #27)
        raise ProfileAllowanceUsed
    created = store.create_profile(slug, update(copy_of(profile)), str(ProfileRef.builtin(source)),
                                   maker=device_id())  # the scoring phone's: kept in its list
    return str(ProfileRef.user(created.token))


def profile_exists(token: str) -> bool:
    """Does a user profile have this token (an old link's redirect passes on no odd or unknown token)?"""
    return store.get_profile(token) is not None


__all__ = ["ProfileAllowanceUsed", "ProfileChanged", "profile_exists", "remember_in_profile"]
