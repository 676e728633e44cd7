"""``POST /api/v1/strato-sphere/attack`` and ``/defend`` (../shared/API.md): the engine's pure handlers as
ApiRoutes, with the JSON schemas the OpenAPI description shows. The platform turns the Reasons in an answer
into ``{"code", "message", "rule"}`` and a RulesError into a 422 listing every problem."""

from __future__ import annotations

from typing import Any

from companion.games.strato_sphere import attack_response, defend_response
from companion.games.strato_sphere.cards import forces_for, packs_for
from companion.games.strato_sphere.ring import ring_size
from companion.games.strato_sphere.state import PLAYER_COUNTS
from companion.web.api.schema import REASONS_REF, integer, obj, part, ref
from companion.web.gameweb import ApiRoute, ProfileLookup

SPACES = "[ \\t\\n\\r]*"  # around a card, as the reader strips them
RANKS = "(?:[AaKkQqJjTt2-9]|10)"
SUITS = "[SsHhDdCc]"
SHOWN_CARD: dict[str, Any] = {
    "type": "string", "pattern": f"^{SPACES}{RANKS}{SUITS}{SPACES}$",
    "description": "Rank then suit: A K Q J 10 (or T) 9 … 2, then S H D C; letter case and surrounding spaces "
                   "are ignored (SS-2)",
    "examples": ["KS", "10H", "TH"],
}
ANY_CARD: dict[str, Any] = {
    **SHOWN_CARD, "pattern": f"^{SPACES}(?:{RANKS}{SUITS}|\\?){SPACES}$",
    "description": SHOWN_CARD["description"] + "; \"?\" for a face-down card nobody has seen",
    "examples": ["KS", "10H", "?"],
}
UNSEEN: dict[str, Any] = {"type": "string", "pattern": f"^{SPACES}\\?{SPACES}$"}
# SS-4: only a node's top card may be face up, and a face-up card is known; the cards under it lie face down.
TOP_CARD: dict[str, Any] = {"anyOf": [
    part({"card": SHOWN_CARD, "up": {"type": "boolean", "default": False, "description": "Face up (SS-4)"}},
        ["card"]),
    part({"card": UNSEEN, "up": {"const": False, "default": False}}, ["card"]),
]}
CARD_BELOW: dict[str, Any] = part({"card": ANY_CARD, "up": {"const": False, "default": False,
                                                           "description": "Under the top: face down (SS-4)"}},
                                 ["card"])
NODE: dict[str, Any] = {"type": "array", "minItems": 1, "prefixItems": [TOP_CARD], "items": CARD_BELOW,
                        "description": "A node's cards, top card first; never empty (SS-5)"}


def _forces(players: int) -> dict[str, Any]:
    names = [f.value for f in forces_for(players)]
    return {"type": ["array", "null"], "minItems": players, "maxItems": players,
            "items": {"enum": [*names, None]},
            "description": f"forces[seat], one per seat: {' '.join(names)} or null while unknown (SS-3); no force "
                           "is held by two seats (a 422). Letter case is ignored. Absent or null: all unknown."}


def _state(players: int) -> dict[str, Any]:
    """The shared state's fields for one player count: every length and index follows from it (SS-1)."""
    nodes = ring_size(players)
    return {
        "players": {"const": players} if players != 4 else {"const": 4, "default": 4},
        "forces": _forces(players),
        "nodes": {"type": "array", "minItems": nodes, "maxItems": nodes, "items": NODE,
                  "description": f"{nodes} nodes (3 × players) in ring order (SS-1: seat s owns 3s..3s+2). No face "
                                 f"appears more often than the {packs_for(players)} pack(s) hold it, across nodes "
                                 "and the defence card (SS-2, a 422)."},
        "start": integer(0, players - 1,
                         description="Optional: the seat that began, the one on the dealer's left (SS-5), as Planeta "
                                     "Rica's start names its start player. Checked as a seat of this table; it changes "
                                     "no answer: an attack names its player (SS-6) and anyone may defend (SS-7)."),
        "completion": {"type": "boolean", "default": False,
                       "description": "Not in API.md; an optional extension that changes no answer API.md defines "
                                      "(false when absent): read forces with SS-3's completion option (the English "
                                      "original), where the last unknown force goes to the last seat without one."},
    }


def _attack(players: int) -> dict[str, Any]:
    last = ring_size(players) - 1
    return {"player": integer(0, players - 1, description="The attacking seat, 0-based clockwise"),
            "from": integer(0, last, description="The attacking node"),
            "to": integer(0, last, description="The attacked node")}


def _per_player_count(build: Any) -> dict[str, Any]:
    """One variant per player count (2, 4): the lengths of forces and nodes and the ranges of seats and nodes
    differ; a body without ``players`` is a 4-player one."""
    return {"oneOf": [build(players) for players in PLAYER_COUNTS],
            "description": "players 2 or 4 (absent: 4); forces and nodes sized for it (SS-1, SS-3)"}


def _attack_request(players: int) -> dict[str, Any]:
    required = ["nodes", "player", "from", "to"] + (["players"] if players != 4 else [])
    return obj({**_state(players), **_attack(players)}, required)


def _defend_request(players: int) -> dict[str, Any]:
    required = ["nodes", "attack", "card"] + (["players"] if players != 4 else [])
    return obj({**_state(players), "attack": part(_attack(players), ["player", "from", "to"],
                                                 description="An attack that /attack answers legal; a defence "
                                                             "against an illegal one is a 422 (SS-7)"),
                "card": {**SHOWN_CARD, "description": "The defence card, shown face up (never \"?\")"}}, required)


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

ATTACK_REQUEST = _per_player_count(_attack_request)
ATTACK_RESPONSE: dict[str, Any] = {
    "type": "object",
    "required": ["legal", "reasons", "defenders"],
    "properties": {"legal": {"type": "boolean"}, "reasons": ref(REASONS_REF), "defenders": DEFENDERS},
}
DEFEND_REQUEST = _per_player_count(_defend_request)
DEFEND_RESPONSE: dict[str, Any] = {
    "type": "object",
    "required": ["legal", "reasons"],
    "properties": {"legal": {"type": "boolean"}, "reasons": ref(REASONS_REF)},
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
