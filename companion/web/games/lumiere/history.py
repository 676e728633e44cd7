"""One line of the table's history per move, in the current language (the platform adds who moved).

The line is read from the engine's typed move; seats are named by the Wording the platform passes (the table's
seat names), areas as a player reads them ("B3")."""

from __future__ import annotations

from companion.games.lumiere.moves import (
    ChooseFirst,
    Draw,
    Move,
    MoveCard,
    Mulligan,
    PlaceCommoner,
    PlayCard,
    ResolveGet,
    SendCard,
    SetCard,
    SwapCards,
    TakeTop,
    TurnCard,
)
from companion.games.lumiere.state import TableState
from companion.i18n import gettext as _
from companion.web.wording import Wording

from .labels import card_name, cell_label


def _stacked(stack: bool, under: bool) -> str:
    """How an effect placed a card on an occupied area (LP-10)."""
    if under:
        return _(" (under the stack, by its effect)")
    return _(" (stacked by its effect)") if stack else ""


def _send(move: SendCard, wording: Wording) -> str:
    area = cell_label(move.cell, wording)
    if move.to == "exclusion":
        return _("Effect: the top card of %(area)s goes to the exclusion area", area=area)
    if move.to == "points":
        return _("Effect: the top card of %(area)s goes to %(seat)s's point area", area=area,
                 seat=wording.seat(move.seat))
    return _("Effect: the top card of %(area)s goes to %(seat)s's hand", area=area, seat=wording.seat(move.seat))


def _set(move: SetCard, wording: Wording) -> str:
    facing = ""
    if move.owner is not None:
        facing = _(", facing %(seat)s by its effect", seat=wording.seat(move.owner))
    text = _("Card set on %(area)s", area=cell_label(move.cell, wording)) + facing + _stacked(move.stack, move.under)
    if move.table:  # LP-6: no area took it by the rules
        text += _(" (the table's decision: no area took it by the rules, LP-6)")
    return text


def describe_move(move: Move, before: TableState, wording: Wording) -> str:
    """WEB.describe_move: one line of the table's history for a typed move (``before``, the state it was entered
    on, is not needed: a move names all it did)."""
    match move:
        case ChooseFirst():
            return _("%(seat)s plays first", seat=wording.seat(move.seat))
        case Mulligan():
            return _("%(seat)s's mulligan: revealed %(card)s, returned %(count)s and drew as many",
                     seat=wording.seat(move.seat), card=card_name(move.revealed), count=move.returned)
        case SendCard():
            return _send(move, wording)
        case PlaceCommoner():
            return _("Commoner placed on %(area)s", area=cell_label(move.cell, wording))
        case TakeTop():
            return _("Remove phase: the top card of %(area)s taken into the point area",
                     area=cell_label(move.cell, wording))
        case PlayCard():
            return _("%(card)s played into the play area", card=card_name(move.card))
        case SetCard():
            return _set(move, wording)
        case MoveCard():
            return _("Effect: the top card of %(source)s moved to %(target)s", source=cell_label(move.source, wording),
                     target=cell_label(move.target, wording)) + _stacked(move.stack, move.under)
        case TurnCard():
            return _("Effect: the top card of %(area)s turned to face %(seat)s", area=cell_label(move.cell, wording),
                     seat=wording.seat(move.owner))
        case SwapCards():
            return _("Effect: the top cards of %(first)s and %(second)s swapped",
                     first=cell_label(move.first, wording), second=cell_label(move.second, wording))
        case ResolveGet():
            return _("Get phase resolved")
        case Draw():
            return _("Draw phase")
    raise ValueError(f"not a Lumière Prière move: {move!r}")


def undo_note(move: Move) -> str:
    """What Undo says when it would take back a get phase (entered, or the table's after a set): at the table its
    captures stand once the turn moves on (LP-5), so Undo only corrects an entry made wrongly; it is no move of
    the game."""
    if isinstance(move, ResolveGet):
        return _("A get phase cannot be taken back at the table (LP-5): Undo here only corrects a get phase that "
                 "was entered wrongly, for example with a card in the wrong place.")
    if isinstance(move, SetCard):  # the table resolves the get phase right after a set (forced.py)
        return _("A get phase cannot be taken back at the table (LP-5): Undo here only corrects a card set in the "
                 "wrong place, with the get phase the table resolved after it.")
    return ""
