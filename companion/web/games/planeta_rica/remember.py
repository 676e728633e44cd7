"""Card values a player typed once (a card's VP, a planet's slot rewards) are remembered in a deck profile copy
(PR-6: asked for once, never guessed).

A score page saves them through the platform (``companion.web.remembering``: a user profile version-checked, a
built-in one copied); a table's entry hands them to the platform (``learnt``), which keeps them in the table's
own copy in the same transaction as the entry. Only values that pass the per-card facts
(``GAME.validate_card``) are kept.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from companion.games.planeta_rica import GAME, Gadget, Move, TableState
from companion.web.gameweb import profile_desk

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
    """Put ``values`` into the profile ``profile_ref`` names (a score page's); returns the ref that now holds
    them (a new user profile for a built-in one). Raises ProfileChanged when a user profile changed meanwhile."""
    return profile_desk().remember(SLUG, profile_ref, profile, lambda data: with_values(data, values))


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


def learnt(move: Move, before: TableState, after: TableState, profile: Mapping[str, Any]) -> dict[str, Any] | None:
    """WEB.learnt: the table's profile with the card values a saved entry carried because the profile lacked
    them (PR-6); None when it carried none. The platform keeps it in the table's own copy with the entry."""
    values = learned_from_move(GAME.move_to_json(move), before)
    if not values:
        return None
    updated = with_values(profile, values)
    return None if updated == dict(profile) else updated
