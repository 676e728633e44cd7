"""What a player records at the table, one move per step of a turn, with text and JSON notations.

Setup (【プレイの準備】): ``first 2`` (rock-paper-scissors winner), then ``opening r1c2`` for each seat's
commoner in clockwise order. A turn: ``take r0c0`` (remove phase, LP-6, while it applies), ``play yokai``
(effect phase: the card goes from hand to the play area), then any of the generic effect actions the card's
text asks for (``move r0c0 r1c1``, ``turn r0c0 2``, ``swap r0c0 r1c1``), ``set r1c2`` (set phase), ``get``
(get phase, LP-5) and ``draw`` (draw phase). ``stack`` after ``move``/``set`` records that the played card's
effect lets it be placed on an occupied area (セットフェイズ: 重ねることが出来るという効果を持つカード); ``under``
that it goes under the area's stack instead (LP-10, 用語集「重ね置き」: 上に置くのか下に置くのかは問わない).
``set r1c2 as 2`` sets the card facing seat 2 when its effect says so (LP-10; without one it is the turn
player's own). ``set r1c2 table`` records the table's own decision when no area takes the card by the rules (an
effect refilled the field: LP-6 says the tracker is never stuck). ``send r0c0 points 1`` / ``send r0c0 exclusion`` / ``send r0c0 hand 2`` put a field card into a
point area, the exclusion area or a hand (LP-10). ``mulligan 1 yokai 3`` records seat 1's mulligan in the set-up:
it reveals a yokai and returns 3 unrevealed cards, drawing as many again (LP-9).

Both notations round-trip: ``parse_move_text(str(m)) == m`` and ``parse_move(move_to_json(m)) == m``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import ParseError, is_plain_number
from .cards import Card
from .field import ORIENTATIONS, Cell


@dataclass(frozen=True)
class ChooseFirst:
    """Setup: the seat that won rock-paper-scissors plays first; turns then go clockwise."""

    seat: int

    def __str__(self) -> str:
        return f"first {self.seat}"


@dataclass(frozen=True)
class Mulligan:
    """Setup (LP-9, 【プレイの準備】): ``seat`` reveals ``revealed`` from its hand, returns ``returned``
    unrevealed cards to its deck, shuffles and draws as many again. Hand and deck counts stay as they were."""

    seat: int
    revealed: Card
    returned: int

    def __str__(self) -> str:
        return f"mulligan {self.seat} {self.revealed} {self.returned}"


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
    under: bool = False  # LP-10: the effect places it under the target's stack (用語集「重ね置き」)

    def __str__(self) -> str:
        return f"move {self.source} {self.target}{_flags(self.stack, self.under)}"


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
    under: bool = False  # LP-10: the effect places it under the area's stack
    owner: int | None = None  # LP-10: the effect sets it facing this seat; None: the turn player's own
    table: bool = False  # LP-6: no area takes it by the rules, so the table placed it where it decided

    def __str__(self) -> str:
        facing = f" as {self.owner}" if self.owner is not None else ""
        decided = " table" if self.table else ""
        return f"set {self.cell}{_flags(self.stack, self.under)}{decided}{facing}"


DESTINATIONS = ("points", "exclusion", "hand")  # LP-10: a point area, the exclusion area, a hand


@dataclass(frozen=True)
class SendCard:
    """Effect action (LP-10): the top card of ``cell`` leaves the field for ``seat``'s point area, the
    exclusion area (face down, 用語集「除外する」) or ``seat``'s hand."""

    cell: Cell
    to: str
    seat: int | None = None  # whose point area or hand; None for the exclusion area

    def __str__(self) -> str:
        return f"send {self.cell} {self.to}{'' if self.seat is None else f' {self.seat}'}"


def _flags(stack: bool, under: bool) -> str:
    return (" stack" if stack else "") + (" under" if under else "")


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


Move = (ChooseFirst | Mulligan | PlaceCommoner | TakeTop | PlayCard | MoveCard | TurnCard | SwapCards | SendCard
        | SetCard | ResolveGet | Draw)

KINDS: dict[type, str] = {
    ChooseFirst: "first", Mulligan: "mulligan", SendCard: "send", PlaceCommoner: "opening", TakeTop: "take", PlayCard: "play", MoveCard: "move",
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
        case Mulligan(seat, revealed, returned):
            data.update({"seat": seat, "revealed": revealed.value, "returned": returned})
        case MoveCard(source, target, stack, under):
            data.update({"from": source.to_json(), "to": target.to_json(), "stack": stack})
            if under:
                data["under"] = True
        case SendCard(cell, to, seat):
            data.update({"cell": cell.to_json(), "to": to})
            if seat is not None:
                data["seat"] = seat
        case TurnCard(cell, owner):
            data.update({"cell": cell.to_json(), "owner": owner})
        case SwapCards(first, second):
            data["cells"] = [first.to_json(), second.to_json()]
        case SetCard(cell, stack, under, owner, table):
            data.update({"cell": cell.to_json(), "stack": stack})
            if under:
                data["under"] = True
            if owner is not None:
                data["owner"] = owner
            if table:
                data["table"] = True
    return data


def parse_move(data: Mapping[str, Any]) -> Move:
    """JSON object -> move; raises ParseError naming the field (``path``) that is wrong."""
    if not isinstance(data, Mapping):
        raise ParseError("lp.move.not_object", "§ターン進行")
    kind = data.get("kind")
    if kind == "first":
        return ChooseFirst(_seat(data, "seat"))
    if kind == "mulligan":
        returned = _field(data, "returned")
        if not _is_int(returned) or returned < 0:
            raise ParseError("lp.move.wrong_type", "LP-9", "returned", field="returned", expected="count")
        return Mulligan(_seat(data, "seat"), _card(data, "revealed"), int(returned))
    if kind == "send":
        to = _field(data, "to")
        if to not in DESTINATIONS:
            raise ParseError("lp.move.wrong_type", "LP-10", "to", field="to", expected="/".join(DESTINATIONS))
        seat = None if to == "exclusion" else _seat(data, "seat")
        return SendCard(cell_from_json(_field(data, "cell"), "cell"), str(to), seat)
    if kind == "opening":
        return PlaceCommoner(cell_from_json(_field(data, "cell"), "cell"))
    if kind == "take":
        return TakeTop(cell_from_json(_field(data, "cell"), "cell"))
    if kind == "play":
        return PlayCard(_card(data, "card"))
    if kind == "move":
        return MoveCard(cell_from_json(_field(data, "from"), "from"), cell_from_json(_field(data, "to"), "to"),
                        _flag(data, "stack"), _flag(data, "under"))
    if kind == "turn":
        return TurnCard(cell_from_json(_field(data, "cell"), "cell"), _seat(data, "owner"))
    if kind == "swap":
        cells = _field(data, "cells")
        if not isinstance(cells, list) or len(cells) != 2:
            raise ParseError("lp.move.wrong_type", "§ターン進行", "cells", field="cells", expected="two cells")
        return SwapCards(cell_from_json(cells[0], "cells[0]"), cell_from_json(cells[1], "cells[1]"))
    if kind == "set":
        owner = _seat(data, "owner") if data.get("owner") is not None else None
        return SetCard(cell_from_json(_field(data, "cell"), "cell"), _flag(data, "stack"), _flag(data, "under"), owner,
                       _flag(data, "table"))
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


def _card(data: Mapping[str, Any], key: str) -> Card:
    card = _field(data, key)
    if not isinstance(card, str):
        raise ParseError("lp.move.wrong_type", "§ターン進行", key, field=key, expected="text")
    try:
        return Card(card)
    except ValueError:
        raise ParseError("lp.card.unknown", "LP-8", key, card=card) from None


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
    owner: int | None = None
    if kind == "set" and len(args) >= 2 and args[-2] == "as":
        if not is_plain_number(args[-1]):
            raise ParseError("lp.move.malformed", "§ターン進行", text=text)
        owner, args = int(args[-1]), args[:-2]
    table = kind == "set" and bool(args) and args[-1] == "table"
    if table:
        args = args[:-1]
    under = kind in ("move", "set") and bool(args) and args[-1] == "under"
    if under:
        args = args[:-1]
    stack = bool(args) and args[-1] == "stack" and kind in ("move", "set")
    if stack:
        args = args[:-1]
    shapes: dict[str, int] = {"first": 1, "opening": 1, "take": 1, "play": 1, "move": 2, "turn": 2, "swap": 2,
                              "set": 1, "get": 0, "draw": 0, "mulligan": 3}
    if kind == "send":
        if len(args) not in (2, 3) or (len(args) == 3 and not is_plain_number(args[2])):
            raise ParseError("lp.move.malformed", "§ターン進行", text=text)
        data: dict[str, Any] = {"kind": kind, "cell": Cell.parse(args[0]).to_json(), "to": args[1]}
        if len(args) == 3:
            data["seat"] = int(args[2])
        return parse_move(data)
    if kind not in shapes:
        raise ParseError("lp.move.unknown_kind", "§ターン進行", kind=kind)
    if len(args) != shapes[kind] or (kind in ("first", "turn") and not is_plain_number(args[-1])):
        raise ParseError("lp.move.malformed", "§ターン進行", text=text)
    if kind == "mulligan":
        if not (is_plain_number(args[0]) and is_plain_number(args[2])):
            raise ParseError("lp.move.malformed", "§ターン進行", text=text)
        return Mulligan(int(args[0]), Card.parse(args[1]), int(args[2]))
    if kind == "first":
        return parse_move({"kind": kind, "seat": int(args[0])})
    if kind == "play":
        return PlayCard(Card.parse(args[0]))
    if kind == "turn":
        return parse_move({"kind": kind, "cell": Cell.parse(args[0]).to_json(), "owner": int(args[1])})
    cells = [Cell.parse(arg) for arg in args]
    if kind == "move":
        return MoveCard(cells[0], cells[1], stack, under)
    if kind == "swap":
        return SwapCards(cells[0], cells[1])
    if kind == "set":
        if owner is not None:
            return parse_move({"kind": kind, "cell": cells[0].to_json(), "stack": stack, "under": under,
                               "owner": owner, "table": table})
        return SetCard(cells[0], stack, under, table=table)
    if kind == "opening":
        return PlaceCommoner(cells[0])
    if kind == "take":
        return TakeTop(cells[0])
    return ResolveGet() if kind == "get" else Draw()
