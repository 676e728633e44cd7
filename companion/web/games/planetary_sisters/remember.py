"""Cards typed once by their elements are remembered in the deck profile (so "a card typed once by its
elements is remembered for that profile": nobody types it twice).

A card entered with its rank and its elements, whose rank the profile does not know yet, is added to the
profile. At a table, ``learnt`` says what an entry taught and the platform keeps it in the table's own copy with
the entry; a score page saves through the platform's ``remembering`` (a user profile version-checked, a built-in
one copied). Only cards that pass PS-2's per-card facts (``GAME.validate_card``) are kept.

A game entered by the icons alone (no ranks: the quickest way to enter a first game with a new deck) is remembered
too, as sets of icons with how many cards carry each (``meta.unranked``, the most seen in one game): the next game
offers each set as one tap. The whole list must still fit one deck (PS-2), or nothing of it is kept.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from companion.games.base import Reason
from companion.games.planetary_sisters import GAME, Card, DeckProfile, Move, TableState
from companion.games.planetary_sisters.cards import Elements
from companion.games.planetary_sisters.profile import read_profile_leniently
from companion.web.gameweb import profile_desk

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
    profile ``profile_ref`` names (a score page's); returns the ref that now holds them (a new user profile for
    a built-in one). Raises ProfileChanged when a user profile changed meanwhile."""

    def updated(data: Mapping[str, Any]) -> dict[str, Any]:
        data = with_cards(data, cards)
        if not icons:
            return data
        deck, _problems = read_profile_leniently(data)
        return with_unranked(data, merged(deck, icons) if deck is not None else tuple(icons.items()))

    return profile_desk().remember(SLUG, profile_ref, profile, updated)


def learnt(move: Move, before: TableState, after: TableState, profile: Mapping[str, Any]) -> dict[str, Any] | None:
    """WEB.learnt: the table's profile with the cards a saved entry showed with rank and elements that the
    profile does not know (only those PS-2's per-card facts allow); None when there are none. The platform
    keeps it in the table's own copy in the same transaction as the entry, so a refused or mistyped entry never
    reaches the profile."""
    cards = acceptable(profile, after.learned_cards())
    updated = with_cards(profile, cards) if cards else None
    return None if updated == dict(profile) else updated


def _rank_order(card: dict[str, Any]) -> int:
    """Cards in rank order; one without a readable rank last."""
    rank = card.get("rank")
    return rank if isinstance(rank, int) else 99
