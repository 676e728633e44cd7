"""Long CPU work off the event loop, so one worker keeps answering its other phones meanwhile.

`make run` serves with gevent workers: every request of a worker process shares one thread, the event loop. An
import of a long log checks every entry through the rules (seconds of CPU for the longest accepted); done on the
loop, it holds every other request of that worker (the "anything new?" polls, other tables' entries) and the
worker's heartbeat, so gunicorn may kill it mid-import. ``off_loop`` runs such work in one of a few real threads
of gevent's own pool: the calling request waits for it cooperatively while the loop serves everyone else. Python
lets the loop's thread take the interpreter back every few milliseconds (``sys.getswitchinterval``), so a poll
on that worker is answered in a fraction of a second, not after the import.

The pool is small (``OFFLOAD_THREADS``, 2 by default): more imports at once wait their turn rather than slowing
every request of the worker down. The work runs in a copy of the caller's context (Flask's app and request
context live in context variables), so it may read the config and translate messages, but it must not touch the
database: the session and the write lock belong to the loop's thread. Without gevent (the tests' Flask client,
gthread workers) the work runs in place: there every request already has its own thread.
"""

from __future__ import annotations

import contextvars
import os
import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_pool: Any = None
_pool_pid = 0
_pool_guard = threading.Lock()  # under gevent this is gevent's lock: it guards the loop's own greenlets


def gevent_running(module: str = "socket") -> bool:
    """This process runs under gevent (make run's workers): ``module`` was patched to cooperate with its loop."""
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent comes with the app
        return False
    return bool(monkey.is_module_patched(module))


def _threadpool() -> Any:
    """This process's pool (made after the fork: a pool's threads do not survive one)."""
    global _pool, _pool_pid
    with _pool_guard:
        if _pool is None or _pool_pid != os.getpid():
            from gevent.threadpool import ThreadPool

            _pool = ThreadPool(int(os.environ.get("OFFLOAD_THREADS", "2")))
            _pool_pid = os.getpid()
        return _pool


def off_loop(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)``, run off the event loop when the server runs gevent (see the module's docstring)."""
    if not gevent_running("threading"):
        return work(*args)
    context = contextvars.copy_context()
    result: T = _threadpool().apply(context.run, (work, *args))
    return result


class TooSlow(TimeoutError):
    """The work did not finish within its time limit (the request stops waiting; see off_loop_within)."""


def off_loop_within(seconds: float, work: Callable[..., T], *args: Any) -> T:
    """``off_loop(work, *args)``, the caller waiting at most ``seconds`` (TooSlow after that). A thread cannot be
    stopped, so the work itself must be bounded (a photo's size is, before it is decoded): the limit keeps a
    request from waiting behind a queue of such work. Without gevent the work runs in place, unlimited."""
    if not gevent_running("threading"):
        return work(*args)
    from gevent import Timeout

    try:
        with Timeout(seconds):
            return off_loop(work, *args)
    except Timeout:
        raise TooSlow(f"more than {seconds} s") from None
