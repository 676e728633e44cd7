"""The rule conditions the turn checks, one small function each, with the ruling beside it.

- ``placement_reasons``: may a card go onto this area? (セットフェイズ, 用語集「エリア」「移動する」)
- ``remove_phase``: does the remove phase apply? (LP-6: the areas' top cards; buried ones too for a table
  started under the earlier reading)
- ``set_areas``: the areas a card may be set on by the rules; none left means the table decides (LP-6)
- ``end_check``: does the game end at this start phase? (LP-7)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..base import Reason
from .field import ALL_CELLS, Cell, Field
from .profile import DeckProfile
from .state import Seat

END_HAND_SIZE = 5  # 【終了条件】1. 全員の手札が5枚以下になる


def placement_reasons(field: Field, cell: Cell, profile: DeckProfile, stack_by_effect: bool) -> list[Reason]:
    """Where a card may be placed (set phase) or moved (用語集「移動する」: by the placing rules).

    An empty area always. An occupied area only when stacking is allowed: its top card may be stacked upon
    (the profile's ``stackable``, LP-8), or the effect of the card being resolved says this card may be
    stacked (``stack_by_effect``: the companion cannot read effects, so the table's word is recorded).
    """
    top = field.top(cell)
    if top is None:
        return [Reason("lp.place.empty_area", "§セットフェイズ", True, {"cell": str(cell)}, str(cell))]
    params = {"cell": str(cell), "top": top.card.value, "owner": top.owner}
    if stack_by_effect:
        return [Reason("lp.place.stack_by_effect", "§セットフェイズ", True, params, str(cell))]
    stackable = profile.stackable(top.card)
    if stackable is None:
        return [Reason("lp.place.stackable_unknown", "LP-8", False, params, str(cell))]
    if stackable:
        return [Reason("lp.place.stackable_top", "LP-8", True, params, str(cell))]
    return [Reason("lp.place.occupied", "§セットフェイズ", False, params, str(cell))]


@dataclass(frozen=True)
class RemoveStatus:
    """Whether LP-6 applies: True, False, or None when the profile lacks a stackable flag that decides it
    (then the companion records what the table does instead of guessing)."""

    applies: bool | None
    reasons: tuple[Reason, ...]


def remove_phase(field: Field, profile: DeckProfile, buried: bool = False) -> RemoveStatus:
    """LP-6: all 16 areas hold a card and no area's top card has the effect that lets a card be placed on it
    (LP-1: only top cards count; the set phase places on a top card, so the two agree and a full field always
    leaves the remove phase with a place to set). ``buried``: the earlier reading, kept for tables started under
    it, looked at buried cards too (「フィールドにあるカードの中で」)."""
    empty = [str(cell) for cell in ALL_CELLS if field.top(cell) is None]
    full = Reason("lp.remove.field_full", "LP-6", not empty, {"empty": empty})
    if empty:
        return RemoveStatus(False, (full,))
    if buried:
        cards = [(cell, card) for cell in ALL_CELLS for card in field.stack(cell)]
    else:
        cards = [(cell, top) for cell in ALL_CELLS if (top := field.top(cell)) is not None]
    suffix = "_buried" if buried else ""
    stackable = [(cell, card) for cell, card in cards if profile.stackable(card.card) is True]
    unknown = [(cell, card) for cell, card in cards if profile.stackable(card.card) is None]
    if stackable:
        params = {"cells": _names(str(c) for c, _ in stackable), "cards": _names(t.card.value for _, t in stackable)}
        return RemoveStatus(False, (full, Reason(f"lp.remove.stackable_top{suffix}", "LP-6", False, params)))
    if unknown:
        params = {"cells": _names(str(c) for c, _ in unknown), "cards": _names(t.card.value for _, t in unknown)}
        return RemoveStatus(None, (full, Reason("lp.remove.stackable_unknown", "LP-8", True, params)))
    return RemoveStatus(True, (full, Reason(f"lp.remove.no_stackable_top{suffix}", "LP-6", True, {})))


def set_areas(field: Field, profile: DeckProfile) -> tuple[Cell, ...]:
    """The areas a card may be set on by the rules alone (no effect's word): empty ones and those whose top card
    may be stacked upon. After LP-6's remove phase there is always one; an effect that refills the field can
    leave none, and then the table places the card where it decides (LP-6: never stuck)."""
    return tuple(cell for cell in ALL_CELLS
                 if all(r.ok for r in placement_reasons(field, cell, profile, stack_by_effect=False)))


def _names(cards: Iterable[str]) -> list[str]:
    """Distinct card ids in first-seen order."""
    return list(dict.fromkeys(cards))


def end_check(seats: Sequence[Seat]) -> tuple[Reason, ...]:
    """LP-7, checked at the start phase. Each reason's ``ok`` says whether that end condition holds; the
    game ends when either does."""
    hands = [s.hand for s in seats]
    empty = [s.seat for s in seats if s.hand == 0]
    return (
        Reason("lp.end.every_hand_at_most_five", "LP-7", all(h <= END_HAND_SIZE for h in hands),
               {"hands": hands, "limit": END_HAND_SIZE}),
        Reason("lp.end.a_hand_empty", "LP-7", bool(empty), {"seats": empty}),
    )


def game_ends(seats: Sequence[Seat]) -> bool:
    return any(r.ok for r in end_check(seats))
