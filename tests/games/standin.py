"""A stand-in game's engine for the platform tests: players add points; a total may never go below zero.

It follows the whole engine contract (companion/games/base.py) without depending on any real game's rules,
so the contract test and the platform tests have a game whose every answer is obvious. Pure, like an engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.base import (
    Breakdown,
    CardField,
    IllegalMove,
    OptionSpec,
    ParseError,
    Reason,
    SeatScore,
    Term,
    Verdict,
    placings_by_total,
)


@dataclass(frozen=True)
class Add:
    seat: int
    points: int
    expect: int | None = None  # "the seat has this total now": a move that refers to what its phone saw


@dataclass(frozen=True)
class TallyState:
    totals: tuple[int, ...]
    cap: int


class Tally:
    slug = "tally"
    name_ja = "得点表"
    name_en = "Tally"
    player_counts = (2, 3, 4)
    options = (OptionSpec("cap", ("100", "50"), "T-1"),)
    card_fields = (CardField("id", "text", required=True), CardField("points", "int"),
                   CardField("marks", "counts", choices=("STAR", "MOON")))
    ruling_prefix = "T"

    def new_state(self, players: int, options: Mapping[str, str], profile: Mapping[str, Any]) -> TallyState:
        return TallyState((0,) * players, int(options.get("cap", "100")))

    def parse_move(self, data: Mapping[str, Any]) -> Add:
        seat, points = data.get("seat"), data.get("points")
        expect = data.get("expect")
        if not isinstance(seat, int) or not isinstance(points, int) or isinstance(points, bool) \
                or not (expect is None or (isinstance(expect, int) and not isinstance(expect, bool))):
            raise ParseError("tally.bad_move", "T-0", "points")
        return Add(seat, points, expect)

    def move_to_json(self, move: Add) -> dict[str, Any]:
        found: dict[str, Any] = {"seat": move.seat, "points": move.points}
        if move.expect is not None:
            found["expect"] = move.expect
        return found

    def check(self, state: TallyState, move: Add) -> Verdict:
        seat_ok = 0 <= move.seat < len(state.totals)
        reasons = [Reason("tally.seat", "T-1", seat_ok, {"seat": move.seat})]
        if seat_ok:
            after = state.totals[move.seat] + move.points
            reasons.append(Reason("tally.not_negative", "T-2", after >= 0, {"after": after}))
            reasons.append(Reason("tally.cap", "T-3", after <= state.cap, {"after": after, "cap": state.cap}))
            if move.expect is not None:
                total = state.totals[move.seat]
                reasons.append(Reason("tally.expect", "T-7", total == move.expect,
                                      {"expect": move.expect, "total": total}))
        return Verdict.of(reasons)

    def apply(self, state: TallyState, move: Add) -> TallyState:
        verdict = self.check(state, move)
        if not verdict.legal:
            raise IllegalMove(verdict)
        totals = list(state.totals)
        totals[move.seat] += move.points
        return TallyState(tuple(totals), state.cap)

    def state_to_json(self, state: TallyState) -> dict[str, Any]:
        return {"totals": list(state.totals), "cap": state.cap}

    def parse_state(self, data: Mapping[str, Any], profile: Mapping[str, Any]) -> TallyState:
        totals, cap = data.get("totals"), data.get("cap")
        if not isinstance(totals, list) or not all(isinstance(t, int) for t in totals) or not isinstance(cap, int):
            raise ParseError("tally.bad_state", "T-0", "totals")
        return TallyState(tuple(totals), cap)

    def score(self, state: TallyState) -> Breakdown:
        seats = tuple(SeatScore(i, t, (Term("tally.sum", t, "T-2"),)) for i, t in enumerate(state.totals))
        return Breakdown(False, seats, placings_by_total(state.totals))

    def actor(self, state: TallyState, move: Add) -> int | None:
        return move.seat

    def legal_moves(self, state: TallyState) -> tuple[Add, ...]:
        moves = (Add(seat, points) for seat in range(len(state.totals)) for points in (-5, -1, 1, 5, 10))
        return tuple(m for m in moves if self.check(state, m).legal)

    def forced(self, state: TallyState) -> Add | None:
        """T-6 (the stand-in's rule for the entries the table makes itself): a total of exactly 42 moves on to 43,
        and a total of 43 gives the next seat 1 (two entries the table makes after the one that made 42)."""
        for seat, total in enumerate(state.totals):
            if total == 42:
                return Add(seat, 1)
            if total == 43 and len(state.totals) > 1 and state.totals[(seat + 1) % len(state.totals)] == 0:
                return Add((seat + 1) % len(state.totals), 1)
        return None

    def validate_profile(self, profile: Mapping[str, Any]) -> tuple[Reason, ...]:
        cards = profile.get("cards", [])
        missing = [c.get("id") for c in cards if "points" not in c]
        return (Reason("tally.profile.points_known", "T-4", not missing, {"cards": missing}),
                Reason("tally.profile.three_cards", "T-5", len(cards) == 3, {"count": len(cards)}))

    def validate_card(self, profile: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
        points = card.get("points", 0)
        return (Reason("tally.card.points_small", "T-6", points <= 10, {"points": points}),)


GAME = Tally()
