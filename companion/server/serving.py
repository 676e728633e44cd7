"""How `make run` takes connections: gunicorn's gevent worker, accepting at once what comes (and collecting its
garbage as a server process should: ``tune_collector``).

Two things of the stock worker left connections waiting in the kernel's accept queue, where no part of the app can
see them, answer them or count them (measured: 11-14 s there while the server's own time was under 1 s):

- With several workers it accepts one connection per wake of the listening socket, so a burst drains one
  connection per turn of a busy event loop. Here each wake takes up to ``ACCEPT_BATCH``.
- Its gevent pool stops accepting once ``worker_connections`` connections are open. gunicorn.conf.py makes the pool
  several times larger than the connections a worker serves (WORKER_CONNECTIONS), and the gate
  (companion/web/guard/gate.py) answers at once what the worker cannot serve: a quick 503 or 429 instead of a wait.

https (gunicorn's certfile and keyfile; `make run HTTPS=1`): the worker speaks TLS itself, after the connection is
counted against its address, and gives a handshake ``HANDSHAKE_SECONDS``: gevent's server would do the handshake
before the worker sees the connection, so a client that opens connections and never finishes a handshake would
hold greenlets uncounted and for ever. With HTTPS_PORT set only the listener on that port speaks TLS, and the
others stay plain http (phones that do not trust this computer keep playing there; the /trust page is served
there without a warning); without it every listener speaks TLS, as gunicorn's certfile means.
"""

from __future__ import annotations

import gc
import logging
import os
import ssl
import time
from collections import Counter
from typing import Any

import gevent
from gevent.server import StreamServer
from gunicorn import sock as gunicorn_sock
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
HANDSHAKE_SECONDS = 10.0  # a phone on a weak signal needs a few round trips; a client that sends nothing, none
log = logging.getLogger("companion.gate")
# Python's cycle collector, as a server process needs it. With the default (700, 10, 10) a worker ran a full
# collection every few dozen entries: it walks every object the worker holds (the app, its caches, thousands of
# streams) and stops the event loop for tens to hundreds of milliseconds, which was most of the slowest answers.
# Reference counting frees nearly everything an entry makes; the young generation is collected after 10,000 new
# objects instead of 700, so short-lived ones are gone before they could be promoted and the full collections
# become rare (make bench, bench_capacity: 600 tables p99 answered about 200 ms before, 30-45 ms after; docs/benchmarks.md).
COLLECTOR_THRESHOLDS = (10_000, 10, 10)


def tune_collector() -> None:
    """What the app made while loading is collected once, then the collector runs at ``COLLECTOR_THRESHOLDS``."""
    gc.collect()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


class _AcceptingServer(StreamServer):  # type: ignore[misc]
    def __init__(self, listener: Any, *args: Any, ssl_context: Any = None, **kwargs: Any) -> None:
        super().__init__(listener, *args, **kwargs)  # TLS is the worker's (Worker.handle), once counted

    @property
    def max_accept(self) -> int:
        return ACCEPT_BATCH

    @max_accept.setter
    def max_accept(self, _value: int) -> None:  # gunicorn's "1 with several workers" is not taken
        return None


class Worker(ggevent.GeventWorker):  # type: ignore[misc]
    def run(self) -> None:
        tune_collector()
        ggevent.StreamServer = _AcceptingServer  # this worker process's servers only
        self.most = int(os.environ.get("CLIENT_CONNECTIONS", str(CLIENT_CONNECTIONS)))
        self.open_by_address: Counter[str] = Counter()
        self.refused = 0
        self.logged = 0.0
        proxies = int(os.environ.get("TRUSTED_PROXIES", "0") or 0)
        self.proxies = proxy_networks(os.environ.get("TRUSTED_PROXY_ADDRESSES", "127.0.0.1,::1")) if proxies else ()
        self.tls = gunicorn_sock.ssl_context(self.cfg) if self.cfg.is_ssl else None
        self.tls_port = int(os.environ.get("HTTPS_PORT") or 0)
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
            if self._speaks_tls(listener.getsockname()):
                client = self._handshake(client)
                if client is None:
                    return
            super().handle(listener, client, addr)
        finally:
            if counted:
                self.open_by_address[address] -= 1
                if self.open_by_address[address] <= 0:
                    del self.open_by_address[address]

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        # gunicorn marks every request https once a certfile is set; one that came in plain is http, unless a
        # trusted proxy's header said otherwise (gunicorn read that header as it would without a certfile).
        if self.tls is not None and not self._speaks_tls(listener_name) and not self._scheme_from_header(req):
            req.scheme = "http"
        return super().handle_request(listener_name, req, sock, addr)

    def _speaks_tls(self, listener_name: Any) -> bool:
        if self.tls is None:
            return False
        if not self.tls_port:
            return True
        return isinstance(listener_name, tuple) and len(listener_name) > 1 and listener_name[1] == self.tls_port

    def _scheme_from_header(self, req: Any) -> bool:
        allowed = self.cfg.forwarded_allow_ips
        peer = req.peer_addr
        if not ("*" in allowed or not isinstance(peer, tuple) or peer[0] in allowed):
            return False
        return any(name in self.cfg.secure_scheme_headers for name, _value in req.headers)

    def _handshake(self, client: Any) -> Any:
        """The TLS connection, or None (closed) when the handshake failed or did not finish in time."""
        assert self.tls is not None
        done = False
        try:
            client = self.tls.wrap_socket(client, server_side=True, do_handshake_on_connect=False,
                                          suppress_ragged_eofs=self.cfg.suppress_ragged_eofs)
            with gevent.Timeout(HANDSHAKE_SECONDS, False):
                client.do_handshake()
                done = True
        except (ssl.SSLError, OSError):  # plain http on the https port, a client that gave up, a refused certificate
            pass
        if not done:
            try:
                client.close()
            except OSError:
                pass
            return None
        return client

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
