"""``POST /api/v1/strato-sphere/attack`` and ``/defend`` (../shared/API.md): the engine's pure handlers as
ApiRoutes, with the JSON schemas the OpenAPI description shows. The platform turns the Reasons in an answer
into ``{"code", "message", "rule"}`` and a RulesError into a 422 listing every problem."""

from __future__ import annotations

from typing import Any

from companion.games.strato_sphere import attack_response, defend_response
from companion.web.gameweb import ApiRoute, ProfileLookup

CARD = {"type": "string", "description": "Rank then suit: A K Q J 10 (or T) 9 … 2, then S H D C; \"?\" for an "
                                         "unseen face-down card", "examples": ["KS", "10H", "TH", "?"]}
NODE_CARD = {
    "type": "object",
    "required": ["card"],
    "properties": {"card": CARD, "up": {"type": "boolean", "default": False, "description": "Face up (SS-4)"}},
}
STATE_PROPERTIES: dict[str, Any] = {
    "players": {"type": "integer", "enum": [2, 4], "default": 4},
    "forces": {
        "type": "array",
        "description": "forces[seat]: S H D C (4 players), \"red\"/\"black\" (2 players), or null while unknown "
                       "(SS-3)",
        "items": {"type": ["string", "null"], "enum": ["S", "H", "D", "C", "red", "black", None]},
    },
    "nodes": {
        "type": "array",
        "description": "3 × players nodes in ring order (SS-1: seat s owns 3s..3s+2), each top card first",
        "items": {"type": "array", "minItems": 1, "items": NODE_CARD},
    },
}
ATTACK_FIELDS: dict[str, Any] = {
    "player": {"type": "integer", "minimum": 0, "description": "The attacking seat, 0-based clockwise"},
    "from": {"type": "integer", "minimum": 0, "description": "The attacking node"},
    "to": {"type": "integer", "minimum": 0, "description": "The attacked node"},
}
REASON = {
    "type": "object",
    "required": ["code", "message", "rule"],
    "properties": {"code": {"type": "string"}, "message": {"type": "string"}, "rule": {"type": "string"}},
}
DEFENDERS = {
    "oneOf": [
        {"type": "null"},
        {"type": "object", "required": ["suit", "min_rank"],
         "properties": {"suit": {"enum": ["S", "H", "D", "C"]}, "min_rank": {"type": "string"}}},
        {"type": "object", "required": ["colour", "min_rank"],
         "properties": {"colour": {"enum": ["red", "black"]}, "min_rank": {"type": "string"}}},
    ],
    "description": "What a defence needs (SS-7), for a legal attack; null for an illegal one",
}

ATTACK_REQUEST: dict[str, Any] = {
    "type": "object",
    "required": ["nodes", "player", "from", "to"],
    "properties": {**STATE_PROPERTIES, **ATTACK_FIELDS},
}
ATTACK_RESPONSE: dict[str, Any] = {
    "type": "object",
    "required": ["legal", "reasons", "defenders"],
    "properties": {"legal": {"type": "boolean"}, "reasons": {"type": "array", "items": REASON},
                   "defenders": DEFENDERS},
}
DEFEND_REQUEST: dict[str, Any] = {
    "type": "object",
    "required": ["nodes", "attack", "card"],
    "properties": {
        **STATE_PROPERTIES,
        "attack": {"type": "object", "required": ["player", "from", "to"], "properties": ATTACK_FIELDS},
        "card": {**CARD, "description": "The defence card, shown face up (never \"?\")"},
    },
}
DEFEND_RESPONSE: dict[str, Any] = {
    "type": "object",
    "required": ["legal", "reasons"],
    "properties": {"legal": {"type": "boolean"}, "reasons": {"type": "array", "items": REASON}},
}


def attack(body: Any, lookup: ProfileLookup) -> dict[str, Any]:
    """May this node attack that one (SS-6)? Standard packs: no deck profile is looked up."""
    return attack_response(body)


def defend(body: Any, lookup: ProfileLookup) -> dict[str, Any]:
    """Does this card defend against that attack (SS-7)? A defence against an illegal attack is a 422."""
    return defend_response(body)


ROUTES = (
    ApiRoute("attack", attack, "Strato-Sphere: may this node attack that one? (SS-6, SS-7)", ATTACK_REQUEST,
             ATTACK_RESPONSE),
    ApiRoute("defend", defend, "Strato-Sphere: does this card defend against that attack? (SS-7)", DEFEND_REQUEST,
             DEFEND_RESPONSE),
)
