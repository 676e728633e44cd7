"""How `make run` takes connections: gunicorn's gevent worker, accepting at once what comes.

Two things of the stock worker left connections waiting in the kernel's accept queue, where no part of the app can
see them, answer them or count them (issue 33: 11-14 s there while the server's own time was under 1 s):

- With several workers it accepts one connection per wake of the listening socket, so a burst drains one
  connection per turn of a busy event loop. Here each wake takes up to ``ACCEPT_BATCH``.
- Its gevent pool stops accepting once ``worker_connections`` connections are open. gunicorn.conf.py makes the pool
  several times larger than the connections a worker serves (WORKER_CONNECTIONS), and the gate
  (companion/web/gate.py) answers at once what the worker cannot serve: a quick 503 or 429 instead of a wait.
"""

from __future__ import annotations

from gevent.server import StreamServer
from gunicorn.workers import ggevent

ACCEPT_BATCH = 32  # connections accepted per wake: enough to drain a burst, few enough to share with the others


class _AcceptingServer(StreamServer):  # type: ignore[misc]
    @property
    def max_accept(self) -> int:
        return ACCEPT_BATCH

    @max_accept.setter
    def max_accept(self, _value: int) -> None:  # gunicorn's "1 with several workers" is not taken
        return None


class Worker(ggevent.GeventWorker):  # type: ignore[misc]
    def run(self) -> None:
        ggevent.StreamServer = _AcceptingServer  # this worker process's servers only
        super().run()
