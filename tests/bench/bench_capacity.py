"""Capacity: K tables of 5 phones, every phone connected live (the table's SSE stream) and entering a move every
20 s, sent open-loop (on schedule, whether or not earlier entries were answered), as `make run` serves them.

For each K prints p50/p99 "entry answered" (the phone that entered gets its fresh table) and p50/p99 "other
phones updated" (from the entry's send to each other phone's stream showing its version), errors, and the
machine's load beside them; then a static file's p99 in the same run as the baseline. Target:
>= 200 tables with p99 <= 300 ms answered and <= 500 ms updated on 2 cores.

Settings (environment): BENCH_WORKERS (2), BENCH_CAPACITY_TABLES ("100,200,300,400,500": the steps, stopping
once a step's p99 answer passes 5 s), BENCH_CAPACITY_SECONDS (30 per step), BENCH_ENTRY_SECONDS (20).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.bench_long_tables import Server, created, new_table  # noqa: E402
from tests.bench.run import Busy, Connection, load, pct  # noqa: E402

STEPS = [int(k) for k in os.environ.get("BENCH_CAPACITY_TABLES", "100,200,300,400,500").split(",")]
SECONDS = float(os.environ.get("BENCH_CAPACITY_SECONDS", "30"))
EVERY = float(os.environ.get("BENCH_ENTRY_SECONDS", "20"))
PHONES = 5
ANSWERED_MS, UPDATED_MS = 300.0, 500.0
GIVE_UP_MS = 5000.0  # a step whose p99 answer passes this ends the ladder
FORM = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"}
EVENT = re.compile(rb"id: (\d+)\nevent: table")


@dataclass
class Step:
    tables: int
    answered: list[float] = field(default_factory=list)
    sent: dict[tuple[str, int], tuple[float, int]] = field(default_factory=dict)  # (table, version) -> (t0, phone)
    seen: dict[tuple[str, int], list[tuple[int, float]]] = field(default_factory=dict)  # (table, phone) -> events
    errors: dict[str, int] = field(default_factory=dict)

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def updated(self) -> list[float]:
        """For each saved entry and each other phone of its table: ms until that phone's stream reached it."""
        found = []
        for (token, version), (t0, sender) in self.sent.items():
            for phone in range(PHONES):
                if phone == sender:
                    continue
                arrived = next((t for v, t in self.seen.get((token, phone), []) if v >= version), None)
                if arrived is None:
                    self.error("never updated")
                else:
                    found.append((arrived - t0) * 1000)
        return found


async def listen(port: int, token: str, phone: int, step: Step, ready: asyncio.Event) -> None:
    """One phone's live stream: the time each version's event arrived."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(f"GET /t/{token}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n"
                     f"\r\n".encode())
        await writer.drain()
        events = step.seen.setdefault((token, phone), [])
        buffer = b""
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                return
            now = time.perf_counter()
            ready.set()
            buffer += chunk
            for match in EVENT.finditer(buffer):
                events.append((int(match.group(1)), now))
            buffer = buffer[-64:]  # an event id cut between two reads is found in the next one
    finally:
        writer.close()


class Table:
    """A table's phones share one session (its CSRF token); each entry goes on a free connection of it."""

    def __init__(self, port: int, token: str, session: Connection, csrf: str) -> None:
        self.port, self.token, self.csrf = port, token, csrf
        self.session = session
        self.free: list[Connection] = [session]
        self.version = 0

    async def enter(self, phone: int, n: int, step: Step) -> None:
        conn = self.free.pop() if self.free else Connection("127.0.0.1", self.port)
        conn.cookies = self.session.cookies
        body = urllib.parse.urlencode({"csrf_token": self.csrf, "seat": 0, "points": 1 if n % 2 == 0 else -1,
                                       "version": self.version}).encode()
        start = time.perf_counter()
        try:
            status, answer = await conn.request("POST", f"/t/{self.token}/move", body, FORM)
        except (OSError, asyncio.IncompleteReadError) as exc:
            step.error(type(exc).__name__)
            return
        finally:
            self.free.append(conn)
        step.answered.append((time.perf_counter() - start) * 1000)
        found = re.search(rb'id="live" data-version="(\d+)"', answer)
        if status != 200 or not found:
            step.error(f"entry {status}")
            return
        version = int(found.group(1))
        self.version = max(self.version, version)
        step.sent.setdefault((self.token, version), (start, phone))


async def run_step(port: int, tables: list[Table]) -> Step:
    step = Step(len(tables))
    ready = [asyncio.Event() for _ in range(len(tables) * PHONES)]
    streams = [asyncio.create_task(listen(port, t.token, p, step, ready[i * PHONES + p]))
               for i, t in enumerate(tables) for p in range(PHONES)]
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), 120)  # every phone connected
    schedule = sorted((random.uniform(0, EVERY) + n * EVERY, i, p, n) for i in range(len(tables))
                      for p in range(PHONES) for n in range(int(SECONDS / EVERY) + 1))
    schedule = [s for s in schedule if s[0] < SECONDS]
    begin = time.perf_counter()
    entries = []
    for at, i, p, n in schedule:
        delay = begin + at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        entries.append(asyncio.create_task(tables[i].enter(p, n, step)))
    await asyncio.gather(*entries)
    await asyncio.sleep(2)  # the last events on their way
    for s in streams:
        s.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    return step


async def static_p99(port: int, count: int = 200) -> float:
    phone = Connection("127.0.0.1", port)
    found = []
    for _ in range(count):
        start = time.perf_counter()
        await phone.request("GET", "/static/css/app.css")
        found.append((time.perf_counter() - start) * 1000)
    return pct(found, 0.99)


async def run(server: Server) -> None:
    setup = Connection("127.0.0.1", server.port)
    while len(created(server)) < max(STEPS):
        await new_table(setup)
    tokens = created(server)
    print(f"capacity: tables of {PHONES} phones, each phone live (SSE) and entering every {EVERY:g} s, open loop, "
          f"{SECONDS:g} s a step; target p99 answered <= {ANSWERED_MS:g} ms, updated <= {UPDATED_MS:g} ms")
    print(f"  {'tables':>6} {'entries':>7} {'answered p50/p99 ms':>20} {'updated p50/p99 ms':>19}  errors  "
          f"cpu during the step, load   "
          f"static p99 ms")
    best = 0
    for count in STEPS:
        tables = []
        for token in tokens[:count]:
            session = Connection("127.0.0.1", server.port)
            _status, page = await session.request("GET", f"/t/{token}")
            csrf = re.search(rb'name="csrf-token" content="([^"]+)"', page).group(1).decode()  # type: ignore[union-attr]
            table = Table(server.port, token, session, csrf)
            table.version = server.version(token)
            tables.append(table)
        busy = Busy()
        step = await run_step(server.port, tables)
        busy_text = str(busy)  # the step's own: before the static baseline below
        updated = step.updated()
        baseline = await static_p99(server.port)
        ok = (not step.errors and pct(step.answered, 0.99) <= ANSWERED_MS and pct(updated, 0.99) <= UPDATED_MS)
        errors = ",".join(f"{k}:{v}" for k, v in step.errors.items()) or "0"
        print(f"  {count:>6} {len(step.answered):>7} {pct(step.answered, 0.5):>9.0f} /{pct(step.answered, 0.99):>7.0f}"
              f" {pct(updated, 0.5):>9.0f} /{pct(updated, 0.99):>7.0f}  {errors:<6}  {busy_text}, {load()}   {baseline:.1f}"
              f"  {'ok' if ok else 'over'}")
        if ok:
            best = count
        if step.errors or pct(step.answered, 0.99) > GIVE_UP_MS:  # far past the target: larger steps say nothing
            break
    # A busy machine may hold none of the steps: that is said with its load, never reported as a capacity of 0.
    held = f"{best} tables of {PHONES} live phones" if best else "none of the steps held"
    print(f"  capacity: {held} (target >= 200), {load()}")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(folder)
        server.start()
        try:
            asyncio.run(run(server))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
