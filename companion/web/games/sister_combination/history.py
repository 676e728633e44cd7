"""One line of the table's history per move, in the current language (the platform adds who moved).

The line is read from the engine's typed move; seats are named by the Wording the platform passes (the table's
seat names)."""

from __future__ import annotations

from companion.games.sister_combination.effects import take_stack_effect
from companion.games.sister_combination.moves import (
    Draw,
    Keep,
    Move,
    Overflow,
    PassTurn,
    Play,
    ReachMissed,
    Reshuffle,
    Setup,
    TakeStack,
)
from companion.games.sister_combination.state import TableState
from companion.i18n import gettext as _
from companion.web.wording import Wording

from .labels import card_name, colour_label


def _play(move: Play, wording: Wording) -> str:
    text = _("plays %(card)s", card=card_name(move.card))
    if move.colour is not None:
        text += _(", names %(colour)s", colour=colour_label(move.colour))
    if move.target is not None:
        text += _(", 2 cards to %(seat)s", seat=wording.seat(move.target))
    if move.reach:
        text += _(", “リーチ”")
    return text


def describe_move(move: Move, before: TableState, wording: Wording) -> str:
    """WEB.describe_move: one line of the table's history for a typed move (``before``, the state it was entered
    on, is not needed: a move names all it did)."""
    match move:
        case Setup():
            hands = ", ".join(str(h) for h in move.hands)
            return _("Set up: %(seat)s plays first, hands %(hands)s, field card %(card)s",
                     seat=wording.seat(move.first), hands=hands, card=card_name(move.field))
        case Play():
            return _play(move, wording)
        case Draw():
            return _("draws a card and keeps it") if move.keep else _("draws a card")
        case Keep():
            return _("keeps the drawn card")
        case TakeStack():
            if before.started and any(r.code == "sc.limit.stack_to_deck" for r in take_stack_effect(before).reasons):
                return _("takes the stack; nobody could play, so the stack goes back into the deck (SC-7)")
            return _("takes the stack")
        case PassTurn():
            return _("passes")
        case ReachMissed():
            return _("forgot “リーチ”, pointed out: draws 2")
        case Reshuffle():
            return _("The discard pile under the top card is shuffled into a new deck")
        case Overflow():
            if move.rule == "a":
                return _("chooses rule (a): the cards left stay on the stack")
            return _("chooses rule (b): the cards left are dealt to the others")
    raise ValueError(f"not a Sister Combination move: {move!r}")
