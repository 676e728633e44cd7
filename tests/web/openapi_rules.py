"""The referee API's rules across fields, read from the OpenAPI description's words (JSON Schema cannot state
them): a third-party client's own reading of "no face more often than the packs hold it", "each card once",
"the same rank once". tests/web/test_openapi_contract.py makes each generated *schema-valid* request keep
these rules (``kept``: a repeated card leaves, a count shrinks; the result is still schema-valid) and then checks
it does (``keeps_rules``), so "schema-valid and rule-keeping → 2xx" is what the positive_data_acceptance check
holds the server to. Negative requests are left as generated: they must be refused whatever they hold.

Each function here is written from the description, never from the engines, so that a rule the server
enforces but the description does not say still shows up as a failure."""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

Body = Mapping[str, Any]

# path -> card id -> copies, read from each call's description ("id ×n"; Lumière: "id name ×n" per player)
COPIES: dict[str, dict[str, int]] = {}
PLANETARY_SISTERS_RANKS = ("house", "field", "guards")
STRATO_RANKS = {"T": "10"}


def _norm(text: str) -> str:
    return text.strip().upper()


def _strato_face(text: str) -> str:
    face = _norm(text)
    return STRATO_RANKS.get(face[:-1], face[:-1]) + face[-1:]


def strato_sphere(body: Body) -> bool:
    """forces: no force held by two seats. nodes (and the defence card): no face more often than the packs
    hold it (2 packs with 4 players, 1 with 2)."""
    players = body.get("players", 4)
    forces = [_norm(f) for f in body.get("forces") or [] if f is not None]
    if len(forces) != len(set(forces)):
        return False
    faces = [_strato_face(c["card"]) for node in body["nodes"] for c in node if c["card"].strip() != "?"]
    if isinstance(body.get("card"), str):
        faces.append(_strato_face(body["card"]))
    packs = 2 if players == 4 else 1
    return all(n <= packs for n in Counter(faces).values())


def sister_combination(body: Body) -> bool:
    """Each card once (the card played is not on the pile); the seat to play holds a card, every seat does
    with end first_out and at least two do with last_one; hands, stack, deck and pile hold at most 144."""
    cards = [c.strip().lower() for c in body["discard"]]
    if body["card"].strip().lower() in cards:
        return False
    hands = body["hands"]
    options = body.get("options") or {}
    if hands[body["turn"]] == 0:
        return False
    if options.get("end", "first_out") == "first_out" and 0 in hands:
        return False
    if sum(1 for h in hands if h > 0) < 2:
        return False
    return sum(hands) + body["stack"] + body["deck"] + len(cards) <= 144


def planetary_sisters(body: Body) -> bool:
    """The same rank once in a request."""
    ranks = [card["rank"] for key in PLANETARY_SISTERS_RANKS for card in body.get(key) or [] if "rank" in card]
    return len(ranks) == len(set(ranks))


def lumiere(body: Body) -> bool:
    """An active area holds a card; a field holds no more than n × players of a card (×n per player)."""
    board = body["board"]
    if any(not board[row][col] for row, col in body.get("active") or []):
        return False
    counts = Counter(card["card"] for row in board for area in row for card in area)
    per_player = COPIES.get("/api/v1/lumiere/captures", {})
    return all(n <= per_player.get(card, n) * body.get("players", 4) for card, n in counts.items())


def planeta_rica(body: Body) -> bool:
    """No more copies of a card across the seats than the game has; one copy of a gadget in a seat."""
    counts: Counter[str] = Counter()
    for seat in body["seats"]:
        gadgets = [g["name"] for g in seat.get("gadgets") or []]
        if len(gadgets) != len(set(gadgets)):
            return False
        counts.update(gadgets)
        counts.update(p["name"] for p in seat.get("planets") or [])
    copies = COPIES.get("/api/v1/planeta-rica/score", {})
    return all(n <= copies.get(name, n) for name, n in counts.items())


RULES: dict[str, Callable[[Body], bool]] = {
    "/api/v1/strato-sphere/attack": strato_sphere,
    "/api/v1/strato-sphere/defend": strato_sphere,
    "/api/v1/sister-combination/play": sister_combination,
    "/api/v1/planetary-sisters/score": planetary_sisters,
    "/api/v1/planeta-rica/score": planeta_rica,
    "/api/v1/lumiere/captures": lumiere,
}


# -- making a generated body keep them (a filter alone would throw nearly every body away) ---------------------

def strato_sphere_kept(body: dict[str, Any]) -> dict[str, Any]:
    """A repeated force becomes unknown (null); a face beyond the packs becomes an unseen "?" face down."""
    if isinstance(body.get("forces"), list):
        seen: set[str] = set()
        for seat, force in enumerate(body["forces"]):
            if force is not None and _norm(force) in seen:
                body["forces"][seat] = None
            elif force is not None:
                seen.add(_norm(force))
    packs = 2 if body.get("players", 4) == 4 else 1
    counts = Counter([_strato_face(body["card"])] if isinstance(body.get("card"), str) else [])
    for node in body["nodes"]:
        for card in node:
            if card["card"].strip() == "?":
                continue
            face = _strato_face(card["card"])
            if counts[face] >= packs:
                card["card"] = "?"
                if "up" in card:
                    card["up"] = False
            else:
                counts[face] += 1
    return body


def sister_combination_kept(body: dict[str, Any]) -> dict[str, Any]:
    """The card played leaves the pile (but the top); every seat that must hold a card holds one; the sizes
    shrink to fit the 144 cards."""
    card = body["card"].strip().lower()
    pile, seen = [], set()
    for index, entry in enumerate(body["discard"]):
        name = entry.strip().lower()
        if index == 0 or (name != card and name not in seen):
            pile.append(entry)
            seen.add(name)
    body["discard"] = pile
    hands, turn = body["hands"], body["turn"]
    first_out = (body.get("options") or {}).get("end", "first_out") == "first_out"
    for seat in range(len(hands)):
        if hands[seat] == 0 and (first_out or seat in (turn, (turn + 1) % len(hands))):
            hands[seat] = 1
    room = 144 - len(body["discard"])
    total = sum(hands) + body["stack"] + body["deck"]
    if total > room:
        hands[:] = [max(1, h * room // total // 2) if h else 0 for h in hands]
        body["stack"] = body["stack"] * room // total // 4
        body["deck"] = body["deck"] * room // total // 4
    return body


def lumiere_kept(body: dict[str, Any]) -> dict[str, Any]:
    """Cards beyond n × players leave the field; active areas left empty are no longer active."""
    per_player = COPIES.get("/api/v1/lumiere/captures", {})
    players = body.get("players", 4)
    counts: Counter[str] = Counter()
    for row in body["board"]:
        for col, area in enumerate(row):
            kept = []
            for card in area:
                if counts[card["card"]] < per_player.get(card["card"], 99) * players:
                    counts[card["card"]] += 1
                    kept.append(card)
            row[col] = kept
    if isinstance(body.get("active"), list):
        body["active"] = [cell for cell in body["active"] if body["board"][cell[0]][cell[1]]]
    return body


def planetary_sisters_kept(body: dict[str, Any]) -> dict[str, Any]:
    """A card whose rank came earlier in the request leaves it."""
    seen: set[int] = set()
    for key in PLANETARY_SISTERS_RANKS:
        if isinstance(body.get(key), list):
            kept = []
            for card in body[key]:
                if card.get("rank") is None or card["rank"] not in seen:
                    kept.append(card)
                    if card.get("rank") is not None:
                        seen.add(card["rank"])
            body[key] = kept
    return body


def planeta_rica_kept(body: dict[str, Any]) -> dict[str, Any]:
    """Cards beyond the game's copies, and a seat's second copy of a gadget, leave the request."""
    copies = COPIES.get("/api/v1/planeta-rica/score", {})
    counts: Counter[str] = Counter()
    for seat in body["seats"]:
        for key in ("gadgets", "planets"):
            kept, here = [], set()
            for card in seat.get(key) or []:
                name = card["name"]
                if counts[name] < copies.get(name, 99) and not (key == "gadgets" and name in here):
                    counts[name] += 1
                    here.add(name)
                    kept.append(card)
            if key in seat:
                seat[key] = kept
    return body


REPAIRS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "/api/v1/strato-sphere/attack": strato_sphere_kept,
    "/api/v1/strato-sphere/defend": strato_sphere_kept,
    "/api/v1/sister-combination/play": sister_combination_kept,
    "/api/v1/planetary-sisters/score": planetary_sisters_kept,
    "/api/v1/planeta-rica/score": planeta_rica_kept,
    "/api/v1/lumiere/captures": lumiere_kept,
}


def kept(path: str, body: Any) -> Any:
    """``body`` changed to keep its call's rules across fields (a copy; other bodies as they are)."""
    repair = REPAIRS.get(path)
    return repair(copy.deepcopy(body)) if repair is not None and isinstance(body, dict) else body


def copies_from(descriptions: Iterable[str]) -> dict[str, int]:
    """Card id -> copies, from descriptions that list them as ``id ×n``."""
    found: dict[str, int] = {}
    for text in descriptions:
        found.update((name, int(n)) for name, n in re.findall(r"([a-z_]+)(?: \S+)? ×(\d+)", text))
    return found


def whole_numbers_as_integers(value: Any) -> Any:
    """2.0 read as 2 (as the API reads it): the repairs below index lists with the numbers they read."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 10 ** 15:
        return int(value)
    if isinstance(value, dict):
        return {key: whole_numbers_as_integers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [whole_numbers_as_integers(item) for item in value]
    return value


def keeps_rules(path: str, body: object) -> bool:
    """Whether a schema-valid body also keeps the rules across fields its call's description states."""
    rule = RULES.get(path)
    return rule is None or not isinstance(body, Mapping) or rule(body)
