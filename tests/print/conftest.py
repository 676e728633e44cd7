"""The app with the printing blueprint registered (the platform registers game blueprints only; the main app
factory will call ``companion.web.printing.init_app``). ``init_app`` is idempotent."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from companion.web.printing import init_app


@pytest.fixture
def app(app: Flask) -> Iterator[Flask]:
    init_app(app)
    init_app(app)  # a second call changes nothing
    yield app
