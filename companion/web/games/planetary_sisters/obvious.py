"""When a card picked by its icons is obviously whole, so the scoring page adds it without an Add tap.

PS-2 says what a card can carry: a crown card carries its one crown element, once, and nothing else; a pointed
card with several types has exactly one round type besides its one pointed type; a pointed element is never
doubled. So a tapped crown icon, or a pointed icon next to a round one, or every round type of the profile,
leaves nothing that could still be added to the card: the tap that made it so is the last one. Anything else
(a single round element, a pointed element alone) may still get another icon and waits for Add or the next
card's rank. The classes are the profile's own (PS-1), never the default's guess.
"""

from __future__ import annotations

from companion.games.planetary_sisters import CardRef

from .cards import DeckInfo


def whole(ref: CardRef, info: DeckInfo) -> bool:
    """True when PS-2 leaves nothing more to add to the card these icons make (see the module's docstring)."""
    if not ref.elements:
        return False
    classes = [info.klass(name) for name, _count in ref.elements]
    if "crown" in classes:
        return True
    rounds = classes.count("round")
    if "pointed" in classes:
        return rounds >= 1
    return bool(info.round) and rounds >= len(info.round)
