"""Benchmark: answering a pasted deck profile grows linearly with its size.

Posts profiles of 1,000 to 10,000 cards (JSON and TOML) to the profile import form of the test game, which
refuses anything over its card limit, and prints the median answer time and the time per 1,000 cards. Linear
reading shows as a flat last column; the target is a 10,000-card profile answered well under a second.

Run: python3 tests/bench/bench_profile_import.py   (make bench runs it). Nothing asserts on the numbers; the
suite checks only what the answer says (tests/web/test_bad_input.py).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.storage import db  # noqa: E402
from tests.web.apps import Phone, make_app  # noqa: E402

SIZES = (1_000, 2_500, 5_000, 10_000)
RUNS = 5


def profile_text(fmt: str, cards: int) -> str:
    if fmt == "json":
        return json.dumps({"game": "tally", "cards": [{"id": f"c{i}", "points": i % 7} for i in range(cards)]})
    return 'game = "tally"\n' + "".join(f'[[cards]]\nid = "c{i}"\npoints = {i % 7}\n' for i in range(cards))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(Path(tmp), f"sqlite:///{tmp}/bench.db")
        db.upgrade(app)
        phone = Phone(app.test_client())
        phone.get("/profiles/tally")
        print(f"{'profile import':<16} {'cards':>7} {'median ms':>10} {'ms / 1,000 cards':>17}   status")
        for fmt in ("json", "toml"):
            for cards in SIZES:
                text = profile_text(fmt, cards)
                times, status = [], 0
                for _ in range(RUNS):
                    started = time.perf_counter()
                    status = phone.post("/profiles/tally/import", {"text": text}).status_code
                    times.append(time.perf_counter() - started)
                median_ms = statistics.median(times) * 1000
                print(f"{fmt:<16} {cards:>7} {median_ms:>10.1f} {median_ms / cards * 1000:>17.2f}   {status}")


if __name__ == "__main__":
    main()
