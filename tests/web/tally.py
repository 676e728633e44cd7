"""The stand-in game "tally" in the web layer, for the platform tests (its engine: tests/games/standin.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l

from companion.games.base import ParseError, Reason
from companion.web.gameweb import ApiRoute, GameWeb, Summary, SummaryTable, TableRequest, TableViewLike
from tests.games.standin import GAME, Add, Tally, TallyState

__all__ = ["GAME", "WEB", "Add", "Tally", "TallyState"]


def form_to_move(form: Mapping[str, str], view: Any) -> dict[str, Any]:
    try:
        move = {"seat": int(form.get("seat", "")), "points": int(form.get("points", ""))}
        if form.get("expect", ""):  # an entry that names the total its phone saw (does not commute)
            move["expect"] = int(form["expect"])
        return move
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
    "tally.expect": _l("The total was {expect} when entered (it is {total})."),
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


WEB = GameWeb(
    slug="tally", table_template="tally/_table.html", table_model=table_model, form_to_move=form_to_move,
    describe_move=describe,
    messages=MESSAGES, api=(ApiRoute("score", score_api, "Add up points"),), summary=summary,
)
