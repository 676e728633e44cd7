"""Print fixtures: the app (printing is registered by the app factory; ``init_app`` is idempotent) and live
servers for the print page, one of them with renders that would hang."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from companion.web.printing import init_app
from tests.browser.fixtures import serve


@pytest.fixture
def app(app: Flask) -> Iterator[Flask]:
    init_app(app)
    init_app(app)  # a second call changes nothing
    yield app


@pytest.fixture(scope="session")
def print_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """gunicorn (2 workers, like `make run`) serving the app with printing registered."""
    yield from serve(tmp_path_factory, "tests.print.serve:app", ready_path="/print")


@pytest.fixture(scope="session")
def slow_print_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The same, but every PDF render takes 60 s and the limit is 12 s: printing that would hang."""
    yield from serve(tmp_path_factory, "tests.print.serve:app", {"PRINT_TEST_DELAY": "60", "PRINT_TIME_LIMIT": "12"},
                     ready_path="/print")
