"""The app the print browser tests drive: the platform's test app (stand-in game included) with the printing
blueprint registered, served by gunicorn with several workers like `make run`."""

from __future__ import annotations

import os
from pathlib import Path

from companion.web.printing import init_app
from tests.web.apps import ROOMY_PRINT_SECONDS, make_app

app = make_app(Path(os.environ["COMPANION_TEST_INSTANCE"]), os.environ["COMPANION_TEST_DATABASE_URL"],
               TESTING=False, POLL_SECONDS=1, PRINT_TEST_DELAY=float(os.environ.get("PRINT_TEST_DELAY", "0")),
               PRINT_TIME_LIMIT=float(os.environ.get("PRINT_TIME_LIMIT", ROOMY_PRINT_SECONDS)))
init_app(app)
