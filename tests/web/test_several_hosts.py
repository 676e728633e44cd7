"""Behind a proxy and on several hosts: the per-client limits see the client behind a
trusted proxy (and only a trusted one); several hosts refuse to start without one shared SECRET_KEY; the turn
queue reads the database's clock; two servers on loopback sharing one database (two "hosts", each with its own
instance folder) serve the same tables: a form from one is accepted by the other, an entry on one is seen on the
other at once (its live stream and its poll)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.config import SharedSecretMissing, secret_key
from companion.tables import turns
from tests.browser.fixtures import MAKE_RUN, ROOT, WAIT_MS, free_port, serve
from tests.web.apps import PG_URL, Phone, make_app
from tests.web.helpers import text_of, totals
from tests.web.test_contention import WAITING, expecting, other_phone
from tests.web.test_import_off_loop import Browser
from tests.web.test_tables import enter, new_table

LIMITED = "This phone has started many tables in a short time."


@pytest.fixture
def proxied(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    app = make_app(tmp_path, database_url, TABLES_PER_WINDOW=1, TRUSTED_PROXIES=1,
                   TRUSTED_PROXY_ADDRESSES="10.0.0.0/24")
    yield app
    app.extensions["db_engine"].dispose()


def _start(app: Flask, forwarded: str, peer: str = "10.0.0.1") -> int:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = peer  # the proxy (or a client that reached the app's port itself)
    phone = Phone(client)
    headers = {"X-Forwarded-For": forwarded}
    phone.get("/new/tally", headers=dict(headers))
    answer = phone.post("/new/tally", {"seat0": "Aki", "seat1": "Ben"}, headers=dict(headers))
    assert answer.status_code != 429 or LIMITED in text_of(answer.get_data(as_text=True))
    return int(answer.status_code)


def test_the_rate_limit_keys_on_the_client_a_trusted_proxy_names(proxied: Flask) -> None:
    assert _start(proxied, "192.0.2.10") == 303
    assert _start(proxied, "192.0.2.10") == 429  # the same phone again: over its allowance of one
    assert _start(proxied, "192.0.2.11") == 303  # another phone behind the same proxy has its own
    # A client cannot pose as another by adding its own X-Forwarded-For: only the proxy's entry (the last) counts.
    assert _start(proxied, "192.0.2.99, 192.0.2.10") == 429


def test_a_client_reaching_the_app_directly_cannot_forge_a_forwarded_address(proxied: Flask) -> None:
    """The app's port reachable past the proxy: every invented X-Forwarded-For would have been a fresh
    allowance. Forwarded headers are read only on connections from the proxies' addresses."""
    assert _start(proxied, "198.51.100.1", peer="192.0.2.50") == 303
    assert _start(proxied, "198.51.100.2", peer="192.0.2.50") == 429  # the same client, whatever it claims
    assert _start(proxied, "198.51.100.3", peer="192.0.2.51") == 303  # another client has its own


def test_without_trusted_proxies_a_forwarded_header_changes_nothing(tmp_path: Path, database_url: str) -> None:
    app = make_app(tmp_path, database_url, TABLES_PER_WINDOW=1)
    try:
        assert _start(app, "192.0.2.10") == 303
        assert _start(app, "192.0.2.11") == 429  # both came from 10.0.0.1: one client
    finally:
        app.extensions["db_engine"].dispose()


def test_several_hosts_refuse_to_start_without_a_shared_secret_key(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(SharedSecretMissing, match="set the same SECRET_KEY"):
        secret_key(tmp_path, "postgresql://db.example/companion")
    assert len(secret_key(tmp_path, "sqlite:///x.db")) == 64  # one host: generated once into the instance folder
    monkeypatch.setenv("SECRET_KEY", "shared")
    assert secret_key(tmp_path, "postgresql://db.example/companion") == "shared"


def test_make_runs_server_with_two_workers_and_no_secret_key_refuses_to_start_and_says_why() -> None:
    """The command `make run` serves with (WORKERS=2), on a database server and with no SECRET_KEY: gunicorn's
    workers fail to boot, gunicorn stops, and what it prints says what to set. The database is never reached."""
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env["DATABASE_URL"] = PG_URL or "postgresql://companion@127.0.0.1:9/nowhere"
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "--bind", f"127.0.0.1:{free_port()}",
         "--workers", "2", "--access-logfile", "-", "companion:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _out, said = server.communicate(timeout=WAIT_MS / 1000)  # it ends by itself, however slow the machine
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert server.returncode != 0
    assert "SECRET_KEY is not set" in said.decode() and "set the same SECRET_KEY" in said.decode()


def test_the_turn_queue_reads_the_database_clock_not_the_hosts(app: Flask, phone: Phone,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    url = new_table(phone, "Aki", "Ben")
    other = other_phone(app)
    assert expecting(phone, url, 0, 5, version=0).status_code == 303
    assert expecting(other, url, 0, 7, version=0).status_code == 409  # the other phone queues
    real = time.time
    monkeypatch.setattr(turns.time, "time", lambda: real() + 3600)  # a host whose clock is an hour ahead
    waiting = enter(phone, url, 1, "1", version=1)  # by its own clock the queued place would have lapsed
    assert waiting.status_code == 409 and WAITING in text_of(waiting.get_data(as_text=True))
    assert expecting(other, url, 5, 7, version=1).status_code == 303
    assert totals(phone.get(url).get_data(as_text=True)) == [12, 0]


# -- two servers on loopback sharing one database ---------------------------------------------------------------

@pytest.fixture(scope="module")
def two_hosts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """Two gunicorn servers as `make run` serves (gevent, two workers each), each with its own instance folder,
    on one database and one SECRET_KEY: two hosts behind a load balancer."""
    shared: dict[str, Any] = {}

    def remember(app: Flask) -> None:
        shared["url"] = app.config["DATABASE_URL"]

    first = serve(tmp_path_factory, "tests.browser.serve:app", server_args=[*MAKE_RUN, "--workers", "2"],
                  prepare=remember)
    a = next(first)
    second = serve(tmp_path_factory, "tests.browser.serve:app", server_args=[*MAKE_RUN, "--workers", "2"],
                   extra_env={"COMPANION_TEST_DATABASE_URL": shared["url"]})
    b = next(second)
    yield a, b
    for server in (second, first):
        next(server, None)


def _first_table_event(base: str, path: str, after: int) -> dict[str, Any]:
    """The first table event of the live stream with a version past ``after`` (read line by line)."""
    request = urllib.request.Request(f"{base}{path}/events?v={after}", headers={"Accept-Language": "en"})
    with urllib.request.urlopen(request, timeout=120) as stream:
        event = ""
        for raw in stream:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                event = line[len("event: "):]
            elif line.startswith("data: ") and event == "table":
                data: dict[str, Any] = json.loads(line[len("data: "):])
                if data["version"] > after:
                    return data
    raise AssertionError("the stream ended")


def test_two_hosts_on_one_database_serve_the_same_tables(two_hosts: tuple[str, str]) -> None:
    a, b = two_hosts
    phone = Browser(a)
    token = phone.csrf("/new/tally")  # the form (session and CSRF token) comes from host A...
    phone.base = b
    status, _, location = phone.send("POST", "/new/tally", {"csrf_token": token, "seat0": "Aki", "seat1": "Ben"})
    assert status == 303, status  # ...and host B accepts it: one SECRET_KEY
    table = urllib.parse.urlparse(location).path

    heard: list[dict[str, Any]] = []

    listening = threading.Thread(target=lambda: heard.append(_first_table_event(b, table, 0)))
    listening.start()  # whenever the stream opens, it catches up from version 0
    phone.base = a
    page_token = phone.csrf(table)
    status, _, _ = phone.send("POST", f"{table}/move", {"csrf_token": page_token, "seat": 0, "points": 5,
                                                         "version": 0})
    assert status == 303, status  # written on host A
    listening.join(120)
    assert heard and heard[0]["version"] == 1  # host B's live stream heard it
    assert "Aki" in heard[0]["html"]
    on_b = Browser(b).send("GET", table)[1]
    assert totals(on_b) == [5, 0]  # and host B's page shows it
