"""The stand-in game "tally" in the web layer, for the platform tests (its engine: tests/games/standin.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l

from companion.games.base import ParseError, Reason
from companion.web.api.schema import integer, obj
from companion.web.gameweb import ApiRoute, GameWeb, Summary, SummaryTable, TableRequest, TableViewLike
from companion.web.profiles.cardforms import (
    CardCell,
    CardForm,
    Choice,
    FieldView,
    ProfileEditor,
    read_fields,
    shown_count,
    shown_value,
    stored_card,
)
from tests.games.standin import GAME, Add, Tally, TallyState

__all__ = ["GAME", "WEB", "Add", "Tally", "TallyState"]


def form_to_move(form: Mapping[str, str], view: Any) -> Add:
    try:
        move: dict[str, Any] = {"seat": int(form.get("seat", "")), "points": int(form.get("points", ""))}
        if form.get("expect", ""):  # an entry that names the total its phone saw (does not commute)
            move["expect"] = int(form["expect"])
    except ValueError:
        raise ParseError("tally.bad_move", "T-0", "points") from None
    typed: Add = GAME.parse_move(move)
    return typed


def describe(move: Add, before: Any, wording: Any) -> str:
    return f"+{move.points}"  # the platform names the seat (Tally.actor)


def score_api(body: Any, lookup: Any) -> dict[str, Any]:
    points = body.get("points")
    errors = []
    if not isinstance(points, list) or not all(isinstance(p, int) and not isinstance(p, bool) for p in points):
        errors.append(ParseError("tally.bad_move", "T-0", "points"))
    if errors:
        from companion.games.base import ErrorList

        raise ErrorList(errors)
    total = sum(points)
    return {"total": total, "reasons": [Reason("tally.not_negative", "T-2", total >= 0, {"after": total})]}


SCORE_REQUEST = obj({"points": {"type": "array", "items": integer()}}, ["points"])


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


DECK = ("sun", "moon", "star")  # T-5: the deck has these three cards


def profile_cells(profile: Mapping[str, Any]) -> tuple[CardCell, ...]:
    return tuple(CardCell(key, key.title(), stored_card(profile, "id", key).get("points") is not None)
                 for key in DECK)


def profile_form(profile: Mapping[str, Any], key: str, pending: Mapping[str, str] | None) -> CardForm:
    card = stored_card(profile, "id", key)
    points, marks = GAME.card_fields[1], GAME.card_fields[2]
    return CardForm(key, key.title(), (
        FieldView("points", "Points", "int", shown_value(points, card, pending)),
        FieldView("marks", "Marks", "counts", counts=tuple((Choice(n, n), shown_count(marks, n, card, pending))
                                                          for n in marks.choices))))


def read_profile_card(profile: Mapping[str, Any], key: str, form: Mapping[str, str]) -> dict[str, Any]:
    return read_fields(GAME.card_fields, stored_card(profile, "id", key) or {"id": key}, form, {})


EDITOR = ProfileEditor(cells=profile_cells, form_model=profile_form, read_card=read_profile_card)

WEB = GameWeb(
    slug="tally", table_template="tally/_table.html", table_model=table_model, form_to_move=form_to_move,
    describe_move=describe,
    messages=MESSAGES, api=(ApiRoute("score", score_api, "Add up points", SCORE_REQUEST),), summary=summary,
    profile_editor=EDITOR,
)
