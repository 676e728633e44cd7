"""One-tap pickers (issue 35): a card entered with a single tap on the card itself, and the defence window's
likeliest defender already chosen.

Nothing here guesses what the table hides. The reveal's grid offers every face the card could be; it leaves out
only the faces whose every copy lies face up or in the discard pile for everyone to see (SS-2: one pack with 2
players, two with 4). A face-down card the table saw before it was turned down stays on the grid, so the grid
never tells which card it is (SS-4). The defence offers exactly the cards that could defend (SS-7).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.games.strato_sphere.attack import defence_need, possible_defenders
from companion.games.strato_sphere.board import controller
from companion.games.strato_sphere.cards import Card, Rank, Suit, packs_for
from companion.games.strato_sphere.state import TableState, seen_cards

from .labels import card_chip


@dataclass(frozen=True)
class CardButton:
    """A card as a button that enters it: its value in the notation (``"KS"``), how it reads, its colour."""

    value: str
    label: str
    colour: str


def _button(card: Card) -> CardButton:
    label, colour = card_chip(str(card))
    return CardButton(str(card), label, colour)


def shown_cards(state: TableState) -> Counter[Card]:
    """Copies everyone can see now: the face-up top cards and the discard pile (not a face-down card's face, even
    one the table saw: SS-4)."""
    up = [node.top.card for node in state.board.nodes if node.top.up and node.top.card is not None]
    return Counter(up) + Counter(state.discard)


def reveal_grid(state: TableState) -> tuple[tuple[CardButton | None, ...], ...]:
    """The faces a face-down card can turn up as: a row per rank (A high first, as the rule text orders them), a
    column per suit (♠ ♥ ♦ ♣); None where every copy is in sight (SS-2)."""
    shown, packs = shown_cards(state), packs_for(state.players)
    return tuple(
        tuple(_button(Card(rank, suit)) if shown[Card(rank, suit)] < packs else None for suit in Suit)
        for rank in sorted(Rank, reverse=True)
    )


def defence_buttons(state: TableState) -> tuple[CardButton, ...]:
    """SS-7: every card that would defend the pending attack and of which a copy may still be in a hand."""
    pending = state.pending
    if pending is None:
        return ()
    need = defence_need(state.board, pending.source)
    if need is None:
        return ()
    return tuple(_button(card) for card in possible_defenders(need, state.players, seen_cards(state)))


def likely_defender(state: TableState) -> int | None:
    """The seat most likely to defend, chosen first (any seat may, SS-7): the one whose node is attacked, if it
    holds a card."""
    pending = state.pending
    if pending is None:
        return None
    seat = controller(state.board, pending.target)
    if seat is None or state.hands[seat] == 0:
        return None
    return seat
