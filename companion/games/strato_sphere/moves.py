"""The moves of a whole game (SS-5, SS-7, SS-3 option), their notation and their JSON.

The player to move makes exactly three moves a turn (SS-5); the mover is the state's ``to_move``, so a move
does not name it. A defence names a seat: anyone may defend (SS-7); so does the set-up's dealer (SS-5), from
whose left play begins.

Notation (``parse_move_text(str(m)) == m``)      JSON (``parse_move(move_to_json(m)) == m``)
    draw                                          {"type": "draw"}
    place 4                                       {"type": "place", "node": 4}
    reveal 4 KS                                   {"type": "reveal", "node": 4, "card": "KS"}
    conceal 4                                     {"type": "conceal", "node": 4}
    shift 4 5                                     {"type": "shift", "from": 4, "to": 5}
    attack 2 3                                    {"type": "attack", "from": 2, "to": 3}
    defend 1 AS                                   {"type": "defend", "seat": 1, "card": "AS"}
    no-defence                                    {"type": "no_defence"}
    pass                                          {"type": "pass"}   (only when no other move is legal)
    forces S H D C                                {"type": "forces", "forces": ["S", "H", "D", "C"]}
    dealer 3                                      {"type": "dealer", "seat": 3}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import ParseError
from .cards import Card, Force, parse_any_force, parse_card


@dataclass(frozen=True)
class Draw:
    """SS-5: draw one card from the resource pile."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Place:
    """SS-5: put a hand card face down under a neutral node or one you control."""

    node: int

    def __str__(self) -> str:
        return f"place {self.node}"


@dataclass(frozen=True)
class Reveal:
    """SS-5: turn a neutral node's top card face up; ``card`` is the face the table now sees."""

    node: int
    card: Card

    def __str__(self) -> str:
        return f"reveal {self.node} {self.card}"


@dataclass(frozen=True)
class Conceal:
    """SS-5: turn the top card of a node you control face down."""

    node: int

    def __str__(self) -> str:
        return f"conceal {self.node}"


@dataclass(frozen=True)
class Shift:
    """SS-5: move a neutral node's top card face down under an adjacent node."""

    source: int
    target: int

    def __str__(self) -> str:
        return f"shift {self.source} {self.target}"


@dataclass(frozen=True)
class Attack:
    """SS-6: attack an adjacent opposing node from a node you control; opens the defence window (SS-7)."""

    source: int
    target: int

    def __str__(self) -> str:
        return f"attack {self.source} {self.target}"


@dataclass(frozen=True)
class Defend:
    """SS-7: ``seat`` plays ``card`` from hand against the pending attack."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"defend {self.seat} {self.card}"


@dataclass(frozen=True)
class NoDefence:
    """SS-7: nobody defends; the pending attack resolves."""

    def __str__(self) -> str:
        return "no-defence"


@dataclass(frozen=True)
class FixForces:
    """SS-3 option: every seat's force, fixed before play (by seat)."""

    forces: tuple[Force, ...]

    def __str__(self) -> str:
        return "forces " + " ".join(f.value for f in self.forces)


@dataclass(frozen=True)
class NameDealer:
    """SS-5: the seat that dealt, named when the table starts; play begins on its left."""

    seat: int

    def __str__(self) -> str:
        return f"dealer {self.seat}"


@dataclass(frozen=True)
class Pass:
    """Not in the rule text: the player to move has no legal move left this turn, so one move passes.

    SS-5 asks for exactly three moves but a player can be left with none (hand of 7 and no node to place
    under, reveal, turn down, move from or attack from); without this the table could not go on.
    """

    def __str__(self) -> str:
        return "pass"


Move = Draw | Place | Reveal | Conceal | Shift | Attack | Defend | NoDefence | FixForces | NameDealer | Pass
MOVE_TYPES = ("draw", "place", "reveal", "conceal", "shift", "attack", "defend", "no_defence", "forces", "dealer",
              "pass")

MOVE_RULE = "SS-5"


def _index(data: Mapping[str, Any], key: str, rule: str = MOVE_RULE) -> int:
    if key not in data:
        raise ParseError("ss.move.missing_field", rule, key, field=key)
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ParseError("ss.move.not_an_index", rule, key, field=key, value=str(value))
    return value


def _card(data: Mapping[str, Any], key: str) -> Card:
    if key not in data:
        raise ParseError("ss.move.missing_field", MOVE_RULE, key, field=key)
    try:
        return parse_card(data[key])
    except ParseError as error:
        raise ParseError(error.code, error.rule, key, **error.params) from None


def _forces(data: Mapping[str, Any]) -> tuple[Force, ...]:
    value = data.get("forces")
    if not isinstance(value, list):
        raise ParseError("ss.move.missing_field", "SS-3", "forces", field="forces")
    parsed: list[Force] = []
    for i, item in enumerate(value):
        try:
            parsed.append(parse_any_force(item))
        except ParseError as error:
            raise ParseError(error.code, error.rule, f"forces[{i}]", **error.params) from None
    return tuple(parsed)


def parse_move(data: Mapping[str, Any]) -> Move:
    """JSON object -> move. Raises ParseError (with the field's path) for malformed input."""
    if not isinstance(data, Mapping):
        raise ParseError("ss.move.not_an_object", MOVE_RULE, "")
    kind = data.get("type")
    if kind == "draw":
        return Draw()
    if kind == "place":
        return Place(_index(data, "node"))
    if kind == "reveal":
        return Reveal(_index(data, "node"), _card(data, "card"))
    if kind == "conceal":
        return Conceal(_index(data, "node"))
    if kind == "shift":
        return Shift(_index(data, "from"), _index(data, "to"))
    if kind == "attack":
        return Attack(_index(data, "from"), _index(data, "to"))
    if kind == "defend":
        return Defend(_index(data, "seat"), _card(data, "card"))
    if kind == "no_defence":
        return NoDefence()
    if kind == "forces":
        return FixForces(_forces(data))
    if kind == "dealer":
        return NameDealer(_index(data, "seat", "SS-5"))
    if kind == "pass":
        return Pass()
    raise ParseError("ss.move.unknown_type", MOVE_RULE, "type", value=str(kind), allowed=list(MOVE_TYPES))


def move_to_json(move: Move) -> dict[str, Any]:
    """Move -> JSON object; ``parse_move`` reads it back to an equal move."""
    match move:
        case Draw():
            return {"type": "draw"}
        case Place(node):
            return {"type": "place", "node": node}
        case Reveal(node, card):
            return {"type": "reveal", "node": node, "card": str(card)}
        case Conceal(node):
            return {"type": "conceal", "node": node}
        case Shift(source, target):
            return {"type": "shift", "from": source, "to": target}
        case Attack(source, target):
            return {"type": "attack", "from": source, "to": target}
        case Defend(seat, card):
            return {"type": "defend", "seat": seat, "card": str(card)}
        case NoDefence():
            return {"type": "no_defence"}
        case FixForces(forces):
            return {"type": "forces", "forces": [f.value for f in forces]}
        case NameDealer(seat):
            return {"type": "dealer", "seat": seat}
        case Pass():
            return {"type": "pass"}
    raise TypeError(f"not a Strato-Sphere move: {move!r}")


def parse_move_text(text: str) -> Move:
    """Notation -> move (``"attack 2 3"``, ``"reveal 4 KS"``, …). Raises ParseError."""
    words = text.split()
    if not words:
        raise ParseError("ss.move.malformed", MOVE_RULE, value=text)
    head, args = words[0].lower(), words[1:]
    try:
        if head == "no-defence" and not args:
            return NoDefence()
        if head == "pass" and not args:
            return Pass()
        if head == "forces":
            return FixForces(tuple(parse_any_force(a) for a in args))
        data: dict[str, Any] = {"type": head}
        if head in ("place", "conceal") and len(args) == 1:
            data["node"] = int(args[0])
        elif head == "reveal" and len(args) == 2:
            data |= {"node": int(args[0]), "card": args[1]}
        elif head in ("shift", "attack") and len(args) == 2:
            data |= {"from": int(args[0]), "to": int(args[1])}
        elif head == "defend" and len(args) == 2:
            data |= {"seat": int(args[0]), "card": args[1]}
        elif head == "dealer" and len(args) == 1:
            data["seat"] = int(args[0])
        elif head != "draw" or args:
            raise ParseError("ss.move.malformed", MOVE_RULE, value=text)
        return parse_move(data)
    except ValueError:
        raise ParseError("ss.move.malformed", MOVE_RULE, value=text) from None
