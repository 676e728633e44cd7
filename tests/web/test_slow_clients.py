"""Slow clients: twenty connections dripping a byte every couple of seconds do not stop the
server, run as `make run` runs it (gunicorn.conf.py: gevent workers), from answering everyone else. A real
gunicorn, real sockets; one worker, so the slow clients would hold it whole if they could."""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
from collections.abc import Iterator

import pytest

from tests.browser.fixtures import MAKE_RUN, serve

SLOW_CLIENTS = 20
DRIP_SECONDS = 2.0


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "tests.browser.serve:app", server_args=[*MAKE_RUN, "--workers", "1"])


def _drip(port: int, stop: threading.Event) -> None:
    request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 1000
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            for byte in request:
                if stop.is_set():
                    return
                s.sendall(bytes([byte]))
                stop.wait(DRIP_SECONDS)
    except OSError:
        return


def test_twenty_slow_clients_do_not_stop_the_server_answering_others(real_server: str) -> None:
    port = int(real_server.rsplit(":", 1)[1])
    stop = threading.Event()
    drippers = [threading.Thread(target=_drip, args=(port, stop), daemon=True) for _ in range(SLOW_CLIENTS)]
    for t in drippers:
        t.start()
    try:
        time.sleep(1.0)  # every slow connection is open and has sent its first byte
        for _ in range(5):
            # Workers held by the drippers would never answer: the generous timeout tells "blocked" from "slow
            # machine" (how fast the answers are is the bench's business, not this test's).
            with urllib.request.urlopen(real_server + "/", timeout=10) as response:
                assert response.status == 200
            time.sleep(0.3)
        assert sum(t.is_alive() for t in drippers) == SLOW_CLIENTS  # still dripping all along
    finally:
        stop.set()
        for t in drippers:
            t.join(5)
