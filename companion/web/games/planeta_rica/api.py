"""``POST /api/v1/planeta-rica/score`` (../shared/API.md): the engine's pure handler, and the JSON schemas of its
request and answer for the OpenAPI document."""

from __future__ import annotations

from typing import Any

from companion.games.planeta_rica import GAME, Gadget, Planet, Reward
from companion.games.planeta_rica.cards import SLOTS
from companion.games.planeta_rica.profile import DeckProfile, read_profile
from companion.games.planeta_rica.state import PLAYER_COUNTS
from companion.profiles import builtin_profiles
from companion.web.api.schema import integer, obj, part, ref
from companion.web.gameweb import ApiRoute, ProfileLookup


def score(body: Any, lookup: ProfileLookup) -> dict[str, Any]:
    """The same scoring the pages use (``score.score_seats``), through the engine's request reader."""
    return GAME.score_request(body, lookup)


SLOTS_SCHEMA: dict[str, Any] = {"type": "array", "minItems": SLOTS, "maxItems": SLOTS,
                                "items": {"type": "string", "enum": [r.value for r in Reward]},
                                "description": "The five slot rewards, 1st (top) to 5th (PR-2); used by Schneider."}
DECKS = [read_profile(data) for data in builtin_profiles(GAME.slug).values()]
COPIES = "; ".join(f"{card.value} ×{card.copies}" for card in (*Planet, *Gadget))


def _names(cards: list[Any]) -> dict[str, Any]:
    return {"type": "string", "enum": [card.value for card in cards],
            "description": "×n: the game's copies of the card; no more across all seats (PR-1, a 422)"}


def _card(deck: DeckProfile, kind: type[Planet] | type[Gadget], more: dict[str, Any]) -> dict[str, Any]:
    """A planet or gadget: its VP inline, or from the deck where the deck has it (PR-6); never guessed."""
    known = [card for card in kind if deck.vp(card) is not None]
    unknown = [card for card in kind if deck.vp(card) is None]
    vp = integer(description="The VP the card prints; given here, it wins over the deck's")
    variants = []
    if known:
        variants.append(part({"name": _names(known), "vp": {**vp, "type": ["integer", "null"]}, **more}, ["name"]))
    if unknown:
        variants.append(part({"name": _names(unknown), "vp": vp, **more}, ["name", "vp"],
                            description=f"The {deck.id} deck does not know these cards' VP: give it"))
    return {"anyOf": variants}


def _seat(deck: DeckProfile) -> dict[str, Any]:
    """A seat's fame and cards; a seat holding Schneider needs every planet's slots (PR-7)."""
    slots = {"slots": {"anyOf": [{"type": "null"}, SLOTS_SCHEMA]}}
    unknown_slots = [p for p in Planet if None in deck.planet(p).slots]
    schneider = {"properties": {"gadgets": {"contains": {"type": "object", "properties": {
        "name": {"const": Gadget.TRADE_KING_SCHNEIDER.value}}, "required": ["name"]}}}, "required": ["gadgets"]}
    needs_slots = {"properties": {"planets": {"items": {"anyOf": [
        {"properties": {"name": {"not": {"enum": [p.value for p in unknown_slots]}}}},
        {"properties": {"slots": SLOTS_SCHEMA}, "required": ["slots"]},
    ]}}}}
    return part({
        "fame": integer(0),
        "planets": {"type": "array", "items": _card(deck, Planet, slots)},
        "gadgets": {"type": "array", "items": _card(deck, Gadget, {}),
                    "description": "one copy of a gadget per seat (PR-3, a 422)"},
    }, ["fame"], **({"if": schneider, "then": needs_slots} if unknown_slots else {}))


def seat_name(deck: DeckProfile) -> str:
    return f"PlanetaRica.{deck.id}.Seat"


def _request(deck: DeckProfile, players: int) -> dict[str, Any]:
    """One player count with one built-in deck: a seat per player, the start player among them."""
    profile = {"const": deck.id, **({"default": "default"} if deck.id == "default" else {})}
    return obj({
        "players": {"const": players},
        "start": integer(0, players - 1, description="The start player's seat (breaks ties, PR-5)."),
        "profile": {**profile, "description": "A built-in deck profile id (listed here), or a user profile's "
                                              "token, which only the server that made it knows (else a 422)."},
        "seats": {"type": "array", "minItems": players, "maxItems": players,
                  "items": ref(f"#/components/schemas/{seat_name(deck)}"),
                  "description": "seats[seat]: one per player. Copies: " + COPIES},
    }, ["players", "start", "seats"] + (["profile"] if deck.id != "default" else []))


REQUEST_SCHEMA: dict[str, Any] = {
    "oneOf": [_request(deck, players) for deck in DECKS for players in PLAYER_COUNTS],
    "description": "players 3–5; profile a built-in deck (absent: default)",
}
SEAT_SCHEMAS = {seat_name(deck): _seat(deck) for deck in DECKS}

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
             REQUEST_SCHEMA, RESPONSE_SCHEMA, SEAT_SCHEMAS),
)
