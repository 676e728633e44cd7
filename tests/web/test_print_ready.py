"""The first PDF after a start: gunicorn, as `make run` serves, starts each worker's render process as the worker
starts (gunicorn.conf.py ``post_worker_init``, PRINT_WARM), so the first player to print does not wait for
WeasyPrint to load. Checked by the processes themselves, not by a time: each worker has its render process before
anybody prints, and the first PDF is made by one of those, not by one started for it."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.fixtures import serve

WORKERS = 2
ROOMY_SECONDS = 120.0  # a busy machine starts processes slowly; nothing here is a measure of time


@pytest.fixture(scope="module")
def warm_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "tests.browser.serve:app",
                     extra_env={"COMPANION_TEST_CONFIG": json.dumps({"PRINT_WARM": True})},
                     server_args=["--config", "gunicorn.conf.py", "--workers", str(WORKERS)])


def _processes() -> dict[int, tuple[int, str]]:
    """Every process: pid -> (its parent, its command line)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # it ended while we looked
        found[int(entry.name)] = (parent, cmdline)
    return found


def _render_processes(base: str) -> dict[int, int]:
    """The render processes of this server's workers: render pid -> its worker's pid."""
    bind = base.removeprefix("http://")
    processes = _processes()
    gunicorn = {pid for pid, (_parent, cmd) in processes.items() if "gunicorn" in cmd and bind in cmd}
    workers = {pid for pid in gunicorn if processes[pid][0] in gunicorn}
    return {pid: parent for pid, (parent, cmd) in processes.items()
            if parent in workers and "companion.printing --worker" in cmd}


def _each_worker_has_its_render_process(base: str) -> dict[int, int]:
    deadline = time.monotonic() + ROOMY_SECONDS
    while True:
        found = _render_processes(base)
        if len(set(found.values())) == WORKERS or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc")
def test_each_worker_starts_its_render_process_before_anybody_prints(warm_server: str) -> None:
    before = _each_worker_has_its_render_process(warm_server)
    assert len(set(before.values())) == WORKERS, f"render processes by worker: {before}"
    assert os.getpid() not in before.values()

    with urllib.request.urlopen(f"{warm_server}/print/calibration.pdf?lang=en&paper=a4",
                                timeout=ROOMY_SECONDS) as answer:
        assert answer.status == 200
        assert answer.headers["X-Print-Cache"] == "miss"  # rendered now, not printed ahead
        assert answer.read().startswith(b"%PDF")
    assert _render_processes(warm_server) == before  # made by a process that was ready, none started for it
