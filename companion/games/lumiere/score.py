"""Scores (【得点計算】, LP-7): the points of the cards in each point area, summed; never guessed.

A card whose points the deck profile does not know makes that seat's score incomplete: the total is None
and the missing cards are named, so the page can say what to fill in instead of showing a wrong number.

- ``score(state) -> base.Breakdown``: the contract's answer (``GAME.score``): per seat one ``Term`` per card
  kind in the point area (count × points, value None where the profile lacks the points, naming the card),
  placings by total with LP-7's tie-break (nearest the first player, clockwise) and the reasons.
- ``score_sheet(state) -> ScoreSheet`` / ``score_table``: the same working as tallies per card, for the pages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..base import Breakdown, Reason, SeatScore, Term
from .cards import Card
from .profile import DeckProfile
from .state import Phase, TableState


@dataclass(frozen=True)
class CardTally:
    """How many of one card a point area holds, and what they are worth (None: points unknown)."""

    card: Card
    count: int
    points: int | None

    @property
    def subtotal(self) -> int | None:
        return None if self.points is None else self.points * self.count


@dataclass(frozen=True)
class AreaScore:
    """One seat's point area, card by card."""

    seat: int
    tallies: tuple[CardTally, ...]  # in Card order, only cards present

    @property
    def missing(self) -> tuple[Card, ...]:
        """The cards in this point area whose points the profile does not know yet."""
        return tuple(t.card for t in self.tallies if t.points is None)

    @property
    def complete(self) -> bool:
        return not self.missing

    @property
    def total(self) -> int | None:
        """Sum of points, minus cards counting negative (LP-7); None while any card's points are unknown."""
        return sum(t.subtotal or 0 for t in self.tallies) if self.complete else None

    @property
    def cards(self) -> int:
        return sum(t.count for t in self.tallies)


@dataclass(frozen=True)
class ScoreSheet:
    """Every seat's score with its working, the leader (winner once ``final``) and why."""

    seats: tuple[AreaScore, ...]
    leader: int | None
    final: bool
    reasons: tuple[Reason, ...]

    @property
    def winner(self) -> int | None:
        return self.leader if self.final else None

    @property
    def complete(self) -> bool:
        return all(s.complete for s in self.seats)


def score_point_area(seat: int, cards: Iterable[Card], profile: DeckProfile) -> AreaScore:
    counts = Counter(cards)
    return AreaScore(seat, tuple(CardTally(card, counts[card], profile.points(card)) for card in Card if counts[card]))


def score_table(point_areas: tuple[tuple[Card, ...], ...], first: int, profile: DeckProfile,
                final: bool) -> ScoreSheet:
    """Score every seat; name the leader with LP-7's tie-break (nearest the first player, clockwise)."""
    seats = tuple(score_point_area(seat, cards, profile) for seat, cards in enumerate(point_areas))
    missing = sorted({card for s in seats for card in s.missing}, key=list(Card).index)
    if missing:
        reason = Reason("lp.score.points_unknown", "LP-8", False, {"cards": [c.value for c in missing]})
        return ScoreSheet(seats, None, final, (reason,))
    players = len(seats)
    best = max(s.total or 0 for s in seats)
    tied = [s.seat for s in seats if s.total == best]
    leader = min(tied, key=lambda seat: (seat - first) % players)
    reasons = [Reason("lp.score.highest", "LP-7", True, {"seat": leader, "points": best, "tied": tied})]
    if len(tied) > 1:
        reasons.append(Reason("lp.score.tie_break", "LP-7", True,
                              {"seat": leader, "tied": tied, "first": first, "points": best}))
    return ScoreSheet(seats, leader, final, tuple(reasons))


def score_sheet(state: TableState) -> ScoreSheet:
    """The point areas of ``state`` scored card by card (what the table page and the summary show)."""
    return score_table(tuple(s.points for s in state.seats), state.first or 0, state.profile,
                       final=state.phase is Phase.OVER)


def _term(tally: CardTally) -> Term:
    params = {"card": tally.card.value, "count": tally.count, "points": tally.points}
    if tally.points is None:  # LP-8: the profile does not give this card's points yet
        return Term("lp.score.card", None, "LP-8", {**params, "missing": tally.card.value})
    return Term("lp.score.card", tally.subtotal, "LP-7", params)


def placings(sheet: ScoreSheet, first: int) -> tuple[tuple[int, ...], ...]:
    """Seats best first. Equal totals are ordered by LP-7's tie-break (the tied player nearest the first
    player, clockwise, places higher), so every seat has a place of its own. While any card's points are
    unknown nobody can be placed: every seat shares one place."""
    players = len(sheet.seats)
    if not sheet.complete:
        return (tuple(range(players)),) if players else ()
    order = sorted(sheet.seats, key=lambda s: (-(s.total or 0), (s.seat - first) % players))
    return tuple((s.seat,) for s in order)


def score(state: TableState) -> Breakdown:
    """``GAME.score``: running scores; placings with LP-7's tie-break; the winner once the game is over."""
    sheet = score_sheet(state)
    seats = tuple(SeatScore(s.seat, s.total, tuple(_term(t) for t in s.tallies)) for s in sheet.seats)
    return Breakdown(finished=state.phase is Phase.OVER, seats=seats, placings=placings(sheet, state.first or 0),
                     reasons=sheet.reasons)
