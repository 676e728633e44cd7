"""The app the browser tests drive, served by gunicorn with several workers (like `make run`), with the
stand-in game registered. Configured by the environment the fixture sets (COMPANION_TEST_CONFIG: a JSON object
of further settings, e.g. a lower table-creation limit)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.web.apps import make_app

# Every phone of a test or a bench comes from one address (127.0.0.1): one client to the gate's per-client caps
# (companion/web/guard/gate.py), which are raised here unless the environment sets them (tests/web/test_gate.py does,
# and sends from several loopback addresses).
os.environ.setdefault("CLIENT_REQUESTS", "100000")
os.environ.setdefault("CLIENT_STREAMS", "100000")
os.environ.setdefault("CLIENT_CONNECTIONS", "100000")  # read by companion.server.serving's worker once the app is loaded

app = make_app(Path(os.environ["COMPANION_TEST_INSTANCE"]), os.environ["COMPANION_TEST_DATABASE_URL"],
               **{"TESTING": False, "POLL_SECONDS": 1, **json.loads(os.environ.get("COMPANION_TEST_CONFIG", "{}"))})
