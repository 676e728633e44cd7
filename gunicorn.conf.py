"""How `make run` serves the app (gunicorn reads this file from the working directory).

The app faces a whole Wi-Fi: a phone on a weak signal, or a hostile guest, may send a request one byte at a time.
gunicorn's sync and gthread workers give each connection a thread until its request has arrived, so twenty slow
connections hold every thread and nobody else is answered (gunicorn's docs say those workers need a buffering
proxy in front). gevent workers give each connection a greenlet instead: a slow client holds one of
``worker_connections`` cheap greenlets per worker while the workers go on answering everyone else. gevent comes
from PyPI with the app (pyproject.toml), so no front server has to be installed and configured on the machine.
"""

import os

worker_class = "gevent"
workers = int(os.environ.get("WORKERS", "2"))
worker_connections = 1000  # connections (slow or not) each worker holds at once
timeout = 30  # a worker that stops answering its arbiter for this long is restarted
graceful_timeout = 10
keepalive = 5  # seconds an idle keep-alive connection is kept
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
