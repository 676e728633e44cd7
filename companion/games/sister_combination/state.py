"""The tracked table (SC-9): an immutable value, rebuilt by replaying moves.

Hands are secret, so a hand is a size; the deck and the stack are sizes; the discard pile is known card by
card (top first, as the API writes it). The 144 cards are always all somewhere:
``sum(hands) + deck + stack + len(discard) == 144`` once the game is set up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..base import ErrorList, OptionSpec, ParseError, RulesError
from .cards import DECK_SIZE, Card, Element, colour_name, parse_card, parse_colour

PLAYER_COUNTS = tuple(range(3, 14))  # rule text <プレイヤー人数>: 3〜13人
HAND_DEALT = 7  # rule text <ゲームの準備>: 7枚ずつ
HAND_LIMIT = 16  # SC-7 "みんななかよく": 限界手札16枚

END_FIRST_OUT = "first_out"
END_LAST_ONE = "last_one"
LIMIT_NONE = "none"
LIMIT_A = "16a"
LIMIT_B = "16b"
LIMIT_CHOSEN = "16chosen"  # SC-7: (a) or (b) chosen by the overflowing player when it happens (「その場で選択できる」)
END_OPTION = OptionSpec("end", (END_FIRST_OUT, END_LAST_ONE), "SC-7")
HAND_LIMIT_OPTION = OptionSpec("hand_limit", (LIMIT_NONE, LIMIT_A, LIMIT_B, LIMIT_CHOSEN), "SC-7")
HANDS_DEALT = "seven"  # SC-8 now: every hand is dealt 7 cards, a set-up with other sizes is refused
HANDS_AS_ENTERED = "as-entered"  # SC-8 before: any hand sizes were accepted
# Kept for tables started before SC-8 said 7 each (their options lack the key): their set-up still replays.
# A new table is dealt 7 each, so the new-table page does not offer the old reading.
HANDS_OPTION = OptionSpec("hands", (HANDS_DEALT, HANDS_AS_ENTERED), "SC-8", before=HANDS_AS_ENTERED, shown=False)
STACK_TO_DECK = "to-deck"  # SC-7 now: under (a), every hand at the limit and nobody can play: the stack goes back
STACK_STAYS = "stays"  # SC-7 before: the stack stayed, and such a table went round and round taking nothing
# Kept for tables started before SC-7 said the stack goes back (their options lack the key): a log entered while
# the stack stayed still replays. A new table plays by the ruling, so the new-table page does not offer it.
ALL_AT_LIMIT_OPTION = OptionSpec("all_at_limit", (STACK_TO_DECK, STACK_STAYS), "SC-7", before=STACK_STAYS,
                                 shown=False)
OPTIONS = (END_OPTION, HAND_LIMIT_OPTION, HANDS_OPTION, ALL_AT_LIMIT_OPTION)


@dataclass(frozen=True)
class Options:
    """SC-7: how the game ends, and the "みんななかよく" hand limit with its overflow rule (a) or (b), fixed before
    the game or chosen by the overflowing player when it happens."""

    end: str = END_FIRST_OUT
    hand_limit: str = LIMIT_NONE
    hands: str = HANDS_DEALT
    all_at_limit: str = STACK_TO_DECK

    @property
    def limit(self) -> int | None:
        """The most cards a hand may hold, or None without the option."""
        return None if self.hand_limit == LIMIT_NONE else HAND_LIMIT

    def to_json(self) -> dict[str, str]:
        return {"end": self.end, "hand_limit": self.hand_limit, "hands": self.hands,
                "all_at_limit": self.all_at_limit}


def parse_options(data: Mapping[str, Any] | None, prefix: str = "options.", stored: bool = False) -> Options:
    """Options JSON -> Options (absent keys take the defaults; ``stored``: a table's stored options, whose absent
    keys take the setting of a table started before the option existed); raises ParseError / ErrorList."""
    data = data or {}
    errors: list[RulesError] = []
    values: dict[str, str] = {}
    for spec in OPTIONS:
        value = spec.value(data) if stored else data.get(spec.key, spec.default)
        if value not in spec.choices:
            errors.append(ParseError("sc.input.option", spec.rule, prefix + spec.key, value=str(value),
                                     allowed=list(spec.choices)))
        else:
            values[spec.key] = str(value)
    if errors:
        raise errors[0] if len(errors) == 1 else ErrorList(errors)
    return Options(**values)


@dataclass(frozen=True)
class TableState:
    """Everything the table knows (SC-9). Before ``setup`` the game is not started: no hands, no field card."""

    players: int
    options: Options = Options()
    started: bool = False
    hands: tuple[int, ...] = ()  # size by seat
    deck: int = DECK_SIZE
    stack: int = 0  # SC-3: obstruction mode while >= 1
    discard: tuple[Card, ...] = ()  # top first
    colour: Element | None = None  # the colour to match next (the top card's, or the one named after an S.P.)
    direction: int = 1  # 1 clockwise (seat + 1 is next), -1 counter-clockwise (SC-8)
    turn: int = 0
    out: tuple[int, ...] = ()  # seats that went out, in order (SC-7)
    reached: frozenset[int] = field(default_factory=frozenset)  # one card left, "リーチ" declared (SC-6)
    forgot: frozenset[int] = field(default_factory=frozenset)  # one card left, "リーチ" forgotten, not yet noticed
    drawn: bool = False  # SC-4: the player to move drew and may play that card or keep it
    # SC-7 ruling, under (a): players in a row who took the stack instead of playing while every hand was at the
    # limit with the stack left; when all the players still in have, the stack goes back into the deck
    stuck: int = 0
    # SC-7, the hand limit's third setting: the player to move took the stack up to the limit, cards are left on
    # it, and they choose rule (a) or (b) before anything else happens
    choosing: bool = False

    @property
    def top(self) -> Card | None:
        return self.discard[0] if self.discard else None

    @property
    def obstruction(self) -> bool:
        """SC-3: obstruction mode while the stack holds at least one card."""
        return self.stack >= 1

    @property
    def active(self) -> tuple[int, ...]:
        """The seats still playing, in seat order."""
        return tuple(s for s in range(self.players) if s not in self.out)

    @property
    def finished(self) -> bool:
        """SC-7: first_out ends when one player is out; last_one when at most one player is left."""
        if not self.started:
            return False
        if self.options.end == END_FIRST_OUT:
            return bool(self.out)
        return len(self.active) <= 1

    @property
    def total_cards(self) -> int:
        return sum(self.hands) + self.deck + self.stack + len(self.discard)

    def evolve(self, **changes: Any) -> TableState:
        return replace(self, **changes)


def new_state(players: int, options: Mapping[str, str] | None = None) -> TableState:
    if players not in PLAYER_COUNTS:
        raise ParseError("sc.input.players", "SC-0", "players", value=players, allowed=list(PLAYER_COUNTS))
    return TableState(players, parse_options(options or {}, "", stored=True))


def state_to_json(state: TableState) -> dict[str, Any]:
    return {
        "players": state.players,
        "options": state.options.to_json(),
        "started": state.started,
        "hands": list(state.hands),
        "deck": state.deck,
        "stack": state.stack,
        "discard": [str(c) for c in state.discard],
        "colour": None if state.colour is None else colour_name(state.colour),
        "direction": state.direction,
        "turn": state.turn,
        "out": list(state.out),
        "reached": sorted(state.reached),
        "forgot": sorted(state.forgot),
        "drawn": state.drawn,
        "stuck": state.stuck,
        "choosing": state.choosing,
    }


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ParseError("sc.state.field", "SC-9", key, value=str(value), min=low, max=high)
    return value


def _seats(data: Mapping[str, Any], key: str, players: int) -> tuple[int, ...]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ParseError("sc.state.field", "SC-9", key, value=str(value))
    for i, seat in enumerate(value):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ParseError("sc.state.field", "SC-9", f"{key}[{i}]", value=str(seat), min=0, max=players - 1)
    return tuple(value)


def parse_state(data: Mapping[str, Any]) -> TableState:
    """Inverse of ``state_to_json``; raises ParseError with the field's path."""
    if not isinstance(data, Mapping):
        raise ParseError("sc.state.field", "SC-9", "", value=type(data).__name__)
    players = _int(data, "players", PLAYER_COUNTS[0], PLAYER_COUNTS[-1])
    options = parse_options(data.get("options"))
    hands_raw = data.get("hands", [])
    if not isinstance(hands_raw, list):
        raise ParseError("sc.state.field", "SC-9", "hands", value=str(hands_raw))
    hands = tuple(_int({"h": h}, "h", 0, DECK_SIZE) for h in hands_raw)
    discard_raw = data.get("discard", [])
    if not isinstance(discard_raw, list):
        raise ParseError("sc.state.field", "SC-9", "discard", value=str(discard_raw))
    discard: list[Card] = []
    for i, text in enumerate(discard_raw):
        try:
            discard.append(parse_card(text))
        except ParseError as error:
            raise ParseError(error.code, error.rule, f"discard[{i}]", **error.params) from None
    if bool(data.get("started", False)) and len(hands) != players:
        raise ParseError("sc.state.field", "SC-9", "hands", value=len(hands), expected=players)
    colour: Element | None = None
    if data.get("colour") is not None:
        try:
            colour = parse_colour(data["colour"])
        except ParseError as error:
            raise ParseError(error.code, error.rule, "colour", **error.params) from None
    direction = data.get("direction", 1)
    if direction not in (1, -1) or isinstance(direction, bool):
        raise ParseError("sc.state.field", "SC-8", "direction", value=str(direction))
    for key in ("started", "drawn", "choosing"):
        if not isinstance(data.get(key, False), bool):
            raise ParseError("sc.state.field", "SC-9", key, value=str(data.get(key)))
    return TableState(
        players=players,
        options=options,
        started=bool(data.get("started", False)),
        hands=hands,
        deck=_int(data, "deck", 0, DECK_SIZE),
        stack=_int(data, "stack", 0, DECK_SIZE),
        discard=tuple(discard),
        colour=colour,
        direction=int(direction),
        turn=_int(data, "turn", 0, players - 1),
        out=_seats(data, "out", players),
        reached=frozenset(_seats(data, "reached", players)),
        forgot=frozenset(_seats(data, "forgot", players)),
        drawn=bool(data.get("drawn", False)),
        stuck=_int(data, "stuck", 0, players) if "stuck" in data else 0,  # a state saved before the ruling: 0
        choosing=bool(data.get("choosing", False)),
    )
