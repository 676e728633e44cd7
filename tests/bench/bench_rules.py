"""Benchmark: the rules lookup. For each game and language, how many of the players' questions in
tests/rulebook/questions.toml find the ruling that answers them among the top 3 clauses (goal: at least 90%) and
as the first clause (goal: at least 75%), and how long a question takes on the server: the index built from the
clause files (once), a search alone, and the whole API call (GET /api/v1/<slug>/rules, through Flask's test client)
(target: under 100 ms).

Run: python3 tests/bench/bench_rules.py [n]
Prints e.g. "rules sister-combination ja: 13/14 answered (93%), 12 first (86%) · search 0.4 ms · API call 2.1 ms
p99 3.0 ms".
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion import create_app  # noqa: E402
from companion.rulebook import index_for, rulebooks  # noqa: E402
from companion.rulebook.search import Index  # noqa: E402

QUESTIONS = tomllib.loads((Path(__file__).resolve().parents[1] / "rulebook" / "questions.toml")
                          .read_text(encoding="utf-8"))
TOP = 3


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    started = time.perf_counter()
    for slug in rulebooks():
        index_for(slug)
    print(f"rules index: built for {len(rulebooks())} games in {(time.perf_counter() - started) * 1000:.1f} ms")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench", "INSTANCE_PATH": folder,
                          "DATABASE_URL": f"sqlite:///{folder}/bench.db"})
        client = app.test_client()
        for slug in sorted(QUESTIONS):
            index = index_for(slug)
            assert isinstance(index, Index)
            for lang in ("ja", "en"):
                items = QUESTIONS[slug][lang]
                found = first = 0
                for question, ruling in items:
                    hits = index.search(question, TOP)
                    found += any(ruling in hit.clause.rulings for hit in hits)
                    first += bool(hits) and ruling in hits[0].clause.rulings
                searches, calls = [], []
                for _ in range(rounds):
                    for question, _ruling in items:
                        begun = time.perf_counter()
                        index.search(question, 5)
                        searches.append(time.perf_counter() - begun)
                        begun = time.perf_counter()
                        response = client.get(f"/api/v1/{slug}/rules?{urlencode({'q': question, 'lang': lang})}")
                        calls.append(time.perf_counter() - begun)
                        assert response.status_code == 200
                calls.sort()
                print(f"rules {slug} {lang}: {found}/{len(items)} answered ({found / len(items):.0%}), {first} first "
                      f"({first / len(items):.0%}) · search "
                      f"{statistics.mean(searches) * 1000:.2f} ms · API call {statistics.mean(calls) * 1000:.1f} ms "
                      f"p99 {calls[int(0.99 * (len(calls) - 1))] * 1000:.1f} ms (n={len(calls)})")


if __name__ == "__main__":
    main()
