"""The round tracker's state: an immutable record of what the table knows (PS-5 … PS-7).

The tracker knows what is public at a real table: the field, the cards played and taken, the house cards of
the 2-player second half, and at the end the revealed hands. Drawn cards stay unseen (``SeatState.unseen``)
until they are played or revealed. Cards are known by rank, by elements, or both.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from ..base import Reason
from .cards import Card
from .flow import is_second_half, turn_order
from .parent import Condition, rank_difference
from .profile import DeckProfile


class Phase(StrEnum):
    SETUP = "setup"  # waiting for the first parent and the opened field (§4.1 / §4.3)
    TURNS = "turns"  # a round's turns (§4.2 / §4.4)
    NAME_PARENT = "name_parent"  # a round is over but a rank is unknown: the table names the parent
    REVEAL = "reveal"  # the game is over; hands are shown (§4.5)
    FINISHED = "finished"  # every hand is known: the houses (and guards) can be scored


@dataclass(frozen=True)
class SeatState:
    """One player's cards as far as the table knows them."""

    deck_size: int
    hand_size: int = 0
    known_hand: tuple[Card, ...] = ()  # taken from the field, so everyone saw them
    house: tuple[Card, ...] = ()  # 2 players: second-half takes (§4.4.2); 3/4 players: the revealed hand
    guards: tuple[Card, ...] = ()  # 2 players: the revealed final hand (番人札, §4.5)
    revealed: bool = False

    @property
    def unseen(self) -> int:
        """Cards in hand the table has not seen (drawn and not played yet)."""
        return self.hand_size - len(self.known_hand)


@dataclass(frozen=True)
class TurnRecord:
    """One turn: the card played from hand and the field card taken (§4.2)."""

    seat: int
    played: Card
    taken: Card

    @property
    def difference(self) -> int | None:
        """PS-5: |rank played − rank taken|, when both ranks are known."""
        if self.played.rank is None or self.taken.rank is None:
            return None
        return rank_difference(self.played.rank, self.taken.rank)


@dataclass(frozen=True)
class RoundRecord:
    """A finished round: who led, under which condition, the turns, and who became parent and why."""

    number: int
    parent: int
    condition: Condition
    turns: tuple[TurnRecord, ...]
    next_parent: int
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class TableState:
    players: int
    deck: DeckProfile
    seats: tuple[SeatState, ...]
    phase: Phase = Phase.SETUP
    round: int = 0
    parent: int = 0
    condition: Condition = Condition.CLOSE  # §4.1 step 5: the game starts on Close
    field: tuple[Card, ...] = ()
    turns: tuple[TurnRecord, ...] = ()  # the current round's turns so far
    rounds: tuple[RoundRecord, ...] = ()

    @property
    def two_players(self) -> bool:
        return self.players == 2

    @property
    def first_parent(self) -> int:
        return self.rounds[0].parent if self.rounds else self.parent

    @property
    def turn_order(self) -> tuple[int, ...]:
        return turn_order(self.players, self.parent)

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, or None outside the turns phase."""
        if self.phase is not Phase.TURNS:
            return None
        return self.turn_order[len(self.turns)]

    @property
    def second_half(self) -> bool:
        return is_second_half(self.players, self.round)

    def places(self) -> Iterator[tuple[Card, str, int]]:
        """Every card the table can point at: (card, place, seat or -1)."""
        for card in self.field:
            yield card, "field", -1
        for seat, s in enumerate(self.seats):
            for card in s.known_hand:
                yield card, "hand", seat
            for card in s.house:
                yield card, "house", seat
            for card in s.guards:
                yield card, "guards", seat
        for turn in self.turns:
            yield turn.played, "played", turn.seat
            yield turn.taken, "taken", turn.seat

    def where(self, rank: int) -> tuple[str, int] | None:
        """PS-7: the one place a card of this rank is, when the table knows it."""
        for card, place, seat in self.places():
            if card.rank == rank:
                return place, seat
        return None

    def card_of_rank(self, rank: int) -> Card | None:
        """The card of this rank as this table has seen it, else as the profile knows it."""
        for card, _, _ in self.places():
            if card.rank == rank:
                return card
        for past in self.rounds:
            for turn in past.turns:
                for card in (turn.played, turn.taken):
                    if card.rank == rank:
                        return card
        return self.deck.card(rank)

    def learned_cards(self) -> tuple[Card, ...]:
        """Cards this table entered with rank and elements that the profile does not know yet: what the
        profile editor can offer to remember (each already passed the per-card facts of PS-2)."""
        learned: dict[int, Card] = {}
        seen = [card for card, _, _ in self.places()]
        seen += [card for past in self.rounds for turn in past.turns for card in (turn.played, turn.taken)]
        for card in seen:
            if card.rank is not None and self.deck.card(card.rank) is None:
                learned.setdefault(card.rank, card)
        return tuple(sorted(learned.values(), key=lambda c: c.rank or 0))
