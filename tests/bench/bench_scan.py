"""Cards from a photo (issue 36): the time to read a phone photo's cards, for a 12-megapixel photo (4,000 × 3,000)
and a 2,000 px one of a printed card sheet on a table, beside serving a static file in the same run: the reader
alone (CPU and wall time, median of the rounds) and POST /api/v1/<slug>/scan end to end through the app.

    .venv/bin/python tests/bench/bench_scan.py

Goal: at most 300 ms of CPU for the 12-megapixel photo. This script prints the figures; it asserts nothing.
"""

from __future__ import annotations

import io
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

ROUNDS = int(os.environ.get("BENCH_SCAN_ROUNDS", "7"))


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """Median (CPU ms, wall ms) of ROUNDS runs, after one to warm up."""
    work()
    cpu, wall = [], []
    for _ in range(ROUNDS):
        c, w = time.process_time(), time.perf_counter()
        work()
        cpu.append((time.process_time() - c) * 1000)
        wall.append((time.perf_counter() - w) * 1000)
    return statistics.median(cpu), statistics.median(wall)


def main() -> None:
    from companion.markers import ids, reader
    from companion.storage import db
    from tests.bench.run import load
    from tests.markers.photos import Shot, fetch, phone_photo, render
    from tests.web.apps import make_app

    folder = Path(tempfile.mkdtemp(prefix="bench-scan-"))
    app = make_app(folder, f"sqlite:///{folder / 'bench.db'}", PRINT_TIME_LIMIT=3600.0)
    db.upgrade(app)
    client = app.test_client()
    page = render(fetch(client, "/print/sc-deck.pdf?paper=a4&lang=ja"), [0], dpi=300)[0]
    rng = random.Random(36)
    photos = {size: phone_photo(page, Shot(size, 12.0, 0.15, 1.0, 4.0, 40.0, 90), rng) for size in (4000, 2000)}

    print(f"\nCards from a photo ({load()}; median of {ROUNDS})")
    print(f"{'what':<44} {'cards':>6} {'CPU ms':>8} {'wall ms':>8}")
    for size, photo in photos.items():
        cards = len(reader.read_cards(ids.SC, photo))
        cpu, wall = timed(lambda photo=photo: reader.read_cards(ids.SC, photo))
        label = f"reader, {size} × {size * 3 // 4} px JPEG ({len(photo) // 1024} KiB)"
        print(f"{label:<44} {cards:>6} {cpu:>8.1f} {wall:>8.1f}")
    for size, photo in photos.items():
        def post(photo: bytes = photo) -> None:
            response = client.post(f"/api/v1/{ids.SC}/scan", data={"photo": (io.BytesIO(photo), "p.jpg")},
                                   content_type="multipart/form-data")
            assert response.status_code == 200
        cpu, wall = timed(post)
        print(f"{f'POST /scan, {size} px photo':<44} {'':>6} {cpu:>8.1f} {wall:>8.1f}")

    def static() -> None:
        response = client.get("/static/css/app.css")
        assert response.status_code == 200
        response.close()
    cpu, wall = timed(static)
    print(f"{'GET /static/css/app.css (baseline)':<44} {'':>6} {cpu:>8.1f} {wall:>8.1f}")
    print("goal: at most 300 ms of CPU for the 12-megapixel photo")


if __name__ == "__main__":
    main()
