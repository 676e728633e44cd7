"""``POST /api/v1/planetary-sisters/score`` (../shared/API.md): the engine's pure handler, and the JSON
schemas of its request and answer for the OpenAPI document."""

from __future__ import annotations

from typing import Any

from companion.games.planetary_sisters import CATEGORY_KEYS, GAME
from companion.games.planetary_sisters.elements import DEFAULT_ELEMENTS
from companion.web.gameweb import ApiRoute, ProfileLookup


def score(body: Any, lookup: ProfileLookup) -> dict[str, Any]:
    """The same scoring the pages use (``score.score_player``), through the engine's request reader."""
    return GAME.score_request(body, lookup)


CARD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "A sister card: its elements (name -> icon count), its rank, or both. A rank alone is looked "
                   "up in the deck profile (PS-2).",
    "properties": {
        "rank": {"type": "integer", "minimum": 1, "maximum": 36},
        "elements": {
            "type": "object",
            "description": "Element name -> icon count (PS-1). The built-in names are "
                           + ", ".join(name for name, _ in DEFAULT_ELEMENTS) + "; a profile may rename them.",
            "additionalProperties": {"type": "integer", "minimum": 1},
        },
    },
    "anyOf": [{"required": ["rank"]}, {"required": ["elements"]}],
}

REQUEST_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["house"],
    "properties": {
        "players": {"type": "integer", "enum": [2, 3, 4], "default": 4},
        "house": {"type": "array", "items": CARD_SCHEMA, "maxItems": 8,
                  "description": "0 to 8 house cards; a partial house is scored as it stands."},
        "field": {"type": "array", "items": CARD_SCHEMA, "maxItems": 4,
                  "description": "The field cards (at most the number of players; 4 with 2 players)."},
        "guards": {"type": "array", "items": CARD_SCHEMA, "maxItems": 2,
                   "description": "2 players only: the player's guard cards (番人札), harvesters of the field bonus."},
        "profile": {"type": "string", "default": "default",
                    "description": "A built-in deck profile id or a user profile's token."},
    },
}

CATEGORY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["production", "harvesters", "satisfaction", "multiplier", "points"],
    "properties": {k: {"type": "integer", "minimum": 0}
                   for k in ("production", "harvesters", "satisfaction", "multiplier", "points")},
}

SIDE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["total", "categories"],
    "properties": {
        "total": {"type": "integer", "minimum": 0},
        "categories": {"type": "object", "required": list(CATEGORY_KEYS),
                       "properties": {key: CATEGORY_SCHEMA for key in CATEGORY_KEYS}},
    },
}

RESPONSE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["total", "house", "field"],
    "properties": {"total": {"type": "integer", "minimum": 0}, "house": SIDE_SCHEMA, "field": SIDE_SCHEMA},
}

ROUTES = (
    ApiRoute("score", score, "Score a house and its field bonus by category (PS-3, PS-4)", REQUEST_SCHEMA,
             RESPONSE_SCHEMA),
)
