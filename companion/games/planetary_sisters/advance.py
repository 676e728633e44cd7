"""The round tracker moving on: ``apply`` a legal move (PS-5, PS-6, PS-7; rule text §4). It runs the same
examination as ``rules.check`` and refuses (IllegalMove) what ``check`` refuses. Draws, the parent change, the flip
of the condition card and the end of a round follow from the rules and happen here; a parent change that needs an
unknown rank waits for a ``NameParent`` move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..base import IllegalMove, Reason
from .cards import Card
from .flow import (
    ROUNDS,
    draws,
)
from .moves import Move, NameParent, Setup, Turn
from .parent import Condition, ParentChange, next_parent_many, next_parent_two
from .rules import Plan, examine
from .state import Phase, RoundRecord, TableState, TurnRecord


def apply(state: TableState, move: Move) -> TableState:
    return _settle_maybe(_apply(state, move))


def _settle_maybe(state: TableState) -> TableState:
    """PS-7: a card a player may still hold that an entry shows somewhere else was the one played."""
    if not any(s.maybe_hand for s in state.seats):
        return state
    shown = {card.rank for card, _, _ in state.places() if card.rank is not None}
    seats = tuple(replace(s, maybe_hand=tuple(c for c in s.maybe_hand if c.rank not in shown)) for s in state.seats)
    return replace(state, seats=seats)


def _apply(state: TableState, move: Move) -> TableState:
    plan = examine(state, move)
    if not plan.verdict.legal:
        raise IllegalMove(plan.verdict)
    if isinstance(move, Setup):
        return _start_round(
            replace(state, phase=Phase.TURNS, round=1, parent=move.parent, condition=Condition.CLOSE,
                    field=plan.cards)
        )
    if isinstance(move, Turn):
        return _after_turn(state, move, plan)
    if isinstance(move, NameParent):
        named = tuple(r for r in plan.reasons if r.code == "ps.parent.named")
        return _finish_round(state, ParentChange(move.seat, named))
    return _after_reveal(_reveal(state, move.seat, plan.cards))


def _start_round(state: TableState) -> TableState:
    """PS-7: each seat draws what §4.2 / §4.4.1 say (the tracker cannot see which cards)."""
    seats = []
    for index, seat in enumerate(state.seats):
        count = draws(state.players, state.round, index, state.parent, seat.hand_size, seat.deck_size)
        seats.append(replace(seat, hand_size=seat.hand_size + count, deck_size=seat.deck_size - count))
    return replace(state, seats=tuple(seats), phase=Phase.TURNS)


def _after_turn(state: TableState, move: Turn, plan: Plan) -> TableState:
    played, taken = plan.cards
    seat = state.seats[move.seat]
    known, maybe = seat.known_hand, seat.maybe_hand
    if plan.from_known_hand is not None:
        known = known[: plan.from_known_hand] + known[plan.from_known_hand + 1:]
    if plan.unbound:
        maybe = (*maybe, *(known[i] for i in plan.unbound))
        known = tuple(c for i, c in enumerate(known) if i not in plan.unbound)
    if plan.from_maybe is not None:
        maybe = maybe[: plan.from_maybe] + maybe[plan.from_maybe + 1:]
    assert plan.field_index is not None
    field = tuple(Card(c.elements, None) if i in plan.field_unbound else c for i, c in enumerate(state.field))
    field = field[: plan.field_index] + field[plan.field_index + 1:]
    seats = list(state.seats)
    seats[move.seat] = replace(seat, known_hand=known, maybe_hand=maybe, hand_size=seat.hand_size - 1)
    state = replace(state, seats=tuple(seats), field=field, turns=(*state.turns, TurnRecord(move.seat, played, taken)))
    if len(state.turns) < len(state.turn_order):
        return state
    change = parent_change(state)
    if change is None:
        return replace(state, phase=Phase.NAME_PARENT)
    return _finish_round(state, change)


def parent_change(state: TableState) -> ParentChange | None:
    """PS-5 / PS-6 for the round's turns; None when a rank is unknown (the table names the parent)."""
    differences = [t.difference for t in state.turns]
    if any(d is None for d in differences):
        return None
    if state.two_players:
        child = 1 - state.parent
        mine = [t.difference or 0 for t in state.turns if t.seat == state.parent]
        theirs = [t.difference or 0 for t in state.turns if t.seat == child]
        return next_parent_two(state.parent, mine, child, theirs, state.condition)
    return next_parent_many([(t.seat, t.difference or 0) for t in state.turns], state.condition)


def _finish_round(state: TableState, change: ParentChange) -> TableState:
    """§4.2: taken cards join the hand (2 players, second half: the house, §4.4.2); played cards become the
    next field; the new parent flips the condition card (PS-5)."""
    seats = list(state.seats)
    for turn in state.turns:
        seat = seats[turn.seat]
        if state.second_half:
            seats[turn.seat] = replace(seat, house=(*seat.house, turn.taken))
        else:
            seats[turn.seat] = replace(seat, known_hand=(*seat.known_hand, turn.taken), hand_size=seat.hand_size + 1)
    flipped = state.condition.flipped()
    flip = Reason("ps.condition.flipped", "PS-5", True, {"seat": change.seat, "condition": flipped.value})
    record = RoundRecord(state.round, state.parent, state.condition, state.turns, change.seat, (*change.reasons, flip))
    state = replace(
        state,
        seats=tuple(seats),
        field=tuple(t.played for t in state.turns),
        turns=(),
        rounds=(*state.rounds, record),
        parent=change.seat,
        condition=flipped,
    )
    if state.round == ROUNDS:
        return _enter_reveal(state)
    return _start_round(replace(state, round=state.round + 1))


def _enter_reveal(state: TableState) -> TableState:
    """§4.5: the game is over. A hand the table already knows whole is revealed at once."""
    state = replace(state, phase=Phase.REVEAL)
    for index, seat in enumerate(state.seats):
        if seat.unseen == 0:
            state = _reveal(state, index, ())
    return _after_reveal(state)


def _reveal(state: TableState, index: int, cards: Sequence[Card]) -> TableState:
    """§4.5: the shown hand is the house (3/4 players) or the guard cards (2 players)."""
    seat = state.seats[index]
    hand = (*seat.known_hand, *cards)
    if state.two_players:
        shown = replace(seat, guards=hand, known_hand=(), maybe_hand=(), hand_size=0, revealed=True)
    else:
        shown = replace(seat, house=hand, known_hand=(), maybe_hand=(), hand_size=0, revealed=True)
    seats = list(state.seats)
    seats[index] = shown
    return replace(state, seats=tuple(seats))


def _after_reveal(state: TableState) -> TableState:
    if all(seat.revealed for seat in state.seats):
        return replace(state, phase=Phase.FINISHED)
    return state


