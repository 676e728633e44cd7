"""Scores of a tracked table and the "what if" of the player to move, both through ``score_player``.

A table scores what the table may know (§2 【手札】: a hand is its owner's alone until §4.5 shows it). With 3/4
players the hand becomes the house (§4.5), so while the game runs no seat has a score yet: every card that scores
is in a hand (``TableScore.no_score_yet``); once the hands are being shown, each hand counts as far as the table
has seen it. With 2 players the house cards lie face up (§4.4.2) and score from the start, the guard cards once
revealed (PS-4); a hand never counts before it is shown. ``final`` says whether every hand is known.

``what_if`` is the player to move's own: it counts that player's hand, so only a page that player looks at (the
players' link, behind a tap) may show it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import base
from ..base import Reason
from .cards import Card
from .elements import ElementSet
from .ranking import Ranking, rank_players
from .score import PlayerScore, score_player, terms
from .state import Phase, TableState, hands_hidden


@dataclass(frozen=True)
class SeatScore:
    seat: int
    house: tuple[Card, ...]
    guards: tuple[Card, ...]
    score: PlayerScore
    # hand cards not counted: a hidden hand's every card (§2), else those the table has not seen yet (§4.5)
    left_out: int


@dataclass(frozen=True)
class TableScore:
    seats: tuple[SeatScore, ...]
    field: tuple[Card, ...]
    ranking: Ranking
    final: bool  # every hand revealed (phase finished)
    hands_hidden: bool = False  # §2: the game runs, no hand is shown, so no hand card counts
    no_score_yet: bool = False  # 3/4 players while hands are hidden: every card that scores is in a hand

    @property
    def reason(self) -> Reason:
        """What the scores are: §4.5's winner once the game is over; while it runs, §2's word on the hands."""
        if self.no_score_yet:
            return Reason("ps.score.in_hands", "§2", True, {})
        if self.hands_hidden:
            return Reason("ps.score.open_cards", "§2", True, {})
        return self.ranking.reason


def seat_cards(state: TableState, seat: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """(house, guards) of a seat as the table may count them now."""
    s = state.seats[seat]
    if state.two_players:
        return s.house, s.guards  # the house lies face up (§4.4.2); the guards are the hand, shown at the end
    if s.revealed:
        return s.house, ()
    if hands_hidden(state):
        return (), ()  # §2: the house is the hand, its owner's alone until it is shown
    return s.known_hand, ()  # §4.5: the hands are being shown; the cards the table saw count already


def score_table(state: TableState) -> TableScore:
    hidden = hands_hidden(state)
    seats = []
    for index in range(state.players):
        house, guards = seat_cards(state, index)
        score = score_player(house, state.field, state.deck.elements, guards)
        s = state.seats[index]
        left_out = s.hand_size if hidden or state.two_players else s.unseen
        seats.append(SeatScore(index, house, guards, score, left_out))
    ranking = rank_players([s.score.total for s in seats])
    return TableScore(tuple(seats), state.field, ranking, state.phase is Phase.FINISHED, hidden,
                      hidden and not state.two_players)


def breakdown(scored: TableScore) -> base.Breakdown:
    """The contract's ``score(state)``: each seat's total with its twelve terms (six house categories, PS-3;
    six field-bonus categories, PS-4), placings by total with tied seats sharing a place (§4.5 gives no
    tie-break, so tied best seats share the win), and the winner reason once the game is over. While the game
    runs the reason says what the totals leave out (§2); with 3/4 players no seat has a total yet (None): every
    card that scores is in a hand."""
    if scored.no_score_yet:
        seats = tuple(base.SeatScore(s.seat, None) for s in scored.seats)
    else:
        seats = tuple(base.SeatScore(s.seat, s.score.total, terms(s.score)) for s in scored.seats)
    placings = base.placings_by_total([s.total for s in seats])
    reasons = (scored.reason,) if scored.final or scored.hands_hidden else ()
    return base.Breakdown(scored.final, seats, placings, reasons)


@dataclass(frozen=True)
class TakeOption:
    """The score if the game ended with this field card in the house (and off the field)."""

    field_index: int
    card: Card
    score: PlayerScore
    gain: int  # total minus the total of the house as it stands


@dataclass(frozen=True)
class WhatIf:
    seat: int
    current: PlayerScore
    options: tuple[TakeOption, ...]
    unseen: int  # hand cards not counted because the table has not seen them (pass ``hand`` to include them)


def what_if_takes(
    house: Sequence[Card], field: Sequence[Card], elements: ElementSet, guards: Sequence[Card] = ()
) -> tuple[PlayerScore, tuple[TakeOption, ...]]:
    """The score of ``house`` as it stands, and for each field card the score with that card moved from the
    field into the house (its harvesters leave the field bonus, its production joins the house)."""
    current = score_player(house, field, elements, guards)
    options = []
    for index, card in enumerate(field):
        rest = (*field[:index], *field[index + 1:])
        score = score_player((*house, card), rest, elements, guards)
        options.append(TakeOption(index, card, score, score.total - current.total))
    return current, tuple(options)


def what_if(state: TableState, hand: Sequence[Card] | None = None) -> WhatIf | None:
    """For the player to move (None when nobody is): their score now, and per field card if they took it.

    3/4 players: the house is the hand (``hand`` when the player shows it to their phone, else the hand cards
    the table has seen). 2 players: the house cards taken so far; guards are not known before the end.
    """
    seat = state.to_move
    if seat is None:
        return None
    s = state.seats[seat]
    if state.two_players:
        house: Sequence[Card] = s.house
        unseen = 0
    else:
        house = s.known_hand if hand is None else hand
        unseen = s.unseen if hand is None else 0
    current, options = what_if_takes(house, state.field, state.deck.elements)
    return WhatIf(seat, current, options, unseen)
