"""What a player records at the table, one move per step of a turn, with text and JSON notations.

Setup (【プレイの準備】): ``first 2`` (rock-paper-scissors winner), then ``opening r1c2`` for each seat's
commoner in clockwise order. A turn: ``take r0c0`` (remove phase, LP-6, while it applies), ``play yokai``
(effect phase: the card goes from hand to the play area), then any of the generic effect actions the card's
text asks for (``move r0c0 r1c1``, ``turn r0c0 2``, ``swap r0c0 r1c1``), ``set r1c2`` (set phase), ``get``
(get phase, LP-5) and ``draw`` (draw phase). ``stack`` after ``move``/``set`` records that the played card's
effect lets it be placed on an occupied area (セットフェイズ: 重ねることが出来るという効果を持つカード).

Both notations round-trip: ``parse_move_text(str(m)) == m`` and ``parse_move(move_to_json(m)) == m``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import ParseError
from .cards import Card
from .field import ORIENTATIONS, Cell


@dataclass(frozen=True)
class ChooseFirst:
    """Setup: the seat that won rock-paper-scissors plays first; turns then go clockwise."""

    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True)
class PlaceCommoner:
    """Setup: the seat whose setup turn it is puts its face-up commoner on an area, as its own card."""

    cell: Cell

    def __str__(self) -> str:
        return f"opening {self.cell}"


@dataclass(frozen=True)
class TakeTop:
    """Remove phase (LP-6): the turn player takes a top card of the field into their point area."""

    cell: Cell

    def __str__(self) -> str:
        return f"take {self.cell}"


@dataclass(frozen=True)
class PlayCard:
    """Effect phase: the turn player puts a card from hand into the play area."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class MoveCard:
    """Effect action: move a top card to another area, orientation unchanged (用語集「移動する」)."""

    source: Cell
    target: Cell
    stack: bool = False

    def __str__(self) -> str:
        return f"move {self.source} {self.target}{' stack' if self.stack else ''}"


@dataclass(frozen=True)
class TurnCard:
    """Effect action: turn a top card to face ``owner`` (a full turn back to the same owner counts, LP-3)."""

    cell: Cell
    owner: int

    def __str__(self) -> str:
        return f"turn {self.cell} {self.owner}"


@dataclass(frozen=True)
class SwapCards:
    """Effect action: swap the top cards of two areas, orientations unchanged."""

    first: Cell
    second: Cell

    def __str__(self) -> str:
        return f"swap {self.first} {self.second}"


@dataclass(frozen=True)
class SetCard:
    """Set phase: the card in the play area goes onto an area as the turn player's own card."""

    cell: Cell
    stack: bool = False

    def __str__(self) -> str:
        return f"set {self.cell}{' stack' if self.stack else ''}"


@dataclass(frozen=True)
class ResolveGet:
    """Get phase: everyone has agreed on the field; resolve every sandwich at once (LP-5)."""

    def __str__(self) -> str:
        return "get"


@dataclass(frozen=True)
class Draw:
    """Draw phase: the turn player draws one card if the deck has any; the next seat's turn starts."""

    def __str__(self) -> str:
        return "draw"


Move = (ChooseFirst | PlaceCommoner | TakeTop | PlayCard | MoveCard | TurnCard | SwapCards | SetCard | ResolveGet
        | Draw)

KINDS: dict[type, str] = {
    ChooseFirst: "first", PlaceCommoner: "opening", TakeTop: "take", PlayCard: "play", MoveCard: "move",
    TurnCard: "turn", SwapCards: "swap", SetCard: "set", ResolveGet: "get", Draw: "draw",
}


def kind_of(move: Move) -> str:
    return KINDS[type(move)]


# -- JSON ----------------------------------------------------------------------------------------------------

def move_to_json(move: Move) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": kind_of(move)}
    match move:
        case ChooseFirst(seat):
            data["seat"] = seat
        case PlaceCommoner(cell) | TakeTop(cell):
            data["cell"] = cell.to_json()
        case PlayCard(card):
            data["card"] = card.value
        case MoveCard(source, target, stack):
            data.update({"from": source.to_json(), "to": target.to_json(), "stack": stack})
        case TurnCard(cell, owner):
            data.update({"cell": cell.to_json(), "owner": owner})
        case SwapCards(first, second):
            data["cells"] = [first.to_json(), second.to_json()]
        case SetCard(cell, stack):
            data.update({"cell": cell.to_json(), "stack": stack})
    return data


def parse_move(data: Mapping[str, Any]) -> Move:
    """JSON object -> move; raises ParseError naming the field (``path``) that is wrong."""
    if not isinstance(data, Mapping):
        raise ParseError("lp.move.not_object", "§ターン進行")
    kind = data.get("kind")
    if kind == "first":
        return ChooseFirst(_seat(data, "seat"))
    if kind == "opening":
        return PlaceCommoner(cell_from_json(_field(data, "cell"), "cell"))
    if kind == "take":
        return TakeTop(cell_from_json(_field(data, "cell"), "cell"))
    if kind == "play":
        card = _field(data, "card")
        if not isinstance(card, str):
            raise ParseError("lp.move.wrong_type", "§ターン進行", "card", field="card", expected="text")
        try:
            return PlayCard(Card(card))
        except ValueError:
            raise ParseError("lp.card.unknown", "LP-8", "card", card=card) from None
    if kind == "move":
        return MoveCard(cell_from_json(_field(data, "from"), "from"), cell_from_json(_field(data, "to"), "to"),
                        _flag(data, "stack"))
    if kind == "turn":
        return TurnCard(cell_from_json(_field(data, "cell"), "cell"), _seat(data, "owner"))
    if kind == "swap":
        cells = _field(data, "cells")
        if not isinstance(cells, list) or len(cells) != 2:
            raise ParseError("lp.move.wrong_type", "§ターン進行", "cells", field="cells", expected="two cells")
        return SwapCards(cell_from_json(cells[0], "cells[0]"), cell_from_json(cells[1], "cells[1]"))
    if kind == "set":
        return SetCard(cell_from_json(_field(data, "cell"), "cell"), _flag(data, "stack"))
    if kind == "get":
        return ResolveGet()
    if kind == "draw":
        return Draw()
    raise ParseError("lp.move.unknown_kind", "§ターン進行", "kind", kind=str(kind))


def cell_from_json(value: Any, path: str) -> Cell:
    """``[row, col]`` -> Cell; ParseError at ``path`` otherwise."""
    if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
        raise ParseError("lp.cell.malformed", "§場の説明", path, cell=str(value))
    try:
        return Cell(value[0], value[1])
    except ParseError as error:
        raise ParseError(error.code, error.rule, path, **error.params) from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _field(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise ParseError("lp.move.missing", "§ターン進行", key, field=key)
    return data[key]


def _seat(data: Mapping[str, Any], key: str) -> int:
    value = _field(data, key)
    if not _is_int(value):
        raise ParseError("lp.move.wrong_type", "§ターン進行", key, field=key, expected="integer")
    if not 0 <= value < ORIENTATIONS:  # at most four seats, one per orientation (LP-1)
        raise ParseError("lp.owner.out_of_range", "LP-1", key, owner=value, players=ORIENTATIONS)
    return int(value)


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise ParseError("lp.move.wrong_type", "§ターン進行", key, field=key, expected="boolean")
    return value


# -- text ----------------------------------------------------------------------------------------------------

def parse_move_text(text: str) -> Move:
    """``"move r0c0 r1c1"`` -> MoveCard(...); the inverse of ``str(move)``."""
    words = text.split()
    if not words:
        raise ParseError("lp.move.malformed", "§ターン進行", text=text)
    kind, args = words[0], words[1:]
    stack = bool(args) and args[-1] == "stack" and kind in ("move", "set")
    if stack:
        args = args[:-1]
    shapes: dict[str, int] = {"first": 1, "opening": 1, "take": 1, "play": 1, "move": 2, "turn": 2, "swap": 2,
                              "set": 1, "get": 0, "draw": 0}
    if kind not in shapes:
        raise ParseError("lp.move.unknown_kind", "§ターン進行", kind=kind)
    if len(args) != shapes[kind] or (kind in ("first", "turn") and not args[-1].isdigit()):
        raise ParseError("lp.move.malformed", "§ターン進行", text=text)
    if kind == "first":
        return parse_move({"kind": kind, "seat": int(args[0])})
    if kind == "play":
        return PlayCard(Card.parse(args[0]))
    if kind == "turn":
        return parse_move({"kind": kind, "cell": Cell.parse(args[0]).to_json(), "owner": int(args[1])})
    cells = [Cell.parse(arg) for arg in args]
    if kind == "move":
        return MoveCard(cells[0], cells[1], stack)
    if kind == "swap":
        return SwapCards(cells[0], cells[1])
    if kind == "set":
        return SetCard(cells[0], stack)
    if kind == "opening":
        return PlaceCommoner(cells[0])
    if kind == "take":
        return TakeTop(cells[0])
    return ResolveGet() if kind == "get" else Draw()
