"""The table fragment's entry forms -> the engine's move JSON (``WEB.form_to_move``).

The forms post to the platform's ``tables.move`` (version-checked, the engine checks and applies). A form that
collects several cards first (setup, reveal) adds them one at a time through ``draft`` (draft.py), which
writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import ErrorList, ParseError
from companion.games.planetary_sisters import GAME, Card, TableState
from companion.games.planetary_sisters.moves import Move
from companion.inputs import form_number, whole_number
from companion.web.gameweb import TableViewLike

from . import cards as cardlib

SLUG = "planetary-sisters"
MAX_INDEX = 99  # a seat; the engine checks it against the table
PLAYED, PICK = "p_", ""  # field prefixes: the turn form's new played card; the setup / reveal picker


def _int(form: Mapping[str, str], key: str, code: str) -> int:
    return form_number(form, key, 0, MAX_INDEX, code, "PS-7")


def _index(chosen: str, prefix: str, size: int) -> int | None:
    """"k2", "f0": an index into a list of ``size`` tapped on the form, or None."""
    return whole_number(chosen[1:], 0, size - 1) if chosen.startswith(prefix) else None


def _ref_json(card: Card) -> dict[str, Any]:
    return card.ref.to_json()


def move_json(form: Mapping[str, str], view: Any) -> dict[str, Any]:
    """The entry forms of the table fragment -> the engine's move JSON (moves.parse_move reads it)."""
    state: TableState = view.state
    info = cardlib.deck_info(state.deck)
    kind = form.get("kind", "")
    if kind == "setup":
        parent = _int(form, "parent", "ps.form.no_seat")
        return {"type": "setup", "parent": parent, "field": _collected(form, info)}
    if kind == "turn":
        seat = _int(form, "seat", "ps.form.kind")
        return {"type": "turn", "seat": seat, "played": _played(form, state, seat, info),
                "taken": _taken(form, state, seat)}
    if kind == "parent":
        return {"type": "parent", "seat": _int(form, "seat", "ps.form.no_seat")}
    if kind == "reveal":
        seat = _int(form, "seat", "ps.form.no_seat")
        return {"type": "reveal", "seat": seat, "cards": _collected(form, info)}
    raise ParseError("ps.form.kind", "PS-7", "kind")


def _collected(form: Mapping[str, str], info: cardlib.DeckInfo) -> list[dict[str, Any]]:
    """The cards added so far, and the one still in the picker (a last card need not be added first)."""
    refs, errors = cardlib.split(form.get("cards"), "cards")
    if errors:
        raise ErrorList(errors)
    last = cardlib.picker_ref(form, PICK, info)
    if last is not None:
        refs.append(last)
    return [r.to_json() for r in refs]


def _played(form: Mapping[str, str], state: TableState, seat: int, info: cardlib.DeckInfo) -> dict[str, Any]:
    chosen = form.get("played", "")
    new = cardlib.picker_ref(form, PLAYED, info)
    known = state.seats[seat].known_hand if 0 <= seat < state.players else ()
    index = _index(chosen, "k", len(known))
    if index is not None:
        if new is not None:
            raise ParseError("ps.form.played_twice", "§4.2", "played")
        return _ref_json(known[index])
    if new is None:
        raise ParseError("ps.form.no_played", "§4.2", "played", seat=seat)
    return new.to_json()


def _taken(form: Mapping[str, str], state: TableState, seat: int) -> dict[str, Any]:
    chosen = form.get("taken", "")
    index = _index(chosen, "f", len(state.field))
    if index is not None:
        return _ref_json(state.field[index])
    raise ParseError("ps.form.no_taken", "§4.2", "taken", seat=seat)


def form_to_move(form: Mapping[str, str], view: TableViewLike[TableState]) -> Move:
    """An entry form -> the game's typed move: the fields are read here, the move's shape by the engine's one
    reader (``GAME.parse_move``), so a form and an API request are held to the same rules."""
    return GAME.parse_move(move_json(form, view))
