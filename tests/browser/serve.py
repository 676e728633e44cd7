"""The app the browser tests drive, served by gunicorn with several workers (like `make run`), with the
stand-in game registered. Configured by the environment the fixture sets (COMPANION_TEST_CONFIG: a JSON object
of further settings, e.g. a lower table-creation limit)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.web.apps import make_app

app = make_app(Path(os.environ["COMPANION_TEST_INSTANCE"]), os.environ["COMPANION_TEST_DATABASE_URL"],
               **{"TESTING": False, "POLL_SECONDS": 1, **json.loads(os.environ.get("COMPANION_TEST_CONFIG", "{}"))})
