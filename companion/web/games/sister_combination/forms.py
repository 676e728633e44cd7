"""The table's entry forms -> the engine's move JSON (what ``parse_move`` reads); raises ParseError.

Seats come from the forms 0-based (buttons show them from 1); a card is tapped as its sister and its symbol.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import ErrorList, ParseError, RulesError
from companion.games.sister_combination import GAME
from companion.games.sister_combination.cards import DECK_SIZE
from companion.games.sister_combination.moves import Move
from companion.games.sister_combination.rules import TARGETED
from companion.games.sister_combination.state import TableState
from companion.inputs import form_number
from companion.web.gameweb import TableViewLike
from companion.web.wording import Wording

SIMPLE = {"draw": "draw", "keep": "keep", "take": "take_stack", "pass": "pass_turn", "reshuffle": "reshuffle"}


def _seat(form: Mapping[str, str], key: str) -> int:
    return form_number(form, key, 0, 12, "sc.form.seat", "SC-8")


def _card(form: Mapping[str, str], sister: str, symbol: str) -> str:
    a, b = (form.get(sister) or "").strip(), (form.get(symbol) or "").strip()
    if not a or not b:
        raise ParseError("sc.form.card", "SC-9", "card")
    return f"{a}:{b}"


def _setup(form: Mapping[str, str], players: int, wording: Wording) -> dict[str, Any]:
    errors: list[RulesError] = []
    hands: list[int] = []
    for seat in range(players):
        try:
            hands.append(form_number(form, f"h{seat}", 0, DECK_SIZE, "sc.form.number", "SC-8"))
        except ParseError as error:
            errors.append(ParseError(error.code, error.rule, error.path, **error.params, what=wording.seat(seat)))
    first = 0
    try:
        first = _seat(form, "first")
    except ParseError as error:
        errors.append(error)
    field = ""
    try:
        field = _card(form, "sister", "symbol")
    except ParseError:
        errors.append(ParseError("sc.form.field_card", "SC-8", "field"))
    if errors:
        raise errors[0] if len(errors) == 1 else ErrorList(errors)
    return {"type": "setup", "first": first, "hands": hands, "field": field}


def move_json(form: Mapping[str, str], view: Any) -> dict[str, Any]:
    """The fields of one of the table's forms -> the engine's move JSON."""
    kind = (form.get("kind") or "").strip()
    if kind == "setup":
        return _setup(form, int(view.players), Wording.of_table(view.seats))
    if kind == "play":
        named = (form.get("sp") or "").strip()
        if named:  # an S.P. button: the card's symbol and the colour named with it, one tap (SC-8)
            form = {**form, "symbol": "sp", "colour": named}
        move: dict[str, Any] = {"type": "play", "card": _card(form, "sister", "symbol")}
        if (form.get("reach") or "") in ("1", "on", "true"):
            move["reach"] = True
        sister, _, symbol = move["card"].partition(":")
        colour = (form.get("colour") or "").strip()
        if colour and symbol == "sp":  # only an S.P. names a colour (SC-8); a stray tap elsewhere is ignored
            move["colour"] = colour
        if (form.get("target") or "").strip() and symbol == "sp" and sister in TARGETED:
            move["target"] = _seat(form, "target")
        return move
    if kind == "reach_missed":
        return {"type": "reach_missed", "seat": _seat(form, "seat")}
    if kind == "overflow":  # SC-7 chosen on the spot: the engine's reader refuses a rule that is not a or b
        return {"type": "overflow", "rule": (form.get("rule") or "").strip()}
    if kind == "draw_keep":  # SC-4: drawn, looked at and kept, in one entry
        return {"type": "draw", "keep": True}
    if kind in SIMPLE:
        return {"type": SIMPLE[kind]}
    raise ParseError("sc.form.kind", "SC-8", "kind")


def form_to_move(form: Mapping[str, str], view: TableViewLike[TableState]) -> Move:
    """An entry form -> the game's typed move: the fields are read here, the move's shape by the engine's one
    reader (``GAME.parse_move``), so a form and an API request are held to the same rules."""
    return GAME.parse_move(move_json(form, view))
