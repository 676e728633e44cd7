"""The tracker's entry forms -> the engine's move JSON (a logged move's history line is history.py's).

Every form on the table fragment sends ``type`` (the engine's move type) and the taps that go with it:
``node``; ``from`` and ``to``; ``card`` (one tap on the card) or ``rank`` and ``suit``; ``seat`` (who defends, or who dealt);
``force0`` … ``force3``. A missing tap
is a ParseError with a ``ss.form.*`` code that says what to tap; everything else is the engine's to check.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import ParseError
from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.moves import MOVE_TYPES, Move
from companion.games.strato_sphere.state import TableState
from companion.inputs import form_number
from companion.web.gameweb import TableViewLike

from .labels import RANKS, SUITS

MAX_INDEX = 999  # a node or a seat; the engine checks it against the board
NODE_MOVES = ("place", "reveal", "conceal")
TWO_NODE_MOVES = ("shift", "attack")


def _index(form: Mapping[str, str], key: str, code: str) -> int:
    return form_number(form, key, 0, MAX_INDEX, code, "SS-1")


def _card(form: Mapping[str, str]) -> str:
    """The card a form names: ``card`` (a one-tap card button: ``KS``, ``10H``) or its ``rank`` and ``suit``."""
    whole = (form.get("card") or "").strip().upper()
    rank = (form.get("rank") or "").strip().upper() if not whole else whole[:-1]
    suit = (form.get("suit") or "").strip().upper() if not whole else whole[-1:]
    if rank == "T":
        rank = "10"
    if rank not in RANKS or suit not in SUITS:
        raise ParseError("ss.form.pick_card", "SS-2", "card")
    return rank + suit


def move_json(form: Mapping[str, str], view: Any) -> dict[str, Any]:
    """Form fields -> the move's JSON (what the engine's parse_move reads)."""
    kind = (form.get("type") or "").strip()
    if kind not in MOVE_TYPES:
        raise ParseError("ss.form.unknown", "SS-5", "type")
    move: dict[str, Any] = {"type": kind}
    if kind in NODE_MOVES:
        move["node"] = _index(form, "node", "ss.form.pick_node")
    if kind in TWO_NODE_MOVES:
        move["from"] = _index(form, "from", "ss.form.pick_node")
        move["to"] = _index(form, "to", "ss.form.pick_node")
    if kind == "reveal":
        move["card"] = _card(form)
    if kind == "defend":
        move["seat"] = _index(form, "seat", "ss.form.pick_seat")
        move["card"] = _card(form)
    if kind == "dealer":
        move["seat"] = _index(form, "seat", "ss.form.pick_dealer")
    if kind == "forces":
        players = len(view.table.seats)
        chosen = [(form.get(f"force{seat}") or "").strip() for seat in range(players)]
        if not all(chosen):
            raise ParseError("ss.form.pick_forces", "SS-3", "forces")
        move["forces"] = chosen
    return move


def form_to_move(form: Mapping[str, str], view: TableViewLike[TableState]) -> Move:
    """An entry form -> the game's typed move: the fields are read here, the move's shape by the engine's one
    reader (``GAME.parse_move``), so a form and an API request are held to the same rules."""
    return GAME.parse_move(move_json(form, view))
