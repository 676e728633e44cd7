"""The tracked table: seats with hand and deck counts and point areas, the field, the exclusion area, and
where the turn stands. Immutable: ``turn.apply`` returns a new state, so replaying a log is safe.

Seats are 0-based in clockwise order. Seat s's cards face side s of the field as drawn (0 bottom, 1 left,
2 top, 3 right); with 3 players side 3 ("right") is the unused orientation (LP-1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from ..base import ParseError, Reason
from .captures import GetOutcome
from .cards import DRAW_PILE_AT_START, OPENING_HAND, PER_PLAYER, Card
from .field import Field
from .profile import DeckProfile

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

    @property
    def side(self) -> str:
        return SIDES[self.seat]

    def unseen(self) -> Counter[Card]:
        """The cards of this seat's deck not seen yet (in hand or deck): its 19 minus the commoner set aside
        and the cards it has played."""
        left = Counter(PER_PLAYER)
        left[Card.COMMONER] -= 1
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
                      Field.empty())
