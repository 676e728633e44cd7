"""A stand-in game for the platform tests: players add points; a seat's total may never go below zero.

It exercises everything the platform offers a game (moves, checks with reasons, options, a profile) without
depending on any real game's rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l

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
from companion.web.gameweb import ApiRoute, GameWeb, Summary, SummaryTable, TableRequest, TableViewLike


@dataclass(frozen=True)
class Add:
    seat: int
    points: int


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
        if not isinstance(seat, int) or not isinstance(points, int) or isinstance(points, bool):
            raise ParseError("tally.bad_move", "T-0", "points")
        return Add(seat, points)

    def move_to_json(self, move: Add) -> dict[str, Any]:
        return {"seat": move.seat, "points": move.points}

    def check(self, state: TallyState, move: Add) -> Verdict:
        seat_ok = 0 <= move.seat < len(state.totals)
        reasons = [Reason("tally.seat", "T-1", seat_ok, {"seat": move.seat})]
        if seat_ok:
            after = state.totals[move.seat] + move.points
            reasons.append(Reason("tally.not_negative", "T-2", after >= 0, {"after": after}))
            reasons.append(Reason("tally.cap", "T-3", after <= state.cap, {"after": after, "cap": state.cap}))
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

    def validate_profile(self, profile: Mapping[str, Any]) -> tuple[Reason, ...]:
        cards = profile.get("cards", [])
        missing = [c.get("id") for c in cards if "points" not in c]
        return (Reason("tally.profile.points_known", "T-4", not missing, {"cards": missing}),
                Reason("tally.profile.three_cards", "T-5", len(cards) == 3, {"count": len(cards)}))

    def validate_card(self, profile: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
        points = card.get("points", 0)
        return (Reason("tally.card.points_small", "T-6", points <= 10, {"points": points}),)


def form_to_move(form: Mapping[str, str], view: Any) -> dict[str, Any]:
    try:
        return {"seat": int(form.get("seat", "")), "points": int(form.get("points", ""))}
    except ValueError:
        raise ParseError("tally.bad_move", "T-0", "points") from None


def describe(move: Mapping[str, Any], view: Any) -> str:
    return f"+{move['points']}"  # the platform names the seat (Tally.actor)


def score_api(body: Any, lookup: Any) -> dict[str, Any]:
    points = body.get("points")
    errors = []
    if not isinstance(points, list) or not all(isinstance(p, int) for p in points):
        errors.append(ParseError("tally.bad_move", "T-0", "points"))
    if errors:
        from companion.games.base import ErrorList

        raise ErrorList(errors)
    total = sum(points)
    return {"total": total, "reasons": [Reason("tally.not_negative", "T-2", total >= 0, {"after": total})]}


def summary(view: Any) -> Summary:
    totals = view.state.totals
    order = sorted(range(len(totals)), key=lambda s: -totals[s])
    ranking = tuple((place + 1, view.table.seats[s], str(totals[s])) for place, s in enumerate(order))
    table = SummaryTable("Points", ("Seat", "Total"),
                         tuple((view.table.seats[s], str(totals[s])) for s in range(len(totals))),
                         note="Total = sum of entries (T-2)")
    return Summary(finished=False, ranking=ranking, tables=(table,))


MESSAGES = {
    "option.cap": _l("Highest total"),
    "option.cap.100": _l("100 points"),
    "option.cap.50": _l("50 points"),
    "tally.bad_move": _l("Points must be a whole number."),
    "tally.seat": _l("Seat {seat} is at this table."),
    "tally.not_negative": _l("The total stays at zero or above (it would be {after})."),
    "tally.cap": _l("The total stays at or under {cap} (it would be {after})."),
    "tally.profile.points_known": _l("Every card has points (missing: {cards})."),
    "tally.profile.three_cards": _l("The deck has 3 cards (it has {count})."),
    "tally.card.points_small": _l("A card is worth at most 10 points (this one {points})."),
}

@dataclass(frozen=True)
class TallyModel:
    totals: tuple[int, ...]
    seats: tuple[str, ...]
    can_write: bool


def table_model(view: TableViewLike, asked: TableRequest) -> TallyModel:
    return TallyModel(view.state.totals, view.seats, asked.can_write)


GAME = Tally()
WEB = GameWeb(
    slug="tally", table_template="tally/_table.html", table_model=table_model, form_to_move=form_to_move,
    describe_move=describe,
    messages=MESSAGES, api=(ApiRoute("score", score_api, "Add up points"),), summary=summary,
)
