"""``POST /api/v1/lumiere/captures`` (../shared/API.md): the engine's pure handler, with its JSON schemas for
the OpenAPI description. The platform decodes the body, answers 400/413, and turns the engine's ErrorList into
the 422's ``{"errors": [{"path", "code", "message", "rule"}]}``."""

from __future__ import annotations

from typing import Any

from companion.games.lumiere import LINE_ORDER, Card, captures_request
from companion.web.gameweb import ApiRoute

CELL: dict[str, Any] = {
    "type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 3}, "minItems": 2, "maxItems": 2,
    "description": "[row, column], 0-based from the top-left area",
}
FIELD_CARD: dict[str, Any] = {
    "type": "object", "required": ["card", "owner"],
    "properties": {
        "card": {"type": "string", "enum": [c.value for c in Card],
                 "description": "; ".join(f"{c.value} {c.name_ja}" for c in Card)},
        "owner": {"type": "integer", "minimum": 0, "maximum": 3,
                  "description": "the seat the card faces (LP-1), below the number of players"},
    },
}
REQUEST_SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["board"],
    "properties": {
        "players": {"type": "integer", "enum": [3, 4], "default": 4},
        "board": {"type": "array", "minItems": 4, "maxItems": 4, "description": "4 rows from the top",
                  "items": {"type": "array", "minItems": 4, "maxItems": 4, "description": "4 areas from the left",
                            "items": {"type": "array", "items": FIELD_CARD,
                                      "description": "the area's stack, top card first"}}},
        "active": {"type": "array", "items": CELL, "default": [],
                   "description": "the areas whose top card is active this turn (LP-3)"},
    },
}
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
