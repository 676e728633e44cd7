"""Scores of a tracked table and the "what if" of the player to move, both through ``score_player``.

A table scores each seat's house as it stands: with 3/4 players the hand becomes the house (§4.5), so
before the reveal only the hand cards the table has seen count; with 2 players the house cards (§4.4.2) and,
once revealed, the guard cards (PS-4). ``final`` says whether every hand is known.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import base
from .cards import Card
from .elements import ElementSet
from .ranking import Ranking, rank_players
from .score import PlayerScore, score_player, terms
from .state import Phase, TableState


@dataclass(frozen=True)
class SeatScore:
    seat: int
    house: tuple[Card, ...]
    guards: tuple[Card, ...]
    score: PlayerScore
    unseen: int  # hand cards the table has not seen, not counted yet


@dataclass(frozen=True)
class TableScore:
    seats: tuple[SeatScore, ...]
    field: tuple[Card, ...]
    ranking: Ranking
    final: bool  # every hand revealed (phase finished)


def seat_cards(state: TableState, seat: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """(house, guards) of a seat as they stand."""
    s = state.seats[seat]
    if state.two_players:
        return s.house, s.guards
    return (s.house if s.revealed else s.known_hand), ()


def score_table(state: TableState) -> TableScore:
    seats = []
    for index in range(state.players):
        house, guards = seat_cards(state, index)
        score = score_player(house, state.field, state.deck.elements, guards)
        seats.append(SeatScore(index, house, guards, score, state.seats[index].unseen))
    ranking = rank_players([s.score.total for s in seats])
    return TableScore(tuple(seats), state.field, ranking, state.phase is Phase.FINISHED)


def breakdown(scored: TableScore) -> base.Breakdown:
    """The contract's ``score(state)``: each seat's total with its twelve terms (six house categories, PS-3;
    six field-bonus categories, PS-4), placings by total with tied seats sharing a place (§4.5 gives no
    tie-break, so tied best seats share the win), and the winner reason once the game is over."""
    seats = tuple(base.SeatScore(s.seat, s.score.total, terms(s.score)) for s in scored.seats)
    placings = base.placings_by_total([s.total for s in seats])
    reasons = (scored.ranking.reason,) if scored.final else ()
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
