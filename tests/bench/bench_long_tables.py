"""Long games and busy servers (`make bench` runs this after the request phases).

Prints, side by side, the table page, the poll and an entry at 20 and at 2,000 entries on one table (the cost of
an entry must not grow with the log: target within 1.5x); the first view of a 2,000-entry table after a restart
(one replay); each worker's memory after 100 tables of 1,000 entries have been viewed (target at most 250 MB);
the capacity of the server as "tables of 5 phones polling every 2 s with p99 under 50 ms", measured with an
open-loop load (requests are sent on schedule, whether or not earlier ones were answered); and 50 phones racing
on one table, with entries that commute and with entries that never do (every phone must get entries saved:
play._write, companion/tables/rebase.py, companion/tables/turnqueue.py).

Settings (environment): BENCH_WORKERS (2), BENCH_LONG (2000), BENCH_TABLES (100),
BENCH_TABLE_ENTRIES (1000), BENCH_CAPACITY_SECONDS (6), BENCH_CONTENTION_PHONES (50), BENCH_CONTENTION_SECONDS (30),
BENCH_PHASES (long,memory,capacity,contention: the phases to run).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.run import Connection, free_port, gunicorn_command, load, stop  # noqa: E402

WORKERS = os.environ.get("BENCH_WORKERS", "2")
LONG = int(os.environ.get("BENCH_LONG", "2000"))
TABLES = int(os.environ.get("BENCH_TABLES", "100"))
TABLE_ENTRIES = int(os.environ.get("BENCH_TABLE_ENTRIES", "1000"))
CAPACITY_SECONDS = float(os.environ.get("BENCH_CAPACITY_SECONDS", "6"))
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


class Server:
    def __init__(self, folder: str) -> None:
        self.db = Path(folder) / "bench.db"
        self.env = dict(os.environ, COMPANION_TEST_INSTANCE=folder, COMPANION_TEST_DATABASE_URL=f"sqlite:///{self.db}")
        subprocess.run([sys.executable, "-c", "from tests.browser.serve import app; from companion.storage import db; "
                        "db.upgrade(app)"], cwd=ROOT, env=self.env, check=True)
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            gunicorn_command(self.port),
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=1)
                return
            except OSError:
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            stop(self.process)

    def worker_rss_mb(self) -> list[float]:
        assert self.process is not None
        found = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout.split()
        sizes = []
        for pid in found:
            status = Path(f"/proc/{pid}/status").read_text()
            sizes.append(int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024)  # type: ignore[union-attr]
        return sizes

    def fill(self, token: str, count: int) -> None:
        """``count`` entries straight into the database (+1/-1 on seat 0: always legal), as phones would have."""
        now = datetime.now(UTC).isoformat(sep=" ")
        with sqlite3.connect(self.db) as conn:
            table_id, version = conn.execute("SELECT id, version FROM tables WHERE token = ?", (token,)).fetchone()
            rows = [(table_id, version + i + 1, "move", json.dumps({"seat": 0, "points": 1 if (version + i) % 2 == 0
                                                                     else -1}), "bench", now) for i in range(count)]
            conn.executemany("INSERT INTO events (table_id, seq, kind, payload, device, created_at) "
                             "VALUES (?, ?, ?, ?, ?, ?)", rows)
            conn.execute("UPDATE tables SET version = ? WHERE id = ?", (version + count, table_id))

    def version(self, token: str) -> int:
        with sqlite3.connect(self.db) as conn:
            return int(conn.execute("SELECT version FROM tables WHERE token = ?", (token,)).fetchone()[0])


async def new_table(phone: Connection) -> tuple[str, str]:
    _status, body = await phone.request("GET", "/new/tally")
    csrf = re.search(rb'name="csrf-token" content="([^"]+)"', body).group(1).decode()  # type: ignore[union-attr]
    form = urllib.parse.urlencode({"csrf_token": csrf, "seat0": "A", "seat1": "B"}).encode()
    status, _ = await phone.request("POST", "/new/tally", form, FORM)
    assert status == 303, status
    return csrf, ""


def created(server: Server) -> list[str]:
    with sqlite3.connect(server.db) as conn:
        return [row[0] for row in conn.execute("SELECT token FROM tables ORDER BY id")]


async def timed(phone: Connection, method: str, path: str, body: bytes = b"",
                headers: dict[str, str] | None = None) -> tuple[float, int, bytes]:
    start = time.perf_counter()
    status, answer = await phone.request(method, path, body, headers)
    return (time.perf_counter() - start) * 1000, status, answer


NAMES = ("table page", "poll, nothing new", "poll, one new entry", "entry")


async def measure_round(server: Server, phone: Connection, csrf: str, token: str) -> tuple[float, ...]:
    """One round's ms of a table page, a poll with nothing new, an entry, and a poll after that entry."""
    version = server.version(token)
    page = (await timed(phone, "GET", f"/t/{token}"))[0]
    idle = (await timed(phone, "GET", f"/t/{token}/poll?v={version}", headers={"HX-Request": "true"}))[0]
    body = urllib.parse.urlencode({"csrf_token": csrf, "seat": 0, "points": 1 if version % 2 == 0 else -1,
                                   "version": version}).encode()
    entry, status, answer = await timed(phone, "POST", f"/t/{token}/move", body, FORM)
    assert status == 303, (status, re.findall(rb'class="notice[^"]*"[^>]*>\s*<p>([^<]*)', answer))
    fresh = (await timed(phone, "GET", f"/t/{token}/poll?v={version}", headers={"HX-Request": "true"}))[0]
    return page, idle, fresh, entry


async def measure(server: Server, phone: Connection, csrf: str, tokens: list[str], rounds: int = 60
                  ) -> list[dict[str, float]]:
    """Median ms of each of NAMES on each table, the tables' rounds interleaved (a load that drifts while
    others use the machine then weighs on every table alike, not on whichever was measured last)."""
    found: list[list[tuple[float, ...]]] = [[] for _ in tokens]
    for _ in range(rounds):
        for i, token in enumerate(tokens):
            found[i].append(await measure_round(server, phone, csrf, token))
    return [{name: statistics.median(r[k] for r in runs) for k, name in enumerate(NAMES)} for runs in found]


async def open_loop_step(server: Server, tokens: list[str]) -> tuple[float, int]:
    """``len(tokens)`` tables x 5 phones, each polling every 2 s, sent on schedule: (p99 ms, polls answered)."""
    rate = len(tokens) * 5 / 2.0
    versions = {t: server.version(t) for t in tokens}
    latencies: list[float] = []
    idle: list[Connection] = []

    async def one(token: str) -> None:
        conn = idle.pop() if idle else Connection("127.0.0.1", server.port)
        start = time.perf_counter()
        try:
            await conn.request("GET", f"/t/{token}/poll?v={versions[token]}", b"", {"HX-Request": "true"})
            latencies.append((time.perf_counter() - start) * 1000)
        finally:
            idle.append(conn)

    tasks = []
    begin = time.perf_counter()
    n = 0
    while time.perf_counter() - begin < CAPACITY_SECONDS:
        delay = begin + n / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(tokens[n % len(tokens)])))
        n += 1
    await asyncio.gather(*tasks)
    latencies.sort()
    return latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))], len(latencies)


async def capacity(server: Server, tokens: list[str]) -> list[tuple[int, float, int]]:
    """Open loop at growing numbers of tables, until p99 passes 50 ms: (tables, p99 ms, polls)."""
    results = []
    for count in (10, 25, 50, 100, 200, 300, 400, 600):  # from small, so a busy machine still reports a figure
        if count > len(tokens):
            break
        p99, polls = await open_loop_step(server, tokens[:count])
        results.append((count, p99, polls))
        if p99 > 50:
            break
    return results


CONTENTION_PHONES = int(os.environ.get("BENCH_CONTENTION_PHONES", "50"))
WAIT_SECONDS = 0.5  # a phone told another goes first tries again after this (the others retry at once)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


async def contention(server: Server, seconds: float, expect: bool) -> None:
    """50 phones entering on one table as fast as they can, each trying again on the version a refusal shows:
    entries saved, phones with entries saved, the longest run of refusals, the latency of each send and the
    time from an entry's first send to its save (retries included). ``expect``: every entry names the total
    it saw (such entries never commute, so each race is refused and settled by the table's queue); else plain
    +1/-1 entries (they commute, so a stale one is saved on the fresh table)."""
    phones = [Connection("127.0.0.1", server.port) for _ in range(CONTENTION_PHONES)]
    csrf, _ = await new_table(phones[0])
    token = created(server)[-1]
    tokens = []
    for phone in phones:
        _status, body = await phone.request("GET", f"/t/{token}")
        tokens.append(re.search(rb'name="csrf-token" content="([^"]+)"', body).group(1).decode())  # type: ignore[union-attr]
    saved = [0] * len(phones)
    worst = [0] * len(phones)
    sends: list[float] = []
    landed: list[float] = []
    statuses: dict[int | str, int] = {}
    deadline = time.perf_counter() + seconds

    async def loop(i: int) -> None:
        version, total, refusals = server.version(token), 0, 0
        first = time.perf_counter()
        while time.perf_counter() < deadline:
            # +1 up to 50 then -1, by the total last seen: legal on the table the phone saw
            entry = {"csrf_token": tokens[i], "seat": 0, "points": 1 if total < 50 else -1, "version": version}
            if expect:
                entry["expect"] = total
            ms, status, answer = await timed(phones[i], "POST", f"/t/{token}/move", urllib.parse.urlencode(
                entry).encode(), {**FORM, "HX-Request": "true"})
            sends.append(ms)
            kind = status if status != 409 else "409 wait" if b"it goes first" in answer else "409 stale"
            statuses[kind] = statuses.get(kind, 0) + 1
            found = re.search(rb'id="live" data-version="(\d+)"', answer)
            seen = re.search(rb'class="total" data-seat="0">(-?\d+)<', answer)
            total = int(seen.group(1)) if seen else total
            if status == 200:
                saved[i] += 1
                refusals = 0
                landed.append((time.perf_counter() - first) * 1000)
                first = time.perf_counter()
            else:
                refusals += 1
                worst[i] = max(worst[i], refusals)
                if found and int(found.group(1)) == version:  # not stale: another phone's turn; a person waits
                    await asyncio.sleep(WAIT_SECONDS)
            version = int(found.group(1)) if found else server.version(token)

    await asyncio.gather(*(loop(i) for i in range(len(phones))))
    kind = "entries naming the total they saw (never commute)" if expect else "plain entries (commute)"
    print(f"\ncontention, {kind}: {len(phones)} phones on one table for {seconds:g} s")
    print(f"  {sum(saved)} entries saved; {sum(1 for n in saved if n)} of {len(phones)} phones got entries saved "
          f"(fewest {min(saved)}, most {max(saved)}); longest run of refusals {max(worst)}; "
          f"answers {', '.join(f'{k}: {v}' for k, v in sorted(statuses.items(), key=str))}")
    print(f"  each send: p50 {pct(sends, 0.5):.0f} ms, p99 {pct(sends, 0.99):.0f} ms; first send to saved: "
          f"p50 {pct(landed, 0.5):.0f} ms, p99 {pct(landed, 0.99):.0f} ms")


PHASES = os.environ.get("BENCH_PHASES", "long,memory,capacity,contention").split(",")


async def long_table(server: Server, phone: Connection) -> None:
    csrf, _ = await new_table(phone)
    await new_table(phone)
    short_token, long_token = created(server)[-2:]
    server.fill(short_token, 20)
    server.fill(long_token, LONG)
    await phone.request("GET", f"/t/{short_token}")  # warm
    start = time.perf_counter()
    await phone.request("GET", f"/t/{long_token}")  # the first view of entries this worker has not read
    first = (time.perf_counter() - start) * 1000
    await phone.request("GET", f"/t/{long_token}")  # the other worker, most likely
    short, long = await measure(server, phone, csrf, [short_token, long_token])
    print(f"one table, median ms      {'20 entries':>12} {f'{LONG} entries':>14} {'ratio':>7}")
    for name in NAMES:
        print(f"  {name:<24}{short[name]:>12.1f} {long[name]:>14.1f} {long[name] / short[name]:>7.2f}")
    print(f"  first view after {LONG} unread entries: {first:.0f} ms (one replay)")


async def memory(server: Server, phone: Connection) -> None:
    known = len(created(server))
    for _ in range(TABLES):
        await new_table(phone)
    tokens = created(server)[known:known + TABLES]
    for t in tokens:
        server.fill(t, TABLE_ENTRIES)
    before = server.worker_rss_mb()
    start = time.perf_counter()
    for t in tokens:
        for _ in range(2):  # both workers, most likely
            await phone.request("GET", f"/t/{t}")
    print(f"\n{TABLES} tables x {TABLE_ENTRIES} entries, each page viewed twice: {time.perf_counter() - start:.1f} s; "
          f"worker memory {' / '.join(f'{m:.0f}' for m in before)} MB before, "
          f"{' / '.join(f'{m:.0f}' for m in server.worker_rss_mb())} MB after (target <= 250 MB each)")


async def capacity_phase(server: Server, phone: Connection) -> None:
    while len(created(server)) < 601:  # tables for the capacity steps (long ones first, when made above)
        await new_table(phone)
    print(f"\ncapacity (open loop, {CAPACITY_SECONDS:g} s a step): tables of 5 phones polling every 2 s")
    best = 0
    for count, p99, requests in await capacity(server, created(server)[1:]):
        mark = "ok" if p99 < 50 else "over"
        print(f"  {count:>4} tables  {requests:>6} polls  p99 {p99:>7.1f} ms  {mark}  ({load()})")
        if p99 < 50:
            best = count
    print(f"  capacity: {best} tables (p99 under 50 ms; target >= 200); {load()}")


async def run(server: Server) -> None:
    """The phases BENCH_PHASES names (all by default), in this order."""
    phone = Connection("127.0.0.1", server.port)
    if "long" in PHASES:
        await long_table(server, phone)
    if "memory" in PHASES:
        await memory(server, phone)
    if "capacity" in PHASES:
        await capacity_phase(server, phone)
    if "contention" in PHASES:
        for expect in (False, True):
            await contention(server, float(os.environ.get("BENCH_CONTENTION_SECONDS", "30")), expect)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(folder)
        server.start()
        try:
            print(f"long tables: gunicorn {WORKERS} gevent workers (gunicorn.conf.py), {os.cpu_count()} cores")
            asyncio.run(run(server))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
