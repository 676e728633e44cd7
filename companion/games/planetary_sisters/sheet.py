"""A scoring sheet: a finished (or half-finished) game's cards typed in at once, without a table (§4.5).

The sheet has slots: the field, shared by everyone; each player's house; and, with 2 players, each player's
guard cards (番人札). A slot holds at most what PS-7 says it ends the game with (field: the number of players,
4 with 2 players; house: 8; guards: 2). A card is in one slot only (PS-7), whatever it was entered by.

``score_sheet`` scores every player with ``score.score_player``, the same function the tracker and the API
use, and ranks them (§4.5). Pure: the web layer keeps the sheet in a form and calls these.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from ..base import ErrorList, ImpossibleState, ParseError, RulesError
from .cards import Card, CardRef
from .elements import ElementSet
from .flow import PLAYER_COUNTS, field_size
from .profile import DeckProfile
from .ranking import rank_players
from .resolve import resolve
from .results import SeatScore, TableScore
from .score import score_player

HOUSE_CARDS = 8  # §4.5 (3/4 players: the revealed hand) and §4.4.2 (2 players: eight house cards), PS-7
GUARD_CARDS = 2  # §4.4.2: the two cards left in hand become the guards (2 players), PS-7
KINDS = ("field", "house", "guards")


@dataclass(frozen=True, order=True)
class Slot:
    """Where a card lies at the end: ``field``, ``house`` of a seat, or ``guards`` of a seat (2 players)."""

    kind: str
    seat: int = -1

    @classmethod
    def parse(cls, text: str) -> Slot:
        """``field``, ``house:2``, ``guards:0``; raises ParseError."""
        kind, colon, seat = str(text).partition(":")
        if kind == "field" and not colon:
            return cls("field")
        if kind in ("house", "guards") and seat.isascii() and seat.isdigit() and seat == str(int(seat)):  # not "²"
            return cls(kind, int(seat))
        raise ParseError("ps.sheet.slot", "§4.5", "slot", slot=str(text))

    def __str__(self) -> str:
        return self.kind if self.kind == "field" else f"{self.kind}:{self.seat}"


def capacity(players: int, slot: Slot) -> int:
    """How many cards the slot holds at the end of a game of ``players`` (PS-7); 0 for a slot that does
    not exist at that player count (guards with 3/4 players, a seat beyond the last)."""
    if slot.kind == "field":
        return field_size(players)
    if not 0 <= slot.seat < players:
        return 0
    if slot.kind == "house":
        return HOUSE_CARDS
    return GUARD_CARDS if players == 2 else 0


def slots(players: int) -> tuple[Slot, ...]:
    """Every slot of a sheet, in the order a player fills them in: the field, then each seat's house
    (and guards, with 2 players)."""
    found = [Slot("field")]
    for seat in range(players):
        found.append(Slot("house", seat))
        if players == 2:
            found.append(Slot("guards", seat))
    return tuple(found)


@dataclass(frozen=True)
class Sheet:
    """The cards of each slot, in the order they were entered."""

    players: int
    cards: tuple[tuple[Slot, tuple[Card, ...]], ...]

    @classmethod
    def empty(cls, players: int) -> Sheet:
        if players not in PLAYER_COUNTS:
            raise ParseError("ps.setup.players", "PS-7", "players", players=players, choices=list(PLAYER_COUNTS))
        return cls(players, tuple((slot, ()) for slot in slots(players)))

    def of(self, slot: Slot) -> tuple[Card, ...]:
        for found, cards in self.cards:
            if found == slot:
                return cards
        return ()

    @property
    def field(self) -> tuple[Card, ...]:
        return self.of(Slot("field"))

    def house(self, seat: int) -> tuple[Card, ...]:
        return self.of(Slot("house", seat))

    def guards(self, seat: int) -> tuple[Card, ...]:
        return self.of(Slot("guards", seat))

    def places(self) -> Iterator[tuple[Slot, int, Card]]:
        for slot, cards in self.cards:
            for index, card in enumerate(cards):
                yield slot, index, card

    def where(self, rank: int) -> Slot | None:
        """PS-7: the one slot a rank is in, if it was entered."""
        for slot, _, card in self.places():
            if card.rank == rank:
                return slot
        return None

    def full(self, slot: Slot) -> bool:
        return len(self.of(slot)) >= capacity(self.players, slot)

    @property
    def complete(self) -> bool:
        """Every slot holds what the end of a game leaves in it (PS-7): the score is final."""
        return all(len(cards) == capacity(self.players, slot) for slot, cards in self.cards)

    @property
    def entered(self) -> int:
        return sum(len(cards) for _, cards in self.cards)

    def next_open(self, after: Slot | None = None) -> Slot | None:
        """The first slot that still has room, starting after ``after`` and wrapping around."""
        order = [slot for slot, _ in self.cards]
        start = order.index(after) + 1 if after in order else 0
        for slot in order[start:] + order[:start]:
            if not self.full(slot):
                return slot
        return None

    def _with(self, slot: Slot, cards: tuple[Card, ...]) -> Sheet:
        return replace(self, cards=tuple((s, cards if s == slot else c) for s, c in self.cards))

    def without(self, slot: Slot, index: int) -> Sheet:
        cards = self.of(slot)
        if not 0 <= index < len(cards):
            return self
        return self._with(slot, cards[:index] + cards[index + 1:])

    def cleared(self, slot: Slot) -> Sheet:
        return self._with(slot, ())


def _slot_reason(players: int, slot: Slot, path: str) -> RulesError | None:
    if capacity(players, slot) == 0:
        return ParseError("ps.sheet.no_such_slot", "PS-7", path, slot=str(slot), kind=slot.kind, seat=slot.seat,
                          players=players)
    return None


def add_card(sheet: Sheet, slot: Slot, ref: CardRef, deck: DeckProfile, path: str = "card") -> tuple[Sheet, Card]:
    """The sheet with the card ``ref`` names added to ``slot``. Raises ErrorList naming every problem: a slot
    this player count does not have or that is full (PS-7), a rank already on the sheet (PS-7), and whatever
    ``resolve`` finds (an element or rank the profile does not know, a card breaking PS-2)."""
    errors: list[RulesError] = []
    missing = _slot_reason(sheet.players, slot, path)
    if missing is not None:
        raise ErrorList([missing])
    if sheet.full(slot):
        errors.append(
            ImpossibleState("ps.sheet.slot_full", "PS-7", path, slot=str(slot), kind=slot.kind, seat=slot.seat,
                            capacity=capacity(sheet.players, slot))
        )
    if ref.rank is not None:
        there = sheet.where(ref.rank)
        if there is not None:
            errors.append(
                ImpossibleState("ps.sheet.rank_used", "PS-7", f"{path}.rank", rank=ref.rank, slot=str(there),
                                kind=there.kind, seat=there.seat)
            )
    try:
        card = resolve(ref, deck, path)
    except ErrorList as bad:
        errors.extend(bad.errors)
    if errors:
        raise ErrorList(errors)
    return sheet._with(slot, (*sheet.of(slot), card)), card


def read_sheet(
    players: int, entered: Mapping[Slot, Sequence[CardRef]], deck: DeckProfile
) -> tuple[Sheet, list[RulesError]]:
    """A sheet from what a form or link carries, slot by slot, keeping every card that fits and listing the
    problems with the others (so a page never loses the rest of what was typed)."""
    sheet = Sheet.empty(players)
    problems: list[RulesError] = []
    for slot, refs in entered.items():
        for index, ref in enumerate(refs):
            try:
                sheet, _ = add_card(sheet, slot, ref, deck, f"{slot}[{index}]")
            except ErrorList as bad:
                problems.extend(bad.errors)
    return sheet, problems


def score_sheet(sheet: Sheet, elements: ElementSet) -> TableScore:
    """Every player's final score (house PS-3 + field bonus PS-4, guards with 2 players), ranked (§4.5).
    ``final`` is True once every slot is full; a partial sheet scores as it stands."""
    seats = []
    for seat in range(sheet.players):
        house, guards = sheet.house(seat), sheet.guards(seat)
        seats.append(SeatScore(seat, house, guards, score_player(house, sheet.field, elements, guards), 0))
    ranking = rank_players([s.score.total for s in seats])
    return TableScore(tuple(seats), sheet.field, ranking, sheet.complete)
