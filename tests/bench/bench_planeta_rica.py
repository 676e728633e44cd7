"""Benchmark: Planeta Rica scoring per game (PR-5, PR-7): ``score_seats`` for 3–5 seats with Schneider, and the
API handler ``score_request`` on the same games.

Run: python3 tests/bench/bench_planeta_rica.py [n]
Prints e.g. "planeta-rica score_seats: 9.8 µs/game (n=20000)". Games are random but seeded and stay within the
game's copies; the numbers are for reading, nothing asserts on them.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.games.planeta_rica import Gadget, Planet, Reward, score_request, score_seats  # noqa: E402
from companion.games.planeta_rica.score import GadgetVP, PlanetVP, SeatCards  # noqa: E402


def random_game(rng: random.Random) -> tuple[list[SeatCards], dict[str, Any]]:
    players = rng.choice((3, 4, 5))
    planets_left: Counter[Planet] = Counter({p: p.copies for p in Planet})
    gadgets_left: Counter[Gadget] = Counter({g: g.copies for g in Gadget})
    planets_left[Planet.NEW_EARTH] -= players  # every seat starts with one (PR-1)
    seats, body_seats = [], []
    for _seat in range(players):
        held_p = [Planet.NEW_EARTH]
        for _ in range(rng.randint(2, 7)):
            choice = rng.choice([p for p in Planet if planets_left[p] > 0])
            planets_left[choice] -= 1
            held_p.append(choice)
        held_g = []
        for _ in range(rng.randint(0, 4)):
            options = [g for g in Gadget if gadgets_left[g] > 0 and g not in held_g]
            choice_g = rng.choice(options)
            gadgets_left[choice_g] -= 1
            held_g.append(choice_g)
        fame = rng.randint(0, 20)
        slots = {p: tuple(rng.choice(list(Reward)) for _ in range(5)) for p in held_p}
        vps = {c: rng.randint(0, 5) for c in (*held_p, *held_g)}
        seats.append(SeatCards(fame, tuple(PlanetVP(p, vps[p], slots[p]) for p in held_p),
                               tuple(GadgetVP(g, vps[g]) for g in held_g)))
        body_seats.append({"fame": fame,
                           "planets": [{"name": p.value, "vp": vps[p], "slots": [r.value for r in slots[p]]}
                                       for p in held_p],
                           "gadgets": [{"name": g.value, "vp": vps[g]} for g in held_g]})
    return seats, {"players": players, "start": 0, "seats": body_seats}


def per_call_microseconds(n: int, call: Callable[[int], object]) -> float:
    start = time.perf_counter()
    for index in range(n):
        call(index)
    return (time.perf_counter() - start) / n * 1e6


def main(n: int = 20_000) -> None:
    rng = random.Random(2026)
    games = [random_game(rng) for _ in range(256)]
    us = per_call_microseconds(n, lambda i: score_seats(games[i % 256][0], 0, True))
    print(f"planeta-rica score_seats: {us:.1f} µs/game (n={n})")
    us = per_call_microseconds(n // 4, lambda i: score_request(games[i % 256][1], lambda _name: {"cards": []}))
    print(f"planeta-rica score_request (API handler, values inline): {us:.1f} µs/game (n={n // 4})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
