"""``apply`` for a tracked game: what a legal move does to the table (it runs ``rules.check`` first and raises
``IllegalMove`` when the move is refused), and how a turn starts and ends."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..base import IllegalMove
from .captures import field_after_get, resolve_get
from .cards import Card
from .conditions import end_check, game_ends
from .field import FieldCard
from .moves import (
    ChooseFirst,
    Draw,
    Move,
    MoveCard,
    Mulligan,
    PlaceCommoner,
    PlayCard,
    ResolveGet,
    SendCard,
    SetCard,
    SwapCards,
    TakeTop,
    TurnCard,
)
from .rules import check, remove_status, seat_to_act
from .state import Phase, TableState


def apply(state: TableState, move: Move) -> TableState:
    verdict = check(state, move)
    if not verdict.legal:
        raise IllegalMove(verdict)
    return _APPLY[type(move)](state, move)


def _apply_first(state: TableState, move: ChooseFirst) -> TableState:
    return replace(state, first=move.seat, turn=move.seat)


def _apply_mulligan(state: TableState, move: Mulligan) -> TableState:
    """LP-9: the returned cards are drawn again, so the hand and the deck keep their counts; the seat's
    mulligans are counted for the page."""
    seat = state.seat(move.seat)
    return state.with_seat(replace(seat, mulligans=seat.mulligans + 1))


def _apply_opening(state: TableState, move: PlaceCommoner) -> TableState:
    """【プレイの準備】: clockwise from the first player, each seat puts its commoner down as its own card."""
    seat = state.seat(seat_to_act(state))
    placed = replace(state, field=state.field.push(move.cell, FieldCard(Card.COMMONER, seat.seat)))
    placed = placed.with_seat(replace(seat, commoner_in_front=False))
    following = state.next_seat(seat.seat)
    if following == state.first:
        return _start_turn(placed, following)
    return replace(placed, turn=following)


def _apply_take(state: TableState, move: TakeTop) -> TableState:
    card, field = state.field.pop(move.cell)
    seat = state.seat(seat_to_act(state))
    taken = replace(state, field=field).with_seat(replace(seat, points=seat.points + (card.card,)))
    # LP-6 "while": stay in the remove phase as long as it (possibly) still applies
    still = remove_status(taken).applies
    return taken if still is not False else replace(taken, phase=Phase.EFFECT)


def _apply_play(state: TableState, move: PlayCard) -> TableState:
    seat = state.seat(seat_to_act(state))
    played = replace(seat, hand=seat.hand - 1, played=seat.played + (move.card,))
    return replace(state.with_seat(played), phase=Phase.EFFECT, play_area=move.card)


def _apply_move(state: TableState, move: MoveCard) -> TableState:
    card, field = state.field.pop(move.source)
    if move.under:  # LP-10: under the stack; the top card stays on top (and only a top card counts, LP-1)
        return replace(state, field=field.with_stack(move.target, field.stack(move.target) + (card.activated(),)))
    return replace(state, field=field.push(move.target, card.activated()))  # LP-3: moved this turn


def _apply_send(state: TableState, move: SendCard) -> TableState:
    """LP-10: the top card leaves the field; the card below becomes the top, neither placed, moved nor turned
    (LP-3), so nothing becomes active."""
    card, field = state.field.pop(move.cell)
    state = replace(state, field=field)
    if move.to == "exclusion":
        return replace(state, exclusion=state.exclusion + (card.card,))
    assert move.seat is not None
    seat = state.seat(move.seat)
    if move.to == "points":
        return state.with_seat(replace(seat, points=seat.points + (card.card,)))
    return state.with_seat(replace(seat, hand=seat.hand + 1, gained=seat.gained + (card.card,)))


def _apply_turn(state: TableState, move: TurnCard) -> TableState:
    top = state.field.top(move.cell)
    assert top is not None
    turned = replace(top, owner=move.owner).activated()  # LP-3: turned this turn (a full turn too)
    return replace(state, field=state.field.with_top(move.cell, turned))


def _apply_swap(state: TableState, move: SwapCards) -> TableState:
    first, second = state.field.top(move.first), state.field.top(move.second)
    assert first is not None and second is not None
    field = state.field.with_top(move.first, second.activated()).with_top(move.second, first.activated())
    return replace(state, field=field)


def _apply_set(state: TableState, move: SetCard) -> TableState:
    assert state.play_area is not None
    # 【カードの向き】: as the player's own card unless the effect says otherwise (LP-10)
    owner = seat_to_act(state) if move.owner is None else move.owner
    card = FieldCard(state.play_area, owner, active=True)
    if move.under:
        field = state.field.with_stack(move.cell, state.field.stack(move.cell) + (card,))
    else:
        field = state.field.push(move.cell, card)
    return replace(state, field=field, play_area=None, phase=Phase.GET)


def _apply_get(state: TableState, move: ResolveGet) -> TableState:
    """LP-5: everything found on the field as it stands moves at once."""
    outcome = resolve_get(state.field)
    seats = list(state.seats)
    for capture in outcome.captures:
        taker = seats[capture.by]
        seats[capture.by] = replace(taker, points=taker.points + (capture.card.card,))
    exclusion = state.exclusion + tuple(e.card.card for e in outcome.exclusions)
    return replace(state, seats=tuple(seats), field=field_after_get(state.field, outcome), exclusion=exclusion,
                   last_get=outcome, phase=Phase.DRAW)


def _apply_draw(state: TableState, move: Draw) -> TableState:
    seat = state.seat(seat_to_act(state))
    if seat.deck:
        state = state.with_seat(replace(seat, deck=seat.deck - 1, hand=seat.hand + 1))
    return _start_turn(replace(state, field=state.field.settled()), state.next_seat(seat.seat))


def _start_turn(state: TableState, seat: int) -> TableState:
    """Start phase: the end check (LP-7); then the remove phase if LP-6 (possibly) applies, else effect."""
    started = replace(state, turn=seat, turn_number=state.turn_number + 1, play_area=None)
    checked = end_check(started.seats)
    if game_ends(started.seats):
        return replace(started, phase=Phase.OVER, end_reasons=checked, start_reasons=checked)
    applies = remove_status(started).applies
    return replace(started, phase=Phase.EFFECT if applies is False else Phase.REMOVE, start_reasons=checked,
                   remove_at_start=applies)


_APPLY: dict[type, Callable[..., TableState]] = {
    ChooseFirst: _apply_first, Mulligan: _apply_mulligan, SendCard: _apply_send, PlaceCommoner: _apply_opening, TakeTop: _apply_take, PlayCard: _apply_play,
    MoveCard: _apply_move, TurnCard: _apply_turn, SwapCards: _apply_swap, SetCard: _apply_set,
    ResolveGet: _apply_get, Draw: _apply_draw,
}
