"""How `make run` takes connections: gunicorn's gevent worker, accepting at once what comes.

Two things of the stock worker left connections waiting in the kernel's accept queue, where no part of the app can
see them, answer them or count them (measured: 11-14 s there while the server's own time was under 1 s):

- With several workers it accepts one connection per wake of the listening socket, so a burst drains one
  connection per turn of a busy event loop. Here each wake takes up to ``ACCEPT_BATCH``.
- Its gevent pool stops accepting once ``worker_connections`` connections are open. gunicorn.conf.py makes the pool
  several times larger than the connections a worker serves (WORKER_CONNECTIONS), and the gate
  (companion/web/guard/gate.py) answers at once what the worker cannot serve: a quick 503 or 429 instead of a wait.
"""

from __future__ import annotations

import logging
import os
import time
from collections import Counter
from typing import Any

from gevent.server import StreamServer
from gunicorn.workers import ggevent

from companion.server.addresses import (  # stdlib only: imported before gevent patches the worker
    in_networks,
    proxy_networks,
)

ACCEPT_BATCH = 32  # connections accepted per wake: enough to drain a burst, few enough to share with the others
# Open connections one address may hold on a worker, idle or not (a phone holds two or three: its page's stream
# and a keep-alive one; a club behind one NAT address, a few hundred). Past it a new connection of that address is
# closed at once, so no client can fill the worker's pool with connections that send nothing. Connections from the
# trusted proxies (TRUSTED_PROXIES, TRUSTED_PROXY_ADDRESSES) are not counted: every client comes through them.
CLIENT_CONNECTIONS = 300  # the default of the setting CLIENT_CONNECTIONS, read when the worker runs
LOG_SECONDS = 10.0
log = logging.getLogger("companion.gate")


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
        self.most = int(os.environ.get("CLIENT_CONNECTIONS", str(CLIENT_CONNECTIONS)))
        self.open_by_address: Counter[str] = Counter()
        self.refused = 0
        self.logged = 0.0
        proxies = int(os.environ.get("TRUSTED_PROXIES", "0") or 0)
        self.proxies = proxy_networks(os.environ.get("TRUSTED_PROXY_ADDRESSES", "127.0.0.1,::1")) if proxies else ()
        super().run()

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        address = str(addr[0]) if isinstance(addr, tuple) and addr else ""
        counted = bool(address) and not self._from_proxy(address)
        if counted and self.open_by_address[address] >= self.most:
            self._refuse(client)
            return
        if counted:
            self.open_by_address[address] += 1
        try:
            super().handle(listener, client, addr)
        finally:
            if counted:
                self.open_by_address[address] -= 1
                if self.open_by_address[address] <= 0:
                    del self.open_by_address[address]

    def _from_proxy(self, address: str) -> bool:
        return in_networks(address, self.proxies)

    def _refuse(self, client: Any) -> None:
        self.refused += 1
        now = time.monotonic()
        if now - self.logged >= LOG_SECONDS:
            self.logged = now
            log.warning("shed connections: an address already holds %d (%d refused so far in this worker)",
                        self.most, self.refused)
        try:
            client.close()
        except OSError:
            pass
