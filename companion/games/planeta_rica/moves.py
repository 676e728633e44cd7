"""The moves of a tracked Planeta Rica game, their notation and their JSON.

The mover of a turn move is the state's ``to_move``, so those moves do not name a seat. Planets in front of
a player are named by their index in that player's row (0 = New Earth, then in the order taken); slots are
1 … 5 (1st … 5th, PR-2). Values the deck profile may not know yet (a slot's reward, a planet's coin cost, a
gadget's price) can be given in the move as what the card shows (PR-6: asked for, never guessed); where the
profile knows them they must agree.

Notation (``parse_move_text(str(m)) == m``)            JSON (``parse_move(move_to_json(m)) == m``)
    start 2                                            {"type": "start", "seat": 2}
    reveal tourist_planet                              {"type": "reveal", "planet": "tourist_planet"}
    return 1                                           {"type": "return", "planet": 1}
    return 1 copy=0                                    {"type": "return", "planet": 1, "copy": 0}
    return 0 take=1mithril                             {"type": "return", "planet": 0, "take": {"mithril": 1}}
    return 0 give=2tachyon take=1monopole+1mithril     {..., "give": {"tachyon": 2}, "take": {...}}
    return 0 shows=coin2                               {..., "shows": "coin2"}  (and "copied": reward)
    dispatch 0:1,2,4                                   {"type": "dispatch", "placements": [{"planet": 0,
                                                         "slots": [1, 2, 4]}]}
    dispatch 0:1,2 1:1                                 (Warp Gate: several planets, PR-7)
    invade tourist_planet                              {"type": "invade", "planet": "tourist_planet"}
    invade tourist_planet cost=3 hypnosis=1,3          {..., "cost": 3, "hypnosis": [1, 3]}
    develop warp_gate                                  {"type": "develop", "gadget": "warp_gate"}
    develop warp_gate pay=1tachyon+1mithril            {..., "pay": {"tachyon": 1, "mithril": 1}}
    develop warp_gate cost=1tachyon+1any pay=...       {..., "cost": {"tachyon": 1, "any": 1}}  (the card's
                                                         cost, asked once when the profile lacks it, PR-6)
    collect / collect mithril                          {"type": "collect"} / {..., "resource": "mithril"}
    donate                                             {"type": "donate"}
    end                                                {"type": "end"}  (no Time Machine action, PR-7)
    adjust 1 merchant_guild coins=2 tachyon=-1         {"type": "adjust", "seat": 1, "card": "merchant_guild",
                                                         "coins": 2, "tachyon": -1}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import ErrorList, ParseError
from .cards import SLOTS, Card, Gadget, Planet, Resource, Resources, Reward, parse_card
from .profile import Cost

ADJUST_KEYS = ("tachyon", "monopole", "mithril", "coins", "fame", "workers")


@dataclass(frozen=True)
class Start:
    """PR-1: the youngest player starts; the table says which seat that is."""

    seat: int

    def __str__(self) -> str:
        return f"start {self.seat}"


@dataclass(frozen=True)
class Reveal:
    """PR-1/PR-3: the planet card turned up from the deck (set-up, or the refill after an invade)."""

    planet: Planet

    def __str__(self) -> str:
        return f"reveal {self.planet}"


@dataclass(frozen=True)
class Return:
    """PR-2/PR-3: the topmost worker of planet ``planet`` comes back and pays its slot's reward.

    ``copy`` names the planet whose same slot a copy slot copies; ``take``/``give`` are the choices of an
    "any" (take one) or "exchange" (give some, take as many) reward; ``shows``/``copied`` are what this slot
    and the copied slot show, needed only while the profile does not know (PR-6).
    """

    planet: int
    copy: int | None = None
    take: Resources = Resources()
    give: Resources = Resources()
    shows: Reward | None = None
    copied: Reward | None = None

    def __str__(self) -> str:
        words = [f"return {self.planet}"]
        if self.copy is not None:
            words.append(f"copy={self.copy}")
        if self.give.total:
            words.append(f"give={self.give}")
        if self.take.total:
            words.append(f"take={self.take}")
        if self.shows is not None:
            words.append(f"shows={self.shows}")
        if self.copied is not None:
            words.append(f"copied={self.copied}")
        return " ".join(words)


@dataclass(frozen=True)
class Placement:
    planet: int
    slots: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.planet}:{','.join(map(str, self.slots))}"


@dataclass(frozen=True)
class Dispatch:
    """PR-3: workers from hand into empty slots, top first; several planets only with Warp Gate (PR-7)."""

    placements: tuple[Placement, ...]

    def __str__(self) -> str:
        return " ".join(["dispatch", *map(str, self.placements)])


@dataclass(frozen=True)
class Invade:
    """PR-3: take a planet of the market for its coin cost (``cost`` only while the profile lacks it);
    ``hypnosis``: the slots Hypnosis Capsule lets workers go to on it at once, in any pattern (PR-7)."""

    planet: Planet
    cost: int | None = None
    hypnosis: tuple[int, ...] = ()

    def __str__(self) -> str:
        words = [f"invade {self.planet}"]
        if self.cost is not None:
            words.append(f"cost={self.cost}")
        if self.hypnosis:
            words.append("hypnosis=" + ",".join(map(str, self.hypnosis)))
        return " ".join(words)


@dataclass(frozen=True)
class Develop:
    """PR-3: take a gadget for its resource cost; ``pay`` says which resources (needed for "any" costs);
    ``cost`` is the card's printed cost, asked for once when neither the profile nor an earlier develop of that
    type at the table gives it (PR-6)."""

    gadget: Gadget
    pay: Resources | None = None
    cost: Cost | None = None

    def __str__(self) -> str:
        return (f"develop {self.gadget}" + ("" if self.cost is None else f" cost={self.cost}")
                + ("" if self.pay is None else f" pay={self.pay}"))


@dataclass(frozen=True)
class Collect:
    """PR-3: +1 coin, then optionally return ``resource`` for +2 more."""

    resource: Resource | None = None

    def __str__(self) -> str:
        return "collect" + ("" if self.resource is None else f" {self.resource}")


@dataclass(frozen=True)
class Donate:
    """PR-3: one tachyon, one monopole, one mithril and one coin for 3 fame."""

    def __str__(self) -> str:
        return "donate"


@dataclass(frozen=True)
class End:
    """PR-7: the player with a usable Time Machine ends the turn without the second action."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Adjust:
    """PR-6: a card effect the table applies by hand: what ``seat`` gains (+) or loses (-), naming ``card``."""

    seat: int
    card: Card
    tachyon: int = 0
    monopole: int = 0
    mithril: int = 0
    coins: int = 0
    fame: int = 0
    workers: int = 0

    @property
    def resources(self) -> Resources:
        return Resources(self.tachyon, self.monopole, self.mithril)

    def changes(self) -> dict[str, int]:
        return {key: getattr(self, key) for key in ADJUST_KEYS if getattr(self, key)}

    def __str__(self) -> str:
        return " ".join([f"adjust {self.seat} {self.card}", *(f"{k}={v}" for k, v in self.changes().items())])


Action = Return | Dispatch | Invade | Develop | Collect | Donate
Move = Start | Reveal | Return | Dispatch | Invade | Develop | Collect | Donate | End | Adjust
MOVE_TYPES = ("start", "reveal", "return", "dispatch", "invade", "develop", "collect", "donate", "end", "adjust")
MOVE_RULE = "PR-3"

class _Reader:
    """Reads fields of one JSON move, collecting every problem with its path."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.errors: list[ParseError] = []

    def fail(self, code: str, path: str, rule: str = MOVE_RULE, **params: Any) -> None:
        self.errors.append(ParseError(code, rule, path, **params))

    def count(self, key: str, required: bool = True, signed: bool = False, rule: str = MOVE_RULE) -> int | None:
        if key not in self.data or self.data[key] is None:
            if required:
                self.fail("pr.move.missing_field", key, rule, field=key)
            return None
        value = self.data[key]
        if isinstance(value, bool) or not isinstance(value, int) or (value < 0 and not signed):
            self.fail("pr.move.not_an_integer" if signed else "pr.move.not_a_count", key, rule, field=key,
                      value=str(value))
            return None
        return value

    def parsed(self, key: str, parse: Any, required: bool = True) -> Any:
        if key not in self.data or self.data[key] is None:
            if required:
                self.fail("pr.move.missing_field", key, field=key)
            return None
        try:
            return parse(self.data[key], key)
        except ParseError as error:
            self.errors.append(error)
            return None

    def slots(self, value: Any, path: str, rule: str) -> tuple[int, ...]:
        if not isinstance(value, list) or (not value and rule == "PR-3"):  # a dispatch places at least one
            self.fail("pr.move.bad_slots", path, rule, value=str(value))
            return ()
        if not all(isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= SLOTS for s in value):
            self.fail("pr.move.bad_slots", path, rule, value=str(value))
            return ()
        return tuple(value)

    def done(self, move: Move | None) -> Move:
        if self.errors or move is None:
            raise self.errors[0] if len(self.errors) == 1 else ErrorList(self.errors)
        return move


def parse_move(data: Mapping[str, Any]) -> Move:
    """JSON object -> move. Raises ParseError (or ErrorList for several) with the fields' paths."""
    if not isinstance(data, Mapping):
        raise ParseError("pr.move.not_an_object", MOVE_RULE, "")
    kind = data.get("type")
    r = _Reader(data)
    move: Move | None = None
    if kind == "start":
        seat = r.count("seat", rule="PR-1")
        move = None if seat is None else Start(seat)
    elif kind == "reveal":
        planet = r.parsed("planet", Planet.parse)
        move = None if planet is None else Reveal(planet)
    elif kind == "return":
        planet_index = r.count("planet", rule="PR-2")
        copy = r.count("copy", required=False, rule="PR-2")
        take = r.parsed("take", Resources.from_json, required=False) or Resources()
        give = r.parsed("give", Resources.from_json, required=False) or Resources()
        shows = r.parsed("shows", Reward.parse, required=False)
        copied = r.parsed("copied", Reward.parse, required=False)
        move = None if planet_index is None else Return(planet_index, copy, take, give, shows, copied)
    elif kind == "dispatch":
        move = _dispatch(r)
    elif kind == "invade":
        planet = r.parsed("planet", Planet.parse)
        cost = r.count("cost", required=False)
        hypnosis = r.slots(data["hypnosis"], "hypnosis", "PR-7") if data.get("hypnosis") is not None else ()
        if len(set(hypnosis)) != len(hypnosis):
            r.fail("pr.move.bad_slots", "hypnosis", "PR-7", value=str(hypnosis))
        move = None if planet is None else Invade(planet, cost, tuple(sorted(hypnosis)))
    elif kind == "develop":
        gadget = r.parsed("gadget", Gadget.parse)
        pay = r.parsed("pay", Resources.from_json, required=False)
        cost = r.parsed("cost", Cost.from_json, required=False)
        move = None if gadget is None else Develop(gadget, pay, cost)
    elif kind == "collect":
        move = Collect(r.parsed("resource", Resource.parse, required=False))
    elif kind == "donate":
        move = Donate()
    elif kind == "end":
        move = End()
    elif kind == "adjust":
        seat = r.count("seat", rule="PR-6")
        card = r.parsed("card", parse_card)
        amounts = {key: r.count(key, required=False, signed=True, rule="PR-6") or 0 for key in ADJUST_KEYS}
        move = None if seat is None or card is None else Adjust(seat, card, **amounts)
    else:
        raise ParseError("pr.move.unknown_type", MOVE_RULE, "type", value=str(kind), allowed=list(MOVE_TYPES))
    return r.done(move)


def _dispatch(r: _Reader) -> Dispatch | None:
    raw = r.data.get("placements")
    if not isinstance(raw, list) or not raw:
        r.fail("pr.move.missing_field", "placements", field="placements")
        return None
    placements = []
    for i, entry in enumerate(raw):
        path = f"placements[{i}]"
        if not isinstance(entry, Mapping):
            r.fail("pr.move.not_an_object", path)
            continue
        planet = entry.get("planet")
        if isinstance(planet, bool) or not isinstance(planet, int) or planet < 0:
            r.fail("pr.move.not_a_count", f"{path}.planet", field="planet", value=str(planet))
            continue
        slots = r.slots(entry.get("slots"), f"{path}.slots", "PR-3")
        if slots:
            placements.append(Placement(planet, slots))
    return Dispatch(tuple(placements)) if len(placements) == len(raw) else None


def move_to_json(move: Move) -> dict[str, Any]:
    """Move -> JSON object; ``parse_move`` reads it back to an equal move."""
    match move:
        case Start(seat):
            return {"type": "start", "seat": seat}
        case Reveal(planet):
            return {"type": "reveal", "planet": planet.value}
        case Return(planet, copy, take, give, shows, copied):
            out: dict[str, Any] = {"type": "return", "planet": planet}
            if copy is not None:
                out["copy"] = copy
            if take.total:
                out["take"] = take.to_json()
            if give.total:
                out["give"] = give.to_json()
            if shows is not None:
                out["shows"] = shows.value
            if copied is not None:
                out["copied"] = copied.value
            return out
        case Dispatch(placements):
            return {"type": "dispatch", "placements": [{"planet": p.planet, "slots": list(p.slots)}
                                                       for p in placements]}
        case Invade(planet, cost, hypnosis):
            out = {"type": "invade", "planet": planet.value}
            if cost is not None:
                out["cost"] = cost
            if hypnosis:
                out["hypnosis"] = list(hypnosis)
            return out
        case Develop(gadget, pay, cost):
            out = {"type": "develop", "gadget": gadget.value}
            if pay is not None:
                out["pay"] = pay.to_json()
            if cost is not None:
                out["cost"] = cost.to_json()
            return out
        case Collect(resource):
            return {"type": "collect"} if resource is None else {"type": "collect", "resource": resource.value}
        case Donate():
            return {"type": "donate"}
        case End():
            return {"type": "end"}
        case Adjust():
            return {"type": "adjust", "seat": move.seat, "card": move.card.value, **move.changes()}
    raise TypeError(f"not a Planeta Rica move: {move!r}")
