"""The render pool: WeasyPrint (and Pillow, for the result cards) runs in separate processes (``python -m companion.printing --worker``; a plain
subprocess, so a threaded server never forks). A print waits for them at most ``time_limit`` seconds; a
render that takes longer is killed and its worker replaced, so a print never holds up score entry and a
runaway document cannot grow without bound. A worker retires after a number of jobs or once its memory passes
a limit, which keeps memory bounded under repeated printing.
"""

from __future__ import annotations

import logging
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .card_draw import render_card
from .render import ROOT, render_pdf

log = logging.getLogger(__name__)


class PrintError(Exception):
    """Base of what a print can run into; the web layer answers each with a page in the user's language."""


class PrintTimeout(PrintError):
    """The render did not finish within the time limit (it was stopped)."""


class PrintBusy(PrintError):
    """Every render worker stayed busy for the whole time limit."""


class PrintFailed(PrintError):
    """WeasyPrint failed, or its worker died."""


# -- the worker process ----------------------------------------------------------------------------------------


def _rss_mb() -> float:
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


WARM_UP_HTML = "<html><body style=\"font-family: IPAexGothic\">遊星姉妹 Sister Combination 0123</body></html>"


def _serve(jobs_in: Any, max_jobs: int, max_rss_mb: float, replies: Any) -> None:
    """A render worker: loads WeasyPrint and the fonts once, then renders jobs until told to stop, until it
    has rendered ``max_jobs`` documents, or until its memory passes ``max_rss_mb`` (then it retires)."""
    try:
        render_pdf(WARM_UP_HTML)
    except Exception:  # noqa: BLE001 - a broken setup shows up on the first real job, with its message
        pass
    jobs = 0
    while True:
        try:
            job = jobs_in.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        delay = float(job.get("delay", 0))
        if delay:
            time.sleep(delay)  # tests: a render that takes too long
        try:
            # a result card (a PNG drawn with Pillow) or, by default, a PDF
            made = render_card(job["card"]) if job.get("kind") == "card" else render_pdf(job["html"], job.get("bleed"))
            reply: tuple[str, Any] = ("ok", made)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exc:  # noqa: BLE001 - WeasyPrint's fatal fetch error is a BaseException too;
            reply = ("error", f"{type(exc).__name__}: {exc}")  # the caller answers a clear page
        jobs += 1
        retire = jobs >= max_jobs or _rss_mb() > max_rss_mb
        try:
            replies.send((*reply, retire, os.getpid()))
        except (EOFError, OSError):
            return
        if retire:
            return


def _worker_main(argv: Sequence[str]) -> None:
    """``python -m companion.printing --worker IN_FD OUT_FD MAX_JOBS MAX_RSS_MB``: a render worker."""
    from multiprocessing.connection import Connection

    in_fd, out_fd, max_jobs, max_rss = int(argv[0]), int(argv[1]), int(argv[2]), float(argv[3])
    _serve(Connection(in_fd, writable=False), max_jobs, max_rss, Connection(out_fd, readable=False))


# -- the parent's side -----------------------------------------------------------------------------------------


class _Worker:
    """One render process: ``python -m companion.printing --worker`` talking over two pipes.

    A plain subprocess rather than multiprocessing's spawn, which would re-import the server's (or a
    script's) main module in the child.
    """

    def __init__(self, max_jobs: int, max_rss_mb: float) -> None:
        from multiprocessing.connection import Connection

        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "companion.printing", "--worker", str(to_child_r), str(from_child_w),
                 str(max_jobs), str(max_rss_mb)],
                pass_fds=(to_child_r, from_child_w), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                cwd=str(ROOT), env=env, close_fds=True,
            )
        finally:
            os.close(to_child_r)
            os.close(from_child_w)
        self._send = Connection(to_child_w, readable=False)
        self._recv = Connection(from_child_r, writable=False)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    @property
    def pid(self) -> int:
        return self.process.pid

    def send(self, job: Mapping[str, Any] | None) -> None:
        self._send.send(job)

    def poll(self, timeout: float) -> bool:
        return self._recv.poll(timeout)

    def recv(self) -> Any:
        return self._recv.recv()

    def stop(self, kill: bool = False) -> None:
        try:
            if not kill and self.alive:
                try:
                    self._send.send(None)
                    self.process.wait(2)
                except (OSError, ValueError, subprocess.TimeoutExpired):
                    kill = True
            if self.alive:
                self.process.kill()
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            log.warning("print worker %s did not stop", self.pid)
        finally:
            self._send.close()
            self._recv.close()


@dataclass
class PoolStats:
    started: int = 0
    retired: int = 0
    killed: int = 0
    rendered: int = 0


class RenderPool:
    """At most ``size`` render processes, started when first needed (``warm`` starts one ahead of time).

    At most ``waiting`` prints wait for a busy process; any more are answered "busy" at once, so printing never
    holds more than ``size + waiting`` of a server process's request threads (the rest keep serving score entry).
    """

    def __init__(self, size: int = 1, max_jobs: int = 25, max_rss_mb: float = 600.0, waiting: int = 2) -> None:
        self.size = max(1, size)
        self.max_jobs = max(1, max_jobs)
        self.max_rss_mb = max_rss_mb
        self.max_waiting = max(0, waiting)
        self._waiting = 0
        self._slots = threading.BoundedSemaphore(self.size)
        self._idle: queue.LifoQueue[_Worker] = queue.LifoQueue()
        self._lock = threading.Lock()
        self._all: list[_Worker] = []
        self.stats = PoolStats()
        self.pid = os.getpid()

    def _start(self) -> _Worker:
        worker = _Worker(self.max_jobs, self.max_rss_mb)
        with self._lock:
            self._all.append(worker)
            self.stats.started += 1
        return worker

    def _forget(self, worker: _Worker, kill: bool) -> None:
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)
        worker.stop(kill=kill)

    def _replace(self, worker: _Worker, kill: bool) -> None:
        """A fresh process in place of one that retired, was stopped or died, started now: it loads WeasyPrint
        and the fonts (about a second) while nobody waits, so the next print is not the one that pays for it."""
        self._idle.put(self._start())
        self._forget(worker, kill=kill)

    def _take(self) -> _Worker:
        while True:
            try:
                worker = self._idle.get_nowait()
            except queue.Empty:
                return self._start()
            if worker.alive:
                return worker
            self._forget(worker, kill=True)

    def warm(self) -> None:
        """Start a worker now if none is running: it loads WeasyPrint and the fonts while the player picks, or,
        called as the server starts, before anybody asks (companion/web/printing/render.py ``warm_at_start``)."""
        if self._slots.acquire(blocking=False):
            try:
                if self._idle.empty():
                    self._idle.put(self._start())
            finally:
                self._slots.release()

    def ready(self, seconds: float) -> bool:
        """Start a process if none is running and wait, at most ``seconds``, until it has loaded WeasyPrint and the
        fonts (it renders the warm-up page through the pool); whether it has. A server process calls this as it
        starts, before it takes connections (companion/web/printing/render.py ``warm_at_start``)."""
        try:
            self.render({"html": WARM_UP_HTML}, seconds)
        except PrintError as exc:
            log.warning("the render process was not ready after %g s: %s", seconds, exc)
            return False
        return True

    @property
    def worker_pids(self) -> list[int]:
        with self._lock:
            return [w.pid for w in self._all if w.alive]

    def render(self, job: Mapping[str, Any], time_limit: float) -> bytes:
        with self._lock:
            if self._waiting >= self.size + self.max_waiting:
                raise PrintBusy()
            self._waiting += 1
        try:
            return self._render(job, time_limit)
        finally:
            with self._lock:
                self._waiting -= 1

    def _render(self, job: Mapping[str, Any], time_limit: float) -> bytes:
        deadline = time.monotonic() + time_limit
        if not self._slots.acquire(timeout=max(0.0, time_limit)):
            raise PrintBusy()
        try:
            worker = self._take()
            try:
                worker.send(dict(job))
            except (OSError, ValueError):  # it died while idle: one fresh worker, once
                self._forget(worker, kill=True)
                worker = self._start()
                worker.send(dict(job))
            if not worker.poll(max(0.0, deadline - time.monotonic())):
                self._replace(worker, kill=True)
                self.stats.killed += 1
                raise PrintTimeout()
            try:
                status, payload, retire, _pid = worker.recv()
            except (EOFError, OSError) as exc:
                self._replace(worker, kill=True)
                raise PrintFailed("the render worker stopped") from exc
            if retire:
                self.stats.retired += 1
                self._replace(worker, kill=False)
            else:
                self._idle.put(worker)
            if status != "ok":
                raise PrintFailed(str(payload))
            self.stats.rendered += 1
            return bytes(payload)
        finally:
            self._slots.release()

    def close(self) -> None:
        with self._lock:
            workers, self._all = list(self._all), []
        for worker in workers:
            worker.stop()
        while not self._idle.empty():
            self._idle.get_nowait()


_pools: dict[tuple[int, int, float, int], RenderPool] = {}
_pools_lock = threading.Lock()


def pool(size: int = 1, max_jobs: int = 25, max_rss_mb: float = 600.0, waiting: int = 2) -> RenderPool:
    """This process's render pool for these settings (a new one after a fork: a pool's workers belong to the
    process that started them)."""
    key = (size, max_jobs, max_rss_mb, waiting)
    with _pools_lock:
        found = _pools.get(key)
        if found is None or found.pid != os.getpid():
            found = RenderPool(size, max_jobs, max_rss_mb, waiting)
            _pools[key] = found
        return found
