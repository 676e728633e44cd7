"""The dealing a move does, counted for one call: hands, stack, deck and the discard pile under its top card,
with SC-5's "at once" deals, SC-7's hand limit and the empty deck's reshuffle, and SC-8's turn order over the seats
still playing. ``effects.py`` builds every move's Effect from these counters; the functions stay pure (a Deal is
local to one call)."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Reason
from .state import TableState


def step(players: int, out: Sequence[int] | frozenset[int], seat: int, direction: int, steps: int = 1) -> int:
    """SC-8: the seat ``steps`` players after ``seat`` in ``direction``, over the seats still playing (``seat``
    itself may have just gone out). Seats wrap at the seam: clockwise after seat n-1 comes seat 0."""
    gone = set(out)
    if len(gone) >= players:
        return seat
    for _ in range(steps):
        seat = (seat + direction) % players
        while seat in gone:
            seat = (seat + direction) % players
    return seat


def cycle(players: int, out: Sequence[int] | frozenset[int], start: int, direction: int) -> list[int]:
    """The seats still playing, in play order from ``start`` (included if it is still playing)."""
    seats, seat = [], start
    for _ in range(players):
        if seat not in out:
            seats.append(seat)
        seat = (seat + direction) % players
    return seats


class Deal:
    """Working counters of one move (local to one call: the functions stay pure)."""

    def __init__(self, state: TableState, pool: int) -> None:
        self.hands = list(state.hands)
        self.receives = [0] * state.players
        self.stack = state.stack
        self.deck = state.deck
        self.pool = max(pool, 0)  # cards under the top of the discard pile: the next deck (SC-7)
        self.reshuffled = 0
        self.short = 0  # cards that could not be dealt at all
        self.overflow = 0  # SC-7 hand limit: cards sent to the stack instead of a full hand
        self.limit = state.options.limit
        self.reasons: list[Reason] = []

    def full(self, seat: int) -> bool:
        return self.limit is not None and self.hands[seat] >= self.limit

    def deck_card(self) -> bool:
        """Take one card off the deck, reshuffling the discard pile in first when the deck is empty (SC-7)."""
        if self.deck == 0 and self.pool:
            self.deck, self.reshuffled, self.pool = self.pool, self.reshuffled + self.pool, 0
        if self.deck == 0:
            self.short += 1
            return False
        self.deck -= 1
        return True

    def to_stack(self, count: int) -> int:
        """Move ``count`` cards face down from the deck onto the stack (rule text <スタック>)."""
        moved = 0
        for _ in range(count):
            if self.deck_card():
                self.stack += 1
                moved += 1
        return moved

    def give(self, seat: int, count: int, source: str) -> int:
        """"即座に ``count`` 枚" to ``seat`` from ``source`` ("deck", "stack", "stack_then_deck"); SC-5.

        SC-7 hand limit: a card that would take a hand over the limit goes to the stack at once instead.
        """
        given = 0
        for _ in range(count):
            from_stack = source == "stack" or (source == "stack_then_deck" and self.stack > 0)
            if from_stack and self.stack == 0:
                break
            if self.full(seat):
                self.overflow += 1
                if not from_stack:
                    self.to_stack(1)
                continue
            if from_stack:
                self.stack -= 1
            elif not self.deck_card():
                continue
            self.hands[seat] += 1
            self.receives[seat] += 1
            given += 1
        return given

    def draw(self, seat: int, count: int) -> int:
        """A player draws from the deck (SC-4 draw, SC-6 penalty); never beyond the hand limit (SC-7)."""
        drawn = 0
        for _ in range(count):
            if self.full(seat) or not self.deck_card():
                break
            self.hands[seat] += 1
            drawn += 1
        return drawn

    def notes(self) -> list[Reason]:
        notes = list(self.reasons)
        if self.reshuffled:
            notes.append(Reason("sc.deck.reshuffled", "SC-7", True, {"cards": self.reshuffled}))
        if self.overflow:
            notes.append(Reason("sc.limit.overflow_to_stack", "SC-7", True, {"cards": self.overflow,
                                                                             "limit": self.limit}))
        if self.short:
            notes.append(Reason("sc.deck.exhausted", "SC-7", True, {"cards": self.short}))
        return notes
