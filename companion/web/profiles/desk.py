"""The platform's deck profiles as a quick tool (a page with no table, e.g. a score page) sees them: the
``ProfileDesk`` a game's web package asks for (companion.web.gameweb.profile_desk), so a game reads, links and
keeps card data in profiles without importing the store or the profile pages.

Card data a player typed once is kept in a profile here: a user profile is saved, version-checked
(``ProfileChanged`` when it was edited meanwhile); a built-in profile is never changed, so a copy holding the data
is made, kept in the phone's list of profiles, and its ref returned. A table's own copy is written by the table's
write path instead (``companion.tables.play.enter_move`` and ``remember``), in the same transaction as the entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from companion.profiles import builtin_profiles, copy_of
from companion.profiles import store as profile_store
from companion.profiles.progress import Progress
from companion.profiles.refs import ProfileRef
from companion.server import quota
from companion.tables.view import resolve_profile
from companion.web.gameweb import ProfileAllowanceUsed, ProfileChanged
from companion.web.guard.security import client_id, device_id
from companion.web.profiles.model import EditOrCopy, edit_or_copy, progress_for, tool_deck

Read = TypeVar("Read")


class Desk:
    """The one ProfileDesk of an app (see companion.web.gameweb.ProfileDesk for what each method promises)."""

    def deck(self, slug: str, profile_ref: str, default_ref: str,
             read: Callable[[Mapping[str, Any]], Read]) -> tuple[str, dict[str, Any], Read, list[str]]:
        return tool_deck(slug, profile_ref, default_ref, read)

    def data(self, slug: str, profile_ref: str) -> dict[str, Any]:
        return resolve_profile(slug, ProfileRef.parse(profile_ref))[0]

    def progress(self, slug: str, data: Mapping[str, Any]) -> Progress | None:
        return progress_for(slug, data)

    def edit_or_copy(self, slug: str, profile_ref: str, back: str = "") -> EditOrCopy:
        return edit_or_copy(slug, ProfileRef.parse(profile_ref), back=back)

    def builtin_refs(self, slug: str) -> set[str]:
        return set(builtin_profiles(slug))

    def remember(self, slug: str, profile_ref: str, profile: Mapping[str, Any],
                 update: Callable[[Mapping[str, Any]], dict[str, Any]]) -> str:
        ref = ProfileRef.parse(profile_ref)
        if ref.is_user:
            row = profile_store.get_profile(ref.token)
            if row is not None and row.game == slug:
                try:
                    profile_store.save_profile(row.id, row.version, update(row.data))
                except profile_store.Conflict:
                    raise ProfileChanged(profile_ref) from None
                return profile_ref
        source = ref.key if not ref.is_user and ref.key else "default"
        if not quota.charge(quota.PROFILE, client_id()):  # a new profile counts like a copy: the same allowance
            raise ProfileAllowanceUsed(str(quota.refused(quota.PROFILE).description), quota.retry_after())
        created = profile_store.create_profile(slug, update(copy_of(profile)), str(ProfileRef.builtin(source)),
                                       maker=device_id())  # the scoring phone's: kept in its list
        return str(ProfileRef.user(created.token))

    def exists(self, token: str) -> bool:
        """Does a user profile have this token (an old link's redirect passes on no odd or unknown token)?"""
        return profile_store.get_profile(token) is not None


__all__ = ["Desk"]
