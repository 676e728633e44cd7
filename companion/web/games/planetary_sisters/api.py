"""``POST /api/v1/planetary-sisters/score`` (../shared/API.md): the engine's pure handler, and the JSON
schemas of its request and answer for the OpenAPI document."""

from __future__ import annotations

from typing import Any

from companion.games.planetary_sisters import CATEGORY_KEYS, GAME
from companion.games.planetary_sisters.api import GUARDS_MAX, HOUSE_MAX
from companion.games.planetary_sisters.flow import PLAYER_COUNTS, field_size
from companion.games.planetary_sisters.profile import DeckProfile, read_profile
from companion.profiles import builtin_profiles
from companion.web.api.schema import obj, ref
from companion.web.gameweb import ApiRoute, ProfileLookup

from .api_cards import card_schema


def score(body: Any, lookup: ProfileLookup) -> dict[str, Any]:
    """The same scoring the pages use (``score.score_player``), through the engine's request reader."""
    return GAME.score_request(body, lookup)


DECKS = [read_profile(data) for data in builtin_profiles(GAME.slug).values()]


def card_name(deck: DeckProfile) -> str:
    return f"PlanetarySisters.{deck.id}.Card"


def _cards(deck: DeckProfile, most: int, description: str, nullable: bool = True) -> dict[str, Any]:
    return {"type": ["array", "null"] if nullable else "array", "items": ref(f"#/components/schemas/{card_name(deck)}"),
            "maxItems": most, "description": description}


def _request(deck: DeckProfile) -> dict[str, Any]:
    """The request with one built-in deck's cards (each deck names its own elements)."""
    profile = {"const": deck.id, **({"default": "default"} if deck.id == "default" else {})}
    return obj({
        "players": {"type": "integer", "enum": list(PLAYER_COUNTS), "default": 4},
        "house": _cards(deck, HOUSE_MAX, f"0 to {HOUSE_MAX} house cards; a partial house is scored as it stands.",
                        nullable=False),
        "field": _cards(deck, max(map(field_size, PLAYER_COUNTS)),
                        "The field cards: at most one per player (4 with 2 players)."),
        "guards": _cards(deck, GUARDS_MAX, "2 players only: the player's 0 to 2 guard cards (番人札), harvesters "
                                           "of the field bonus."),
        "profile": {**profile, "description": "A built-in deck profile id (listed here), or a user profile's "
                                              "token, which only the server that made it knows (else a 422)."},
    }, ["house"] + (["profile"] if deck.id != "default" else []), oneOf=[_sizes(p) for p in PLAYER_COUNTS])


def _sizes(players: int) -> dict[str, Any]:
    """What the player count sets (PS-7): a field card per player (4 with 2 players), guards with 2 only."""
    sizes = {"field": {"maxItems": field_size(players)}, "guards": {"maxItems": GUARDS_MAX if players == 2 else 0}}
    if players == 4:  # also a body without players
        return {"properties": {"players": {"const": 4}, **sizes}}
    return {"properties": {"players": {"const": players}, **sizes}, "required": ["players"]}


REQUEST_SCHEMA: dict[str, Any] = {"anyOf": [_request(deck) for deck in DECKS],
                                  "description": "profile a built-in deck (absent: default)"}
CARD_SCHEMAS = {card_name(deck): card_schema(deck) for deck in DECKS}


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
             RESPONSE_SCHEMA, CARD_SCHEMAS),
)
