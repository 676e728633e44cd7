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
_wanted = 8192 if _hard == resource.RLIM_INFINITY else min(8192, _hard)
if _soft != resource.RLIM_INFINITY and _soft < _wanted:
    resource.setrlimit(resource.RLIMIT_NOFILE, (_wanted, _hard))

worker_class = "gevent"
workers = int(os.environ.get("WORKERS", "2"))
# Connections (slow or not) each worker holds at once. Every open table page holds one for its live stream
# (issue #23): 2,000 of them on one server must leave room for the entries (make bench: 33 KiB per stream).
# WORKER_CONNECTIONS also sizes each worker's database pool (companion/db.py: one connection per 100, 4 to 20).
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "2000"))
timeout = 30  # a worker that stops answering its arbiter for this long is restarted
graceful_timeout = 10
keepalive = 5  # seconds an idle keep-alive connection is kept
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
