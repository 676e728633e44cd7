"""A whole recorded game of each game entered at 390 × 844 by tapping, within the taps issue 35 set as goals
(tests/browser/taps): the game-over card shows the recorded game's result, and the count is written to
test-artifacts/taps.json for ``make bench`` to print."""

from __future__ import annotations

import json

import pytest

from tests.browser.fixtures import ARTIFACTS, shot
from tests.browser.taps import DRIVERS, Taps, driver

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("module", DRIVERS)
def test_a_whole_game_within_its_taps(new_phone, live_server, module: str) -> None:  # type: ignore[no-untyped-def]
    game = driver(module)
    page = new_phone()
    game.start(page, live_server)
    taps = Taps(page)
    game.play(taps)
    game.check(page)
    shot(page, f"taps-{module}-over")
    ARTIFACTS.mkdir(exist_ok=True)
    report = ARTIFACTS / "taps.json"
    figures = json.loads(report.read_text()) if report.exists() else {}
    figures[module] = {"taps": taps.count, "goal": game.GOAL, "before": game.BEFORE}
    report.write_text(json.dumps(figures, indent=1, sort_keys=True))
    assert taps.count <= game.GOAL, f"{module}: {taps.count} taps (goal {game.GOAL}):\n" + "\n".join(taps.log)
