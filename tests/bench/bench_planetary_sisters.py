"""Benchmark: Planetary Sisters scoring time per house (PS-3) and per player (PS-3 + PS-4).

Run: python3 tests/bench/bench_planetary_sisters.py [n]
Prints e.g. "planetary-sisters score_house: 12.3 µs/house (n=20000)". Houses are random but seeded, made of
cards that satisfy PS-2's per-card facts; the numbers are for reading, nothing asserts on them.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.games.planetary_sisters import (  # noqa: E402
    Card,
    ElementClass,
    ElementSet,
    Sheet,
    Slot,
    score_house,
    score_player,
    score_sheet,
)

ELEMENTS = ElementSet.default()


def random_card(rng: random.Random) -> Card:
    rounds = ELEMENTS.of_class(ElementClass.ROUND)
    kind = rng.choice(("round", "round", "round+pointed", "pointed", "crown"))
    if kind == "pointed":
        return Card.of({rng.choice(ELEMENTS.of_class(ElementClass.POINTED)): 1})
    if kind == "crown":
        return Card.of({rng.choice(ELEMENTS.of_class(ElementClass.CROWN)): 1})
    if kind == "round+pointed":
        return Card.of({rng.choice(rounds): rng.randint(1, 3), rng.choice(ELEMENTS.of_class(ElementClass.POINTED)): 1})
    return Card.of({name: rng.randint(1, 3) for name in rng.sample(rounds, rng.randint(1, 3))})


def per_call_microseconds(n: int, call: Callable[[int], object]) -> float:
    start = time.perf_counter()
    for index in range(n):
        call(index)
    return (time.perf_counter() - start) / n * 1e6


def main(n: int = 20_000) -> None:
    rng = random.Random(2022)
    houses = [[random_card(rng) for _ in range(8)] for _ in range(256)]
    fields = [[random_card(rng) for _ in range(4)] for _ in range(256)]
    house_us = per_call_microseconds(n, lambda i: score_house(houses[i % 256], ELEMENTS))
    print(f"planetary-sisters score_house: {house_us:.1f} µs/house (n={n})")
    player_us = per_call_microseconds(n, lambda i: score_player(houses[i % 256], fields[i % 256], ELEMENTS))
    print(f"planetary-sisters score_player (house + field bonus): {player_us:.1f} µs/player (n={n})")
    # the scoring page's whole sheet: 4 houses, the field, the ranking (the same score_player underneath)
    sheets = []
    for i in range(64):
        cards = ((Slot("field"), tuple(fields[i])),
                 *((Slot("house", seat), tuple(houses[(4 * i + seat) % 256])) for seat in range(4)))
        sheets.append(Sheet(4, cards))
    sheet_us = per_call_microseconds(n // 4, lambda i: score_sheet(sheets[i % 64], ELEMENTS))
    print(f"planetary-sisters score_sheet (4 players, ranked): {sheet_us:.1f} µs/table (n={n // 4})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20_000)
