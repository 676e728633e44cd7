"""The table fragment's model: what ``templates/lumiere/_table.html`` draws, built once per render.

The turn's phases, the moves each phase expects (``expected_moves``), the checks, the captures and the scores
are all the engine's; this module puts the state into words. Nothing here reads the request: what the phone
asked for comes in ``TableRequest`` (the form a refused entry came from, whether it may write).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import url_for

from companion.games.base import Breakdown, Term
from companion.games.lumiere import GAME, Card, Phase, TableState, expected_moves, remove_phase, resolve_get
from companion.games.lumiere.conditions import set_areas
from companion.games.lumiere.moves import KINDS
from companion.i18n import gettext as _
from companion.web.gameweb import TableRequest, TableViewLike
from companion.web.reasons import ReasonView, reason_view
from companion.web.standing import Standings
from companion.web.wording import Wording

from .board import AreaView, OutcomeView, areas, outcome_view
from .labels import ARROWS, card_name, phase_name, side_name
from .running import standings as running_standings
from .running import total_text

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
    total_text: str = ""  # the total, or the points known so far and "+ ?"


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
    last_get: OutcomeView | None  # the get phase just resolved (draw phase, or the next turn's start)
    last_get_seat: str  # whose turn's get phase that was
    exclusion: tuple[str, ...]
    score_reasons: tuple[ReasonView, ...]
    missing_points: tuple[str, ...]
    leader: str
    final: bool
    end_reasons: tuple[ReasonView, ...]
    start_reasons: tuple[ReasonView, ...]  # this turn's end check (LP-7): none held, so the game went on
    owners: tuple[tuple[int, str, str], ...]  # (seat, name, arrow): whom a card may face
    cards: tuple[PlayChoice, ...]  # every card, for the mulligan's revealed card (LP-9)
    table_decides: bool  # no area takes the played card by the rules: the table places it (LP-6)
    remove_counts_buried: bool  # the table started under LP-6's earlier reading (buried cards counted)
    profile_url: str
    profile_is_own: bool
    token: str  # the table's play token (the entry forms post to it)
    version: int  # the table version every entry form is based on
    can_write: bool  # False on the watch link: no forms
    pending: Mapping[str, str] = field(default_factory=dict)  # the form a refused entry came from
    standings: Standings | None = None  # each seat's points so far, under the field

    @property
    def turn_line(self) -> str:
        """Whose turn and its phase, for the dock at the bottom of the screen ("" once the game is over)."""
        if self.final or self.turn is None or not self.turn_name:
            return ""
        return _("%(seat)s's turn · %(phase)s", seat=self.turn_name, phase=self.phase_name)


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


def _turn_begins(state: TableState) -> bool:
    """Nothing entered yet this turn (its remove phase, or its effect phase before a card is played), or the game
    just ended: the last get phase is the previous turn's."""
    return state.phase is Phase.OVER or state.phase is Phase.REMOVE or (
        state.phase is Phase.EFFECT and state.play_area is None)


def _tally(term: Term) -> Tally:
    return Tally(card_name(str(term.params["card"])), int(term.params["count"]), term.params["points"], term.value)


def _seat_views(state: TableState, breakdown: Breakdown, wording: Wording) -> tuple[SeatView, ...]:
    views = []
    for seat, score in zip(state.seats, breakdown.seats, strict=True):
        tallies = tuple(_tally(t) for t in score.terms)
        missing = tuple(card_name(str(t.params["missing"])) for t in score.terms if t.value is None)
        views.append(SeatView(seat.seat, wording.seat(seat.seat), ARROWS[seat.seat], side_name(seat.seat), seat.hand,
                              seat.deck, seat.commoner_in_front, state.turn == seat.seat and state.phase is not
                              Phase.OVER, tallies, sum(t.count for t in tallies), score.total, missing,
                              total_text(score.total, score.terms)))
    return tuple(views)


def table_model(view: TableViewLike[TableState], asked: TableRequest) -> TrackerView:
    """The table fragment's model (templates/lumiere/_table.html draws it), in the current language."""
    return tracker(view, asked.pending, asked.can_write)


def _leader(breakdown: Breakdown) -> int | None:
    """The seat placed first (LP-7's tie-break decides a tie); None while a card's points are unknown."""
    if any(s.total is None for s in breakdown.seats) or not breakdown.placings:
        return None
    return breakdown.placings[0][0]


def tracker(view: Any, pending: Mapping[str, str] | None = None, can_write: bool = True) -> TrackerView:
    """Everything the table fragment shows, its seats by the table's names."""
    state: TableState = view.state
    wording = Wording.of_table(view.seats)
    players = state.players
    expected = frozenset(KINDS[kind] for kind in expected_moves(state))
    breakdown = GAME.score(state)
    preview = None
    get_now = resolve_get(state.field) if state.phase is Phase.GET else None
    if get_now is not None:
        preview = outcome_view(state.field, get_now, range(players), wording)
    last = None
    if state.last_get is not None and (state.phase is Phase.DRAW or _turn_begins(state)):
        # the get phase just entered, or the one the table resolved after the last turn's set (LP-5, forced.py):
        # shown until the next one, for everyone to check (its own field, or the field now for an older snapshot)
        last = outcome_view(state.last_get.field or state.field, state.last_get, range(players), wording)
    choices: tuple[PlayChoice, ...] = ()
    if "play" in expected and state.turn is not None:
        unseen = state.seat(state.turn).unseen()
        # the cards the seat may still hold first (most likely first); those all played, greyed, last
        choices = tuple(sorted((PlayChoice(c.value, card_name(c), unseen[c], state.profile.points(c)) for c in Card),
                               key=lambda choice: choice.left <= 0))
    buried = state.readings.remove_counts_buried
    remove = remove_phase(state.field, state.profile, buried) if state.phase is Phase.REMOVE else None
    # LP-6 "never stuck": an effect left no area that takes the card by the rules, so the table decides
    table_decides = "set" in expected and not set_areas(state.field, state.profile)
    effect = state.profile.data(state.play_area).effect if state.play_area is not None else None
    pending = dict(pending or {})
    steps = _steps(state)
    ref = view.profile_ref
    own = ref.is_user
    # The editor writes: a watch page never carries the profile's token.
    profile_url = url_for("profiles.edit", token=ref.token) if own and can_write else \
        url_for("profiles.index", slug=GAME.slug)
    seats = _seat_views(state, breakdown, wording)
    leader = _leader(breakdown)
    return TrackerView(
        phase=state.phase.value,
        phase_name=phase_name(state.phase),
        steps=steps,
        expected=expected,
        skipped=frozenset(step.key for step in steps if step.state == "skipped"),
        turn=state.turn,
        turn_name=wording.seat(state.turn) if state.turn is not None else "",
        turn_number=state.turn_number,
        first_name=wording.seat(state.first) if state.first is not None else "",
        seats=seats,
        rows=areas(state.field, wording, get_now, pending.get("cell", "")),
        sides=_sides(wording, players),
        play_area=card_name(state.play_area) if state.play_area is not None else "",
        play_effect=effect,
        play_choices=choices,
        remove_reasons=tuple(reason_view(r, wording) for r in remove.reasons) if remove else (),
        get_preview=preview,
        last_get=last,
        last_get_seat=wording.seat(_previous(state)) if last is not None else "",
        exclusion=tuple(card_name(c) for c in state.exclusion),
        score_reasons=tuple(reason_view(r, wording) for r in breakdown.reasons),
        missing_points=tuple(dict.fromkeys(name for s in seats for name in s.missing)),
        leader=wording.seat(leader) if leader is not None else "",
        final=breakdown.finished,
        end_reasons=tuple(reason_view(r, wording) for r in state.end_reasons),
        start_reasons=tuple(reason_view(r, wording) for r in state.start_reasons),
        owners=tuple((s, wording.seat(s), ARROWS[s]) for s in range(players)),
        cards=tuple(PlayChoice(c.value, card_name(c), 0, None) for c in Card),
        table_decides=table_decides,
        remove_counts_buried=buried,
        profile_url=profile_url,
        profile_is_own=own,
        token=view.table.token,
        version=view.version,
        can_write=can_write,
        pending=pending,
        standings=running_standings(breakdown, [wording.seat(i) for i in range(players)], state.phase is Phase.OVER),
    )


def _previous(state: TableState) -> int:
    """The seat whose get phase ``last_get`` is: the turn's own in the draw phase, else the seat before."""
    assert state.turn is not None
    if state.phase is Phase.DRAW:
        return state.turn
    return (state.turn - 1) % state.players


def _sides(wording: Wording, players: int) -> dict[str, str]:
    sides = {}
    for seat, side in enumerate(("bottom", "left", "top", "right")):
        sides[side] = f"{wording.seat(seat)} {ARROWS[seat]}" if seat < players else _("(nobody)")
    return sides
