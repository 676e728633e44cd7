"""Browser fixtures for every test folder (registered by tests/conftest.py as a plugin, so one Chromium serves
the whole run of each test process, a fresh context per phone): live servers (gunicorn, 2 worker processes, like `make run`) and headless Debian Chromium at
phone size (390 × 844)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from companion.storage import db
from tests.web.apps import PG_URL, ensure_pg_database, make_app

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}
# How long a browser test waits for what a player waits for (a page, an answer, a swap, a screenshot) before
# it fails. Generous on purpose: on a busy machine a page can take many seconds, and a test that waits for the
# thing itself (expect(...).to_have_text, a load event) moves on the moment it is there, so this costs nothing
# when all is well. No test waits a fixed short time instead.
WAIT_MS = 90_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


GTHREAD = ["--workers", "2", "--threads", "4", "--worker-class", "gthread"]
MAKE_RUN = ["--config", "gunicorn.conf.py"]  # what `make run` serves with (gevent workers)


def serve(tmp_path_factory: pytest.TempPathFactory, app_module: str, extra_env: dict[str, str] | None = None,
          ready_path: str = "/", server_args: list[str] | None = None,
          prepare: Callable[[Any], None] | None = None,
          database: tuple[Path, str] | None = None,
          https_names: tuple[str, ...] | None = None) -> Iterator[str]:
    """Migrate a fresh database, start gunicorn on it serving ``app_module`` (e.g. tests.browser.serve:app),
    yield its base URL, stop it afterwards. ``prepare`` gets the migrated app first (to put tables in it).
    ``database`` (an instance folder and a database URL another server already serves, see ``database_of``)
    serves that one instead: a second server on the same tables, as a second host would be.
    ``https_names``: also serve https, as `make run HTTPS=1` does (a second port; the instance folder's own
    certificate authority, made here, signs for this computer and these names): ``https_of`` gives its base URL
    and ``authority_of`` the authority's certificate."""
    if database is not None:
        instance, url = database
    else:
        instance = tmp_path_factory.mktemp("live")
        ensure_pg_database()
        url = PG_URL or f"sqlite:///{instance / 'live.db'}"
        app = make_app(instance, url)
        db.upgrade(app)
        if PG_URL:
            # One PostgreSQL database per test process, one SQLite file per server: what this process's earlier
            # servers' clients (all 127.0.0.1) made must not count against this server's limits.
            with app.extensions["db_engine"].begin() as conn:
                conn.execute(text("DELETE FROM creations"))
                conn.execute(text("UPDATE tables SET creator = ''"))
        if prepare is not None:
            prepare(app)
        app.extensions["db_engine"].dispose()
    port = free_port()
    tls_args: list[str] = []
    tls_env: dict[str, str] = {}
    if https_names is not None:
        from companion.server.certificates import ensure

        files = ensure(instance, https_names).files
        secure_port = free_port()
        tls_args = ["--bind", f"127.0.0.1:{secure_port}", "--certfile", str(files.cert), "--keyfile", str(files.key)]
        tls_env = {"HTTPS_PORT": str(secure_port), "HTTP_PORT": str(port)}
    # extra_env may name another server's database (two hosts on one database). Admission control is off unless
    # extra_env turns it on (tests/web/test_saturation.py): on a machine busy with other jobs a worker's loop may
    # lag long enough to shed, and a test of another promise must not meet a 503 for the machine's load.
    env = {**os.environ, "COMPANION_TEST_INSTANCE": str(instance), "COMPANION_TEST_DATABASE_URL": url,
           "ADMISSION": "off", **tls_env, **(extra_env or {})}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", *(server_args or MAKE_RUN), *tls_args,
         app_module],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    # Ready when it answers: on a busy machine starting gunicorn's workers can take a long while.
    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        try:
            urllib.request.urlopen(base + ready_path, timeout=WAIT_MS / 1000)
            break
        except OSError:
            if server.poll() is not None:
                raise RuntimeError(server.stderr.read().decode() if server.stderr else "gunicorn died") from None
            if time.monotonic() > deadline:
                server.terminate()
                raise RuntimeError(f"gunicorn did not answer {ready_path} within {WAIT_MS // 1000} s") from None
            time.sleep(0.1)
    _served[base] = (instance, url)
    if tls_env:
        _https[base] = f"https://127.0.0.1:{tls_env['HTTPS_PORT']}"
    yield base
    server.terminate()  # gunicorn waits for open requests (a page's live stream) up to its graceful timeout
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(10)


_served: dict[str, tuple[Path, str]] = {}


def database_of(base: str) -> tuple[Path, str]:
    """The instance folder and database URL of a server ``serve`` started (to start another on them)."""
    return _served[base]


_https: dict[str, str] = {}


def https_of(base: str) -> str:
    """The https base URL of a server ``serve`` started with ``https_names`` (its plain http base is ``base``)."""
    return _https[base]


def authority_of(base: str) -> Path:
    """The certificate of the authority that signed the https certificate of a server ``serve`` started."""
    from companion.server.certificates import tls_files

    return tls_files(_served[base][0]).ca_cert


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "tests.browser.serve:app")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        )
        yield browser
        browser.close()


@pytest.fixture
def new_phone(browser):  # type: ignore[no-untyped-def]
    contexts = []

    def make(lang: str = "en-US", javascript: bool = True):  # type: ignore[no-untyped-def]
        context = browser.new_context(locale=lang, java_script_enabled=javascript, **PHONE)
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def arrived(page, url: object) -> None:  # type: ignore[no-untyped-def]
    """Wait, as a player does, until the page at ``url`` (a string or pattern) is there and its scripts run. A
    click that navigates returns once the new address is committed; acting before the page's load event (its
    stylesheets and deferred scripts) taps a form htmx does not listen to yet (a plain POST) or measures a layout
    without its CSS, and a busy machine makes that window seconds long."""
    from playwright.sync_api import expect

    expect(page).to_have_url(url)
    page.wait_for_load_state("load")


def settled(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until no htmx request, swap or settle is under way: a test taps as a player does, once the last tap's
    answer is drawn. (A mouse press held across a swap that replaced its control is kept by static/js/press.js,
    tests/browser/test_press.py; a test that needs the answer drawn first waits here.)"""
    page.wait_for_function(IDLE)


IDLE = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"


def shot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    """The whole page as a picture to look at (tests/browser/artifacts). Headless Chromium now and then never
    answers a full-page capture once the fonts have loaded (seen once in CI, and reported to Playwright: issue
    28995); the picture is for a person, not an assertion, so a capture that does not come is asked for once more
    and then taken at the screen's size, rather than fail the test that took it."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    for attempt in range(2):
        try:
            page.screenshot(path=str(path), full_page=True, timeout=WAIT_MS / 2)
            return path
        except PlaywrightTimeout:
            print(f"{name}: the full-page capture did not come (attempt {attempt + 1})")
    page.screenshot(path=str(path))
    return path
