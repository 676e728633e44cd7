"""Placings at any moment of a game (SC-7): who went out in which order, then the rest by cards left.

There are no points in Sister Combination: a seat's ``total`` is the cards it holds (0 once out; fewer is
better). ``first_out``: the game ends when one player is out and the others are ranked by cards left, ties
sharing a place. ``last_one``: players go out one after another; the order of going out is the ranking, the
last player left is last. While a game goes on the placings are the same reading of the table so far.
"""

from __future__ import annotations

from ..base import Breakdown, Reason, SeatScore, Term, placings_by_total
from .state import END_FIRST_OUT, TableState


def score(state: TableState) -> Breakdown:
    seats = []
    for seat in range(state.players):
        hand = state.hands[seat] if state.started else 0
        terms = [Term("sc.score.cards_left", hand, "SC-7", {"seat": seat})]
        if seat in state.out:
            place = state.out.index(seat) + 1
            terms.append(Term("sc.score.went_out", place, "SC-7", {"seat": seat, "order": place}))
        seats.append(SeatScore(seat, hand, tuple(terms)))
    rest = [s for s in range(state.players) if s not in state.out]
    by_cards = placings_by_total([seats[s].total if s in rest else None for s in range(state.players)],
                                 higher_is_better=False)
    # placings_by_total puts the seats given None (the ones already out) last together: drop that group
    remaining = tuple(group for group in by_cards if all(s in rest for s in group))
    placings = tuple((s,) for s in state.out) + remaining
    reasons = [Reason("sc.end.first_out" if state.options.end == END_FIRST_OUT else "sc.end.last_one", "SC-7",
                      True, {"out": list(state.out), "finished": state.finished})]
    if any(len(group) > 1 for group in remaining):
        reasons.append(Reason("sc.end.tied_by_cards", "SC-7", True,
                              {"groups": [list(g) for g in remaining if len(g) > 1]}))
    return Breakdown(state.finished, tuple(seats), placings, tuple(reasons))
