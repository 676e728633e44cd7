"""Overload: 120 phones on 30 tables press gunicorn as `make run` serves it (2 gevent workers,
admission control at its defaults) past what two cores can answer, then the same crowd against the same server
with admission control off (ADMISSION=off), in one run.

A phone does what a page does, as fast as its answers come: it enters on its own seat (each tap its own key),
loads the table page every 7th time and polls every 3rd; a tap answered 503 waits Retry-After (as the page's
script does) and is sent again with its key. One more connection fetches a static file every 100 ms: the
baseline, in the same run. Printed for each: the share of requests shed (503), p50/p99 time to a shed answer,
p50/p99 of the answered ones (any other status), the longest and how many took over 5 s (new connections
included: the accept queue's wait counts), entries saved in all and by the least and most served phone, the
static file's p50/p99 and the load.

Settings (environment): BENCH_OVERLOAD_SECONDS (20 per phase), BENCH_OVERLOAD_TABLES (30), BENCH_WORKERS (2),
BENCH_OVERLOAD_DATABASE_URL (a PostgreSQL database to use, emptied: none, an SQLite file per phase).
"""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.run import created_tables, free_port, gunicorn_command, load, pct, stop, wait_until_up  # noqa: E402
from tests.web.test_saturation import Connection  # noqa: E402

SECONDS = float(os.environ.get("BENCH_OVERLOAD_SECONDS", "20"))
DATABASE_URL = os.environ.get("BENCH_OVERLOAD_DATABASE_URL", "")  # PostgreSQL instead of an SQLite file
TABLES = int(os.environ.get("BENCH_OVERLOAD_TABLES", "30"))
PHONES_PER_TABLE = 4
FORM = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true", "Accept-Language": "en"}
VERSION = re.compile(rb'id="live" data-version="(\d+)"')
CSRF = re.compile(rb'name="csrf-token" content="([^"]+)"')


@dataclass
class Figures:
    shed: list[float] = field(default_factory=list)
    answered: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    static: list[float] = field(default_factory=list)
    saved: int = 0
    per_phone: list[int] = field(default_factory=list)  # entries each phone saved (fairness)
    load_before: str = ""
    load_after: str = ""


async def timed(conn: Connection, figures: Figures, method: str, path: str, body: bytes = b"",
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    start = time.perf_counter()
    try:
        status, said, answer = await conn.request(method, path, body, headers or {"Accept-Language": "en"})
    except (OSError, asyncio.IncompleteReadError, ValueError):
        conn.close()
        status, said, answer = 0, {}, b""
    took = time.perf_counter() - start
    figures.statuses[status] = figures.statuses.get(status, 0) + 1
    (figures.shed if status == 503 else figures.answered).append(took)
    return status, said, answer


async def phone(port: int, table: str, seat: int, until: float, figures: Figures, source: str) -> None:
    """One phone, from a loopback address of its own (as phones on the Wi-Fi each have one): every 5th entry on a
    new connection, as a phone whose keep-alive lapsed sends it (it waits in the accept queue if any wait there)."""
    conn = Connection("127.0.0.1", port, source)
    mine = 0
    csrf, version = "", 0
    while not csrf and time.monotonic() < until:
        status, said, page = await timed(conn, figures, "GET", table)
        found = CSRF.search(page)
        if found:
            csrf = found.group(1).decode()
        else:
            await asyncio.sleep(int(said.get("retry-after", "1")))
    up, key, n = False, "", 0
    while time.monotonic() < until:
        if not key:
            up, key = not up, secrets.token_hex(12)
        form = urllib.parse.urlencode({"seat": seat, "points": 1 if up else -1, "version": version,
                                       "entry_key": key, "csrf_token": csrf}).encode()
        if n % 5 == 4:
            conn.close()
        status, said, answer = await timed(conn, figures, "POST", f"{table}/move", form, FORM)
        found = VERSION.search(answer)
        if found:
            version = int(found.group(1))
        if status == 200:
            figures.saved += 1
            mine += 1
            key = ""
        elif status in (503, 429):
            await asyncio.sleep(int(said.get("retry-after", "5")))  # as the page's script waits
        n += 1
        if n % 3 == 0:
            status, _said, answer = await timed(conn, figures, "GET", f"{table}/poll?v={version}",
                                                headers={"HX-Request": "true", "Accept-Language": "en"})
            found = VERSION.search(answer)
            if status == 200 and found:
                version = int(found.group(1))
        if n % 7 == 0:
            await timed(conn, figures, "GET", table)
    conn.close()
    figures.per_phone.append(mine)


async def static_probe(port: int, until: float, figures: Figures) -> None:
    conn = Connection("127.0.0.1", port)
    while time.monotonic() < until:
        start = time.perf_counter()
        status, _said, _body = await conn.request("GET", "/static/css/app.css", b"", {})
        assert status == 200, status
        figures.static.append(time.perf_counter() - start)
        await asyncio.sleep(0.1)
    conn.close()


async def new_tables(port: int) -> None:
    conn = Connection("127.0.0.1", port)
    _status, _said, page = await conn.request("GET", "/new/tally", b"", {})
    found = CSRF.search(page)
    assert found
    for _ in range(TABLES):
        form = {"csrf_token": found.group(1).decode(), **{f"seat{s}": f"P{s}" for s in range(PHONES_PER_TABLE)}}
        status, _said, _body = await conn.request("POST", "/new/tally", urllib.parse.urlencode(form).encode(),
                                                  {"Content-Type": "application/x-www-form-urlencoded"})
        assert status == 303, status
    conn.close()


async def crowd(port: int, tables: list[str]) -> Figures:
    figures = Figures(load_before=load())
    until = time.monotonic() + SECONDS
    await asyncio.gather(static_probe(port, until, figures),
                         *(phone(port, f"/t/{t}", seat, until, figures, f"127.0.{n // 200}.{n % 200 + 10}")
                           for n, (t, seat) in enumerate((t, seat) for t in tables
                                                         for seat in range(PHONES_PER_TABLE))))
    figures.load_after = load()
    return figures


def phase(admission: str) -> Figures:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        if DATABASE_URL:  # PostgreSQL: emptied for each phase, as a fresh SQLite file is
            from sqlalchemy import text

            from companion.storage.db import make_engine

            url = DATABASE_URL
            engine = make_engine(url, pool_size=1)
            with engine.begin() as conn:
                conn.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
            engine.dispose()
        # the gate's caps as `make run` has them: each phone is a client of its own here
        env = dict(os.environ, COMPANION_TEST_INSTANCE=tmp, COMPANION_TEST_DATABASE_URL=url, ADMISSION=admission,
                   CLIENT_REQUESTS=os.environ.get("CLIENT_REQUESTS", "16"),
                   CLIENT_STREAMS=os.environ.get("CLIENT_STREAMS", "100"))
        subprocess.run([sys.executable, "-c", "from tests.browser.serve import app; from companion.storage import db; "
                        "db.upgrade(app)"], cwd=ROOT, env=env, check=True)
        port = free_port()
        server = subprocess.Popen(gunicorn_command(port), cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            wait_until_up(port)
            asyncio.run(new_tables(port))
            return asyncio.run(crowd(port, created_tables(url)))
        finally:
            stop(server)


def ms(values: list[float], p: float) -> str:
    return f"{pct(values, p) * 1000:,.0f}" if values else "-"


def main() -> None:
    lag, window = os.environ.get("ADMISSION_LAG_MS", "200"), os.environ.get("ADMISSION_WINDOW_MS", "1000")
    print(f"overload bench: {TABLES * PHONES_PER_TABLE} phones on {TABLES} tables, closed loop, {SECONDS:g} s a "
          f"phase, {'PostgreSQL' if DATABASE_URL else 'SQLite'}, gunicorn {os.environ.get('BENCH_WORKERS', '2')} gevent workers, {os.cpu_count()} cores; "
          f"admission: lag {lag} ms for {window} ms")
    print(f"{'':<15} {'requests':>8} {'shed':>6} {'shed p50/p99 ms':>16} {'answered p50/p99 ms':>20} "
          f"{'longest s':>9} {'over 5 s':>8} {'entries':>8} {'per phone min-max':>17} {'static p50/p99 ms':>18}"
          f"   statuses; load (1/5/15 min) before -> after")
    for admission in ("auto", "off"):
        f = phase(admission)
        total = len(f.shed) + len(f.answered)
        every = f.shed + f.answered
        statuses = " ".join(f"{k}:{v}" for k, v in sorted(f.statuses.items()))
        per_phone = f"{min(f.per_phone, default=0)}-{max(f.per_phone, default=0)}"
        print(f"{'admission ' + ('on' if admission == 'auto' else 'off'):<15} {total:>8} "
              f"{100 * len(f.shed) / max(total, 1):>5.1f}% {ms(f.shed, 0.5) + ' / ' + ms(f.shed, 0.99):>16} "
              f"{ms(f.answered, 0.5) + ' / ' + ms(f.answered, 0.99):>20} {max(every, default=0):>9.1f} "
              f"{sum(t > 5 for t in every):>8} {f.saved:>8} {per_phone:>17} "
              f"{ms(f.static, 0.5) + ' / ' + ms(f.static, 0.99):>18}   {statuses}; "
              f"{f.load_before} -> {f.load_after}")


if __name__ == "__main__":
    main()
