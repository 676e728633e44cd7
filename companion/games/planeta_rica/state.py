"""The tracked table of a Planeta Rica game: an immutable value, rebuilt by replaying moves.

The companion records a real table: it never deals or shuffles. The planet deck is a count (every planet card
not in the market nor in front of a player); the gadget supply is what 【カード内訳】 has minus what players
hold; the fame pool starts at 12 × players (PR-1) and never goes below 0 (PR-4: fame is still paid from an
empty pool).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from ..base import ImpossibleState, ParseError
from .cards import PLANET_CARDS, SLOTS, Card, Gadget, Planet, Resource, Resources
from .profile import Cost, DeckProfile, read_profile
from .readings import Readings, readings_from

PLAYER_COUNTS = (3, 4, 5)  # PR-1
START_WORKERS = 6  # 【ゲームの準備】
START_COINS = 5
FAME_PER_PLAYER = 12
MARKET_TYPES = 5  # PR-1: the market shows 5 different planet types
END_CARDS = 12  # PR-4: 12 planet and gadget cards in all


class Phase(Enum):
    SETUP = "setup"  # choosing the start player, turning up the first market (PR-1)
    RETURN = "return"  # 帰還フェイズ (PR-2)
    ACTION = "action"  # アクションフェイズ (PR-3; a second action with Time Machine, PR-7)
    REFILL = "refill"  # after an invade, turning up planets until the market shows 5 types (PR-3)
    OVER = "over"  # PR-4

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class OwnedPlanet:
    """A planet in front of a player: which of its 5 slots hold a worker, and the turn it was taken."""

    planet: Planet
    workers: tuple[bool, ...] = (False,) * SLOTS
    since: int = 0  # 0 = set-up (New Earth)

    @property
    def topmost(self) -> int | None:
        """PR-2: the topmost occupied slot (1 … 5), the one whose worker returns."""
        return next((i + 1 for i, w in enumerate(self.workers) if w), None)

    @property
    def empty(self) -> tuple[int, ...]:
        return tuple(i + 1 for i, w in enumerate(self.workers) if not w)

    @property
    def placed(self) -> int:
        return sum(self.workers)

    def with_workers(self, slots: tuple[int, ...], present: bool) -> OwnedPlanet:
        workers = list(self.workers)
        for slot in slots:
            workers[slot - 1] = present
        return replace(self, workers=tuple(workers))

    def __str__(self) -> str:
        return f"{self.planet}[{''.join('W' if w else '.' for w in self.workers)}]"


@dataclass(frozen=True)
class OwnedGadget:
    gadget: Gadget
    since: int  # the turn it was developed (Time Machine is not usable in that turn, PR-7)


@dataclass(frozen=True)
class Seat:
    planets: tuple[OwnedPlanet, ...] = (OwnedPlanet(Planet.NEW_EARTH),)
    gadgets: tuple[OwnedGadget, ...] = ()
    resources: Resources = Resources()
    coins: int = START_COINS
    fame: int = 0
    hand: int = START_WORKERS  # workers in hand

    @property
    def cards(self) -> int:
        """Planet and gadget cards held (PR-4 counts New Earth)."""
        return len(self.planets) + len(self.gadgets)

    @property
    def placed(self) -> int:
        return sum(p.placed for p in self.planets)

    @property
    def workers(self) -> int:
        return self.hand + self.placed

    def has(self, gadget: Gadget) -> bool:
        return any(g.gadget is gadget for g in self.gadgets)

    def since(self, gadget: Gadget) -> int | None:
        return next((g.since for g in self.gadgets if g.gadget is gadget), None)


@dataclass(frozen=True)
class Stack:
    """One planet type in the market, duplicates stacked on it (PR-1)."""

    planet: Planet
    count: int = 1


@dataclass(frozen=True)
class TableState:
    profile: DeckProfile
    seats: tuple[Seat, ...]
    fame_pool: int
    market: tuple[Stack, ...] = ()  # in the order the types were turned up
    start: int | None = None
    phase: Phase = Phase.SETUP
    turn: int = 0  # turns begun; turn 1 is the start player's first (the seat to move follows from it)
    actions: int = 0  # actions taken this turn (PR-3; 2 with Time Machine, PR-7)
    returned: frozenset[int] = frozenset()  # planets (indices) whose worker has returned this return phase
    end_turn: int | None = None  # the turn in which the end was triggered (PR-4)
    end_cause: str | None = None  # "cards" or "fame"
    readings: Readings = Readings()  # the table's options: PR-4, PR-7 readings and PR-6 (readings.py)
    # PR-6: a gadget's cost the profile lacks, as the first develop of that type at this table gave it; every
    # later develop of that type pays the same
    gadget_costs: tuple[tuple[Gadget, Cost], ...] = ()

    def gadget_cost(self, gadget: Gadget) -> Cost | None:
        """The cost every develop of ``gadget`` pays at this table: the profile's, else the one its first develop
        gave (PR-6); None while neither knows it."""
        known = self.profile.gadget(gadget).cost
        if known is not None:
            return known
        return next((cost for g, cost in self.gadget_costs if g is gadget), None)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is (None during set-up)."""
        if self.start is None or self.turn == 0:
            return None
        return (self.start + self.turn - 1) % self.players

    @property
    def last_seat(self) -> int | None:
        """PR-4: the start player's right-hand neighbour, who plays the last turn of every round."""
        return None if self.start is None else (self.start - 1) % self.players

    @property
    def deck(self) -> int:
        """Planet cards left in the deck: every card neither in the market nor held."""
        return PLANET_CARDS - sum(s.count for s in self.market) - sum(len(s.planets) for s in self.seats)

    @property
    def market_types(self) -> tuple[Planet, ...]:
        return tuple(s.planet for s in self.market)

    def planets_seen(self) -> Counter[Planet]:
        """Copies of each planet type out of the deck (market and players)."""
        seen: Counter[Planet] = Counter()
        for stack in self.market:
            seen[stack.planet] += stack.count
        for seat in self.seats:
            seen.update(p.planet for p in seat.planets)
        return seen

    def gadgets_held(self) -> Counter[Gadget]:
        return Counter(g.gadget for seat in self.seats for g in seat.gadgets)

    def supply(self, gadget: Gadget) -> int:
        """Copies of a gadget still in the central supply."""
        return gadget.copies - self.gadgets_held()[gadget]

    @property
    def pending_returns(self) -> tuple[int, ...]:
        """PR-2: planets of the seat to move that still owe the return phase a worker."""
        if self.phase is not Phase.RETURN or self.to_move is None:
            return ()
        seat = self.seats[self.to_move]
        return tuple(i for i, p in enumerate(seat.planets) if p.placed and i not in self.returned)

    @property
    def turns_remaining(self) -> int | None:
        """PR-4: turns still to play including the current one, once the end is triggered (None before)."""
        if self.phase is Phase.OVER:
            return 0
        if self.end_turn is None or self.to_move is None or self.last_seat is None:
            return None
        return (self.last_seat - self.to_move) % self.players + 1

    def evolve(self, **changes: Any) -> TableState:
        return replace(self, **changes)

    def with_seat(self, index: int, seat: Seat) -> TableState:
        return replace(self, seats=self.seats[:index] + (seat,) + self.seats[index + 1:])


def fame_face_down(state: TableState) -> bool:
    """PR-8: fame is kept face down (【寄付】) while the game runs, unless the table agreed to play with it face up
    (option ``fame``); the final score turns every seat's fame up."""
    return state.phase is not Phase.OVER and not state.readings.fame_open


def new_state(players: int, options: Mapping[str, str] | None = None,
              profile: Mapping[str, Any] | DeckProfile | None = None) -> TableState:
    """PR-1: each seat has New Earth, 6 workers and 5 coins; fame pool 12 × players; market still empty."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_COUNTS:
        raise ParseError("pr.players.unsupported", "PR-1", "players", players=str(players),
                         allowed=list(PLAYER_COUNTS))
    deck = DeckProfile.unknown() if profile is None else read_profile(profile)
    return TableState(deck, (Seat(),) * players, FAME_PER_PLAYER * players, readings=readings_from(options or {}))


# -- JSON ------------------------------------------------------------------------------------------------------


def state_to_json(state: TableState) -> dict[str, Any]:
    """Everything the state holds but the profile."""
    return {
        "players": state.players,
        "start": state.start,
        "phase": state.phase.value,
        "turn": state.turn,
        "actions": state.actions,
        "returned": sorted(state.returned),
        "fame_pool": state.fame_pool,
        "end": None if state.end_turn is None else {"turn": state.end_turn, "cause": state.end_cause},
        "market": [{"planet": s.planet.value, "count": s.count} for s in state.market],
        "seats": [_seat_json(seat) for seat in state.seats],
        "options": state.readings.to_options(),
        "gadget_costs": {gadget.value: cost.to_json() for gadget, cost in state.gadget_costs},
    }


def _seat_json(seat: Seat) -> dict[str, Any]:
    return {
        "planets": [{"planet": p.planet.value, "workers": [i + 1 for i, w in enumerate(p.workers) if w],
                     "since": p.since} for p in seat.planets],
        "gadgets": [{"gadget": g.gadget.value, "since": g.since} for g in seat.gadgets],
        **{r.value: seat.resources.get(r) for r in Resource},
        "coins": seat.coins,
        "fame": seat.fame,
        "hand": seat.hand,
    }


def parse_state(data: Mapping[str, Any], profile: Mapping[str, Any] | DeckProfile | None = None) -> TableState:
    """Inverse of ``state_to_json``; ParseError for malformed data, ImpossibleState for a table that cannot be."""
    if not isinstance(data, Mapping):
        raise ParseError("pr.json.wrong_type", "PR-1", "", expected="object")
    players = _count(data, "players", "")
    # a snapshot without options is read with RULINGS.md's readings (not a stored table's options)
    options = data.get("options")
    base = new_state(players, options if isinstance(options, Mapping) else Readings().to_options(), profile)
    raw_seats = _list(data, "seats")
    if len(raw_seats) != players:
        raise ParseError("pr.state.seat_count", "PR-1", "seats", count=len(raw_seats), players=players)
    seats = tuple(_seat(raw, f"seats[{i}]") for i, raw in enumerate(raw_seats))
    start = data.get("start")
    if start is not None and (not _is_int(start) or not 0 <= start < players):
        raise ParseError("pr.state.bad_seat", "PR-1", "start", seat=str(start))
    try:
        phase = Phase(data.get("phase"))
    except ValueError:
        raise ParseError("pr.state.bad_phase", "PR-3", "phase", phase=str(data.get("phase"))) from None
    market = []
    for i, raw in enumerate(_list(data, "market")):
        path = f"market[{i}]"
        if not isinstance(raw, Mapping):
            raise ParseError("pr.json.wrong_type", "PR-1", path, expected="object")
        market.append(Stack(Planet.parse(raw.get("planet"), f"{path}.planet"), _count(raw, "count", path)))
    returned = _list(data, "returned")
    if not all(_is_int(i) and i >= 0 for i in returned):
        raise ParseError("pr.json.not_a_count", "PR-2", "returned", value=str(returned))
    end = data.get("end")
    end_turn, end_cause = None, None
    if end is not None:
        if not isinstance(end, Mapping) or end.get("cause") not in ("cards", "fame"):
            raise ParseError("pr.state.bad_end", "PR-4", "end", value=str(end))
        end_turn, end_cause = _count(end, "turn", "end"), str(end["cause"])
    state = base.evolve(seats=seats, start=start, phase=phase, market=tuple(market), turn=_count(data, "turn", ""),
                        actions=_count(data, "actions", ""), returned=frozenset(returned),
                        fame_pool=_count(data, "fame_pool", ""), end_turn=end_turn, end_cause=end_cause,
                        gadget_costs=_gadget_costs(data.get("gadget_costs", {})))
    for code, rule, path, params in impossibilities(state):
        raise ImpossibleState(code, rule, path, **params)
    return state


def impossibilities(state: TableState) -> list[tuple[str, str, str, dict[str, Any]]]:
    """Tables that cannot exist, as (code, rule, path, params): more copies of a card than the game has (PR-1),
    a second copy of a gadget in one seat (PR-3)."""
    found: list[tuple[str, str, str, dict[str, Any]]] = []
    seen: Counter[Card] = Counter()
    seen.update(state.planets_seen())
    seen.update(state.gadgets_held())
    for card, count in seen.items():
        if count > card.copies:
            found.append(("pr.state.too_many_copies", "PR-1", "", {"card": card.value, "count": count, "copies": card.copies}))
    for i, seat in enumerate(state.seats):
        for gadget, count in Counter(g.gadget for g in seat.gadgets).items():
            if count > 1:
                found.append(("pr.state.second_gadget_copy", "PR-3", f"seats[{i}].gadgets", {"card": gadget.value}))
    return found


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(data: Mapping[str, Any], key: str, where: str) -> int:
    path = f"{where}.{key}" if where else key
    if key not in data:
        raise ParseError("pr.json.missing", "PR-1", path, field=key)
    value = data[key]
    if not _is_int(value) or value < 0:
        raise ParseError("pr.json.not_a_count", "PR-1", path, value=str(value))
    return int(value)


def _list(data: Mapping[str, Any], key: str, where: str = "") -> list[Any]:
    path = f"{where}.{key}" if where else key
    value = data.get(key)
    if not isinstance(value, list):
        raise ParseError("pr.json.wrong_type", "PR-1", path, expected="array")
    return value


def _seat(raw: Any, path: str) -> Seat:
    if not isinstance(raw, Mapping):
        raise ParseError("pr.json.wrong_type", "PR-1", path, expected="object")
    planets = []
    for i, entry in enumerate(_list(raw, "planets", path)):
        where = f"{path}.planets[{i}]"
        if not isinstance(entry, Mapping):
            raise ParseError("pr.json.wrong_type", "PR-1", where, expected="object")
        slots = _list(entry, "workers", where)
        if not all(_is_int(s) and 1 <= s <= SLOTS for s in slots) or len(set(slots)) != len(slots):
            raise ParseError("pr.state.bad_slots", "PR-2", f"{where}.workers", value=str(slots))
        planets.append(OwnedPlanet(Planet.parse(entry.get("planet"), f"{where}.planet"),
                                   tuple(i + 1 in slots for i in range(SLOTS)), _count(entry, "since", where)))
    gadgets = []
    for i, entry in enumerate(_list(raw, "gadgets", path)):
        where = f"{path}.gadgets[{i}]"
        if not isinstance(entry, Mapping):
            raise ParseError("pr.json.wrong_type", "PR-1", where, expected="object")
        gadgets.append(OwnedGadget(Gadget.parse(entry.get("gadget"), f"{where}.gadget"), _count(entry, "since", where)))
    resources = Resources(*(_count(raw, r.value, path) for r in Resource))
    return Seat(tuple(planets), tuple(gadgets), resources, _count(raw, "coins", path), _count(raw, "fame", path),
                _count(raw, "hand", path))


def _gadget_costs(raw: Any) -> tuple[tuple[Gadget, Cost], ...]:
    if not isinstance(raw, Mapping):
        raise ParseError("pr.json.wrong_type", "PR-6", "gadget_costs", expected="object")
    return tuple((Gadget.parse(name, f"gadget_costs.{name}"), Cost.from_json(value, f"gadget_costs.{name}"))
                 for name, value in raw.items())
