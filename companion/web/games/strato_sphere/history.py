"""A logged move as one line of the table's history, in the page's language (cards as K♠, forces as ♠).

The platform prefixes the mover's name (``GAME.actor``); a defence names its own seat (SS-7).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from companion.games.strato_sphere import GAME
from companion.web.wording import Wording

from .labels import card_label, force_label


def _seat_name(view: Any, seat: Any) -> str:
    seats = view.table.seats
    return seats[seat] if isinstance(seat, int) and 0 <= seat < len(seats) else str(seat)


def _describe_json(move: Mapping[str, Any], view: Any) -> str:
    """One line of the table's history, in the page's language (the log does not record who moved; the
    table fragment shows the current turn's moves with the mover's name)."""
    kind = move["type"]
    if kind == "draw":
        return _("Drew a card from the pile")
    if kind == "place":
        return _("Placed a hand card face down under node %(node)s", node=move["node"])
    if kind == "reveal":
        return _("Turned node %(node)s face up: %(card)s", node=move["node"], card=card_label(move["card"]))
    if kind == "conceal":
        return _("Turned node %(node)s face down", node=move["node"])
    if kind == "shift":
        return _("Moved the top card of node %(source)s under node %(target)s", source=move["from"], target=move["to"])
    if kind == "attack":
        return _("Attacked node %(target)s from node %(source)s", source=move["from"], target=move["to"])
    if kind == "defend":
        return _("%(name)s defended with %(card)s", name=_seat_name(view, move["seat"]), card=card_label(move["card"]))
    if kind == "no_defence":
        return _("No defence: the attack went through")
    if kind == "pass":
        return _("Passed a move (no legal move left)")
    if kind == "forces":
        pairs = ", ".join(
            f"{_seat_name(view, seat)} {force_label(force)}" for seat, force in enumerate(move["forces"])
        )
        return _("Forces fixed: %(pairs)s", pairs=pairs)
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
