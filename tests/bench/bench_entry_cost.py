"""What one entry costs, per game (issue 39: "a tap costs little"), against gunicorn as `make run` serves it.

Each game's recorded whole game (tests/bench/recorded_games.py) is entered at a table of 5 phones: one phone enters
every move (an htmx entry, its answer the fresh table) while the 4 others hold the table's live stream, as open
pages do; each entry waits until every stream has its version. Each game is played once before it is measured (a
worker's first table of a game loads its templates and data), then at BENCH_ENTRY_ROUNDS (3) tables, the median
one printed (CPU time is counted in 10 ms ticks and moves with whatever else the machine runs). Printed per game:

- the server's CPU per entry (gunicorn's master and workers, from /proc: the entry's request, its write, its
  answer and the four streams' events), and its ratio to the server's CPU for one static file in the same run;
- the bytes each phone receives per entry: the entering phone's answer and each other phone's stream event, as
  sent (gzip, which every browser accepts) and the html they carry (what was sent before issue 39).

Goal (issue 39): CPU per entry at most 6 ms for every game. The machine's load is printed beside the figures.
BENCH_ENTRY_GAMES (every game) chooses the games.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.parse
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.bench_live import Stream as LiveStream  # noqa: E402
from tests.bench.bench_live import server_cpu, start_server, until  # noqa: E402
from tests.bench.recorded_games import SLUGS, Recorded, recorded  # noqa: E402
from tests.bench.run import Connection, load  # noqa: E402

HOST = "127.0.0.1"
PHONES = 5
STATIC_REQUESTS = 300
ROUNDS = int(os.environ.get("BENCH_ENTRY_ROUNDS", "3"))  # tables per game measured; the median is printed
WAIT = 60.0  # the longest every stream may take to have an entry's version before the game stops short
GZIP = {"Accept-Encoding": "gzip, deflate, br", "Accept-Language": "en"}
FORM = {"Content-Type": "application/x-www-form-urlencoded", **GZIP}
VERSION = re.compile(rb'id="live" data-version="(\d+)"')
CSRF = re.compile(rb'name="csrf-token" content="([^"]+)"')


class Stream(LiveStream):
    """One phone's open live stream as a browser holds it (gzip, chunked): the versions it has been sent (``arrived``)
    and the bytes it received."""

    def __init__(self, token: str, port: int) -> None:
        super().__init__(port, token, 0)
        self.received = 0

    async def run(self) -> None:
        reader, self.writer = await asyncio.open_connection(HOST, self.port, limit=2**22)
        head = "".join(f"{k}: {v}\r\n" for k, v in GZIP.items())
        self.writer.write(f"GET /t/{self.token}/events HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n{head}\r\n".encode())
        await self.writer.drain()
        headers = (await reader.readuntil(b"\r\n\r\n")).lower()
        unpack = zlib.decompressobj(wbits=31) if b"content-encoding: gzip" in headers else None
        text = b""
        while True:
            size = int((await reader.readline()).strip() or b"0", 16)
            if size == 0:
                return
            chunk = await reader.readexactly(size)
            await reader.readexactly(2)
            self.received += size
            text += unpack.decompress(chunk) if unpack is not None else chunk
            *events, text = text.split(b"\n\n")
            for event in events:
                if event.startswith(b"retry:"):
                    self.opened.set()
                for line in event.split(b"\n"):
                    if line.startswith(b"id: "):
                        self.arrived[int(line[4:])] = time.perf_counter()


def body_of(answer: bytes) -> bytes:
    return zlib.decompress(answer, wbits=31) if answer[:2] == b"\x1f\x8b" else answer


async def new_table(port: int, game: Recorded) -> tuple[Connection, str, str]:
    phone = Connection(HOST, port)
    _status, page = await phone.request("GET", f"/new/{game.slug}", headers=GZIP)
    found = CSRF.search(body_of(page))
    assert found
    csrf = found.group(1).decode()
    form = {"csrf_token": csrf, **{f"seat{i}": name for i, name in enumerate(game.seats)}}
    if game.profile is not None:
        imported = urllib.parse.urlencode({"csrf_token": csrf, "text": json.dumps(game.profile)}).encode()
        status, _ = await phone.request("POST", f"/profiles/{game.slug}/import", imported, FORM)
        assert status == 303, status
        form["profile_link"] = newest("profiles")
    status, _ = await phone.request("POST", f"/new/{game.slug}", urllib.parse.urlencode(form).encode(), FORM)
    assert status == 303, status
    return phone, csrf, newest("tables")


def newest(table: str) -> str:
    import sqlite3

    db = Path(os.environ["COMPANION_TEST_DATABASE_URL"].removeprefix("sqlite:///"))
    with sqlite3.connect(db) as conn:
        return str(conn.execute(f"SELECT token FROM {table} ORDER BY id DESC LIMIT 1").fetchone()[0])


async def play(port: int, master: int, game: Recorded) -> str:
    from companion.registry import engines

    engine = engines()[game.slug]
    phone, csrf, token = await new_table(port, game)
    streams = [Stream(token, port) for _ in range(PHONES - 1)]
    for stream in streams:
        stream.start()
    if not await until(lambda: all(s.opened.is_set() for s in streams), WAIT):
        return f"{game.slug}: the streams did not open"
    _status, page = await phone.request("GET", f"/t/{token}", headers=GZIP)
    version = int(VERSION.search(body_of(page)).group(1))  # type: ignore[union-attr]
    answered = html = entered = 0
    received_before = sum(s.received for s in streams)
    before = server_cpu(master)
    for move in game.moves:
        form = {"csrf_token": csrf, "version": version, "entry_key": secrets.token_urlsafe(12),
                "bench_move": json.dumps(engine.move_to_json(move))}
        status, answer = await phone.request("POST", f"/t/{token}/move", urllib.parse.urlencode(form).encode(),
                                             {**FORM, "HX-Request": "true"})
        found = VERSION.search(body_of(answer))
        if status != 200 or found is None:
            return f"{game.slug}: entry {entered + 1} ({move}) answered {status}"
        version = int(found.group(1))
        answered += len(answer)
        html += len(body_of(answer))
        if not await until(lambda v=version: all(v in s.arrived for s in streams), WAIT):
            return f"{game.slug}: the streams did not get version {version}"
        entered += 1
    used = server_cpu(master) - before
    streamed = (sum(s.received for s in streams) - received_before) / len(streams)
    for stream in streams:
        stream.close()
    return (f"{game.slug:<19} {entered:>4} entries  CPU {used / entered * 1000:5.1f} ms per entry  "
            f"answer {answered / entered / 1024:5.1f} KB ({html / entered / 1024:5.1f} KB of html)  "
            f"stream {streamed / entered / 1024:5.1f} KB per phone  ({load()})")


async def static_cpu(port: int, master: int) -> float:
    """The server's CPU for one static file: the median of three rounds of STATIC_REQUESTS."""
    phone = Connection(HOST, port)
    await phone.request("GET", "/static/css/app.css", headers=GZIP)
    rounds = []
    for _ in range(3):
        before = server_cpu(master)
        for _ in range(STATIC_REQUESTS):
            await phone.request("GET", "/static/css/app.css", headers=GZIP)
        rounds.append((server_cpu(master) - before) / STATIC_REQUESTS)
    return sorted(rounds)[1]


async def main_async() -> None:
    slugs = [s for s in os.environ.get("BENCH_ENTRY_GAMES", ",".join(SLUGS)).split(",") if s]
    server, port = start_server("", 2, "tests.bench.entry_app:app")
    try:
        static = await static_cpu(port, server.pid)
        print(f"entry cost: gunicorn 2 gevent workers on loopback, a table of {PHONES} phones (1 entering, "
              f"{PHONES - 1} on the live stream), {os.cpu_count()} cores, {load()}")
        print(f"baseline: a static file costs the server {static * 1000:.2f} ms of CPU")
        for slug in slugs:
            await play(port, server.pid, recorded(slug))  # first: each worker loads the game's templates and data
            lines = [await play(port, server.pid, recorded(slug)) for _ in range(ROUNDS)]
            lines.sort(key=lambda line: float(m.group(1)) if (m := re.search(r"CPU +([\d.]+) ms", line)) else 1e9)
            line = lines[len(lines) // 2]  # the median round
            cpu = re.search(r"CPU +([\d.]+) ms", line)
            ratio = f"  = {float(cpu.group(1)) / (static * 1000):.0f}x a static file" if cpu else ""
            print(f"  {line}{ratio}", flush=True)
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        os.environ.update(COMPANION_TEST_INSTANCE=tmp, COMPANION_TEST_DATABASE_URL=url, ADMISSION="off")
        subprocess.run([sys.executable, "-c", "from tests.browser.serve import app; from companion.storage import db; "
                        "db.upgrade(app)"], cwd=ROOT, check=True)
        asyncio.run(main_async())


if __name__ == "__main__":
    main()
