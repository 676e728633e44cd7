"""Settle a dispute in a few taps, without a table: "may this card be played now, and what happens if it is?"

The quick tool of the game (endpoint ``sister_combination.tool``, at ``/sister-combination/check``): one GET page (it changes nothing, so its answer has an address that can be shared, and it works with
JavaScript off): tap the field card (and, after an S.P., the colour its player named), the stack, the hand
sizes, whose turn and the direction, then the card someone wants to play (with its choices and "リーチ").
The taps become the referee API's request body and go through the API's own reader (``read_play``) and the
tracker's own functions (``rules.check``, ``effects.play_effect``), so the page, the tracker and
``POST /api/v1/sister-combination/play`` answer alike.

Query fields: ``p`` players (3–13); ``h0`` … ``h12`` hand sizes; ``turn`` (0-based); ``dir`` 1 / -1; ``ts`` /
``tn`` the field card's sister and symbol; ``colour`` named after an S.P. on the field; ``stack``; ``deck``
(empty: every card not in a hand, on the stack or on the field); ``cs`` / ``cn`` the card played; ``named``
the colour its player names (S.P.); ``target`` (春歌, 四葉); ``reach``; ``end``, ``limit`` (SC-7 options).
Seats are shown from 1; the query keeps the API's 0-based seats.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import request
from flask.typing import ResponseReturnValue

from companion.games.base import ErrorList, ParseError, RulesError
from companion.games.sister_combination import COLOURS, DECK_SIZE, SISTERS, SYMBOLS, Symbol
from companion.games.sister_combination.api import read_play
from companion.games.sister_combination.effects import Effect, play_effect
from companion.games.sister_combination.rules import TARGETED, check
from companion.games.sister_combination.state import END_OPTION, HAND_LIMIT_OPTION, PLAYER_COUNTS, TableState
from companion.i18n import gettext as _
from companion.inputs import whole_number
from companion.web.links import LinkReader
from companion.web.pages import page
from companion.web.reasons import ReasonView, reason_views
from companion.web.wording import PAGE

from .labels import (
    SisterChip,
    card_name,
    colour_choices,
    colour_label,
    direction_label,
    sister_groups,
    symbol_choices,
)

# No table, so no names: seats read "Player 1" … (counted from 1) in every line of the page.
WORDING = PAGE
DEFAULT_PLAYERS = 4
DEFAULT_HAND = 7
SISTER_KEYS = tuple(s.key for s in SISTERS)
SYMBOL_KEYS = tuple(str(s) for s in SYMBOLS)


@dataclass(frozen=True)
class Number:
    """A count as typed: the text kept as it was (nothing entered is lost), its value when it reads."""

    raw: str
    value: int | None

    @property
    def bad(self) -> bool:
        return self.raw != "" and self.value is None


def _number(args: Mapping[str, str], key: str, default: int | None) -> Number:
    raw = (args.get(key) or "").strip()
    if raw == "":
        return Number("" if default is None else str(default), default)
    return Number(raw, whole_number(raw, 0, DECK_SIZE))


def _lower(raw: str) -> str:
    return raw.strip().lower()


@dataclass(frozen=True)
class CheckInput:
    players: int = DEFAULT_PLAYERS
    hands: tuple[Number, ...] = ()
    turn: int = 0
    direction: int = 1
    top_sister: str = ""
    top_symbol: str = ""
    colour: str = ""
    stack: Number = Number("0", 0)
    deck: Number = Number("", None)
    card_sister: str = ""
    card_symbol: str = ""
    named: str = ""
    target: int | None = None
    reach: bool = False
    end: str = END_OPTION.default
    limit: str = HAND_LIMIT_OPTION.default

    @property
    def top(self) -> str:
        return f"{self.top_sister}:{self.top_symbol}" if self.top_sister and self.top_symbol else ""

    @property
    def card(self) -> str:
        return f"{self.card_sister}:{self.card_symbol}" if self.card_sister and self.card_symbol else ""

    @property
    def top_is_sp(self) -> bool:
        return self.top_symbol == str(Symbol.SP)

    @property
    def card_is_sp(self) -> bool:
        return self.card_symbol == str(Symbol.SP)

    @property
    def card_targets(self) -> bool:
        return self.card_is_sp and self.card_sister in TARGETED


def read_input(args: Mapping[str, str], link: LinkReader | None = None) -> CheckInput:
    """The query string -> what was tapped. A number typed in a field is kept as typed and explained (Number);
    anything else not understood is left out and noted in ``link``, so the page says what it left out."""
    link = link if link is not None else LinkReader(args)
    players = link.number("p", 0, 99, PLAYER_COUNTS) or DEFAULT_PLAYERS
    return CheckInput(
        players=players,
        hands=tuple(_number(args, f"h{seat}", DEFAULT_HAND) for seat in range(players)),
        # a seat past the table after a tap on fewer players falls back quietly: the form shows the seat it took
        turn=whole_number(args.get("turn") or "", 0, players - 1) or 0,
        direction=-1 if link.choice("dir", ("1", "-1")) == "-1" else 1,
        top_sister=link.choice("ts", SISTER_KEYS, _lower),
        top_symbol=link.choice("tn", SYMBOL_KEYS, _lower),
        colour=link.choice("colour", COLOURS, _lower),
        stack=_number(args, "stack", 0),
        deck=_number(args, "deck", None),
        card_sister=link.choice("cs", SISTER_KEYS, _lower),
        card_symbol=link.choice("cn", SYMBOL_KEYS, _lower),
        named=link.choice("named", COLOURS, _lower),
        target=whole_number(args.get("target") or "", 0, players - 1),
        reach=(args.get("reach") or "") in ("1", "on", "true"),
        end=link.choice("end", END_OPTION.choices, _lower) or END_OPTION.default,
        limit=link.choice("limit", HAND_LIMIT_OPTION.choices, _lower) or HAND_LIMIT_OPTION.default,
    )


def request_body(given: CheckInput) -> dict[str, Any]:
    """The taps as the referee API's request (API.md), for ``read_play``; the deck left empty is every card
    that is in no hand, not on the stack and not the field card."""
    hands = [h.value if h.value is not None else 0 for h in given.hands]
    stack = given.stack.value or 0
    deck = given.deck.value if given.deck.value is not None else max(DECK_SIZE - sum(hands) - stack - 1, 0)
    body: dict[str, Any] = {
        "players": given.players, "hands": hands, "turn": given.turn, "direction": given.direction,
        "discard": [given.top], "stack": stack, "deck": deck, "card": given.card, "reach": given.reach,
        "choices": {}, "options": {"end": given.end, "hand_limit": given.limit},
    }
    if given.top_is_sp and given.colour:
        body["colour"] = given.colour
    if given.card_is_sp and given.named:
        body["choices"]["colour"] = given.named
    if given.card_targets and given.target is not None:
        body["choices"]["target"] = given.target
    return body


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    before: int
    receives: int
    penalty: int
    after: int
    is_turn: bool
    is_next: bool
    out: bool


@dataclass(frozen=True)
class Answer:
    """The page's answer: a ruling (every condition, and what the play does) or what stops one."""

    legal: bool | None
    blocked: str = ""  # "missing" (taps still needed) or "invalid" (input that cannot be read or cannot be)
    problems: tuple[ReasonView, ...] = ()
    checks: tuple[ReasonView, ...] = ()
    effects: tuple[ReasonView, ...] = ()
    seats: tuple[SeatRow, ...] = ()
    stack: tuple[int, int] = (0, 0)
    deck: tuple[int, int] = (0, 0)
    direction: str = ""
    direction_changed: bool = False
    colour: str = ""
    next_name: str = ""
    obstruction: bool = False
    penalty: int = 0
    out: bool = False
    card: str = ""
    player: str = ""


def _missing(given: CheckInput) -> list[ParseError]:
    found: list[ParseError] = []
    if not given.top:
        found.append(ParseError("sc.form.field_card", "SC-2"))
    if given.top_is_sp and not given.colour:
        found.append(ParseError("sc.form.field_colour", "SC-2"))
    if not given.card:
        found.append(ParseError("sc.form.card", "SC-2"))
    if given.card_is_sp and not given.named:
        found.append(ParseError("sc.choice.colour_missing", "SC-8", "named", card=given.card))
    if given.card_targets and given.target is None:
        found.append(ParseError("sc.choice.target_missing", "SC-5", "target", card=given.card))
    return found


def _typed(given: CheckInput) -> list[ParseError]:
    bad = [(WORDING.seat(seat), h.raw) for seat, h in enumerate(given.hands) if h.bad]
    if given.stack.bad:
        bad.append((_("Stack"), given.stack.raw))
    if given.deck.bad:
        bad.append((_("Deck"), given.deck.raw))
    return [ParseError("sc.form.number", "SC-9", name, value=raw, what=name) for name, raw in bad]


def _rows(state: TableState, effect: Effect) -> tuple[SeatRow, ...]:
    rows = []
    for seat in range(state.players):
        penalty = effect.penalty if seat == state.turn else 0
        rows.append(SeatRow(seat, WORDING.seat(seat), state.hands[seat], effect.receives[seat], penalty,
                            effect.hands[seat], seat == state.turn, seat == effect.next,
                            seat in state.out or (effect.out and seat == state.turn)))
    return tuple(rows)


def answer(given: CheckInput) -> Answer | None:
    """The engine's ruling on what was tapped (None before anything about the play was tapped)."""
    if not given.top and not given.card:
        return None
    problems: list[RulesError] = [*_missing(given), *_typed(given)]
    if problems:
        blocked = "invalid" if any(p.code == "sc.form.number" for p in problems) else "missing"
        return Answer(None, blocked, problems=reason_views(problems, WORDING))
    try:
        state, play = read_play(request_body(given))
    except ErrorList as errors:
        return Answer(None, "invalid", problems=reason_views(errors.errors, WORDING))
    verdict = check(state, play)
    name, player = card_name(play.card), WORDING.seat(state.turn)
    if not verdict.legal:
        return Answer(False, checks=reason_views(verdict.reasons, WORDING), card=name, player=player)
    effect = play_effect(state, play, notice_forgotten=True)
    return Answer(
        True,
        checks=reason_views(verdict.reasons, WORDING),
        effects=reason_views(effect.reasons, WORDING),
        seats=_rows(state, effect),
        stack=(state.stack, effect.stack),
        deck=(state.deck, effect.deck),
        direction=direction_label(effect.direction),
        direction_changed=effect.direction != state.direction,
        colour=colour_label(effect.colour),
        next_name=WORDING.seat(effect.next) if effect.next is not None else "",
        obstruction=effect.stack >= 1,
        penalty=effect.penalty,
        out=effect.out,
        card=name,
        player=player,
    )


@dataclass(frozen=True)
class CheckPage:
    given: CheckInput
    answer: Answer | None
    player_counts: tuple[int, ...]
    seats: tuple[tuple[int, str], ...]  # (seat, name shown from 1)
    player_options: tuple[tuple[int, str, str], ...]
    target_options: tuple[tuple[int, str, str], ...]
    sisters: tuple[tuple[str, str, tuple[SisterChip, ...]], ...]
    symbols: tuple[tuple[str, str], ...]
    colours: tuple[tuple[str, str, str], ...]  # (value, label, css)
    direction_options: tuple[tuple[str, str, str], ...]
    end_options: tuple[tuple[str, str, str], ...]
    limit_options: tuple[tuple[str, str, str], ...]
    deck_auto: int
    link_notice: str  # what the page left out of a hand-edited link, in words ("" when it used all of it)


def build(args: Mapping[str, str]) -> CheckPage:
    """The page's model from its query (what was tapped)."""
    link = LinkReader(args)
    given = read_input(args, link)
    hands = sum(h.value or 0 for h in given.hands)
    return CheckPage(
        given=given,
        answer=answer(given),
        player_counts=PLAYER_COUNTS,
        seats=tuple((seat, WORDING.seat(seat)) for seat in range(given.players)),
        player_options=tuple((n, str(n), "") for n in PLAYER_COUNTS),
        target_options=tuple((seat, WORDING.seat(seat), "wide") for seat in range(given.players) if seat != given.turn),
        sisters=sister_groups(),
        symbols=symbol_choices(),
        colours=colour_choices(),
        direction_options=(("1", "↻ " + direction_label(1), "wide"), ("-1", "↺ " + direction_label(-1), "wide")),
        end_options=tuple((c, _end_choice(c), "wide") for c in END_OPTION.choices),
        limit_options=tuple((c, _limit_choice(c), "wide") for c in HAND_LIMIT_OPTION.choices),
        deck_auto=max(DECK_SIZE - hands - (given.stack.value or 0) - 1, 0),
        link_notice=link.notice(),
    )


def _end_choice(choice: str) -> str:
    return _("First out ends it") if choice == "first_out" else _("Until one remains")


def _limit_choice(choice: str) -> str:
    return {"none": _("No hand limit"), "16a": _("Limit 16 (a)"), "16b": _("Limit 16 (b)"),
            "16chosen": _("Limit 16, (a) or (b) on the spot")}.get(choice, choice)


def tool() -> ResponseReturnValue:
    """May this card be played now, and what happens if it is? A GET form: it changes nothing."""
    built = build(request.args)
    # a link's refused parts are said on the page (d.link_notice) with a 200, so htmx still swaps it in
    status = 400 if built.answer is not None and built.answer.blocked == "invalid" else 200
    return page("sister_combination/tool.html", "sister_combination/_tool.html", status, d=built)


__all__ = ["Answer", "CheckInput", "CheckPage", "Number", "SeatRow", "answer", "build", "read_input",
           "request_body", "tool"]
