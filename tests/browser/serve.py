"""The app the browser tests drive, served by gunicorn with several workers (like `make run`), with the
stand-in game registered. Configured by the environment the fixture sets."""

from __future__ import annotations

import os
from pathlib import Path

from tests.web.apps import make_app

app = make_app(Path(os.environ["COMPANION_TEST_INSTANCE"]), os.environ["COMPANION_TEST_DATABASE_URL"],
               TESTING=False, POLL_SECONDS=1)
