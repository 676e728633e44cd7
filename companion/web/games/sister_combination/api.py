"""``POST /api/v1/sister-combination/play`` (../shared/API.md): the engine's pure handler as an ApiRoute, with
the JSON schemas the OpenAPI description shows. The platform turns the Reasons in an answer into
``{"code", "message", "rule"}`` and the engine's ErrorList into the 422's ``{"errors": [...]}``."""

from __future__ import annotations

from typing import Any

from companion.games.sister_combination import COLOURS, SISTERS, SYMBOLS, play_request
from companion.games.sister_combination.state import END_OPTION, HAND_LIMIT_OPTION
from companion.web.gameweb import ApiRoute, ProfileLookup

CARD: dict[str, Any] = {
    "type": "string", "pattern": "^[a-z]+:([1-8]|mirror|pass|stack2|sp)$",
    "description": "<sister>:<symbol>; sisters " + ", ".join(f"{s.key} {s.name_ja}" for s in SISTERS)
                   + "; symbols " + ", ".join(str(s) for s in SYMBOLS),
    "examples": ["marie:7", "karen:mirror", "mamoru:sp"],
}
COLOUR: dict[str, Any] = {"type": "string", "enum": list(COLOURS)}
SEAT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 12, "description": "0-based, clockwise"}
REQUEST_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["players", "hands", "turn", "direction", "discard", "stack", "deck", "card"],
    "properties": {
        "players": {"type": "integer", "minimum": 3, "maximum": 13},
        "hands": {"type": "array", "items": {"type": "integer", "minimum": 0},
                  "description": "hands[seat]: hand sizes before the play"},
        "turn": {**SEAT, "description": "the seat to play"},
        "direction": {"type": "integer", "enum": [1, -1], "description": "1 clockwise (seat + 1 is next), -1"},
        "discard": {"type": "array", "minItems": 1, "items": CARD, "description": "the discard pile, top first"},
        "colour": {**COLOUR, "description": "the colour named after an S.P.; required when the top card is one"},
        "stack": {"type": "integer", "minimum": 0, "description": "SC-3: obstruction mode while ≥ 1"},
        "deck": {"type": "integer", "minimum": 0},
        "card": {**CARD, "description": "the card played"},
        "reach": {"type": "boolean", "default": False, "description": "“リーチ” declared with it (SC-6)"},
        "choices": {"type": "object", "properties": {
            "colour": {**COLOUR, "description": "the colour named after an S.P. (SC-8)"},
            "target": {**SEAT, "description": "the seat 春歌's or 四葉's S.P. gives 2 cards (SC-5)"}}},
        "options": {"type": "object", "properties": {
            "end": {"type": "string", "enum": list(END_OPTION.choices), "default": END_OPTION.default},
            "hand_limit": {"type": "string", "enum": list(HAND_LIMIT_OPTION.choices),
                           "default": HAND_LIMIT_OPTION.default}}},
    },
}
REASON: dict[str, Any] = {
    "type": "object", "required": ["code", "message", "rule"],
    "properties": {"code": {"type": "string"}, "message": {"type": "string"}, "rule": {"type": "string"}},
}
RESPONSE_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["legal", "reasons"],
    "properties": {
        "legal": {"type": "boolean"},
        "reasons": {"type": "array", "items": REASON},
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
