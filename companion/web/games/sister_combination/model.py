"""The table fragment's model: what ``templates/sister_combination/_table.html`` draws, built once per render.

Which moves are open, what the last play did and the ranking are all the engine's (``check``,
``play_effect``, ``score``); this module puts the state into words. Nothing here reads the request: what the
phone asked for comes in ``TableRequest`` (the form a refused entry came from, whether it may write).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import RulesError
from companion.games.sister_combination import GAME, Card, Symbol, TableState
from companion.games.sister_combination.effects import (
    Effect,
    draw_effect,
    overflow_effect,
    penalty_effect,
    play_effect,
    reshuffle_effect,
    take_stack_effect,
)
from companion.games.sister_combination.moves import (
    Draw,
    Keep,
    Move,
    Overflow,
    PassTurn,
    Play,
    ReachMissed,
    Reshuffle,
    TakeStack,
)
from companion.games.sister_combination.rules import TARGETED, check
from companion.games.sister_combination.state import HAND_DEALT
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.tables.entries import entered_move
from companion.web.gameweb import TableRequest, TableViewLike
from companion.web.messages import message_for
from companion.web.reasons import ReasonView, reason_views
from companion.web.standing import Standings
from companion.web.wording import Wording

from .labels import (
    SisterChip,
    card_name,
    colour_choices,
    colour_label,
    direction_arrow,
    direction_label,
    end_label,
    place_label,
    sister_groups,
    sister_name,
    symbol_choices,
)
from .running import standings as running_standings


@dataclass(frozen=True)
class SeatView:
    seat: int
    number: int  # shown from 1
    name: str
    hand: int
    is_turn: bool
    reached: bool
    forgot: bool
    place: str  # "1st" once out, else ""
    full: bool  # at the みんななかよく limit


@dataclass(frozen=True)
class TopCard:
    card: str
    name: str
    sister: str
    reading: str
    symbol: str
    css: str
    is_sp: bool
    is_number: bool


@dataclass(frozen=True)
class LastEntry:
    who: str
    what: str
    lines: tuple[ReasonView, ...]


@dataclass(frozen=True)
class TrackerView:
    token: str
    version: int
    can_write: bool
    started: bool
    players: int
    seats: tuple[SeatView, ...]
    hand_dealt: int
    sisters: tuple[tuple[str, str, tuple[SisterChip, ...]], ...]  # (colour css, colour name, sisters)
    symbols: tuple[tuple[str, str], ...]  # (value, label)
    colours: tuple[tuple[str, str, str], ...]  # (value, label, css)
    end: str
    limit: int | None
    limit_rule: str
    pending: Mapping[str, str] = field(default_factory=dict)
    turn: int = 0
    turn_name: str = ""
    turn_hand: int = 0
    direction: str = ""
    arrow: str = ""
    # SC-8: play starts clockwise, a reading (the text names no direction), said beside the direction line and on
    # the set-up form so a table that reads it otherwise knows it is a choice
    start_reading: str = ""
    top: TopCard | None = None
    colour: str = ""
    colour_css: str = ""
    stack: int = 0
    obstruction: bool = False
    deck: int = 0
    discard: int = 0
    drawn: bool = False
    choosing: bool = False  # SC-7 chosen on the spot: the player to move is asked (a) or (b)
    finished: bool = False
    actions: frozenset[str] = frozenset()
    missed: tuple[tuple[int, str], ...] = ()  # seats whose forgotten リーチ may be pointed out
    targets: tuple[tuple[int, str], ...] = ()  # whom 春歌's or 四葉's S.P. may give 2 cards
    reach_now: bool = False  # the player to move holds 2: a play leaves one card (SC-6)
    last_card: bool = False  # the player to move holds 1
    last: LastEntry | None = None
    out: tuple[tuple[str, str], ...] = ()  # (place, name) in the order of going out
    ranking: tuple[tuple[str, str, int], ...] = ()  # (place, name, cards left)
    end_reasons: tuple[ReasonView, ...] = ()
    standings: Standings | None = None  # places so far, under the seats

    @property
    def turn_line(self) -> str:
        """Whose turn and the cards in that hand, for the dock at the bottom of the screen ("" before the deal
        and once the game is over)."""
        if not self.started or self.finished:
            return ""
        line = _("%(seat)s's turn", seat=self.turn_name) + " · " + ngettext(
            "%(num)s card in hand", "%(num)s cards in hand", self.turn_hand)
        return line + " · " + _("has drawn") if self.drawn else line


def table_model(view: TableViewLike[TableState], asked: TableRequest) -> TrackerView:
    return tracker(view, asked.pending, asked.can_write)


def _top(card: Card | None) -> TopCard | None:
    if card is None:
        return None
    return TopCard(str(card), card_name(card), sister_name(card.sister), card.sister.reading, card.symbol.label,
                   card.element.value, card.symbol is Symbol.SP, card.symbol.is_number)


ACTIONS: tuple[tuple[str, Move], ...] = (("draw", Draw()), ("draw_keep", Draw(keep=True)), ("keep", Keep()),
                                          ("take", TakeStack()),
                                          ("pass", PassTurn()), ("reshuffle", Reshuffle()))


def _last(view: Any, wording: Wording) -> LastEntry | None:
    """What the last standing entry did, as the engine says it: the checks and the effect, with rulings (the
    play's own effect without a reach penalty: the tracker leaves that to a "pointed out" entry, SC-6)."""
    standing = view.log.standing
    if not standing:
        return None
    entry = standing[-1]
    before = view.before.get(entry.seq)
    if before is None or not before.started:
        return None
    try:
        move = entered_move(GAME, entry.payload)
    except RulesError:
        return None
    actor = GAME.actor(before, move)
    who = wording.seat(actor) if actor is not None else ""
    if isinstance(move, Play):
        effect = play_effect(before, move)
        verdict = check(before, move)
        shown = [r for r in verdict.reasons if r.code.startswith(("sc.match", "sc.obstruction", "sc.reach"))]
        return LastEntry(who, card_name(move.card), reason_views([*shown, *effect.reasons], wording))
    other = _other_effect(before, move)
    done = other.reasons if other is not None else ()
    return LastEntry(who, "", reason_views([*check(before, move).reasons, *done], wording))


def _other_effect(before: TableState, move: Move) -> Effect | None:
    match move:
        case TakeStack():
            return take_stack_effect(before)
        case Draw():
            return draw_effect(before)
        case ReachMissed():
            return penalty_effect(before, move.seat)
        case Reshuffle():
            return reshuffle_effect(before)
        case Overflow():
            return overflow_effect(before, move.rule)
        case _:
            return None


def tracker(view: Any, pending: Mapping[str, str] | None = None, can_write: bool = True) -> TrackerView:
    state: TableState = view.state
    options = state.options
    wording = Wording.of_table(view.seats)  # the table's seat names, in every line of the page
    limit_rule = {"16a": "(a)", "16b": "(b)", "16chosen": _("(a) or (b), chosen when it happens")}.get(
        options.hand_limit, "")
    common: dict[str, Any] = dict(
        token=view.table.token, version=view.version, can_write=can_write, started=state.started,
        players=state.players, hand_dealt=HAND_DEALT, sisters=sister_groups(state.discard),
        symbols=symbol_choices(), colours=colour_choices(),
        end=end_label(options.end), limit=options.limit, limit_rule=limit_rule, pending=dict(pending or {}),
        start_reading=message_for("sc.setup.clockwise"),
    )
    if not state.started:
        seats = tuple(SeatView(s, s + 1, wording.seat(s), HAND_DEALT, False, False, False, "", False)
                      for s in range(state.players))
        return TrackerView(seats=seats, **common)
    seats = tuple(
        SeatView(s, s + 1, wording.seat(s), state.hands[s], s == state.turn and not state.finished, s in state.reached,
                 s in state.forgot, place_label(state.out.index(s) + 1) if s in state.out else "",
                 options.limit is not None and state.hands[s] >= options.limit)
        for s in range(state.players))
    actions = frozenset(key for key, move in ACTIONS if check(state, move).legal)
    missed = tuple((s, wording.seat(s)) for s in sorted(state.forgot) if check(state, ReachMissed(s)).legal)
    targets = tuple((s, wording.seat(s)) for s in state.active if s != state.turn)
    breakdown = GAME.score(state)
    ranking: list[tuple[str, str, int]] = []
    place = 1
    for group in breakdown.placings:
        for seat in group:
            ranking.append((place_label(place), wording.seat(seat), state.hands[seat]))
        place += len(group)
    hand = state.hands[state.turn]
    return TrackerView(
        seats=seats,
        turn=state.turn,
        turn_name=wording.seat(state.turn),
        turn_hand=hand,
        direction=direction_label(state.direction),
        arrow=direction_arrow(state.direction),
        top=_top(state.top),
        colour=colour_label(state.colour),
        colour_css=state.colour.value if state.colour is not None else "",
        stack=state.stack,
        obstruction=state.obstruction,
        deck=state.deck,
        discard=len(state.discard),
        drawn=state.drawn,
        choosing=state.choosing,
        finished=state.finished,
        actions=actions,
        missed=missed,
        targets=targets,
        reach_now=hand == 2,
        last_card=hand == 1,
        last=_last(view, wording),
        out=tuple((place_label(i + 1), wording.seat(s)) for i, s in enumerate(state.out)),
        ranking=tuple(ranking),
        end_reasons=reason_views(breakdown.reasons, wording),
        standings=running_standings(breakdown, tuple(state.hands), tuple(state.out), wording),
        **common,
    )



__all__ = ["TARGETED", "TrackerView", "table_model", "tracker"]
