"""``POST /api/v1/lumiere/captures`` (../shared/API.md): the engine's pure handler, with its JSON schemas for
the OpenAPI description. The platform decodes the body, answers 400/413, and turns the engine's ErrorList into
the 422's ``{"errors": [{"path", "code", "message", "rule"}]}``."""

from __future__ import annotations

from typing import Any

from companion.games.lumiere import LINE_ORDER, Card, captures_request
from companion.games.lumiere.api import DEFAULT_PLAYERS
from companion.games.lumiere.state import PLAYER_COUNTS
from companion.web.api.schema import integer, obj, part
from companion.web.gameweb import ApiRoute

CELL: dict[str, Any] = {
    "type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 3}, "minItems": 2, "maxItems": 2,
    "description": "[row, column], 0-based from the top-left area",
}
CARD_IDS: dict[str, Any] = {
    "type": "string", "enum": [c.value for c in Card],
    "description": "; ".join(f"{c.value} {c.name_ja} ×{c.per_player}" for c in Card)
                   + " (×n: copies per player; a field holds no more than n × players of a card, LP-8)",
}


def _field_card(players: int) -> dict[str, Any]:
    return part({"card": CARD_IDS,
                "owner": integer(0, players - 1, description="the seat the card faces (LP-1)")}, ["card", "owner"])


def _request(players: int) -> dict[str, Any]:
    """The request for one player count: owners are seats below it, copies are per player (LP-8)."""
    area = {"type": "array", "items": _field_card(players), "description": "the area's stack, top card first"}
    row = {"type": "array", "minItems": 4, "maxItems": 4, "items": area, "description": "4 areas from the left"}
    return obj({
        "players": {"const": players, **({"default": DEFAULT_PLAYERS} if players == DEFAULT_PLAYERS else {})},
        "board": {"type": "array", "minItems": 4, "maxItems": 4, "items": row, "description": "4 rows from the top"},
        "active": {"type": "array", "items": CELL, "default": [],
                   "description": "the areas whose top card is active this turn (LP-3); each holds a card"},
    }, ["board"] + (["players"] if players != DEFAULT_PLAYERS else []))


REQUEST_SCHEMA: dict[str, Any] = {"oneOf": [_request(players) for players in PLAYER_COUNTS],
                                  "description": "players 3 or 4 (absent: 4)"}
RESPONSE_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["captures", "excluded"],
    "properties": {
        "captures": {"type": "array", "description": "row-major order of cell", "items": {
            "type": "object", "required": ["cell", "owner", "by", "lines"],
            "properties": {"cell": CELL, "owner": {"type": "integer"}, "by": {"type": "integer"},
                           "lines": {"type": "array", "items": {"type": "string",
                                                                "enum": [line.value for line in LINE_ORDER]}}}}},
        "excluded": {"type": "array", "description": "row-major order of cell; sandwiched by several owners (LP-5)",
                     "items": {"type": "object", "required": ["cell", "owner", "by"],
                               "properties": {"cell": CELL, "owner": {"type": "integer"},
                                              "by": {"type": "array", "items": {"type": "integer"}}}}},
    },
}

CAPTURES = ApiRoute(
    "captures", captures_request,
    "What the get phase captures and sends to the exclusion area on a 4×4 field (LP-1 … LP-5)",
    REQUEST_SCHEMA, RESPONSE_SCHEMA,
)
