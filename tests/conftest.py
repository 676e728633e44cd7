"""The suite's plugins and settings. The engine tests (tests/games) need only pytest and hypothesis; the app
fixtures (tests/web/apps.py) and the browser fixtures (one Chromium per test process, tests/browser/fixtures.py)
load where the web stack is installed."""

from __future__ import annotations

import importlib.util

from hypothesis import settings

# No property test is timed: speed is measured by the benchmarks (make bench), never asserted by a test that a
# busy CI machine could fail.
settings.register_profile("companion", deadline=None)
settings.load_profile("companion")

pytest_plugins = (["tests.web.apps", "tests.browser.fixtures"]
                  if importlib.util.find_spec("flask") and importlib.util.find_spec("sqlalchemy") else [])
