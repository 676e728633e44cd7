"""The table of a game in play: what the fragment shows, what its forms send, how the history reads.

The turn's phases, the moves each phase expects (``expected_moves``), the checks, the captures and the scores
are all the engine's; this module reads forms into the engine's move JSON and puts the state into words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import pgettext

from companion import store
from companion.games.base import ParseError
from companion.games.lumiere import (
    GAME,
    Breakdown,
    Card,
    Cell,
    Phase,
    TableState,
    expected_moves,
    remove_phase,
    resolve_get,
)
from companion.games.lumiere.moves import KINDS
from companion.web.gameweb import Summary, SummaryTable
from companion.web.messages import explain
from companion.web.table_service import load_view, own_profile_copy

from .blueprint import bp
from .board import AreaView, OutcomeView, ReasonView, areas, outcome_view, reason_view
from .labels import ARROWS, card_name, cell_label, phase_name, seat_label, set_seat_names, side_name

# -- forms -> moves ------------------------------------------------------------------------------------------


def _cell(form: Mapping[str, str], key: str, code: str = "lp.form.cell") -> list[int]:
    value = (form.get(key) or "").strip()
    if not value:
        raise ParseError(code, "§ターン進行", key)
    return Cell.parse(value).to_json()


def _seat(form: Mapping[str, str], key: str, code: str) -> int:
    value = (form.get(key) or "").strip()
    if not value.isdigit():
        raise ParseError(code, "§ターン進行", key)
    return int(value)


def _stack(form: Mapping[str, str]) -> bool:
    return form.get("stack") in ("1", "on", "true")


def form_to_move(form: Mapping[str, str], view: Any) -> dict[str, Any]:
    """The fields of one of the table's forms -> the engine's move JSON (``parse_move`` reads it)."""
    set_seat_names(view.table.seats)
    kind = form.get("kind", "")
    if kind == "first":
        return {"kind": kind, "seat": _seat(form, "seat", "lp.form.seat")}
    if kind in ("opening", "take"):
        return {"kind": kind, "cell": _cell(form, "cell")}
    if kind == "play":
        card = (form.get("card") or "").strip()
        if not card:
            raise ParseError("lp.form.card", "§エフェクトフェイズ", "card")
        return {"kind": kind, "card": card}
    if kind == "set":
        return {"kind": kind, "cell": _cell(form, "cell"), "stack": _stack(form)}
    if kind == "move":
        return {"kind": kind, "from": _cell(form, "from"), "to": _cell(form, "to", "lp.form.second_cell"),
                "stack": _stack(form)}
    if kind == "turn":
        return {"kind": kind, "cell": _cell(form, "cell"), "owner": _seat(form, "owner", "lp.form.owner")}
    if kind == "swap":
        return {"kind": kind, "cells": [_cell(form, "first"), _cell(form, "second", "lp.form.second_cell")]}
    if kind in ("get", "draw"):
        return {"kind": kind}
    raise ParseError("lp.form.kind", "§ターン進行", "kind")


# -- moves -> history lines ----------------------------------------------------------------------------------

def _cell_of(value: Any) -> str:
    return cell_label(Cell(int(value[0]), int(value[1])))


def describe_move(move: Mapping[str, Any], view: Any) -> str:
    """One line of the table's history, in the current language."""
    set_seat_names(view.table.seats)
    kind = move.get("kind")
    stacked = _(" (stacked by its effect)") if move.get("stack") else ""
    if kind == "first":
        return _("%(seat)s plays first", seat=seat_label(move["seat"]))
    if kind == "opening":
        return _("Commoner placed on %(area)s", area=_cell_of(move["cell"]))
    if kind == "take":
        return _("Remove phase: the top card of %(area)s taken into the point area", area=_cell_of(move["cell"]))
    if kind == "play":
        return _("%(card)s played into the play area", card=card_name(str(move["card"])))
    if kind == "set":
        return _("Card set on %(area)s", area=_cell_of(move["cell"])) + stacked
    if kind == "move":
        return _("Effect: the top card of %(source)s moved to %(target)s", source=_cell_of(move["from"]),
                 target=_cell_of(move["to"])) + stacked
    if kind == "turn":
        return _("Effect: the top card of %(area)s turned to face %(seat)s", area=_cell_of(move["cell"]),
                 seat=seat_label(move["owner"]))
    if kind == "swap":
        first, second = move["cells"]
        return _("Effect: the top cards of %(first)s and %(second)s swapped", first=_cell_of(first),
                 second=_cell_of(second))
    if kind == "get":
        return _("Get phase resolved")
    if kind == "draw":
        return _("Draw phase")
    raise ValueError(kind)


# -- the state in words --------------------------------------------------------------------------------------

STEPS = ("start", "remove", "effect", "set", "get", "draw")


@dataclass(frozen=True)
class Step:
    key: str
    name: str
    state: str  # "done", "now", "todo", "skipped"


@dataclass(frozen=True)
class Tally:
    name: str
    count: int
    points: int | None
    subtotal: int | None


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    arrow: str
    side: str
    hand: int
    deck: int
    commoner_in_front: bool
    is_turn: bool
    points: tuple[Tally, ...]
    cards: int
    total: int | None
    missing: tuple[str, ...]


@dataclass(frozen=True)
class PlayChoice:
    card: str
    name: str
    left: int
    points: int | None


@dataclass(frozen=True)
class TrackerView:
    phase: str
    phase_name: str
    steps: tuple[Step, ...]
    expected: frozenset[str]
    skipped: frozenset[str]
    turn: int | None
    turn_name: str
    turn_number: int
    first_name: str
    seats: tuple[SeatView, ...]
    rows: list[list[AreaView]]
    sides: dict[str, str]
    play_area: str
    play_effect: str | None
    play_choices: tuple[PlayChoice, ...]
    remove_reasons: tuple[ReasonView, ...]
    get_preview: OutcomeView | None
    last_get: OutcomeView | None
    exclusion: tuple[str, ...]
    score_reasons: tuple[ReasonView, ...]
    missing_points: tuple[str, ...]
    leader: str
    final: bool
    end_reasons: tuple[ReasonView, ...]
    start_reasons: tuple[ReasonView, ...]  # this turn's end check (LP-7): none held, so the game went on
    owners: tuple[tuple[int, str, str], ...]  # (seat, name, arrow): whom a card may face
    profile_url: str
    profile_is_own: bool


def _steps(state: TableState) -> tuple[Step, ...]:
    phase = state.phase
    if phase is Phase.SETUP:
        return ()
    if phase is Phase.OVER:
        return tuple(Step(k, phase_name(k), "done" if k == "start" else "todo") for k in STEPS)
    now = {Phase.REMOVE: "remove", Phase.EFFECT: "effect", Phase.GET: "get", Phase.DRAW: "draw"}[phase]
    position = STEPS.index(now)

    def progress(i: int, key: str) -> str:
        if key == "remove" and state.remove_at_start is False and now != "remove":
            return "skipped"  # LP-6 did not apply when this turn started
        return "done" if i < position else "now" if i == position else "todo"

    return tuple(Step(k, phase_name(k), progress(i, k)) for i, k in enumerate(STEPS))


def _seat_views(state: TableState, breakdown: Breakdown) -> tuple[SeatView, ...]:
    views = []
    for seat, score in zip(state.seats, breakdown.seats, strict=True):
        tallies = tuple(Tally(card_name(t.card), t.count, t.points, t.subtotal) for t in score.tallies)
        views.append(SeatView(seat.seat, seat_label(seat.seat), ARROWS[seat.seat], side_name(seat.seat), seat.hand,
                              seat.deck, seat.commoner_in_front, state.turn == seat.seat and state.phase is not
                              Phase.OVER, tallies, score.cards, score.total, tuple(card_name(c) for c in score.missing)))
    return tuple(views)


def tracker(view: Any, pending: Mapping[str, str] | None = None) -> TrackerView:
    """Everything the table fragment shows, in the current language."""
    set_seat_names(view.table.seats)
    state: TableState = view.state
    players = state.players
    expected = frozenset(KINDS[kind] for kind in expected_moves(state))
    breakdown = GAME.score(state)
    preview = None
    get_now = resolve_get(state.field) if state.phase is Phase.GET else None
    if get_now is not None:
        preview = outcome_view(state.field, get_now, range(players))
    last = None
    if state.phase is Phase.DRAW and state.last_get is not None:
        last = outcome_view(state.field, state.last_get, range(players))
    choices: tuple[PlayChoice, ...] = ()
    if "play" in expected and state.turn is not None:
        unseen = state.seat(state.turn).unseen()
        choices = tuple(PlayChoice(c.value, card_name(c), unseen[c], state.profile.points(c)) for c in Card)
    remove = remove_phase(state.field, state.profile) if state.phase is Phase.REMOVE else None
    effect = state.profile.data(state.play_area).effect if state.play_area is not None else None
    pending_cell = (pending or {}).get("cell", "")
    steps = _steps(state)
    ref = view.profile_ref
    own = ref.is_user
    profile_url = url_for("profiles.edit", token=ref.token) if own else \
        url_for("profiles.index", slug=GAME.slug)
    return TrackerView(
        phase=state.phase.value,
        phase_name=phase_name(state.phase),
        steps=steps,
        expected=expected,
        skipped=frozenset(step.key for step in steps if step.state == "skipped"),
        turn=state.turn,
        turn_name=seat_label(state.turn) if state.turn is not None else "",
        turn_number=state.turn_number,
        first_name=seat_label(state.first) if state.first is not None else "",
        seats=_seat_views(state, breakdown),
        rows=areas(state.field, get_now, pending_cell),
        sides=_sides(view.table.seats, players),
        play_area=card_name(state.play_area) if state.play_area is not None else "",
        play_effect=effect,
        play_choices=choices,
        remove_reasons=tuple(reason_view(r) for r in remove.reasons) if remove else (),
        get_preview=preview,
        last_get=last,
        exclusion=tuple(card_name(c) for c in state.exclusion),
        score_reasons=tuple(reason_view(r) for r in breakdown.reasons),
        missing_points=tuple(dict.fromkeys(card_name(c) for s in breakdown.seats for c in s.missing)),
        leader=seat_label(breakdown.leader) if breakdown.leader is not None else "",
        final=breakdown.final,
        end_reasons=tuple(reason_view(r) for r in state.end_reasons),
        start_reasons=tuple(reason_view(r) for r in state.start_reasons),
        owners=tuple((s, seat_label(s), ARROWS[s]) for s in range(players)),
        profile_url=profile_url,
        profile_is_own=own,
    )


def _sides(names: list[str], players: int) -> dict[str, str]:
    sides = {}
    for seat, side in enumerate(("bottom", "left", "top", "right")):
        sides[side] = f"{names[seat]} {ARROWS[seat]}" if seat < players else _("(nobody)")
    return sides


# -- the score summary ---------------------------------------------------------------------------------------

def summary(view: Any) -> Summary | None:
    """Per player the point area and its score (or what is missing), the ranking, and LP-7's tie-break."""
    set_seat_names(view.table.seats)
    state: TableState = view.state
    if state.phase is Phase.SETUP:
        return None
    breakdown = GAME.score(state)
    seats = _seat_views(state, breakdown)
    first = state.first or 0
    order = sorted(seats, key=lambda s: (-(s.total or 0), (s.seat - first) % state.players))
    if not breakdown.complete:
        order = list(seats)
    ranking = tuple((place, s.name, str(s.total) if s.total is not None else "?")
                    for place, s in enumerate(order, start=1))
    tables = []
    for s in seats:
        rows = tuple((t.name, str(t.count), _points(t.points), _points(t.subtotal)) for t in s.points)
        rows += ((pgettext("lumiere", "Total"), str(s.cards), "", _points(s.total)),)
        note = _("Score = the sum of the points of the cards in the point area, minus cards counting against "
                 "(LP-7).")
        if s.missing:
            note += " " + _("Points unknown for %(cards)s: fill them in the deck profile (LP-8).",
                            cards=", ".join(s.missing))
        tables.append(SummaryTable(_("%(seat)s — point area", seat=s.name),
                                   (pgettext("lumiere", "Card"), pgettext("lumiere", "Count"),
                                    pgettext("lumiere", "Points"), pgettext("lumiere", "Subtotal")), rows, note))
    winner_note = " ".join(f"{explain(r)} ({r.rule})" for r in breakdown.reasons)
    return Summary(finished=state.phase is Phase.OVER, ranking=ranking, tables=tuple(tables),
                   winner_note=winner_note)


def _points(value: int | None) -> str:
    return "?" if value is None else str(value)


# -- filling in the points from the table ----------------------------------------------------------------------

@bp.post("/t/<token>/own-profile")
def own_profile(token: str):  # type: ignore[no-untyped-def]
    """Give this table an editable copy of its deck profile, then open it: the table's scores follow every
    card filled in there (a built-in profile cannot be edited; LP-8)."""
    view = load_view(token, game=GAME.slug)
    try:
        based_on = int(request.form.get("version", ""))
    except ValueError:
        based_on = -1
    try:
        ref = own_profile_copy(view, based_on)
    except store.Conflict:  # another phone entered first: nothing changed (the unused copy is harmless)
        return redirect(url_for("tables.show", token=token, n="conflict"), 303)
    return redirect(url_for("profiles.edit", token=ref.token), 303)
