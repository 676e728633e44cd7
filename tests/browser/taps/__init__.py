"""A whole game entered at phone size, counted in taps (issue 35): the harness every game's driver uses.

Each game has a driver module here (``tests/browser/taps/<module>.py``, the game's web package's name) with:

- ``RECORDED``: the recorded game (data: tests/games/<module>/recorded_game.py, a game played by the rules);
- ``GOAL`` (the most taps a whole game may take) and ``BEFORE`` (what it took before issue 35, as words);
- ``start(page, base_url) -> None``: opens a new table of that game (not counted: starting a table is the same
  few taps for every game);
- ``play(taps) -> None``: enters the recorded game from the first entry to the game-over card, tapping as a player
  would with the fewest taps the page allows (``Taps``);
- ``check(page) -> None``: asserts what the game-over card says (the recorded game's scores and winner).

Counting: a tap on a button, chip, checkbox or link is 1; each key typed is 1 (``Taps.type``); a ``<select>`` is 2
(open, choose). Waiting, scrolling and reading cost nothing. ``tests/browser/test_taps.py`` checks every goal,
and ``make bench`` (tests/bench/bench_taps.py) prints the figures beside the counts before.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType

from playwright.sync_api import Locator, Page, expect

DRIVERS = ("sister_combination", "strato_sphere", "planetary_sisters", "planeta_rica", "lumiere")
# The page has answered: htmx is idle (no request on its way, no swap under way), the live stream is not lost
# and no tap waits on the phone to be sent (static/js/live.js): what a player waits for before the next tap.
IDLE = """() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .live-queued:not([hidden])')
    && document.documentElement.getAttribute('data-live') !== 'lost'"""


def driver(module: str) -> ModuleType:
    return importlib.import_module(f"tests.browser.taps.{module}")


@dataclass
class Taps:
    """Taps a phone's page and counts them; waits for htmx to answer each one (JavaScript on)."""

    page: Page
    count: int = 0
    log: list[str] = field(default_factory=list)  # what was tapped, in order (a failing count says where)

    def _settle(self) -> None:
        self.page.wait_for_load_state("load")
        self.page.wait_for_function(IDLE)

    def tap(self, target: Locator, what: str = "") -> None:
        expect(target).to_be_visible()
        target.click()
        self.count += 1
        self.log.append(what or str(target))
        self._settle()

    def type(self, target: Locator, text: str, what: str = "") -> None:
        """A value typed into a field: one tap per key (tapping into the field is free: the page focuses it, or
        the first key goes there)."""
        expect(target).to_be_visible()
        target.fill(text)
        self.count += len(text)
        self.log.append(f"{what or target}: {text!r}")
        self._settle()

    def choose(self, target: Locator, value: str, what: str = "") -> None:
        """A <select>: open it, choose one."""
        expect(target).to_be_visible()
        target.select_option(value)
        self.count += 2
        self.log.append(f"{what or target} = {value}")
        self._settle()


__all__ = ["DRIVERS", "IDLE", "Taps", "driver"]
