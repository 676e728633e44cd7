"""Card values a player typed once (a card's VP, a planet's slot rewards) are remembered in a deck profile copy
(PR-6: asked for once, never guessed).

A user profile is saved (version-checked); a built-in profile is never changed, so a copy is made and the
score page (or the table) carries on with the copy. Only values that pass the per-card facts
(``GAME.validate_card``) are kept.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from companion import store
from companion.games.planeta_rica import GAME, Gadget
from companion.profiles import copy_of
from companion.profiles.refs import ProfileRef
from companion.web.security import device_id
from companion.web.table_service import own_profile_copy

SLUG = "planeta-rica"

CardValues = Mapping[str, Mapping[str, Any]]  # card id -> {"vp": 3, "slot1": "coin", ...}


def with_values(profile: Mapping[str, Any], values: CardValues) -> dict[str, Any]:
    """A copy of the profile with these cards' values filled in (a card it does not list is added)."""
    data = copy.deepcopy(dict(profile))
    entries = [dict(c) for c in data.get("cards") or [] if isinstance(c, Mapping)]
    by_id = {e.get("id"): i for i, e in enumerate(entries)}
    for card, fields in values.items():
        merged = {**(entries[by_id[card]] if card in by_id else {"id": card}), **fields}
        if not all(r.ok for r in GAME.validate_card(data, merged)):
            continue
        if card in by_id:
            entries[by_id[card]] = merged
        else:
            by_id[card] = len(entries)
            entries.append(merged)
    data["cards"] = entries
    return data


def save(profile_ref: str, profile: Mapping[str, Any], values: CardValues) -> str:
    """Put ``values`` into the profile ``profile_ref`` names; returns the ref that now holds them (a new user
    profile for a built-in one). Raises store.Conflict when a user profile changed meanwhile."""
    ref = ProfileRef.parse(profile_ref)
    if ref.is_user:
        row = store.get_profile(ref.token)
        if row is not None and row.game == SLUG:
            store.save_profile(row.id, row.version, with_values(row.data, values))
            return profile_ref
    source = ref.key if not ref.is_user and ref.key else "default"
    created = store.create_profile(SLUG, with_values(copy_of(profile), values), str(ProfileRef.builtin(source)),
                                   maker=device_id())  # the scoring phone's: kept in its list
    return str(ProfileRef.user(created.token))


def learned_from_move(move: Mapping[str, Any], before: Any) -> dict[str, dict[str, Any]]:
    """Card values an entry carried because the profile lacked them (PR-6): an invade's coin cost, a gadget's
    resource cost its first develop gave, what a returning worker's slot (and the slot it copied) shows."""
    values: dict[str, dict[str, Any]] = {}
    kind = move.get("type")
    if kind == "invade" and isinstance(move.get("cost"), int):
        values[str(move["planet"])] = {"coins": move["cost"]}
    if kind == "develop" and isinstance(move.get("cost"), Mapping) and before is not None \
            and _cost_unknown(before, move.get("gadget")):
        # PR-6: the gadget's cost as its first develop at the table gave it (named resources and "any")
        values[str(move["gadget"])] = {"cost": dict(move["cost"])}
    if kind == "return" and before is not None and before.to_move is not None:
        planets = before.seats[before.to_move].planets
        index = move.get("planet")
        if isinstance(index, int) and 0 <= index < len(planets) and planets[index].topmost is not None:
            slot = planets[index].topmost
            if "shows" in move:
                values.setdefault(planets[index].planet.value, {})[f"slot{slot}"] = move["shows"]
            target = move.get("copy")
            if "copied" in move and isinstance(target, int) and 0 <= target < len(planets):
                values.setdefault(planets[target].planet.value, {})[f"slot{slot}"] = move["copied"]
    return values


def _cost_unknown(before: Any, gadget: Any) -> bool:
    """Did the profile lack this gadget's cost when the develop was entered (so the entry told it)?"""
    try:
        return before.profile.gadget(Gadget(gadget)).cost is None
    except ValueError:
        return False


def remember_for_table(view: Any, values: CardValues) -> None:
    """Put ``values`` into the table's own profile copy: a table on a built-in profile gets its copy first (the
    built-in profile, and every other table started from it, stay as they are). Version-checked against the
    table as ``view`` read it: store.Conflict when another phone wrote first."""
    if view.profile_ref.is_user:
        # The table's version moves too (same profile): the check against a stale phone, and the other phones'
        # poll then fetches the table with the values in.
        store.set_table_profile(view.table.id, view.version, str(view.profile_ref))
        save(str(view.profile_ref), view.profile, values)
    else:
        own_profile_copy(view, view.version, with_values(view.profile, values))


def remember_after_move(view: Any) -> None:
    """After an entry the platform saved (WEB.after_move): values it carried that the profile lacked go into the
    table's own profile copy. Another phone writing first leaves them for the next entry."""
    if view.replay_error is not None or not view.log.standing:
        return
    entry = view.log.standing[-1]
    values = learned_from_move(entry.payload, view.before.get(entry.seq))
    if not values:
        return
    try:
        remember_for_table(view, values)
    except store.Conflict:
        return
