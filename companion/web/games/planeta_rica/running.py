"""The running VP of a seat while some cards' VP are unknown: what is known already (a floor, since
no VP is negative) and how many cards still wait for their VP (PR-6), so the table can say "at least 14 VP;
2 cards' VP unknown" instead of "not known yet"."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import Breakdown

_CARD_TERMS = ("pr.vp.planets", "pr.vp.gadgets")


@dataclass(frozen=True)
class RunningVP:
    at_least: int  # fame + every known card VP + every known bonus
    unknown_cards: int  # cards (each copy) whose VP the profile lacks


def running_vp(breakdown: Breakdown) -> dict[int, RunningVP]:
    """Each seat's floor and its count of cards with unknown VP, by seat."""
    out = {}
    for scored in breakdown.seats:
        known, unknown = 0, 0
        for term in scored.terms:
            if term.value is not None:
                known += term.value
            elif term.code in _CARD_TERMS:
                vps = term.params.get("vps", [])
                known += sum(v for v in vps if v is not None)
                unknown += sum(1 for v in vps if v is None)
        out[scored.seat] = RunningVP(known, unknown)
    return out
