"""Cards typed once by their elements are remembered in the deck profile (issue: "a card typed once by its
elements is remembered for that profile").

A card entered with its rank and its elements, whose rank the profile does not know yet, is added to the
profile: a user profile is saved (version-checked); a built-in profile is never changed, so a copy is made
(``store.create_profile``) and the table is pointed at the copy (``store.set_table_profile``, version-checked
like any write), or the scoring page carries on with the copy. Only cards that pass PS-2's per-card facts
(``GAME.validate_card``) are kept, and a table only remembers what it saved in its log, so a refused or
mistyped entry never reaches the profile.

A game entered by the icons alone (no ranks: the quickest first game, issue #15) is remembered too, as sets of
icons with how many cards carry each (``meta.unranked``, the most seen in one game): the next game offers each
set as one tap. The whole list must still fit one deck (PS-2), or nothing of it is kept.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from companion import store
from companion.games.base import Reason
from companion.games.planetary_sisters import GAME, Card, DeckProfile
from companion.games.planetary_sisters.cards import Elements
from companion.games.planetary_sisters.profile import read_profile_leniently
from companion.play import TableView
from companion.profiles import copy_of
from companion.profiles.refs import ProfileRef
from companion.web.security import device_id
from companion.web.table_service import own_profile_copy

SLUG = "planetary-sisters"


def learned(cards: Iterable[Card], deck: DeckProfile) -> list[Card]:
    """The cards with rank and elements whose rank the profile does not know, once each, by rank."""
    found: dict[int, Card] = {}
    for card in cards:
        if card.rank is not None and card.elements and deck.card(card.rank) is None:
            found.setdefault(card.rank, card)
    return [found[rank] for rank in sorted(found)]


Unranked = tuple[tuple[Elements, int], ...]


def known_by_icons(deck: DeckProfile) -> Counter[Elements]:
    """How many cards of each set of icons the profile knows already: by rank, or by icons (the larger)."""
    known = Counter(card.elements for card in deck.cards)
    for elements, n in deck.unranked:
        known[elements] = max(known[elements], n)
    return known


def icons_learned(cards: Iterable[Card], deck: DeckProfile) -> dict[Elements, int]:
    """The sets of icons that cards entered without a rank show more often than the profile knows, each with
    the count to keep (a deck holds at least as many cards with these icons as one game showed)."""
    seen = Counter(card.elements for card in cards if card.rank is None and card.elements)
    known = known_by_icons(deck)
    return {elements: n for elements, n in seen.items() if n > known[elements]}


def icons_gained(learned: Mapping[Elements, int], deck: DeckProfile) -> int:
    """How many more cards the profile would know by their icons."""
    known = known_by_icons(deck)
    return sum(n - known[elements] for elements, n in learned.items())


def icons_beyond_ranks(deck: DeckProfile) -> int:
    """Cards the profile knows by their icons alone: for each set, those beyond the cards known by rank with it."""
    ranked = Counter(card.elements for card in deck.cards)
    return sum(max(0, n - ranked[elements]) for elements, n in deck.unranked)


def merged(deck: DeckProfile, learned: Mapping[Elements, int]) -> Unranked:
    """The profile's sets of icons with what was learned, each with the larger count (never lowered)."""
    counts = dict(deck.unranked)
    for elements, n in learned.items():
        counts[elements] = max(counts.get(elements, 0), n)
    return tuple(counts.items())


def with_unranked(profile: Mapping[str, Any], unranked: Unranked) -> dict[str, Any]:
    """A copy of the profile whose ``meta.unranked`` is this list."""
    data = copy.deepcopy(dict(profile))
    data["meta"] = {**dict(data.get("meta") or {}),
                    "unranked": [{"elements": dict(elements), "count": n} for elements, n in unranked]}
    return data


def unranked_refusal(profile: Mapping[str, Any], unranked: Unranked) -> Reason | None:
    """The PS-2 fact the list would break (it must fit one deck), or None."""
    return next((r for r in GAME.validate_profile(with_unranked(profile, unranked))
                 if r.code in ("ps.profile.unranked", "ps.profile.unranked_invalid") and not r.ok), None)


def acceptable(profile: Mapping[str, Any], cards: Iterable[Card]) -> list[Card]:
    """Those of ``cards`` the profile editor would take (every per-card fact of PS-2 holds)."""
    return [c for c in cards if all(r.ok for r in GAME.validate_card(profile, c.to_json()))]


def with_cards(profile: Mapping[str, Any], cards: Iterable[Card]) -> dict[str, Any]:
    """A copy of the profile with these cards' elements filled in (a rank listed without elements gets them)."""
    data = copy.deepcopy(dict(profile))
    entries = [dict(c) for c in data.get("cards") or [] if isinstance(c, Mapping)]
    by_rank = {e.get("rank"): i for i, e in enumerate(entries)}
    for card in cards:
        entry = {"rank": card.rank, "elements": dict(card.elements)}
        if card.rank in by_rank:
            entries[by_rank[card.rank]] = entry
        else:
            by_rank[card.rank] = len(entries)
            entries.append(entry)
    entries.sort(key=_rank_order)
    data["cards"] = entries
    return data


def save(profile_ref: str, profile: Mapping[str, Any], cards: list[Card],
         icons: Mapping[Elements, int] | None = None) -> str:
    """Add ``cards``, and the sets of ``icons`` (``icons_learned``) to the cards known by their icons, to the
    profile ``profile_ref`` names; returns the ref that now holds them (a new user profile for a built-in one).
    Raises store.Conflict when a user profile changed meanwhile."""

    def updated(data: Mapping[str, Any]) -> dict[str, Any]:
        data = with_cards(data, cards)
        if not icons:
            return data
        deck, _problems = read_profile_leniently(data)
        return with_unranked(data, merged(deck, icons) if deck is not None else tuple(icons.items()))

    ref = ProfileRef.parse(profile_ref)
    if ref.is_user:
        row = store.get_profile(ref.token)
        if row is not None and row.game == SLUG:
            store.save_profile(row.id, row.version, updated(row.data))
            return profile_ref
    source = ref.key if not ref.is_user and ref.key else "default"
    created = store.create_profile(SLUG, updated(copy_of(profile)), str(ProfileRef.builtin(source)),
                                   maker=device_id())  # the scoring phone's: kept in its list
    return str(ProfileRef.user(created.token))


def remember_for_table(view: TableView, cards: list[Card]) -> bool:
    """Put the cards this table learned into its profile; True when something was saved. A table on a
    built-in profile is pointed at its own copy (a version-checked write: store.Conflict when stale)."""
    cards = acceptable(view.profile, cards)
    if not cards:
        return False
    if view.profile_ref.is_user:
        save(str(view.profile_ref), view.profile, cards)
        return True
    own_profile_copy(view, view.version, with_cards(view.profile, cards))
    return True


def remember_after_move(view):  # type: ignore[no-untyped-def]
    """After an entry the platform saved (WEB.after_move): cards it carried with rank and elements that the
    profile does not know go into the profile (see remember.py). The platform then shows the table as it is
    after this, so the phone holds the table's new version."""
    if view.replay_error is not None:
        return
    learned = list(view.state.learned_cards())
    if not learned:
        return
    try:
        remember_for_table(view, learned)
    except store.Conflict:
        return  # another phone wrote first: the cards stay learned and are remembered next time


def _rank_order(card: dict[str, Any]) -> int:
    """Cards in rank order; one without a readable rank last."""
    rank = card.get("rank")
    return rank if isinstance(rank, int) else 99
