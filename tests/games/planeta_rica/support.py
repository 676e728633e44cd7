"""Builders for Planeta Rica tests.

``TEST_PROFILE`` is **test data, not the printed cards**: made-up costs, VP and slots so the rules can be
exercised (PR-6: the real values come from a profile a player fills in). Tables are built directly as
``TableState`` values, in the notation of the engine.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.planeta_rica import Gadget, Phase, Planet, Resources, TableState, new_state
from companion.games.planeta_rica.state import OwnedGadget, OwnedPlanet, Seat, Stack

# slot rewards by planet (1st … 5th); made up for the tests
SLOTS: dict[Planet, list[str]] = {
    Planet.NEW_EARTH: ["coin", "tachyon", "monopole", "mithril", "worker"],
    Planet.TOURIST_PLANET: ["fame", "coin2", "any", "exchange", "copy"],
    Planet.AI_AUTONOMY: ["copy", "copy", "any", "coin", "nothing"],
    Planet.TACHYON_MINE: ["tachyon", "any", "mithril", "monopole", "nothing"],
}
DEFAULT_SLOTS = ["coin", "mithril", "monopole", "tachyon", "nothing"]
COINS: dict[Planet, int] = {Planet.NEW_EARTH: 0, Planet.ENDYMION: 4}
COSTS: dict[Gadget, dict[str, int]] = {
    Gadget.WARP_GATE: {"tachyon": 1},
    Gadget.TIME_MACHINE: {"monopole": 1},
    Gadget.HYPNOSIS_CAPSULE: {"mithril": 1},
    Gadget.TRADE_KING_SCHNEIDER: {"tachyon": 1, "any": 1},
}


def _planet_card(p: Planet) -> dict[str, Any]:
    slots = SLOTS.get(p, DEFAULT_SLOTS)
    return {"id": p.value, "kind": "planet", "name_ja": p.name_ja, "copies": p.copies, "coins": COINS.get(p, 2),
            "vp": 0 if p is Planet.NEW_EARTH else 1 + list(Planet).index(p) % 3, "effect": "",
            **{f"slot{i + 1}": s for i, s in enumerate(slots)}}


def _gadget_card(g: Gadget) -> dict[str, Any]:
    return {"id": g.value, "kind": "gadget", "name_ja": g.name_ja, "copies": g.copies,
            "cost": COSTS.get(g, {"tachyon": 1, "monopole": 1}), "vp": 2, "effect": f"(test) {g.name_en}"}


TEST_PROFILE: dict[str, Any] = {
    "id": "test", "game": "planeta-rica", "name_en": "test data", "name_ja": "テスト", "meta": {},
    "cards": [*map(_planet_card, Planet), *map(_gadget_card, Gadget)],
}

NO_RESOURCES = Resources()
MARKET = (Planet.TOURIST_PLANET, Planet.AI_AUTONOMY, Planet.TACHYON_MINE, Planet.ENDYMION, Planet.MERCHANT_GUILD)


def lookup(name: str) -> dict[str, Any] | None:
    from companion.profiles import builtin_profiles

    if name == "test":
        return TEST_PROFILE
    return builtin_profiles("planeta-rica").get(name)


def seat(planets: tuple[tuple[Planet, str], ...] | None = None, gadgets: tuple[Gadget, ...] = (),
         resources: Resources = NO_RESOURCES, coins: int = 5, fame: int = 0, hand: int | None = None,
         gadget_since: int = 0) -> Seat:
    """A seat; planets as (planet, "W.W..") with W for a worker in that slot."""
    owned = tuple(OwnedPlanet(p, tuple(c == "W" for c in pattern)) for p, pattern in
                  (planets or ((Planet.NEW_EARTH, "....."),)))
    placed = sum(p.placed for p in owned)
    return Seat(owned, tuple(OwnedGadget(g, gadget_since) for g in gadgets), resources, coins, fame,
                6 - placed if hand is None else hand)


def playing(*seats: Seat, players: int = 3, start: int = 0, turn: int = 1,
            market: tuple[Planet, ...] = MARKET, phase: Phase = Phase.ACTION, profile: Any = None,
            **changes: Any) -> TableState:
    """A table in play: seat ``(start + turn - 1) % players`` to move; unnamed seats as at set-up."""
    base = new_state(players, {}, TEST_PROFILE if profile is None else profile)
    filled = tuple(seats) + tuple(Seat() for _ in range(players - len(seats)))
    state = replace(base, seats=filled, start=start, turn=turn, phase=phase,
                    market=tuple(Stack(p) for p in market))
    return replace(state, **changes)


def codes(reasons: Any) -> dict[str, bool]:
    return {r.code: r.ok for r in reasons}


def failing(verdict: Any) -> list[tuple[str, dict[str, Any]]]:
    return [(r.code, dict(r.params)) for r in verdict.failures]
