"""The moves of a tracked Sister Combination game, their text notation and their JSON (SC-2 … SC-9).

The player to move is the state's ``turn``, so a play does not name its seat; only "a forgotten リーチ pointed
out" names one (anyone may point it out, SC-6). Hands are secret (SC-9): a play names the card as the table
sees it land on the discard pile; the companion cannot know it was in that hand.

Notation (``parse_move_text(str(m)) == m``)        JSON (``parse_move(move_to_json(m)) == m``)
    setup first=0 hands=7,7,7 field=karen:3         {"type": "setup", "first": 0, "hands": [7, 7, 7],
                                                      "field": "karen:3"}
    play marie:7                                    {"type": "play", "card": "marie:7"}
    play marie:7 reach                              {"type": "play", "card": "marie:7", "reach": true}
    play haruka:sp colour=blue target=2             {"type": "play", "card": "haruka:sp", "colour": "blue",
                                                      "target": 2}
    draw                                            {"type": "draw"}
    draw keep                                       {"type": "draw", "keep": true}   (drew, and kept it)
    keep                                            {"type": "keep"}        (keep the card just drawn)
    take                                            {"type": "take_stack"}  (SC-3)
    pass-turn                                       {"type": "pass_turn"}   (SC-7 hand limit, or no card left)
    reach-missed 2                                  {"type": "reach_missed", "seat": 2}   (SC-6)
    reshuffle                                       {"type": "reshuffle"}   (SC-7)
    overflow a                                      {"type": "overflow", "rule": "a"}   (SC-7, chosen on the spot)

After ``draw`` the next ``play`` is the drawn card (SC-4); ``keep`` ends the turn instead. Under the hand limit's
third setting, a ``take`` that leaves cards on the stack is followed by that player's ``overflow a`` or ``b``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import ErrorList, ParseError, RulesError
from .cards import Card, Element, colour_name, parse_card, parse_colour

MAX_SEATS = 13  # rule text <プレイヤー人数>


@dataclass(frozen=True)
class Setup:
    """Rule text <ゲームの準備>, SC-8: who plays first, each hand as dealt (7 each), the first field card."""

    first: int
    hands: tuple[int, ...]
    field: Card

    def __str__(self) -> str:
        return f"setup first={self.first} hands={','.join(map(str, self.hands))} field={self.field}"


@dataclass(frozen=True)
class Play:
    """SC-2: the player to move plays ``card``; ``colour`` is named after an S.P. (SC-8), ``target`` is the seat
    that 春歌's or 四葉's S.P. gives 2 cards (SC-5), ``reach`` whether "リーチ" was declared with it (SC-6)."""

    card: Card
    reach: bool = False
    colour: Element | None = None
    target: int | None = None

    def __str__(self) -> str:
        parts = ["play", str(self.card)]
        if self.colour is not None:
            parts.append(f"colour={colour_name(self.colour)}")
        if self.target is not None:
            parts.append(f"target={self.target}")
        if self.reach:
            parts.append("reach")
        return " ".join(parts)


@dataclass(frozen=True)
class Draw:
    """SC-4: in normal mode, draw one card from the deck (it may then be played, or kept). ``keep``: entered once
    the player has looked at it and kept it, the draw and the keep in one entry (the turn passes)."""

    keep: bool = False

    def __str__(self) -> str:
        return "draw keep" if self.keep else "draw"


@dataclass(frozen=True)
class Keep:
    """SC-4: keep the card just drawn; the turn ends."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True)
class TakeStack:
    """SC-3: in obstruction mode, take the whole stack instead of playing; the turn ends."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True)
class PassTurn:
    """SC-7 "みんななかよく": a player at the hand limit cannot draw, so not playing passes (出せなければパス扱い).
    Also when neither the deck nor the discard pile under the top card has a card left to draw (SC-7)."""

    def __str__(self) -> str:
        return "pass-turn"


@dataclass(frozen=True)
class ReachMissed:
    """SC-6: ``seat`` left itself one card without "リーチ" and it is noticed: that seat draws 2."""

    seat: int

    def __str__(self) -> str:
        return f"reach-missed {self.seat}"


@dataclass(frozen=True)
class Reshuffle:
    """SC-7 ruling: the deck is empty; the discard pile under the top card becomes the new deck."""

    def __str__(self) -> str:
        return "reshuffle"


OVERFLOW_RULES = ("a", "b")  # SC-7 "みんななかよく": what happens to the stack a full hand could not take


@dataclass(frozen=True)
class Overflow:
    """SC-7, the hand limit's third setting (「その場で選択できる」): the player who took the stack up to the limit
    and left cards on it chooses what happens to them, rule (a) or (b)."""

    rule: str

    def __str__(self) -> str:
        return f"overflow {self.rule}"


Move = Setup | Play | Draw | Keep | TakeStack | PassTurn | ReachMissed | Reshuffle | Overflow
MOVE_TYPES = ("setup", "play", "draw", "keep", "take_stack", "pass_turn", "reach_missed", "reshuffle", "overflow")
_SIMPLE: Mapping[str, Move] = {"draw": Draw(), "keep": Keep(), "take_stack": TakeStack(), "pass_turn": PassTurn(),
                               "reshuffle": Reshuffle()}
_TEXT_SIMPLE: Mapping[str, Move] = {"draw": Draw(), "keep": Keep(), "take": TakeStack(), "pass-turn": PassTurn(),
                                    "reshuffle": Reshuffle()}


def _seat_value(value: object, path: str, rule: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParseError("sc.input.wrong_type", rule, path, expected="integer", value=str(value))
    if not 0 <= value < MAX_SEATS:
        raise ParseError("sc.input.out_of_range", rule, path, value=value, min=0, max=MAX_SEATS - 1)
    return value


def _required(data: Mapping[str, Any], key: str, rule: str) -> object:
    if key not in data:
        raise ParseError("sc.input.missing", rule, key, field=key)
    return data[key]


def _card_at(value: object, path: str) -> Card:
    try:
        return parse_card(value)  # type: ignore[arg-type]  # parse_card refuses a non-string itself
    except ParseError as error:
        raise ParseError(error.code, error.rule, path, **error.params) from None


def _setup(data: Mapping[str, Any]) -> Setup:
    errors: list[RulesError] = []
    first, field = 0, None
    hands: tuple[int, ...] = ()
    try:
        first = _seat_value(_required(data, "first", "SC-8"), "first", "SC-8")
    except ParseError as error:
        errors.append(error)
    try:
        raw = _required(data, "hands", "SC-8")
        if not isinstance(raw, list) or not 3 <= len(raw) <= MAX_SEATS:
            raise ParseError("sc.input.wrong_type", "SC-8", "hands", expected="list of 3-13 hand sizes",
                             value=str(raw))
        sizes: list[int] = []
        for i, item in enumerate(raw):
            if isinstance(item, bool) or not isinstance(item, int) or item < 0:
                errors.append(ParseError("sc.input.wrong_type", "SC-8", f"hands[{i}]", expected="integer >= 0",
                                         value=str(item)))
            else:
                sizes.append(item)
        hands = tuple(sizes)
    except ParseError as error:
        errors.append(error)
    try:
        field = _card_at(_required(data, "field", "SC-8"), "field")
    except ParseError as error:
        errors.append(error)
    if errors:
        raise errors[0] if len(errors) == 1 else ErrorList(errors)
    assert field is not None
    return Setup(first, hands, field)


def _play(data: Mapping[str, Any]) -> Play:
    errors: list[RulesError] = []
    card: Card | None = None
    colour: Element | None = None
    target: int | None = None
    reach = data.get("reach", False)
    try:
        card = _card_at(_required(data, "card", "SC-2"), "card")
    except ParseError as error:
        errors.append(error)
    if not isinstance(reach, bool):
        errors.append(ParseError("sc.input.wrong_type", "SC-6", "reach", expected="boolean", value=str(reach)))
        reach = False
    if data.get("colour") is not None:
        try:
            colour = parse_colour(data["colour"])
        except ParseError as error:
            errors.append(ParseError(error.code, "SC-2", "colour", **error.params))
    if data.get("target") is not None:
        try:
            target = _seat_value(data["target"], "target", "SC-5")
        except ParseError as error:
            errors.append(error)
    if errors:
        raise errors[0] if len(errors) == 1 else ErrorList(errors)
    assert card is not None
    return Play(card, reach, colour, target)


def _overflow_rule(value: object) -> Overflow:
    if value not in OVERFLOW_RULES:
        raise ParseError("sc.input.overflow_rule", "SC-7", "rule", value=str(value), allowed=list(OVERFLOW_RULES))
    return Overflow(str(value))


def parse_move(data: Mapping[str, Any]) -> Move:
    """JSON object -> move. Raises ParseError with the field's path (ErrorList when several fields are wrong)."""
    if not isinstance(data, Mapping):
        raise ParseError("sc.move.not_an_object", "SC-8", "", value=type(data).__name__)
    kind = data.get("type")
    if kind == "setup":
        return _setup(data)
    if kind == "play":
        return _play(data)
    if kind == "draw" and "keep" in data:
        keep = data["keep"]
        if not isinstance(keep, bool):
            raise ParseError("sc.input.wrong_type", "SC-4", "keep", expected="boolean", value=str(keep))
        return Draw(keep)
    if kind == "reach_missed":
        return ReachMissed(_seat_value(_required(data, "seat", "SC-6"), "seat", "SC-6"))
    if kind == "overflow":
        return _overflow_rule(_required(data, "rule", "SC-7"))
    if isinstance(kind, str) and kind in _SIMPLE:
        return _SIMPLE[kind]
    raise ParseError("sc.move.unknown_type", "SC-8", "type", value=str(kind), allowed=list(MOVE_TYPES))


def move_to_json(move: Move) -> dict[str, Any]:
    """Move -> JSON object; ``parse_move`` reads it back to an equal move. Defaults are left out."""
    match move:
        case Setup():
            return {"type": "setup", "first": move.first, "hands": list(move.hands), "field": str(move.field)}
        case Play():
            data: dict[str, Any] = {"type": "play", "card": str(move.card)}
            if move.reach:
                data["reach"] = True
            if move.colour is not None:
                data["colour"] = colour_name(move.colour)
            if move.target is not None:
                data["target"] = move.target
            return data
        case ReachMissed():
            return {"type": "reach_missed", "seat": move.seat}
        case Draw():
            return {"type": "draw", "keep": True} if move.keep else {"type": "draw"}
        case Keep():
            return {"type": "keep"}
        case TakeStack():
            return {"type": "take_stack"}
        case PassTurn():
            return {"type": "pass_turn"}
        case Reshuffle():
            return {"type": "reshuffle"}
        case Overflow():
            return {"type": "overflow", "rule": move.rule}


def _int_text(text: str, path: str, rule: str) -> int:
    try:
        return _seat_value(int(text), path, rule)
    except ValueError:
        raise ParseError("sc.input.wrong_type", rule, path, expected="integer", value=text) from None


def parse_move_text(text: str) -> Move:
    """Notation -> move (the module docstring lists it); raises ParseError."""
    words = text.split()
    if not words:
        raise ParseError("sc.move.notation", "SC-8", "", text=text)
    head, rest = words[0], words[1:]
    if head in _TEXT_SIMPLE and not rest:
        return _TEXT_SIMPLE[head]
    if head == "draw" and rest == ["keep"]:
        return Draw(keep=True)
    if head == "reach-missed" and len(rest) == 1:
        return ReachMissed(_int_text(rest[0], "seat", "SC-6"))
    if head == "overflow" and len(rest) == 1:
        return _overflow_rule(rest[0])
    if head == "setup":
        fields = dict(w.partition("=")[::2] for w in rest)
        if set(fields) != {"first", "hands", "field"}:
            raise ParseError("sc.move.notation", "SC-8", "", text=text)
        try:
            hands = [int(h) for h in fields["hands"].split(",")]
        except ValueError:
            raise ParseError("sc.move.notation", "SC-8", "hands", text=text) from None
        return _setup({"first": _int_text(fields["first"], "first", "SC-8"), "hands": hands, "field": fields["field"]})
    if head == "play" and rest:
        data: dict[str, Any] = {"card": rest[0]}
        for word in rest[1:]:
            key, eq, value = word.partition("=")
            if word == "reach" and "reach" not in data:
                data["reach"] = True
            elif eq and key == "colour" and key not in data:
                data["colour"] = value
            elif eq and key == "target" and key not in data:
                data["target"] = _int_text(value, "target", "SC-5")
            else:
                raise ParseError("sc.move.notation", "SC-8", "", text=text)
        return _play(data)
    raise ParseError("sc.move.notation", "SC-8", "", text=text)
