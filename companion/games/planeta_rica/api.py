"""``POST /api/v1/planeta-rica/score`` (API.md), as a pure function of the decoded JSON body.

``score_request(body, lookup_profile)`` returns the response dict, or raises ErrorList listing every problem
with its path (422): ParseError for shape, values and what neither the request nor the profile gives (PR-6),
ImpossibleState for cards the game does not have that many of (PR-1) or a second copy of a gadget in one seat
(PR-3). The scoring is ``score.score_seats``, the same the page and the tracker use.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from ..base import ErrorList, ImpossibleState, ParseError, RulesError
from .cards import SLOTS, Card, Gadget, Planet, Reward
from .profile import DeckProfile, read_profile
from .score import GadgetVP, PlanetVP, SeatCards, bonuses, score_seats
from .state import PLAYER_COUNTS

ProfileLookup = Callable[[str], "Mapping[str, Any] | None"]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Request:
    def __init__(self) -> None:
        self.errors: list[RulesError] = []

    def parse(self, code: str, rule: str, path: str, **params: Any) -> None:
        self.errors.append(ParseError(code, rule, path, **params))

    def int_field(self, data: Mapping[str, Any], key: str, path: str, rule: str, low: int,
                  high: int | None = None) -> int | None:
        if key not in data:
            self.parse("pr.api.missing", rule, path, field=key)
            return None
        value = data[key]
        if not _is_int(value):
            self.parse("pr.api.wrong_type", rule, path, expected="integer", got=type(value).__name__)
            return None
        if value < low or (high is not None and value > high):
            self.parse("pr.api.out_of_range", rule, path, value=value, min=low,
                       **({"max": high} if high is not None else {}))
            return None
        return int(value)


def read_score_request(body: Any, lookup_profile: ProfileLookup) -> tuple[list[SeatCards], int]:
    """The seats' cards (VP and slots resolved) and the start seat; raises ErrorList naming every problem."""
    if not isinstance(body, Mapping):
        raise ErrorList([ParseError("pr.api.wrong_type", "PR-5", "", expected="object", got=type(body).__name__)])
    req = _Request()
    players = req.int_field(body, "players", "players", "PR-1", min(PLAYER_COUNTS), max(PLAYER_COUNTS))
    start = req.int_field(body, "start", "start", "PR-5", 0, (players or max(PLAYER_COUNTS)) - 1)
    deck = _profile(body, lookup_profile, req)
    raw_seats = body.get("seats")
    seats: list[SeatCards] = []
    if raw_seats is None:
        req.parse("pr.api.missing", "PR-5", "seats", field="seats")
    elif not isinstance(raw_seats, list):
        req.parse("pr.api.wrong_type", "PR-5", "seats", expected="array", got=type(raw_seats).__name__)
    else:
        if players is not None and len(raw_seats) != players:
            req.parse("pr.api.seat_count", "PR-1", "seats", count=len(raw_seats), players=players)
        seats = [s for i, raw in enumerate(raw_seats) if (s := _seat(raw, f"seats[{i}]", deck, req)) is not None]
        _copies(raw_seats, req)
    if req.errors or start is None:
        raise ErrorList(req.errors)
    return seats, start


def _profile(body: Mapping[str, Any], lookup: ProfileLookup, req: _Request) -> DeckProfile | None:
    name = body.get("profile", "default")
    if not isinstance(name, str):
        req.parse("pr.api.wrong_type", "PR-6", "profile", expected="string", got=type(name).__name__)
        return None
    if not name.strip():  # an empty name names no profile: leave the key out for the built-in one
        req.parse("pr.api.empty_profile", "PR-6", "profile")
        return None
    data = lookup(name)
    if data is None:
        req.parse("pr.api.unknown_profile", "PR-6", "profile", profile=name)
        return None
    try:
        return read_profile(data)
    except ErrorList as broken:
        req.parse("pr.api.profile_unusable", "PR-6", "profile", profile=name, codes=[e.code for e in broken.errors])
        return None


def _cards(raw: Mapping[str, Any], key: str, path: str, req: _Request) -> list[Mapping[str, Any]]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        req.parse("pr.api.wrong_type", "PR-5", f"{path}.{key}", expected="array", got=type(value).__name__)
        return []
    return value


def _seat(raw: Any, path: str, deck: DeckProfile | None, req: _Request) -> SeatCards | None:
    if not isinstance(raw, Mapping):
        req.parse("pr.api.wrong_type", "PR-5", path, expected="object", got=type(raw).__name__)
        return None
    before = len(req.errors)
    fame = req.int_field(raw, "fame", f"{path}.fame", "PR-5", 0)
    gadget_entries = _cards(raw, "gadgets", path, req)
    planet_entries = _cards(raw, "planets", path, req)
    gadgets: list[GadgetVP] = []
    held: dict[Gadget, str] = {}
    for i, entry in enumerate(gadget_entries):
        where = f"{path}.gadgets[{i}]"
        gadget = _card(entry, where, Gadget, req)
        if gadget is None:
            continue
        assert isinstance(gadget, Gadget)
        if gadget in held:
            req.errors.append(ImpossibleState("pr.api.second_gadget_copy", "PR-3", where, card=gadget.value,
                                              first=held[gadget]))
        held[gadget] = where
        vp = _vp(entry, where, gadget, deck, req)
        gadgets.append(GadgetVP(gadget, vp))
    needs_slots = Gadget.TRADE_KING_SCHNEIDER in held
    planets: list[PlanetVP] = []
    for i, entry in enumerate(planet_entries):
        where = f"{path}.planets[{i}]"
        planet = _card(entry, where, Planet, req)
        if planet is None:
            continue
        assert isinstance(planet, Planet)
        vp = _vp(entry, where, planet, deck, req)
        slots = _slots(entry, where, planet, deck, needs_slots, req)
        planets.append(PlanetVP(planet, vp, slots))
    if len(req.errors) > before or fame is None:
        return None
    return SeatCards(fame, tuple(planets), tuple(gadgets))


def _card(entry: Any, where: str, kind: type[Planet] | type[Gadget], req: _Request) -> Card | None:
    if not isinstance(entry, Mapping):
        req.parse("pr.api.wrong_type", "PR-1", where, expected="object", got=type(entry).__name__)
        return None
    if "name" not in entry:
        req.parse("pr.api.missing", "PR-1", f"{where}.name", field="name")
        return None
    try:
        return kind(entry["name"])
    except ValueError:
        req.parse("pr.api.unknown_card", "PR-1", f"{where}.name", card=str(entry["name"]),
                  kind="planet" if kind is Planet else "gadget")
        return None


def _vp(entry: Mapping[str, Any], where: str, card: Card, deck: DeckProfile | None, req: _Request) -> int | None:
    if "vp" in entry and entry["vp"] is not None:
        if not _is_int(entry["vp"]):
            req.parse("pr.api.wrong_type", "PR-6", f"{where}.vp", expected="integer", got=type(entry["vp"]).__name__)
            return None
        return int(entry["vp"])
    known = deck.vp(card) if deck is not None else None
    if known is None and deck is not None:
        req.parse("pr.api.vp_unknown", "PR-6", f"{where}.vp", card=card.value)
    return known


def _slots(entry: Mapping[str, Any], where: str, planet: Planet, deck: DeckProfile | None, needed: bool,
           req: _Request) -> tuple[Reward | None, ...]:
    """PR-7: slots matter only to a seat holding Schneider; given inline, else from the profile."""
    if "slots" in entry and entry["slots"] is not None:
        listed = entry["slots"]
        if not isinstance(listed, list) or len(listed) != SLOTS:
            req.parse("pr.api.bad_slots", "PR-2", f"{where}.slots", expected=SLOTS,
                      found=len(listed) if isinstance(listed, list) else -1)
            return (None,) * SLOTS
        slots: list[Reward | None] = []
        for j, value in enumerate(listed):
            try:
                slots.append(Reward(value))
            except ValueError:
                req.parse("pr.slot.unknown_reward", "PR-2", f"{where}.slots[{j}]", reward=str(value),
                          allowed=[r.value for r in Reward])
                slots.append(None)
        return tuple(slots)
    known = deck.planet(planet).slots if deck is not None else (None,) * SLOTS
    if needed and deck is not None and None in known:
        req.parse("pr.api.slots_unknown", "PR-6", f"{where}.slots", card=planet.value)
    return known


def _copies(raw_seats: list[Any], req: _Request) -> None:
    """PR-1: no more copies of a card across all seats than 【カード内訳】 has."""
    counts: Counter[Card] = Counter()
    for raw in raw_seats:
        if not isinstance(raw, Mapping):
            continue
        for key, kind in (("planets", Planet), ("gadgets", Gadget)):
            entries = raw.get(key, [])
            if not isinstance(entries, list):
                continue
            for entry in entries:
                if isinstance(entry, Mapping):
                    try:
                        counts[kind(entry.get("name"))] += 1
                    except ValueError:
                        continue
    for card, count in counts.items():
        if count > card.copies:
            req.errors.append(ImpossibleState("pr.api.too_many_copies", "PR-1", "seats", card=card.value, count=count,
                                              copies=card.copies))


def score_request(body: Any, lookup_profile: ProfileLookup) -> dict[str, Any]:
    """The 200 response of POST /api/v1/planeta-rica/score, exactly as API.md shows it."""
    seats, start = read_score_request(body, lookup_profile)
    breakdown = score_seats(seats, start)
    out_seats = []
    for cards, scored in zip(seats, breakdown.seats, strict=True):
        terms = {t.code: t.value for t in scored.terms}
        extra = bonuses(cards)
        found = [{"name": b.gadget.value, "vp": b.vp, "resource_icons": b.resource_icons} for b in extra]
        out_seats.append({"vp": scored.total, "fame": cards.fame, "planets": terms["pr.vp.planets"],
                          "gadgets": terms["pr.vp.gadgets"], "bonus": sum(b.vp or 0 for b in extra),
                          "bonuses": found})
    ranking = [seat for place in breakdown.placings for seat in place]
    return {"seats": out_seats, "ranking": ranking, "winner": ranking[0] if ranking else None}
