"""The referee API's Sister Combination call, pure: decoded JSON body in, response dict out (API.md).

``play_request(body)`` answers ``POST /api/v1/sister-combination/play``: "may this card be played now, and what
happens if it is?" It raises ErrorList with every problem found (the web layer answers 422): ParseError for
malformed input, ImpossibleState for a table that cannot exist (a card twice on the discard pile, the card
played already on it, more than 144 cards, SC-0/SC-9). The answer is computed by the tracker's own functions:
the request becomes a ``TableState`` and ``rules.check`` / ``effects.play_effect`` judge it.

Readings of the request where API.md is silent:
- ``discard`` may be only the top of the pile: the deck can only be refilled (SC-7) from the cards it lists.
- In ``last_one`` games a seat with 0 cards has gone out; in ``first_out`` games one would have ended it.
- ``reach`` on a play of the last card means the player's "リーチ" stands (declared when they went down to one
  card): going out without it costs 5 (SC-6). On a play that leaves one card, ``reach`` false is a forgotten
  reach that the request itself notices: ``penalty`` 2 (SC-6).
- ``reasons`` of a legal answer are the conditions checked, then what the effect did, each with its ruling.
- ``options.hand_limit`` ``16chosen`` is SC-7's third setting, (a) or (b) chosen by the overflowing player when
  it happens. Only taking the stack leaves cards a full hand could not take, never a play, so a play is answered
  as under ``16a`` and ``16b``: cards given at once beyond the limit go onto the stack all the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import ErrorList, ImpossibleState, ParseError, RulesError
from .cards import DECK_SIZE, Card, Element, Symbol, parse_card, parse_colour
from .effects import play_effect
from .moves import Play
from .rules import TARGETED, check
from .state import END_FIRST_OUT, PLAYER_COUNTS, Options, TableState, parse_options


class _Reader:
    def __init__(self) -> None:
        self.errors: list[RulesError] = []

    def fail(self, error: RulesError) -> None:
        self.errors.append(error)

    def integer(self, data: Mapping[str, Any], key: str, path: str, rule: str, low: int, high: int) -> int | None:
        if key not in data:
            self.fail(ParseError("sc.input.missing", rule, path, field=key))
            return None
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(ParseError("sc.input.wrong_type", rule, path, expected="integer", value=str(value)))
            return None
        if not low <= value <= high:
            self.fail(ParseError("sc.input.out_of_range", rule, path, value=value, min=low, max=high))
            return None
        return value

    def card(self, value: object, path: str) -> Card | None:
        try:
            return parse_card(value)  # type: ignore[arg-type]  # parse_card refuses a non-string itself
        except ParseError as error:
            self.fail(ParseError(error.code, error.rule, path, **error.params))
            return None

    def colour(self, value: object, path: str, rule: str) -> Element | None:
        if value is None:
            self.fail(ParseError("sc.input.missing", rule, path, field=path.rsplit(".", 1)[-1]))
            return None
        try:
            return parse_colour(value)
        except ParseError as error:
            self.fail(ParseError(error.code, rule, path, **error.params))
            return None


def read_play(body: object) -> tuple[TableState, Play]:
    """Decode a /play body into the table before the play and the play; raises ErrorList with every problem."""
    reader = _Reader()
    if not isinstance(body, Mapping):
        raise ErrorList([ParseError("sc.input.wrong_type", "SC-9", "", expected="object", value=type(body).__name__)])
    players = reader.integer(body, "players", "players", "SC-0", PLAYER_COUNTS[0], PLAYER_COUNTS[-1])
    seats = players or PLAYER_COUNTS[-1]

    hands: list[int] = []
    raw_hands = body.get("hands")
    if raw_hands is None:
        reader.fail(ParseError("sc.input.missing", "SC-9", "hands", field="hands"))
    elif not isinstance(raw_hands, list):
        reader.fail(ParseError("sc.input.wrong_type", "SC-9", "hands", expected="list", value=str(raw_hands)))
    elif players is not None and len(raw_hands) != players:
        reader.fail(ParseError("sc.input.wrong_length", "SC-9", "hands", expected=players, got=len(raw_hands)))
    else:
        for i in range(len(raw_hands)):
            value = reader.integer({"h": raw_hands[i]}, "h", f"hands[{i}]", "SC-9", 0, DECK_SIZE)
            hands.append(-1 if value is None else value)

    turn = reader.integer(body, "turn", "turn", "SC-8", 0, seats - 1)
    direction = body.get("direction")
    if direction not in (1, -1) or isinstance(direction, bool):
        reader.fail(ParseError("sc.input.direction", "SC-8", "direction", value=str(direction), allowed=[1, -1]))
    stack = reader.integer(body, "stack", "stack", "SC-3", 0, DECK_SIZE)
    deck = reader.integer(body, "deck", "deck", "SC-9", 0, DECK_SIZE)

    discard: list[Card | None] = []
    raw_discard = body.get("discard")
    if raw_discard is None:
        reader.fail(ParseError("sc.input.missing", "SC-9", "discard", field="discard"))
    elif not isinstance(raw_discard, list):
        reader.fail(ParseError("sc.input.wrong_type", "SC-9", "discard", expected="list", value=str(raw_discard)))
    elif not raw_discard:
        reader.fail(ParseError("sc.input.discard_empty", "SC-9", "discard"))
    else:
        discard = [reader.card(item, f"discard[{i}]") for i, item in enumerate(raw_discard)]
        for i, card in enumerate(discard):
            if card is not None and card in discard[:i]:
                reader.fail(ImpossibleState("sc.card.duplicate", "SC-9", f"discard[{i}]", card=str(card),
                                            first=discard.index(card)))
    top = discard[0] if discard else None

    colour: Element | None = top.element if top is not None else None
    if top is not None and top.symbol is Symbol.SP:  # SC-2: after an S.P. the colour named by its player
        colour = reader.colour(body.get("colour"), "colour", "SC-2")

    card = reader.card(body["card"], "card") if "card" in body else None
    if "card" not in body:
        reader.fail(ParseError("sc.input.missing", "SC-2", "card", field="card"))
    if card is not None and card in discard:
        reader.fail(ImpossibleState("sc.card.already_seen", "SC-9", "card", card=str(card),
                                    at=f"discard[{discard.index(card)}]"))
    reach = body.get("reach", False)
    if not isinstance(reach, bool):
        reader.fail(ParseError("sc.input.wrong_type", "SC-6", "reach", expected="boolean", value=str(reach)))
        reach = False

    choices = body.get("choices", {})
    if choices is None:
        choices = {}
    if not isinstance(choices, Mapping):
        reader.fail(ParseError("sc.input.wrong_type", "SC-8", "choices", expected="object", value=str(choices)))
        choices = {}
    named: Element | None = None
    target: int | None = None
    if card is not None and card.symbol is Symbol.SP:
        named = reader.colour(choices.get("colour"), "choices.colour", "SC-8")
        if card.sister.key in TARGETED:
            target = reader.integer(choices, "target", "choices.target", "SC-5", 0, seats - 1)

    options = Options()
    raw_options = body.get("options", {})
    if raw_options is not None and not isinstance(raw_options, Mapping):
        reader.fail(ParseError("sc.input.wrong_type", "SC-7", "options", expected="object", value=str(raw_options)))
    else:
        try:
            options = parse_options(raw_options)
        except ErrorList as errors:
            reader.errors += errors.errors
        except ParseError as error:
            reader.fail(error)

    if reader.errors:
        raise ErrorList(reader.errors)
    assert players is not None and turn is not None and stack is not None and deck is not None
    assert card is not None and top is not None

    # Impossible tables (SC-0, SC-7, SC-9)
    pile = tuple(c for c in discard if c is not None)
    out = tuple(s for s, h in enumerate(hands) if h == 0)
    if hands[turn] == 0:
        reader.fail(ImpossibleState("sc.hand.empty", "SC-9", f"hands[{turn}]", seat=turn))
    if options.end == END_FIRST_OUT:
        for seat in out:
            if seat != turn:
                reader.fail(ImpossibleState("sc.state.game_over", "SC-7", f"hands[{seat}]", seat=seat,
                                            end=options.end))
    elif players - len(out) < 2:
        reader.fail(ImpossibleState("sc.state.game_over", "SC-7", "hands", end=options.end, out=list(out)))
    total = sum(hands) + stack + deck + len(pile)
    if total > DECK_SIZE:
        reader.fail(ImpossibleState("sc.state.too_many_cards", "SC-0", "deck", total=total, deck=DECK_SIZE))
    if reader.errors:
        raise ErrorList(reader.errors)

    state = TableState(
        players=players, options=options, started=True, hands=tuple(hands), deck=deck, stack=stack,
        discard=pile, colour=colour, direction=1 if direction == 1 else -1, turn=turn, out=out,
        reached=frozenset({turn}) if reach and hands[turn] == 1 else frozenset(),
    )
    return state, Play(card, reach, named, target)


def play_request(body: object) -> dict[str, Any]:
    """``POST /api/v1/sister-combination/play``: ``{"legal", "reasons", "effect"}`` (no ``effect`` when illegal)."""
    state, play = read_play(body)
    verdict = check(state, play)
    if not verdict.legal:
        return {"legal": False, "reasons": list(verdict.reasons)}
    effect = play_effect(state, play, notice_forgotten=True)
    return {"legal": True, "reasons": [*verdict.reasons, *effect.reasons], "effect": effect.to_json()}
