"""The round tracker's moves: what a table enters, as frozen values with a JSON form and a notation.

    setup 0 3 FOOD*2+PLANT 7 12     first parent (seat 0) and the opened field cards (§4.1 / §4.3)
    turn 1 30 12                    seat 1 played 30 and took 12 from the field (§4.2 / §4.4)
    parent 2                        the next parent, named by the table: only when a rank is unknown (PS-5/6)
    reveal 0 5 9 FOOD               seat 0 shows the hand cards the table has not seen yet (§4.5)

Seats are 0-based, clockwise. Cards are CardRefs (rank and/or elements, see cards.py). Draws are not moves:
the rules fix them (PS-7), and nobody at the table sees what was drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import ErrorList, ParseError, RulesError
from .cards import CardRef


@dataclass(frozen=True)
class Setup:
    parent: int
    field: tuple[CardRef, ...]

    def __str__(self) -> str:
        return " ".join(["setup", str(self.parent), *map(str, self.field)])


@dataclass(frozen=True)
class Turn:
    seat: int
    played: CardRef
    taken: CardRef

    def __str__(self) -> str:
        return f"turn {self.seat} {self.played} {self.taken}"


@dataclass(frozen=True)
class NameParent:
    seat: int

    def __str__(self) -> str:
        return f"parent {self.seat}"


@dataclass(frozen=True)
class Reveal:
    seat: int
    cards: tuple[CardRef, ...]

    def __str__(self) -> str:
        return " ".join(["reveal", str(self.seat), *map(str, self.cards)])


Move = Setup | Turn | NameParent | Reveal


def parse_move_text(text: str) -> Move:
    """The notation above -> a move; raises ParseError."""
    words = text.split() if isinstance(text, str) else []
    if len(words) < 2 or not _is_seat_text(words[1]):
        raise ParseError("ps.move.notation", "PS-7", text=str(text))
    kind, seat, rest = words[0], int(words[1]), words[2:]
    if kind == "setup":
        return Setup(seat, tuple(CardRef.parse(w) for w in rest))
    if kind == "turn" and len(rest) == 2:
        return Turn(seat, CardRef.parse(rest[0]), CardRef.parse(rest[1]))
    if kind == "parent" and not rest:
        return NameParent(seat)
    if kind == "reveal":
        return Reveal(seat, tuple(CardRef.parse(w) for w in rest))
    raise ParseError("ps.move.notation", "PS-7", text=text)


def _is_seat_text(word: str) -> bool:
    return word.isdigit() and word == str(int(word))


def move_to_json(move: Move) -> dict[str, Any]:
    if isinstance(move, Setup):
        return {"type": "setup", "parent": move.parent, "field": [c.to_json() for c in move.field]}
    if isinstance(move, Turn):
        return {"type": "turn", "seat": move.seat, "played": move.played.to_json(), "taken": move.taken.to_json()}
    if isinstance(move, NameParent):
        return {"type": "parent", "seat": move.seat}
    return {"type": "reveal", "seat": move.seat, "cards": [c.to_json() for c in move.cards]}


def parse_move(data: Mapping[str, Any]) -> Move:
    """JSON object -> move; raises ErrorList of ParseError naming every problem with its path."""
    if not isinstance(data, Mapping):
        raise ErrorList([ParseError("ps.move.not_object", "PS-7", "")])
    kind = data.get("type")
    errors: list[RulesError] = []
    seat_key = "parent" if kind == "setup" else "seat"
    if kind not in ("setup", "turn", "parent", "reveal"):
        errors.append(
            ParseError("ps.move.type", "PS-7", "type", got=str(kind), choices=["setup", "turn", "parent", "reveal"])
        )
        raise ErrorList(errors)
    seat = data.get(seat_key)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        errors.append(ParseError("ps.move.seat", "PS-7", seat_key, got=str(seat)))
        seat = -1

    def card(key: str, value: Any) -> CardRef | None:
        try:
            return CardRef.from_json(value, key)
        except ErrorList as bad:
            errors.extend(bad.errors)
            return None

    def cards(key: str) -> tuple[CardRef, ...]:
        raw = data.get(key)
        if not isinstance(raw, list):
            errors.append(ParseError("ps.move.cards_not_list", "PS-7", key))
            return ()
        found = [card(f"{key}[{i}]", value) for i, value in enumerate(raw)]
        return tuple(c for c in found if c is not None)

    if kind == "setup":
        field = cards("field")
        if not errors:
            return Setup(seat, field)
    elif kind == "turn":
        played, taken = card("played", data.get("played")), card("taken", data.get("taken"))
        if not errors and played is not None and taken is not None:
            return Turn(seat, played, taken)
    elif kind == "parent":
        if not errors:
            return NameParent(seat)
    else:
        revealed = cards("cards")
        if not errors:
            return Reveal(seat, revealed)
    raise ErrorList(errors)
