"""The tracked table: seats with hand and deck counts and point areas, the field, the exclusion area, and
where the turn stands. Immutable: ``turn.apply`` returns a new state, so replaying a log is safe.

Seats are 0-based in clockwise order. Seat s's cards face side s of the field as drawn (0 bottom, 1 left,
2 top, 3 right); with 3 players side 3 ("right") is the unused orientation (LP-1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from ..base import ParseError, Reason
from .captures import GetOutcome, resolve_get
from .cards import DRAW_PILE_AT_START, OPENING_HAND, PER_PLAYER, Card
from .field import Field
from .profile import DeckProfile
from .readings import Readings, readings_from

PLAYER_COUNTS = (3, 4)  # 【概要】プレイ人数 3~4人
SIDES = ("bottom", "left", "top", "right")


class Phase(Enum):
    """Where the table stands. The start phase (the end check, LP-7) runs by itself when a turn begins; the
    set phase is the ``set`` move that closes the effect phase."""

    SETUP = "setup"  # choose the first player, then each seat places its commoner (【プレイの準備】)
    REMOVE = "remove"  # LP-6
    EFFECT = "effect"  # play a card from hand, then resolve its effect with generic actions, then set it
    GET = "get"  # LP-5
    DRAW = "draw"
    OVER = "over"  # the end check held: score (LP-7)

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Seat:
    seat: int
    hand: int = OPENING_HAND
    deck: int = DRAW_PILE_AT_START
    commoner_in_front: bool = True  # set aside face up at setup until its owner places it
    played: tuple[Card, ...] = ()  # cards this seat has put into the play area, in order
    points: tuple[Card, ...] = ()  # its point area (ポイントエリア), in the order the cards arrived
    gained: tuple[Card, ...] = ()  # field cards an effect put into its hand (LP-10): they may be played too
    mulligans: int = 0  # how often it used the set-up's mulligan (LP-9)

    @property
    def side(self) -> str:
        return SIDES[self.seat]

    def unseen(self) -> Counter[Card]:
        """The cards of this seat's deck not seen yet (in hand or deck): its 19 minus the commoner set aside
        and the cards it has played."""
        left = Counter(PER_PLAYER)
        left[Card.COMMONER] -= 1
        left.update(self.gained)
        left.subtract(self.played)
        return left


@dataclass(frozen=True)
class TableState:
    players: int
    profile: DeckProfile
    seats: tuple[Seat, ...]
    field: Field
    exclusion: tuple[Card, ...] = ()  # 除外エリア
    phase: Phase = Phase.SETUP
    first: int | None = None  # the seat that plays first (じゃんけん), once chosen
    turn: int | None = None  # the seat to act: in setup the seat placing its commoner
    turn_number: int = 0  # 1 for the first player's first turn
    play_area: Card | None = None  # the card played this turn, until it is set
    last_get: GetOutcome | None = None  # what the latest get phase found, for the page to show
    end_reasons: tuple[Reason, ...] = ()  # the start-phase end check that ended the game
    start_reasons: tuple[Reason, ...] = ()  # this turn's start-phase end check (LP-7): the game went on
    remove_at_start: bool | None = None  # did LP-6 apply when this turn started (None: the profile cannot tell)
    readings: Readings = Readings()  # the readings the table started under (LP-6, LP-9: readings.py)

    @property
    def unused_side(self) -> str | None:
        return SIDES[self.players] if self.players < len(SIDES) else None

    def seat(self, seat: int) -> Seat:
        return self.seats[seat]

    def with_seat(self, seat: Seat) -> TableState:
        seats = list(self.seats)
        seats[seat.seat] = seat
        return replace(self, seats=tuple(seats))

    def next_seat(self, seat: int) -> int:
        """Clockwise (【ターン進行】: the order decided at setup)."""
        return (seat + 1) % self.players


def new_table(players: int, options: Mapping[str, str], profile: Mapping[str, Any]) -> TableState:
    """A table right after dealing: each seat has its commoner in front, 6 in hand and 12 in its deck."""
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise ParseError("lp.players.unsupported", "§概要", "players", players=str(players),
                         allowed=list(PLAYER_COUNTS))
    return TableState(players, DeckProfile.from_mapping(profile), tuple(Seat(s) for s in range(players)),
                      Field.empty(), readings=readings_from(options))


# -- a snapshot as JSON (the profile is not in it: ``parse_state`` is given the one the table uses) ------------

def state_to_json(state: TableState) -> dict[str, Any]:
    """Everything ``state`` holds but the profile, as plain JSON; the field in its text notation."""
    last = state.last_get
    return {
        "players": state.players,
        "seats": [{"hand": s.hand, "deck": s.deck, "commoner_in_front": s.commoner_in_front,
                   "played": [c.value for c in s.played], "points": [c.value for c in s.points],
                   "gained": [c.value for c in s.gained], "mulligans": s.mulligans}
                  for s in state.seats],
        "field": str(state.field),
        "exclusion": [c.value for c in state.exclusion],
        "phase": state.phase.value,
        "first": state.first,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "play_area": state.play_area.value if state.play_area is not None else None,
        # the get phase's outcome is the engine's answer on the field it was found on: that field brings it back
        "last_get": str(last.field) if last is not None and last.field is not None else None,
        "end_reasons": [r.to_json() for r in state.end_reasons],
        "start_reasons": [r.to_json() for r in state.start_reasons],
        "remove_at_start": state.remove_at_start,
        "options": state.readings.to_options(),
    }


def parse_state(data: Mapping[str, Any], profile: Mapping[str, Any]) -> TableState:
    """The inverse of ``state_to_json`` with the profile the state was made with; raises ParseError."""
    if not isinstance(data, Mapping):
        raise ParseError("lp.state.malformed", "§ターン進行", "", field="state")
    try:
        players = data["players"]
        if isinstance(players, bool) or players not in PLAYER_COUNTS:
            raise ParseError("lp.players.unsupported", "§概要", "players", players=str(players),
                             allowed=list(PLAYER_COUNTS))
        seats = tuple(Seat(i, _int(s["hand"]), _int(s["deck"]), bool(s["commoner_in_front"]),
                           _cards(s["played"]), _cards(s["points"]),
                           _cards(s.get("gained", [])), _int(s.get("mulligans", 0))) for i, s in enumerate(data["seats"]))
        if len(seats) != players:
            raise ParseError("lp.state.malformed", "§ターン進行", "seats", field="seats")
        last = data.get("last_get")
        return TableState(
            players=players,
            profile=DeckProfile.from_mapping(profile),
            seats=seats,
            field=Field.parse(str(data["field"])),
            exclusion=_cards(data["exclusion"]),
            phase=Phase(data["phase"]),
            first=_optional(data.get("first"), _int),
            turn=_optional(data.get("turn"), _int),
            turn_number=_int(data["turn_number"]),
            play_area=_optional(data.get("play_area"), Card.parse),
            last_get=resolve_get(Field.parse(str(last))) if last is not None else None,
            end_reasons=_reasons(data.get("end_reasons", [])),
            start_reasons=_reasons(data.get("start_reasons", [])),
            remove_at_start=_optional(data.get("remove_at_start"), _bool),
            # a snapshot without them is read with the current rulings (not a stored table's options)
            readings=readings_from(data.get("options") or Readings().to_options()),
        )
    except ParseError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ParseError("lp.state.malformed", "§ターン進行", "", field=str(error)) from None


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("integer")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("boolean")
    return value


def _cards(values: Any) -> tuple[Card, ...]:
    if not isinstance(values, list):
        raise TypeError("list of cards")
    return tuple(Card.parse(v) for v in values)


def _optional(value: Any, read: Callable[[Any], Any]) -> Any:
    return None if value is None else read(value)


def _reasons(values: Any) -> tuple[Reason, ...]:
    if not isinstance(values, list):
        raise TypeError("list of reasons")
    return tuple(Reason(str(r["code"]), str(r["rule"]), bool(r["ok"]), dict(r["params"]), str(r.get("path", "")),
                        bool(r.get("impossible", False))) for r in values)
