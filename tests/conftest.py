"""The suite's plugins. The engine tests (tests/games) need only pytest and hypothesis; the app fixtures
(tests/web/apps.py) and the browser fixtures (one Chromium for the whole run, tests/browser/fixtures.py) load
where the web stack is installed."""

from __future__ import annotations

import importlib.util

pytest_plugins = (["tests.web.apps", "tests.browser.fixtures"]
                  if importlib.util.find_spec("flask") and importlib.util.find_spec("sqlalchemy") else [])
