"""PostgreSQL beside SQLite in the same run (goal: within 1.5x on polls and entries).

Starts a throwaway PostgreSQL cluster on 127.0.0.1 as .ci/run does (Debian's packages, installed with apt-get
only when missing; fsync=off, since the bench measures the app and its queries, not the disk, and the cluster is
thrown away), migrates it and a fresh SQLite database, serves each with gunicorn as `make run` does
(gunicorn.conf.py), and drives both with the same simulated phones (run.py's closed loop, one table per phone):
the "nothing new" poll, a poll that gets the fresh fragment (the phone missed one version) and an entry as a phone sends it (htmx, with its tap key). The two
servers are measured in interleaved rounds, phase by phase, so a load that drifts while others use the machine
weighs on both alike. Prints p50/p95/p99 per figure and database, the PostgreSQL/SQLite ratio of each, the static
file served in the same run and the machine's load (/proc/loadavg). When PostgreSQL cannot be had the phase
says so and why, and is skipped.

Settings (environment): BENCH_PHONES (50), BENCH_SECONDS per phase (5), BENCH_WORKERS (2), BENCH_PG_ROUNDS (3).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.run import (  # noqa: E402
    PHONES,
    SECONDS,
    WORKERS,
    Connection,
    entries,
    free_port,
    gunicorn_command,
    load,
    pct,
    run_phase,
    start_tables,
    stop,
    wait_until_up,
)

ROUNDS = int(os.environ.get("BENCH_PG_ROUNDS", "3"))
ENTRY = "entry (a tap)"  # as a phone's page sends it: htmx, with its key, answered with the fresh table
FIGURES = ("static file (baseline)", "poll (nothing new)", "poll (fresh fragment)", ENTRY)
BACKENDS = ("sqlite", "postgresql")


class Unavailable(Exception):
    """PostgreSQL cannot be had on this machine: the phase is skipped with this reason."""


def _as_postgres(command: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root: the cluster belongs to the postgres user the package created.
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def postgres_bin() -> Path:
    """The newest installed server's bin directory, installing Debian's postgresql package when none is."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: [
        int(part) if part.isdigit() else 0 for part in p.parent.parent.name.split(".")])
    if not found:
        if shutil.which("apt-get") is None:
            raise Unavailable("PostgreSQL is not installed and there is no apt-get to install it")
        sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        for step in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "postgresql"]):
            done = subprocess.run([*sudo, *step], env=env, capture_output=True, text=True)
            if done.returncode != 0:
                raise Unavailable(f"'{' '.join(step)}' failed: {(done.stderr or done.stdout).strip()[-300:]}")
        return postgres_bin()
    return found[-1].parent


@contextmanager
def cluster() -> Iterator[str]:
    """A throwaway cluster on 127.0.0.1 (trust auth, fsync off), its database's URL; stopped and removed after."""
    pgbin = postgres_bin()
    folder = Path(tempfile.mkdtemp(prefix="companion-pg-bench."))
    port = free_port()
    started = False
    try:
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres")
        data = str(folder / "data")
        steps = [
            [str(pgbin / "initdb"), "-D", data, "-U", "companion", "--auth=trust", "-E", "UTF8"],
            [str(pgbin / "pg_ctl"), "-D", data, "-l", str(folder / "log"), "-w", "-o",
             f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start"],
            [str(pgbin / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "companion", "companion"],
        ]
        for step in steps:
            done = subprocess.run(_as_postgres(step), capture_output=True, text=True)
            if done.returncode != 0:
                raise Unavailable(f"{Path(step[0]).name} failed: {(done.stderr or done.stdout).strip()[-300:]}")
            started = started or step[0].endswith("pg_ctl")
        yield f"postgresql://companion@127.0.0.1:{port}/companion"
    finally:
        if started:
            subprocess.run(_as_postgres([str(pgbin / "pg_ctl"), "-D", str(folder / "data"), "-m", "fast", "stop"]),
                           capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def served(url: str, instance: Path) -> Iterator[int]:
    """gunicorn as `make run` starts it, on a migrated database at ``url``: its port."""
    env = dict(os.environ, COMPANION_TEST_INSTANCE=str(instance), COMPANION_TEST_DATABASE_URL=url)
    subprocess.run([sys.executable, "-c", "from tests.browser.serve import app; from companion.storage import db; "
                    "db.upgrade(app)"], cwd=ROOT, env=env, check=True)
    port = free_port()
    server = subprocess.Popen(gunicorn_command(port), cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_up(port)
        yield port
    finally:
        stop(server)


class Side:
    """One database's server, its phones (one table each) and what was measured on it."""

    def __init__(self, port: int, url: str) -> None:
        self.port, self.url = port, url
        self.phones = [Connection("127.0.0.1", port) for _ in range(PHONES)]
        self.tokens: list[str] = []
        self.tables: list[str] = []
        self.versions: dict[str, int] = {}
        self.latencies: dict[str, list[float]] = {figure: [] for figure in FIGURES}
        self.statuses: dict[str, dict[int, int]] = {figure: {} for figure in FIGURES}

    async def start(self) -> None:
        self.tokens, self.tables = await start_tables(self.phones, self.url)
        self.versions = {token: 0 for token in self.tables}

    def request(self, figure: str):  # type: ignore[no-untyped-def]
        tables, versions = self.tables, self.versions
        if figure == "static file (baseline)":
            return lambda i, n: ("GET", "/static/css/app.css", b"", {}), None
        if figure == "poll (nothing new)":
            return lambda i, n: ("GET", f"/t/{tables[i]}/poll?v={versions[tables[i]]}", b"",
                                 {"HX-Request": "true"}), None
        if figure == "poll (fresh fragment)":
            # the phone saw the version before the newest (the entries before it made one): it gets the fragment
            return lambda i, n: ("GET", f"/t/{tables[i]}/poll?v={max(0, versions[tables[i]] - 1)}", b"",
                                 {"HX-Request": "true"}), None
        return entries(self.tokens, tables, versions, as_phone=True)

    async def measure(self, figure: str) -> str:
        make_request, seen = self.request(figure)
        phase = await run_phase(figure, self.port, self.phones, make_request, seen)
        self.latencies[figure].extend(phase.latencies)
        for status, count in phase.statuses.items():
            self.statuses[figure][status] = self.statuses[figure].get(status, 0) + count
        return load()


async def compare(sides: dict[str, Side]) -> list[str]:
    for side in sides.values():
        await side.start()
    loads: list[str] = [load()]
    # Entries come before the fresh-fragment poll in each round, so every table has a version before the newest.
    for _round in range(ROUNDS):
        for figure in ("static file (baseline)", "poll (nothing new)", ENTRY, "poll (fresh fragment)"):
            for name in BACKENDS:
                loads.append(await sides[name].measure(figure))
    return loads


def report(sides: dict[str, Side], loads: list[str]) -> None:
    print(f"PostgreSQL beside SQLite: gunicorn {WORKERS} gevent workers each (gunicorn.conf.py), {PHONES} phones "
          f"(keep-alive, closed loop, a table each), {ROUNDS} interleaved rounds of {SECONDS:g} s per phase, "
          f"PostgreSQL on loopback with fsync=off")
    print(f"{'':<22} {'':<10} {'requests':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}   statuses")
    for figure in FIGURES:
        rows = {}
        for name in BACKENDS:
            lat = sides[name].latencies[figure]
            rows[name] = [pct(lat, p) * 1000 for p in (0.50, 0.95, 0.99)]
            statuses = " ".join(f"{k}:{v}" for k, v in sorted(sides[name].statuses[figure].items()))
            print(f"{figure:<22} {name:<10} {len(lat):>8} " + " ".join(f"{v:>8.1f}" for v in rows[name])
                  + f"   {statuses}")
        ratios = [pg / lite if lite else float("nan") for pg, lite in zip(rows["postgresql"], rows["sqlite"],
                                                                            strict=True)]
        # requests answered in the same time: in a closed loop, the inverse of what one request costs the machine
        served = len(sides["postgresql"].latencies[figure]) / max(1, len(sides["sqlite"].latencies[figure]))
        print(f"{'':<22} {'PG/SQLite':<10} {served:>7.2f}x " + " ".join(f"{r:>7.2f}x" for r in ratios))
    print(f"load at the start: {loads[0]}; at the end: {loads[-1]}")


def main() -> None:
    try:
        with cluster() as pg_url, tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "sqlite").mkdir()
            (Path(tmp) / "pg").mkdir()
            lite_url = f"sqlite:///{tmp}/sqlite/bench.db"
            with served(lite_url, Path(tmp) / "sqlite") as lite_port, served(pg_url, Path(tmp) / "pg") as pg_port:
                sides = {"sqlite": Side(lite_port, lite_url), "postgresql": Side(pg_port, pg_url)}
                loads = asyncio.run(compare(sides))
                report(sides, loads)
    except Unavailable as reason:
        print(f"PostgreSQL phase skipped: {reason}")


if __name__ == "__main__":
    main()
