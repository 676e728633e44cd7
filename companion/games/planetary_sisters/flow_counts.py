"""The flow facts: the rule text's numbers (cards per hand, in the field, in the draw pile at each round's start:
``flow``'s closed forms) against the table as it stands, each a Reason a legal verdict lists (PS-5, PS-6)."""

from __future__ import annotations

from ..base import Reason
from .flow import (
    ROUNDS,
    cards_in_play,
    expected_counts,
    field_size,
    final_counts,
)
from .state import Phase, TableState


def flow_facts(state: TableState) -> tuple[Reason, ...]:
    """PS-7's checks on the state: every card accounted for, a card in one place only, the hand / deck /
    house sizes the rule text gives at the start of each round, and at the end."""
    if state.phase is Phase.SETUP:
        return ()
    reasons: list[Reason] = []
    counted = sum(s.deck_size + s.hand_size + len(s.house) + len(s.guards) for s in state.seats)
    counted += len(state.field) + 2 * len(state.turns)
    expected_total = cards_in_play(state.players)
    reasons.append(
        Reason("ps.flow.cards_in_play", "PS-7", counted == expected_total,
               {"counted": counted, "expected": expected_total})
    )
    ranks = [card.rank for card, _, _ in state.places() if card.rank is not None]
    repeated = sorted({r for r in ranks if ranks.count(r) > 1})
    reasons.append(Reason("ps.flow.cards_distinct", "PS-7", not repeated, {"ranks": repeated}))
    in_range = 1 <= state.round <= ROUNDS
    reasons.append(Reason("ps.flow.round", "PS-7", in_range, {"round": state.round, "rounds": ROUNDS}))
    if state.phase is Phase.TURNS and not state.turns:
        expected = [expected_counts(state.players, state.round, i, state.first_parent) for i in range(state.players)]
        actual = [(s.hand_size, s.deck_size, len(s.house)) for s in state.seats]
        reasons.append(
            Reason(
                "ps.flow.round_start",
                "PS-7",
                actual == [(e.hand, e.deck, e.house) for e in expected],
                {
                    "round": state.round,
                    "hands": [a[0] for a in actual],
                    "expected_hands": [e.hand for e in expected],
                    "decks": [a[1] for a in actual],
                    "expected_decks": [e.deck for e in expected],
                    "houses": [a[2] for a in actual],
                    "expected_houses": [e.house for e in expected],
                },
            )
        )
        reasons.append(
            Reason("ps.flow.field_size", "PS-7", len(state.field) == field_size(state.players),
                   {"count": len(state.field), "expected": field_size(state.players)})
        )
    if state.phase in (Phase.REVEAL, Phase.FINISHED):
        final = final_counts(state.players)
        held = [s.hand_size + (len(s.guards) if state.two_players else len(s.house)) for s in state.seats]
        houses = [len(s.house) if state.two_players else 0 for s in state.seats]
        reasons.append(
            Reason(
                "ps.flow.final_counts",
                "PS-7",
                all(h == final.hand for h in held) and all(h == final.house for h in houses)
                and all(s.deck_size == 0 for s in state.seats)
                and len(state.field) == field_size(state.players),
                {"hands": held, "expected_hand": final.hand, "houses": houses, "expected_house": final.house,
                 "field": len(state.field), "expected_field": field_size(state.players)},
            )
        )
    return tuple(reasons)
