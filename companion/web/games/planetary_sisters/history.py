"""The table's history lines: a logged move's JSON as one sentence in the current language
(``WEB.describe_move``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from companion.games.base import RulesError
from companion.games.planetary_sisters import GAME, CardRef
from companion.web.messages import message_for
from companion.web.wording import Wording

from .labels import seat_label


def _card_text(data: Any, deck: Any = None) -> str:
    """A card of a logged move as a player reads it: ``30 (FOOD×2 PLANT)``, ``FOOD×2``; a rank alone with the
    elements the deck profile knows for it, if it does."""
    try:
        ref = CardRef.from_json(data, "")
    except RulesError:
        return "?"
    elements = ref.elements
    if elements is None and ref.rank is not None and deck is not None:
        known = deck.card(ref.rank)
        elements = known.elements if known is not None else None
    icons = " ".join(name if count == 1 else f"{name}×{count}" for name, count in elements or ())
    if ref.rank is None:
        return icons
    return f"{ref.rank} ({icons})" if icons else str(ref.rank)


def _describe_json(move: Mapping[str, Any], view: Any) -> str:
    names = view.table.seats
    deck = view.state.deck

    def seat(value: Any) -> str:
        return seat_label(value, names)

    def card_text(data: Any) -> str:
        return _card_text(data, deck)

    kind = move.get("type")
    if kind == "setup":
        return _("%(seat)s is the first parent; the field opens with %(cards)s.",
                 seat=seat(move.get("parent")), cards=", ".join(card_text(c) for c in move.get("field", [])))
    if kind == "turn":
        return _("%(seat)s played %(played)s and took %(taken)s.", seat=seat(move.get("seat")),
                 played=card_text(move.get("played")), taken=card_text(move.get("taken")))
    if kind == "parent":
        return _("The table named %(seat)s the new parent.", seat=seat(move.get("seat")))
    if kind == "reveal":
        cards = [card_text(c) for c in move.get("cards", [])]
        return _("%(seat)s showed the hand: %(cards)s.", seat=seat(move.get("seat")),
                 cards=", ".join(cards) if cards else _("nothing new"))
    return message_for("table.unknown_move")


def describe_move(move: Any, before: Any, wording: Wording) -> str:
    """WEB.describe_move: one line of the table's history for a typed move and the state it was made on."""
    return _describe_json(GAME.move_to_json(move), _TableLike(_Seats(wording.seats), before))


@dataclass(frozen=True)
class _Seats:
    seats: tuple[str, ...]


@dataclass(frozen=True)
class _TableLike:
    table: _Seats
    state: Any
