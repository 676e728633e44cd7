"""Can this card exist? (SS-2: one 52-card pack with 2 players, two with 4.)

The companion counts every card the table has seen (node cards whose face is known, the discard pile, a
defence card shown) and refuses a card that would be one copy too many. Failing this is an impossible state,
not an illegal move: ``rules.apply`` raises ImpossibleState for it, the API answers 422.
"""

from __future__ import annotations

from collections import Counter

from ..base import Reason
from .cards import Card, all_cards, packs_for

COPY_OK = "ss.card.copy_available"
TOO_MANY_COPIES = "ss.card.too_many_copies"


def copy_available(card: Card, seen: Counter[Card], players: int, path: str = "card") -> Reason:
    """SS-2: one more ``card`` fits in the packs given the copies already ``seen`` elsewhere."""
    packs = packs_for(players)
    already = seen[card]
    params = {"card": str(card), "seen": already, "packs": packs}
    if already < packs:
        return Reason(COPY_OK, "SS-2", True, params, path)
    return Reason(TOO_MANY_COPIES, "SS-2", False, params, path)


def unseen_cards(seen: Counter[Card], players: int) -> tuple[Card, ...]:
    """Faces of which at least one copy has not been seen yet (what a face-down card or a hand card can be)."""
    packs = packs_for(players)
    return tuple(card for card in all_cards() if seen[card] < packs)
