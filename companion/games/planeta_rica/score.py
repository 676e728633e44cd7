"""VP (PR-5): fame + the printed VP of planets and gadgets + gadget bonuses (Schneider, PR-7), and the ranking
with PR-5's tie-break. The one scoring function the score page, the tracker and the API all call.

A card whose VP the profile does not know gives a term with value None naming the card (PR-6): never a guess.

A tracked table's score is what the table may know (PR-8): while the game runs, fame is face down, so the score
of a table in play has no fame term and its totals and ranking are the VP on the table only, with a reason that
says so; the final score (and a table playing with open fame) counts every seat's fame. Whoever reads the score
(a page, a watch link, a summary, a group's records) therefore never learns a seat's fame during play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..base import Breakdown, Reason, SeatScore, Term
from .cards import SLOTS, Gadget, Planet, Reward
from .rules import end_reasons
from .state import Phase, TableState, fame_face_down

ICONS_PER_VP = 4  # PR-7: Schneider, +1 VP per 4 resource icons


@dataclass(frozen=True)
class PlanetVP:
    planet: Planet
    vp: int | None
    slots: tuple[Reward | None, ...] = (None,) * SLOTS


@dataclass(frozen=True)
class GadgetVP:
    gadget: Gadget
    vp: int | None


@dataclass(frozen=True)
class SeatCards:
    """What one seat's VP is made of."""

    fame: int
    planets: tuple[PlanetVP, ...]
    gadgets: tuple[GadgetVP, ...]


@dataclass(frozen=True)
class Bonus:
    gadget: Gadget
    vp: int | None
    resource_icons: int | None
    unknown: tuple[str, ...] = ()


def bonuses(cards: SeatCards) -> tuple[Bonus, ...]:
    """PR-7: Schneider counts the resource icons (a named resource or "any") in the slots of the seat's planets."""
    if not any(g.gadget is Gadget.TRADE_KING_SCHNEIDER for g in cards.gadgets):
        return ()
    unknown = tuple(p.planet.value for p in cards.planets if None in p.slots)
    if unknown:
        return (Bonus(Gadget.TRADE_KING_SCHNEIDER, None, None, unknown),)
    icons = sum(1 for p in cards.planets for r in p.slots if r is not None and r.resource_icon)
    return (Bonus(Gadget.TRADE_KING_SCHNEIDER, icons // ICONS_PER_VP, icons),)


def _sum_term(code: str, entries: Sequence[tuple[str, int | None]]) -> Term:
    unknown = [name for name, vp in entries if vp is None]
    total = None if unknown else sum(vp or 0 for _, vp in entries)
    return Term(code, total, "PR-5", {"cards": [name for name, _ in entries], "vps": [vp for _, vp in entries],
                                      "unknown": unknown})


def seat_score(seat: int, cards: SeatCards, fame_shown: bool = True) -> SeatScore:
    """A seat's VP and its terms; without the fame term when ``fame_shown`` is False (PR-8: face down)."""
    terms = [Term("pr.vp.fame", cards.fame, "PR-5", {"fame": cards.fame})] if fame_shown else []
    terms += [_sum_term("pr.vp.planets", [(p.planet.value, p.vp) for p in cards.planets]),
              _sum_term("pr.vp.gadgets", [(g.gadget.value, g.vp) for g in cards.gadgets])]
    for bonus in bonuses(cards):
        terms.append(Term("pr.vp.bonus", bonus.vp, "PR-7",
                          {"card": bonus.gadget.value, "resource_icons": bonus.resource_icons,
                           "per": ICONS_PER_VP, "unknown": list(bonus.unknown)}))
    values = [t.value for t in terms]
    total = None if any(v is None for v in values) else sum(v or 0 for v in values)
    return SeatScore(seat, total, tuple(terms))


def ranking(totals: Sequence[int | None], start: int) -> tuple[tuple[tuple[int, ...], ...], tuple[Reason, ...]]:
    """PR-5: highest VP first; a tie goes to the tied seat farthest clockwise from the start player. Seats whose
    VP is unknown come last, together."""
    players = len(totals)
    known = [s for s, t in enumerate(totals) if t is not None]
    order = sorted(known, key=lambda s: (-(totals[s] or 0), -((s - start) % players)))
    placings: list[tuple[int, ...]] = [(s,) for s in order]
    unknown = tuple(s for s, t in enumerate(totals) if t is None)
    reasons: list[Reason] = []
    for vp in sorted({totals[s] for s in known}, key=lambda v: -(v or 0)):
        tied = [s for s in order if totals[s] == vp]
        if len(tied) > 1:
            reasons.append(Reason("pr.rank.tie_break", "PR-5", True,
                                  {"vp": vp, "seats": sorted(tied), "order": tied, "start": start,
                                   "distances": [(s - start) % players for s in tied]}))
    if unknown:
        placings.append(unknown)
        reasons.append(Reason("pr.rank.vp_unknown", "PR-6", False, {"seats": list(unknown)}))
    return tuple(placings), tuple(reasons)


def score_seats(seats: Sequence[SeatCards], start: int, finished: bool = False, fame_shown: bool = True) -> Breakdown:
    scores = tuple(seat_score(i, cards, fame_shown) for i, cards in enumerate(seats))
    placings, reasons = ranking([s.total for s in scores], start)
    if not fame_shown:
        reasons = (Reason("pr.vp.fame_face_down", "PR-8", True, {}), *reasons)
    return Breakdown(finished, scores, placings, reasons)


def seat_cards(state: TableState) -> tuple[SeatCards, ...]:
    """The profile's VP and slots for every card a seat holds."""
    deck = state.profile
    return tuple(SeatCards(seat.fame,
                           tuple(PlanetVP(p.planet, deck.planet(p.planet).vp, deck.planet(p.planet).slots)
                                 for p in seat.planets),
                           tuple(GadgetVP(g.gadget, deck.gadget(g.gadget).vp) for g in seat.gadgets))
                 for seat in state.seats)


def score(state: TableState) -> Breakdown:
    """The scores so far (or final once the game is over), with the PR-5 ranking; during play, with fame face
    down (PR-8), the VP on the table only: no seat's fame is in it."""
    hidden = fame_face_down(state)
    cards = seat_cards(state)
    if hidden:  # not even carried along unused: what is face down stays out of the breakdown
        cards = tuple(replace(c, fame=0) for c in cards)
    breakdown = score_seats(cards, state.start or 0, state.phase is Phase.OVER, fame_shown=not hidden)
    return Breakdown(breakdown.finished, breakdown.seats, breakdown.placings, breakdown.reasons + end_reasons(state))
