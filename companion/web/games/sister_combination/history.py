"""One line of the table's history per move, in the current language (the platform adds who moved)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from companion.games.sister_combination import GAME
from companion.web.wording import Wording

from .labels import card_name, colour_label, seat_label, table_labels


def _describe_json(move: Mapping[str, Any], view: Any) -> str:
    with table_labels(view.table.seats):
        return _describe(move)


def _describe(move: Mapping[str, Any]) -> str:
    kind = move.get("type")
    if kind == "setup":
        hands = ", ".join(str(h) for h in move["hands"])
        return _("Set up: %(seat)s plays first, hands %(hands)s, field card %(card)s", seat=seat_label(move["first"]),
                 hands=hands, card=card_name(str(move["field"])))
    if kind == "play":
        text = _("plays %(card)s", card=card_name(str(move["card"])))
        if move.get("colour"):
            text += _(", names %(colour)s", colour=colour_label(str(move["colour"])))
        if move.get("target") is not None:
            text += _(", 2 cards to %(seat)s", seat=seat_label(move["target"]))
        if move.get("reach"):
            text += _(", “リーチ”")
        return text
    if kind == "draw":
        return _("draws a card")
    if kind == "keep":
        return _("keeps the drawn card")
    if kind == "take_stack":
        return _("takes the stack")
    if kind == "pass_turn":
        return _("passes")
    if kind == "reach_missed":
        return _("forgot “リーチ”, pointed out: draws 2")
    if kind == "reshuffle":
        return _("The discard pile under the top card is shuffled into a new deck")
    raise ValueError(kind)


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
