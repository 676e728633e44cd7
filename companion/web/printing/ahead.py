"""Fixed documents rendered ahead into the disk cache (`python -m companion print-ahead`; `make run` starts it
beside the server, at low priority): every built-in printable with its default options, in both languages and
on both papers, so a player who asks for one gets it from the cache at once, never after a render;
then the print-shop version of each printable that offers one (one card a page, the largest documents).

It asks for each PDF the way a phone does (its URL through the app), so the cache key is exactly the one a
phone's request makes: nothing here knows how a key is made. The render is given a long time limit (it waits
for nobody).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from flask import Flask

from .listing import by_id

LANGS = ("ja", "en")
PAPERS = ("a4", "letter")
AHEAD_TIME_LIMIT = 600.0  # seconds: nobody waits on a render done ahead


def print_ahead(app: Flask) -> Iterator[tuple[str, int, float, bool]]:
    """Render each fixed PDF once into the cache: (its URL, the status, seconds, whether it was cached already)."""
    app.config["PRINT_TIME_LIMIT"] = max(float(app.config.get("PRINT_TIME_LIMIT", 0)), AHEAD_TIME_LIMIT)
    client = app.test_client()
    with app.app_context():
        printables = by_id()
    ids = sorted(printables)
    defaults = [(printable_id, "") for printable_id in ids]
    shop = [(printable_id, "&mode=shop") for printable_id in ids if "mode" in printables[printable_id].options]
    for printable_id, mode in defaults + shop:  # the defaults first: what most phones ask for is ready soonest
        for lang in LANGS:
            for paper in PAPERS:
                url = f"/print/{printable_id}.pdf?lang={lang}&paper={paper}{mode}"
                started = time.perf_counter()
                response = client.get(url, headers={"Accept-Language": lang})
                yield (url, response.status_code, time.perf_counter() - started,
                       response.headers.get("X-Print-Cache") == "hit")
