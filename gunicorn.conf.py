"""How `make run` serves the app (gunicorn reads this file from the working directory).

The app faces a whole Wi-Fi: a phone on a weak signal, or a hostile guest, may send a request one byte at a time.
gunicorn's sync and gthread workers give each connection a thread until its request has arrived, so twenty slow
connections hold every thread and nobody else is answered (gunicorn's docs say those workers need a buffering
proxy in front). gevent workers give each connection a greenlet instead: a slow client holds one of
``worker_connections`` cheap greenlets per worker while the workers go on answering everyone else. gevent comes
from PyPI with the app (pyproject.toml), so no front server has to be installed and configured on the machine.
"""

import os
import resource

# Each connection is a file descriptor: a soft limit of 1,024 (a common default) would refuse connections long
# before worker_connections, so the soft limit is raised towards the hard one the system allows.
_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
_wanted = 65536 if _hard == resource.RLIM_INFINITY else min(65536, _hard)
if _soft != resource.RLIM_INFINITY and _soft < _wanted:
    resource.setrlimit(resource.RLIMIT_NOFILE, (_wanted, _hard))

# gunicorn's gevent worker, accepting every connection as it comes (companion/server/serving.py): none waits unseen in
# the kernel's queue.
worker_class = "companion.server.serving.Worker"
workers = int(os.environ.get("WORKERS", "2"))
# Connections each worker serves at once (WORKER_CONNECTIONS): every open table page holds one for its live stream,
# plus the requests in flight. Past it the gate (companion/web/guard/gate.py) sheds streams first, then answers "busy" at
# once. gevent's pool is larger still, so that what cannot be served is accepted and answered, not left waiting
# (a refused connection costs a greenlet for a moment). WORKER_CONNECTIONS also sizes each worker's database pool
# (companion/storage/db.py). 4,000 a worker: 800 tables of 5 open pages are 4,000 streams plus the entries' own
# connections, and a server's two workers seldom share them evenly (make bench: with 2,000 a worker, 800 tables
# had streams shed; each open stream holds about 31 KiB).
worker_connections = 4 * int(os.environ.get("WORKER_CONNECTIONS", "4000"))
timeout = 30  # a worker that stops answering its arbiter for this long is restarted
graceful_timeout = 10
keepalive = 5  # seconds an idle keep-alive connection is kept
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190


def on_starting(server):  # type: ignore[no-untyped-def]
    """In the master, before any worker is forked: the memory every worker reads a version's drawing from, so it
    is drawn once, not once per worker (companion/server/shared.py)."""
    from companion.server import shared

    shared.create()


def post_worker_init(worker):  # type: ignore[no-untyped-def]
    """In each worker, its app loaded, before it takes connections: its render process loads WeasyPrint now, not
    at the first PDF a player asks for (companion/web/printing/render.py ``warm_at_start``)."""
    from companion.web.printing.render import warm_at_start

    warm_at_start(worker.wsgi)
