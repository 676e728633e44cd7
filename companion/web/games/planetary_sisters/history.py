"""The table's history lines (``WEB.describe_move``): a typed move (the engine's Setup, Turn, NameParent,
Reveal) as one sentence in the current language, its seats named by the Wording passed."""

from __future__ import annotations

from companion.games.planetary_sisters import CardRef, DeckProfile, Move, NameParent, Reveal, Setup, TableState, Turn
from companion.i18n import gettext as _
from companion.web.messages import message_for
from companion.web.wording import Wording


def card_text(ref: CardRef, deck: DeckProfile | None) -> str:
    """A card of a logged move as a player reads it: ``30 (FOOD×2 PLANT)``, ``FOOD×2``; a rank alone with the
    elements the deck profile of the table knows for it, if it does."""
    elements = ref.elements
    if elements is None and ref.rank is not None and deck is not None:
        known = deck.card(ref.rank)
        elements = known.elements if known is not None else None
    icons = " ".join(name if count == 1 else f"{name}×{count}" for name, count in elements or ())
    if ref.rank is None:
        return icons
    return f"{ref.rank} ({icons})" if icons else str(ref.rank)


def describe_move(move: Move, before: TableState, wording: Wording) -> str:
    """WEB.describe_move: one line of the table's history for a typed move and the state it was entered on
    (whose deck profile names the icons of a card entered by its rank alone)."""
    deck = before.deck if before is not None else None

    def cards(refs: tuple[CardRef, ...]) -> str:
        return ", ".join(card_text(ref, deck) for ref in refs)

    if isinstance(move, Setup):
        return _("%(seat)s is the first parent; the field opens with %(cards)s.",
                 seat=wording.seat(move.parent), cards=cards(move.field))
    if isinstance(move, Turn):
        return _("%(seat)s played %(played)s and took %(taken)s.", seat=wording.seat(move.seat),
                 played=card_text(move.played, deck), taken=card_text(move.taken, deck))
    if isinstance(move, NameParent):
        return _("The table named %(seat)s the new parent.", seat=wording.seat(move.seat))
    if isinstance(move, Reveal):
        return _("%(seat)s showed the hand: %(cards)s.", seat=wording.seat(move.seat),
                 cards=cards(move.cards) if move.cards else _("nothing new"))
    return message_for("table.unknown_move", None, wording)
