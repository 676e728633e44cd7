"""The live table, on loopback against gunicorn as `make run` starts it:

1. propagation: from an entry's answer to the last of 4 and of 13 phones having the new version, p50/p95/max,
   with push (the event stream) and with the polling fallback (every 2 s, the app's POLL_SECONDS), same run;
2. server CPU per entry (all gunicorn processes, from /proc) with 1 phone's stream open and with 8: the ratio;
3. memory per open stream of one worker, and 2,000 open streams on one server (2 workers of
   worker_connections = 2,000, gunicorn.conf.py): all open, then one entry reaching all of them.

Each figure is printed with the machine's load and a same-run baseline (a static file's answer time). Bounded:
each part has a count and a time limit, and says so when it stops short. Settings: BENCH_LIVE_ENTRIES (30),
BENCH_LIVE_POLL_ENTRIES (10), BENCH_LIVE_STREAMS (2000).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.run import Connection, free_port  # noqa: E402

ENTRIES = int(os.environ.get("BENCH_LIVE_ENTRIES", "30"))
POLL_ENTRIES = int(os.environ.get("BENCH_LIVE_POLL_ENTRIES", "10"))
STREAMS = int(os.environ.get("BENCH_LIVE_STREAMS", "2000"))
POLL_EVERY = 2.0
WAIT = 30.0  # the longest one entry may take to reach every phone before the part stops short
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
HOST = "127.0.0.1"


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f} {five:.1f} {fifteen:.1f}"


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))] if values else float("nan")


def figures(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return f"p50 {pct(ms, 0.5):7.1f} ms  p95 {pct(ms, 0.95):7.1f} ms  max {max(ms, default=float('nan')):7.1f} ms"


class Stream:
    """One phone's open event stream: the newest version it has been sent, and when."""

    def __init__(self, port: int, token: str, version: int) -> None:
        self.port, self.token, self.version = port, token, version
        self.arrived: dict[int, float] = {}
        self.task: asyncio.Task[None] | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.opened = asyncio.Event()

    async def run(self) -> None:
        reader, self.writer = await asyncio.open_connection(HOST, self.port, limit=2**22)
        self.writer.write(f"GET /t/{self.token}/events?v={self.version} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
                          f"Accept-Language: en\r\n\r\n".encode())
        await self.writer.drain()
        await reader.readuntil(b"\r\n\r\n")
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"retry:"):
                self.opened.set()
            elif line.startswith(b"id: "):
                self.arrived[int(line[4:])] = time.perf_counter()

    def start(self) -> None:
        self.task = asyncio.ensure_future(self.run())

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        if self.task is not None:
            self.task.cancel()


class Writer:
    """The phone that enters: +1/-1 on seat 0 (always legal), each based on the version it last saw."""

    def __init__(self, port: int) -> None:
        self.conn = Connection(HOST, port)
        self.csrf = ""
        self.token = ""
        self.version = 0
        self.sent = 0.0  # when the last entry was sent

    async def new_table(self) -> str:
        _status, body = await self.conn.request("GET", "/new/tally")
        found = re.search(rb'name="csrf-token" content="([^"]+)"', body)
        assert found
        self.csrf = found.group(1).decode()
        form = urllib.parse.urlencode({"csrf_token": self.csrf, "seat0": "A", "seat1": "B"}).encode()
        status, _ = await self.conn.request("POST", "/new/tally", form, FORM)
        assert status == 303, status
        self.token = newest_table()
        self.version = 0
        return self.token

    async def enter(self) -> tuple[int, float]:
        """Enter once: (the new version, when its answer came)."""
        self.sent = time.perf_counter()
        body = urllib.parse.urlencode({"csrf_token": self.csrf, "seat": 0, "points": 1 if self.version % 2 == 0
                                       else -1, "version": self.version}).encode()
        status, answer = await self.conn.request("POST", f"/t/{self.token}/move", body, {**FORM, "HX-Request": "true"})
        answered = time.perf_counter()
        found = re.search(rb'id="live" data-version="(\d+)"', answer)
        assert status == 200 and found, status
        self.version = int(found.group(1))
        return self.version, answered


def newest_table() -> str:
    import sqlite3

    db = Path(os.environ["COMPANION_TEST_DATABASE_URL"].removeprefix("sqlite:///"))
    with sqlite3.connect(db) as conn:
        return str(conn.execute("SELECT token FROM tables ORDER BY id DESC LIMIT 1").fetchone()[0])


async def until(check, limit: float = WAIT) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.perf_counter() + limit
    while not check():
        if time.perf_counter() > deadline:
            return False
        await asyncio.sleep(0.002)
    return True


async def push_propagation(port: int, phones: int) -> list[float]:
    writer = Writer(port)
    token = await writer.new_table()
    streams = [Stream(port, token, 0) for _ in range(phones)]
    for s in streams:
        s.start()
    await until(lambda: all(s.opened.is_set() for s in streams))
    delays = []
    for _ in range(ENTRIES):
        version, answered = await writer.enter()
        if not await until(lambda v=version: all(v in s.arrived for s in streams)):
            print(f"  (stopped short: version {version} did not reach every phone within {WAIT:g} s)")
            break
        delays.append(max(0.0, max(s.arrived[version] for s in streams) - answered))
        await asyncio.sleep(random.uniform(0.05, 0.15))  # players do not tap in lockstep
    for s in streams:
        s.close()
    return delays


async def poll_propagation(port: int, phones: int) -> list[float]:
    """Phones polling every 2 s each from its own moment (as pages opened at different times do)."""
    writer = Writer(port)
    token = await writer.new_table()
    seen = [0] * phones
    arrived: list[dict[int, float]] = [{} for _ in range(phones)]
    stop = asyncio.Event()

    async def poller(i: int) -> None:
        conn = Connection(HOST, port)
        await asyncio.sleep(random.uniform(0, POLL_EVERY))
        while not stop.is_set():
            status, body = await conn.request("GET", f"/t/{token}/poll?v={seen[i]}", b"", {"HX-Request": "true"})
            found = re.search(rb'id="live" data-version="(\d+)"', body) if status == 200 else None
            if found:
                seen[i] = int(found.group(1))
                arrived[i][seen[i]] = time.perf_counter()
            await asyncio.sleep(POLL_EVERY)

    tasks = [asyncio.ensure_future(poller(i)) for i in range(phones)]
    delays = []
    for _ in range(POLL_ENTRIES):
        version, answered = await writer.enter()
        if not await until(lambda v=version: all(v in a for a in arrived)):
            print(f"  (stopped short: version {version} did not reach every phone within {WAIT:g} s)")
            break
        delays.append(max(0.0, max(a[version] for a in arrived) - answered))
        await asyncio.sleep(random.uniform(0, POLL_EVERY))
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return delays


def server_cpu(master: int) -> float:
    """CPU seconds of gunicorn's master and workers so far."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in [master, *children(master)]:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def children(master: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == master:
                    found.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                pass
    return found


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def cpu_per_entry(port: int, master: int, phones: int, entries: int) -> float:
    writer = Writer(port)
    token = await writer.new_table()
    streams = [Stream(port, token, 0) for _ in range(phones)]
    for s in streams:
        s.start()
    await until(lambda: all(s.opened.is_set() for s in streams))
    await writer.enter()  # warm: the table read once in each worker
    await until(lambda: all(writer.version in s.arrived for s in streams))
    before = server_cpu(master)
    done = 0
    for _ in range(entries):
        version, _answered = await writer.enter()
        if not await until(lambda v=version: all(v in s.arrived for s in streams)):
            break
        done += 1
    used = server_cpu(master) - before
    for s in streams:
        s.close()
    return used / max(done, 1)


async def baseline(port: int) -> float:
    conn = Connection(HOST, port)
    times = []
    for _ in range(50):
        start = time.perf_counter()
        await conn.request("GET", "/static/css/app.css")
        times.append(time.perf_counter() - start)
    return pct(times, 0.5) * 1000


async def many_streams(port: int, workers: list[int], count: int) -> None:
    writer = Writer(port)
    token = await writer.new_table()
    before = sum(rss_kib(w) for w in workers)
    streams: list[Stream] = []
    started = time.perf_counter()
    for start in range(0, count, 100):  # opened in batches, as phones arrive (not one burst of SYNs)
        batch = [Stream(port, token, 0) for _ in range(min(100, count - start))]
        for s in batch:
            s.start()
        streams += batch
        if not await until(lambda b=batch: all(s.opened.is_set() for s in b), 60):
            break
    opened = sum(s.opened.is_set() for s in streams)
    took = time.perf_counter() - started
    after = sum(rss_kib(w) for w in workers)
    print(f"  {opened} of {count} streams open on {len(workers)} worker(s) in {took:.1f} s; workers' memory "
          f"{before / 1024:.0f} -> {after / 1024:.0f} MiB: {(after - before) / max(opened, 1):.1f} KiB per stream")
    try:  # a server whose every connection is taken would never answer: said, not waited for
        version, answered = await asyncio.wait_for(writer.enter(), 120)
    except TimeoutError:
        print("  an entry sent with the streams open got no answer within 120 s (every connection taken?)")
        for s in streams:
            s.close()
        return
    reached = await until(lambda: all(version in s.arrived for s in streams if s.opened.is_set()), 60)
    last = max((s.arrived.get(version, float("nan")) for s in streams if s.opened.is_set()), default=float("nan"))
    # With many streams on the writing worker, the entry's answer waits while that worker sends the events: timed
    # from the entry's send, with the answer's own time beside it.
    print(f"  one entry reached {sum(version in s.arrived for s in streams)} of them; the last "
          f"{(last - writer.sent) * 1000:.0f} ms after the entry was sent (its answer took "
          f"{(answered - writer.sent) * 1000:.0f} ms)" if reached else
          "  one entry did not reach every open stream within 60 s")
    for s in streams:
        s.close()


def start_server(tmp: str, workers: int, app: str = "tests.browser.serve:app") -> tuple[subprocess.Popen[bytes], int]:
    """gunicorn as `make run` starts it, serving ``app``, once it answers."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), "--bind", f"{HOST}:{port}",
         "--workers", str(workers), "--keep-alive", "30", "--graceful-timeout", "1", app],
        cwd=ROOT, env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"http://{HOST}:{port}/", timeout=30)
            return server, port
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    server.wait(60)


async def main_async(tmp: str) -> None:
    server, port = start_server(tmp, 2)
    try:
        print(f"live table bench: gunicorn 2 gevent workers on loopback, {os.cpu_count()} cores, {load()}; "
              f"static file p50 {await baseline(port):.1f} ms (baseline)")
        print(f"propagation, entry's answer -> last phone has the version ({ENTRIES} entries push, "
              f"{POLL_ENTRIES} polling every {POLL_EVERY:g} s):")
        for phones in (4, 13):
            push = await push_propagation(port, phones)
            print(f"  {phones:>2} phones  push     {figures(push)}   ({len(push)} entries, {load()})")
            polled = await poll_propagation(port, phones)
            print(f"  {phones:>2} phones  polling  {figures(polled)}   ({len(polled)} entries, {load()})")
        one = await cpu_per_entry(port, server.pid, 1, ENTRIES)
        eight = await cpu_per_entry(port, server.pid, 8, ENTRIES)
        print(f"server CPU per entry: 1 phone {one * 1000:.1f} ms, 8 phones {eight * 1000:.1f} ms: "
              f"ratio {eight / one:.2f} (goal <= 1.5; {load()})")
    finally:
        stop(server)
    server, port = start_server(tmp, 1)
    try:
        print(f"open streams, one worker (worker_connections 2000), {load()}:")
        await many_streams(port, children(server.pid), STREAMS // 2)
    finally:
        stop(server)
    server, port = start_server(tmp, 2)
    try:
        print(f"{STREAMS} open streams on one server (2 workers), {load()}:")
        await many_streams(port, children(server.pid), STREAMS)
    finally:
        stop(server)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        os.environ.update(COMPANION_TEST_INSTANCE=tmp, COMPANION_TEST_DATABASE_URL=url)
        subprocess.run([sys.executable, "-c", "from tests.browser.serve import app; from companion.storage import db; "
                        "db.upgrade(app)"], cwd=ROOT, check=True)
        asyncio.run(main_async(tmp))


if __name__ == "__main__":
    main()
