"""The app with the printing blueprint registered (the platform registers game blueprints only; the main app
factory will call ``companion.web.printing.init_app``). ``init_app`` is idempotent."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from companion.web.printing import init_app
from tests.browser.conftest import browser, new_phone  # noqa: F401 - headless Chromium at phone size


@pytest.fixture
def app(app: Flask) -> Iterator[Flask]:
    init_app(app)
    init_app(app)  # a second call changes nothing
    yield app


@pytest.fixture(scope="session")
def print_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """gunicorn (2 workers, like `make run`) serving the app with printing registered."""
    yield from _serve(tmp_path_factory, {})


@pytest.fixture(scope="session")
def slow_print_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The same, but every PDF render takes 60 s and the limit is 12 s: printing that would hang."""
    yield from _serve(tmp_path_factory, {"PRINT_TEST_DELAY": "60", "PRINT_TIME_LIMIT": "12"})


def _serve(tmp_path_factory: pytest.TempPathFactory, extra_env: dict[str, str]) -> Iterator[str]:
    import os
    import subprocess
    import sys
    import time
    import urllib.request

    from companion import db
    from tests.browser.conftest import ROOT, free_port
    from tests.conftest import PG_URL, make_app

    instance = tmp_path_factory.mktemp("print-live")
    url = PG_URL or f"sqlite:///{instance / 'live.db'}"
    app = make_app(instance, url)
    db.upgrade(app)
    app.extensions["db_engine"].dispose()
    port = free_port()
    env = dict(os.environ, COMPANION_TEST_INSTANCE=str(instance), COMPANION_TEST_DATABASE_URL=url, **extra_env)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", "2", "--threads", "4",
         "--worker-class", "gthread", "tests.print.serve:app"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            urllib.request.urlopen(base + "/print", timeout=2)
            break
        except OSError:
            if server.poll() is not None:
                raise RuntimeError(server.stderr.read().decode() if server.stderr else "gunicorn died") from None
            time.sleep(0.1)
    yield base
    server.terminate()
    server.wait(10)
