"""One line of the table's history per move, in the current language (the platform adds who moved)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from companion.games.lumiere import GAME, Cell
from companion.web.wording import Wording

from .labels import card_name, cell_label, seat_label, table_labels

# -- moves -> history lines ----------------------------------------------------------------------------------

def _cell_of(value: Any) -> str:
    return cell_label(Cell(int(value[0]), int(value[1])))


def _describe_json(move: Mapping[str, Any], view: Any) -> str:
    """One line of the table's history, in the current language."""
    with table_labels(view.table.seats):
        return _describe(move)


def _describe(move: Mapping[str, Any]) -> str:
    kind = move.get("kind")
    stacked = _(" (stacked by its effect)") if move.get("stack") else ""
    if move.get("under"):
        stacked = _(" (under the stack, by its effect)")
    if kind == "first":
        return _("%(seat)s plays first", seat=seat_label(move["seat"]))
    if kind == "mulligan":
        return _("%(seat)s's mulligan: revealed %(card)s, returned %(count)s and drew as many",
                 seat=seat_label(move["seat"]), card=card_name(str(move["revealed"])), count=move["returned"])
    if kind == "send":
        area = _cell_of(move["cell"])
        if move["to"] == "exclusion":
            return _("Effect: the top card of %(area)s goes to the exclusion area", area=area)
        if move["to"] == "points":
            return _("Effect: the top card of %(area)s goes to %(seat)s's point area", area=area,
                     seat=seat_label(move["seat"]))
        return _("Effect: the top card of %(area)s goes to %(seat)s's hand", area=area, seat=seat_label(move["seat"]))
    if kind == "opening":
        return _("Commoner placed on %(area)s", area=_cell_of(move["cell"]))
    if kind == "take":
        return _("Remove phase: the top card of %(area)s taken into the point area", area=_cell_of(move["cell"]))
    if kind == "play":
        return _("%(card)s played into the play area", card=card_name(str(move["card"])))
    if kind == "set":
        facing = ""
        if move.get("owner") is not None:
            facing = _(", facing %(seat)s by its effect", seat=seat_label(move["owner"]))
        if move.get("table"):  # LP-6: no area took it by the rules
            decided = _(" (the table's decision: no area took it by the rules, LP-6)")
            return _("Card set on %(area)s", area=_cell_of(move["cell"])) + facing + stacked + decided
        return _("Card set on %(area)s", area=_cell_of(move["cell"])) + facing + stacked
    if kind == "move":
        return _("Effect: the top card of %(source)s moved to %(target)s", source=_cell_of(move["from"]),
                 target=_cell_of(move["to"])) + stacked
    if kind == "turn":
        return _("Effect: the top card of %(area)s turned to face %(seat)s", area=_cell_of(move["cell"]),
                 seat=seat_label(move["owner"]))
    if kind == "swap":
        first, second = move["cells"]
        return _("Effect: the top cards of %(first)s and %(second)s swapped", first=_cell_of(first),
                 second=_cell_of(second))
    if kind == "get":
        return _("Get phase resolved")
    if kind == "draw":
        return _("Draw phase")
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
