"""`make bench`: gunicorn on loopback (as `make run` starts it) driven by many simulated phones.

Prints requests per second and p50/p95/p99 latency for the home page, a table page, the "anything new?" poll
and an entry, with a static file from the same server as the baseline; then runs every other bench script in
this folder (bench_*.py), which print their own figures.

Settings (environment): BENCH_PHONES (50), BENCH_SECONDS per phase (5), BENCH_WORKERS (2).
Targets for later work: poll and entry p99 under 20 ms at 50 phones on 2 cores.
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PHONES = int(os.environ.get("BENCH_PHONES", "50"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "5"))
WORKERS = os.environ.get("BENCH_WORKERS", "2")


@dataclass
class Phase:
    name: str
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    elapsed: float = 0.0

    def line(self) -> str:
        lat = sorted(self.latencies)
        n = len(lat)

        def pct(p: float) -> float:
            return lat[min(n - 1, int(p * n))] * 1000 if n else float("nan")

        statuses = " ".join(f"{k}:{v}" for k, v in sorted(self.statuses.items()))
        return (f"{self.name:<22} {n:>7} {n / self.elapsed:>9.0f} {pct(0.50):>8.1f} {pct(0.95):>8.1f} "
                f"{pct(0.99):>8.1f}   {statuses}")


class Connection:
    """A minimal HTTP/1.1 keep-alive client: a phone holds one connection, as a browser would."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookies: dict[str, str] = {}

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
                      ) -> tuple[int, bytes]:
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Connection: keep-alive"]
            if self.cookies:
                lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
            for k, v in (headers or {}).items():
                lines.append(f"{k}: {v}")
            if body or method == "POST":
                lines.append(f"Content-Length: {len(body)}")
            try:
                self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
                await self.writer.drain()
                return await self._response()
            except (ConnectionError, asyncio.IncompleteReadError):
                self.writer = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _response(self) -> tuple[int, bytes]:
        assert self.reader is not None
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split()[1])
        length, close = 0, False
        for line in header_lines:
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "content-length":
                length = int(value)
            elif name == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
            elif name == "connection" and value.lower() == "close":
                close = True
        body = await self.reader.readexactly(length) if length else b""
        if close:
            self.writer = None
        return status, body


def gunicorn_command(port: int) -> list[str]:
    """gunicorn as `make run` starts it (gunicorn.conf.py: gevent workers), on loopback, serving the test app;
    connections are kept alive 30 s because each simulated phone keeps one."""
    return [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), "--bind", f"127.0.0.1:{port}",
            "--workers", WORKERS, "--keep-alive", "30", "tests.browser.serve:app"]


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop gunicorn and wait for it: longer than its graceful_timeout (gunicorn.conf.py, 10 s), since a loaded
    machine finishes the workers' last requests slowly; killed if it still has not stopped (a bench that ran to
    its end must not crash on its way out)."""
    process.terminate()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def load() -> str:
    """The machine's load beside a figure: the bench shares the cores with whatever else runs."""
    one, five, _fifteen = os.getloadavg()
    return f"load {one:.1f}/{five:.1f} on {os.cpu_count()} cores"


def _cpu_ticks() -> tuple[int, int]:
    """(busy, all) clock ticks of every core since boot, from /proc/stat (Linux)."""
    fields = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return sum(fields) - idle, sum(fields)


class Busy:
    """How busy the machine's cores were between start and now (every process: the server, the bench's own
    phones, anything else). The load average lags a 30 s step by most of a minute; this does not."""

    def __init__(self) -> None:
        self.busy, self.all = _cpu_ticks()

    def __str__(self) -> str:
        busy, every = _cpu_ticks()
        share = (busy - self.busy) / max(1, every - self.all)
        return f"cpu {share * 100:.0f}% of {os.cpu_count()} cores"


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def run_phase(name: str, port: int, phones: list[Connection], make_request,  # type: ignore[no-untyped-def]
                    seen=None) -> Phase:  # type: ignore[no-untyped-def]
    """Each phone sends make_request(phone, n) in a closed loop; seen(phone, status, body) reads answers."""
    phase = Phase(name)
    deadline = time.perf_counter() + SECONDS

    async def phone_loop(i: int, conn: Connection) -> None:
        n = 0
        while time.perf_counter() < deadline:
            method, path, body, headers = make_request(i, n)
            start = time.perf_counter()
            status, answer = await conn.request(method, path, body, headers)
            if seen is not None:
                seen(i, status, answer)
            phase.latencies.append(time.perf_counter() - start)
            phase.statuses[status] = phase.statuses.get(status, 0) + 1
            n += 1

    start = time.perf_counter()
    await asyncio.gather(*(phone_loop(i, c) for i, c in enumerate(phones)))
    phase.elapsed = time.perf_counter() - start
    return phase


async def start_tables(phones: list[Connection], url: str | None = None) -> tuple[list[str], list[str]]:
    """Each phone opens the new-table page (session + CSRF token) and starts its own table, so that every entry
    is based on the version it last saw and is saved (a shared table would mostly measure 409s). Returns each
    phone's CSRF token and table token."""
    tokens: list[str] = []
    for conn in phones:
        status, body = await conn.request("GET", "/new/tally")
        found = re.search(rb'name="csrf-token" content="([^"]+)"', body)
        assert found is not None, status
        tokens.append(found.group(1).decode())
    for t, conn in enumerate(phones):
        form = urllib.parse.urlencode({"csrf_token": tokens[t], "seat0": "A", "seat1": "B"}).encode()
        status, _ = await conn.request("POST", "/new/tally", form,
                                       {"Content-Type": "application/x-www-form-urlencoded"})
        assert status == 303, status
    tables = created_tables(url)
    assert len(tables) == len(phones)
    return tokens, tables


def entries(tokens: list[str], tables: list[str], versions: dict[str, int],  # type: ignore[no-untyped-def]
            as_phone: bool = False):
    """An entry per request for run_phase (phone i on table i), and the reader of its answer that keeps
    ``versions`` (each table's version as its phone last saw it) up to date. ``as_phone``: sent as a phone's
    page sends a tap (htmx, with the tap's own key), answered with the fresh table; else a plain form post,
    answered with a redirect."""
    form_type = {"Content-Type": "application/x-www-form-urlencoded"}
    headers = {**form_type, "HX-Request": "true"} if as_phone else form_type

    def entry(i: int, n: int):  # type: ignore[no-untyped-def]
        token = tables[i]
        # +1 then -1 on the first seat: the total stays within the stand-in game's 0..100, so every entry is legal
        form = {"csrf_token": tokens[i], "seat": 0, "points": 1 if n % 2 == 0 else -1, "version": versions[token]}
        if as_phone:
            form["entry_key"] = f"bench-{i}-{n}-{versions[token]}"
        return "POST", f"/t/{token}/move", urllib.parse.urlencode(form).encode(), headers

    def entered(i: int, status: int, answer: bytes) -> None:
        token = tables[i]
        if status == 303:
            versions[token] += 1
        else:  # a refused or stale entry answers with the table as it is: carry on from its version
            found = re.search(rb'id="live" data-version="(\d+)"', answer)
            if found:
                versions[token] = int(found.group(1))

    return entry, entered


async def bench(port: int) -> list[Phase]:
    host = "127.0.0.1"
    phones = [Connection(host, port) for _ in range(PHONES)]
    tokens, tables = await start_tables(phones)
    versions = {tok: 0 for tok in tables}

    def table_of(i: int) -> str:
        return tables[i]

    results = [
        await run_phase("static file (baseline)", port, phones, lambda i, n: ("GET", "/static/css/app.css", b"", {})),
        await run_phase("home page", port, phones, lambda i, n: ("GET", "/", b"", {})),
        await run_phase("table page", port, phones, lambda i, n: ("GET", f"/t/{table_of(i)}", b"", {})),
        await run_phase("poll (nothing new)", port, phones,
                        lambda i, n: ("GET", f"/t/{table_of(i)}/poll?v={versions[table_of(i)]}", b"",
                                      {"HX-Request": "true"})),
    ]
    entry, entered = entries(tokens, tables, versions)
    results.append(await run_phase("entry", port, phones, entry, entered))
    return results


def created_tables(url: str | None = None) -> list[str]:
    """The tokens of the tables the bench created, oldest first: its database is fresh (SQLite or PostgreSQL)."""
    from sqlalchemy import text

    from companion.storage.db import make_engine

    engine = make_engine(url or os.environ["COMPANION_TEST_DATABASE_URL"], pool_size=1)
    try:
        with engine.connect() as conn:
            return [row[0] for row in conn.execute(text("SELECT token FROM tables ORDER BY id"))]
    finally:
        engine.dispose()


def wait_until_up(port: int) -> None:
    """Wait for gunicorn to answer (its workers import the app first: seconds on a loaded machine)."""
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"gunicorn on port {port} did not answer within a minute")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        env = dict(os.environ, COMPANION_TEST_INSTANCE=tmp, COMPANION_TEST_DATABASE_URL=url)
        os.environ.update(env)
        subprocess.run([sys.executable, "-c", "from tests.browser.serve import app; from companion.storage import db; "
                        "db.upgrade(app)"], cwd=ROOT, env=env, check=True)
        port = free_port()
        server = subprocess.Popen(
            gunicorn_command(port),
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_until_up(port)
            print(f"companion bench: gunicorn {WORKERS} gevent workers (gunicorn.conf.py) on 127.0.0.1, "
                  f"{PHONES} phones (keep-alive, closed loop), {SECONDS:g} s per phase, {os.cpu_count()} cores")
            print(f"{'':<22} {'requests':>7} {'req/s':>9} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}   statuses")
            for phase in asyncio.run(bench(port)):
                print(phase.line(), f"  ({load()})")
        finally:
            stop(server)
    for script in sorted(Path(__file__).parent.glob("bench_*.py")):
        print(f"\n--- {script.name}")
        subprocess.run([sys.executable, str(script)], cwd=ROOT, check=False)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
