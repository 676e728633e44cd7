"""``POST /api/v1/planeta-rica/score`` (../shared/API.md): the engine's pure handler, and the JSON schemas of its
request and answer for the OpenAPI document."""

from __future__ import annotations

from typing import Any

from companion.games.planeta_rica import GAME, Gadget, Planet, Reward
from companion.web.gameweb import ApiRoute, ProfileLookup


def score(body: Any, lookup: ProfileLookup) -> dict[str, Any]:
    """The same scoring the pages use (``score.score_seats``), through the engine's request reader."""
    return GAME.score_request(body, lookup)


SLOTS_SCHEMA: dict[str, Any] = {"type": "array", "minItems": 5, "maxItems": 5,
                                "items": {"type": "string", "enum": [r.value for r in Reward]},
                                "description": "The five slot rewards, 1st (top) to 5th (PR-2); used by Schneider."}

REQUEST_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["players", "start", "seats"],
    "properties": {
        "players": {"type": "integer", "minimum": 3, "maximum": 5},
        "start": {"type": "integer", "minimum": 0, "description": "The start player's seat (breaks ties, PR-5)."},
        "profile": {"type": "string", "default": "default",
                    "description": "A built-in deck profile id or a user profile's token."},
        "seats": {"type": "array", "items": {
            "type": "object", "required": ["fame"],
            "properties": {
                "fame": {"type": "integer", "minimum": 0},
                "planets": {"type": "array", "items": {
                    "type": "object", "required": ["name"],
                    "properties": {"name": {"type": "string", "enum": [p.value for p in Planet]},
                                   "vp": {"type": "integer"}, "slots": SLOTS_SCHEMA}}},
                "gadgets": {"type": "array", "items": {
                    "type": "object", "required": ["name"],
                    "properties": {"name": {"type": "string", "enum": [g.value for g in Gadget]},
                                   "vp": {"type": "integer"}}}},
            }}},
    },
}

RESPONSE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["seats", "ranking", "winner"],
    "properties": {
        "seats": {"type": "array", "items": {
            "type": "object", "required": ["vp", "fame", "planets", "gadgets", "bonus", "bonuses"],
            "properties": {
                "vp": {"type": "integer"}, "fame": {"type": "integer"}, "planets": {"type": "integer"},
                "gadgets": {"type": "integer"}, "bonus": {"type": "integer"},
                "bonuses": {"type": "array", "items": {"type": "object", "properties": {
                    "name": {"type": "string"}, "vp": {"type": "integer"},
                    "resource_icons": {"type": "integer"}}}},
            }}},
        "ranking": {"type": "array", "items": {"type": "integer"},
                    "description": "Seats best first; ties to the tied seat farthest clockwise from start (PR-5)."},
        "winner": {"type": ["integer", "null"]},
    },
}

ROUTES = (
    ApiRoute("score", score, "Score a finished game: VP per player, ranking and winner (PR-5, PR-7)",
             REQUEST_SCHEMA, RESPONSE_SCHEMA),
)
