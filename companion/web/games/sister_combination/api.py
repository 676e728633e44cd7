"""``POST /api/v1/sister-combination/play`` (../shared/API.md): the engine's pure handler as an ApiRoute, with
the JSON schemas the OpenAPI description shows. The platform turns the Reasons in an answer into
``{"code", "message", "rule"}`` and the engine's ErrorList into the 422's ``{"errors": [...]}``."""

from __future__ import annotations

from typing import Any

from companion.games.sister_combination import COLOURS, SISTERS, SYMBOLS, play_request
from companion.games.sister_combination.cards import DECK_SIZE
from companion.games.sister_combination.rules import TARGETED
from companion.games.sister_combination.state import END_OPTION, HAND_LIMIT_OPTION, PLAYER_COUNTS
from companion.web.api.schema import REASONS_REF, UNKNOWN_REF, integer, obj, ref
from companion.web.gameweb import ApiRoute, ProfileLookup

SPACES = "[ \\t\\n\\r]*"  # around a card, as the reader strips them
SISTER_KEYS = "|".join(s.key for s in SISTERS)
SYMBOL_KEYS = "|".join(str(s) for s in SYMBOLS)
CARD: dict[str, Any] = {
    "type": "string", "pattern": f"^{SPACES}(?:{SISTER_KEYS}):(?:{SYMBOL_KEYS}){SPACES}$",
    "description": "<sister>:<symbol>; sisters " + ", ".join(f"{s.key} {s.name_ja}" for s in SISTERS)
                   + "; symbols " + ", ".join(str(s) for s in SYMBOLS) + ". Each of the 144 cards exists once (SC-0).",
    "examples": ["marie:7", "karen:mirror", "mamoru:sp"],
}
SP_CARD = {"type": "string", "pattern": f"^{SPACES}(?:{SISTER_KEYS}):sp{SPACES}$"}
TARGETED_SP = {"type": "string", "pattern": f"^{SPACES}(?:{'|'.join(TARGETED)}):sp{SPACES}$"}
COLOUR: dict[str, Any] = {"type": "string", "enum": list(COLOURS)}
COUNT = integer(0, DECK_SIZE)
OPTIONS: dict[str, Any] = {
    "type": ["object", "null"], "description": "RULINGS SC-7; absent or null: the defaults",
    "properties": {
        "end": {"type": "string", "enum": list(END_OPTION.choices), "default": END_OPTION.default},
        "hand_limit": {"type": "string", "enum": list(HAND_LIMIT_OPTION.choices),
                       "default": HAND_LIMIT_OPTION.default,
                       "description": "みんななかよく, a hand limit of 16: none; 16a or 16b, rule (a) or (b) fixed "
                                      "before the game; 16chosen, (a) or (b) chosen by the player who could not "
                                      "take the whole stack when it happens. Only taking the stack meets (a) or (b), "
                                      "so a play is answered alike under the three settings (SC-7)"}},
    "additionalProperties": False,
}
# What the card played and the discard pile's top ask for: a colour after an S.P. on top (SC-2), the colour the
# player names with an S.P. (SC-8) and the seat 春歌's or 四葉's S.P. gives 2 cards (SC-5). Otherwise these
# fields are ignored, whatever they hold.
NEEDS: list[dict[str, Any]] = [
    {"if": {"properties": {"discard": {"prefixItems": [SP_CARD]}}},
     "then": {"required": ["colour"], "properties": {"colour": COLOUR}}},
    {"if": {"properties": {"card": SP_CARD}},
     "then": {"required": ["choices"], "properties": {"choices": {
         "type": "object", "required": ["colour"], "properties": {"colour": COLOUR}}}}},
]


def _request(players: int) -> dict[str, Any]:
    """The request for one player count: hands has one entry per seat, seats are below it."""
    seat = integer(0, players - 1, description="0-based, clockwise")
    targeted = {"if": {"properties": {"card": TARGETED_SP}},
                "then": {"required": ["choices"], "properties": {"choices": {
                    "type": "object", "required": ["target"], "properties": {"target": seat}}}}}
    return obj({
        "players": {"const": players},
        "hands": {"type": "array", "minItems": players, "maxItems": players, "items": COUNT,
                  "description": "hands[seat]: hand sizes before the play, one per seat. The seat to play holds a "
                                 "card; with end first_out every seat does (one with none would have ended the "
                                 "game), with last_one at least two do (SC-7, SC-9)."},
        "turn": {**seat, "description": "the seat to play"},
        "direction": {"type": "integer", "enum": [1, -1], "description": "1 clockwise (seat + 1 is next), -1"},
        "discard": {"type": "array", "minItems": 1, "items": CARD, "uniqueItems": True,
                    "description": "the discard pile, top first; each card once, and not the card played (SC-9)"},
        "colour": {**ref(UNKNOWN_REF), "description": "the colour named after an S.P.: one of " + ", ".join(COLOURS) + ", required "
                                  "when the top card is an S.P., ignored otherwise (SC-2)"},
        "stack": {**COUNT, "description": "SC-3: obstruction mode while ≥ 1"},
        "deck": {**COUNT, "description": "cards left in the deck. hands, stack, deck and the discard pile hold "
                                         f"at most the {DECK_SIZE} cards together (SC-0)"},
        "card": {**CARD, "description": "the card played"},
        "reach": {"type": "boolean", "default": False, "description": "“リーチ” declared with it (SC-6)"},
        "choices": {"type": ["object", "null"], "description": "what the card asks for (SC-5, SC-8); else ignored",
                    "properties": {"colour": {**ref(UNKNOWN_REF), "description": "with an S.P.: the colour named (SC-8)"},
                                   "target": {**ref(UNKNOWN_REF), "description": "with 春歌's or 四葉's S.P.: the seat given 2 cards"}},
                    "additionalProperties": False},
        "options": OPTIONS,
    }, ["players", "hands", "turn", "direction", "discard", "stack", "deck", "card"],
        allOf=[*NEEDS, targeted])


REQUEST_SCHEMA: dict[str, Any] = {
    "oneOf": [_request(players) for players in PLAYER_COUNTS],
    "description": "players 3–13; hands and seats sized for it",
}
RESPONSE_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["legal", "reasons"],
    "properties": {
        "legal": {"type": "boolean"},
        "reasons": ref(REASONS_REF),
        "effect": {"type": "object", "description": "only for a legal play",
                   "required": ["receives", "stack", "deck", "direction", "next", "colour", "penalty", "out"],
                   "properties": {
                       "receives": {"type": "array", "items": {"type": "integer"},
                                    "description": "cards each seat takes at once"},
                       "stack": {"type": "integer"}, "deck": {"type": "integer"},
                       "direction": {"type": "integer", "enum": [1, -1]},
                       "next": {"type": ["integer", "null"], "description": "whose turn next; null: game over"},
                       "colour": {**COLOUR, "description": "the colour to match next"},
                       "penalty": {"type": "integer", "description": "cards drawn for a reach mistake (SC-6)"},
                       "out": {"type": "boolean"}}},
    },
}


def play(body: Any, lookup: ProfileLookup) -> dict[str, Any]:
    """May this card be played now, and what happens if it is? The 144 cards are known: no profile."""
    return play_request(body)


PLAY = ApiRoute("play", play, "Sister Combination: may this card be played now, and what happens if it is? "
                "(SC-2 … SC-8)", REQUEST_SCHEMA, RESPONSE_SCHEMA)
