"""Taps per whole game (issue 35): one recorded game of each game entered in headless Chromium at 390 × 844,
tapping as a player would with the fewest taps the pages allow (tests/browser/taps: a driver per game, the
recorded games in tests/games/<game>/recorded_game.py), printed beside the count before issue 35 and the goal.

A tap count does not depend on the machine's speed; the load is printed only to say what else ran. The same
drivers run as tests (tests/browser/test_taps.py), which fail over a goal: this script runs that test and prints
what it wrote to test-artifacts/taps.json.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REPORT = ROOT / "test-artifacts" / "taps.json"


def main() -> int:
    REPORT.unlink(missing_ok=True)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/browser/test_taps.py"],
                         cwd=ROOT, capture_output=True, text=True)
    one, five, _ = os.getloadavg()
    print(f"\nTaps for a whole game at 390 × 844 (load {one:.1f}/{five:.1f} on {os.cpu_count()} cores)")
    print(f"{'game':<22} {'taps':>6} {'goal':>6}   before issue 35")
    figures = json.loads(REPORT.read_text()) if REPORT.exists() else {}
    for module, figure in sorted(figures.items(), key=lambda item: item[1]["taps"]):
        print(f"{module:<22} {figure['taps']:>6} {figure['goal']:>6}   {figure['before']}")
    if run.returncode != 0:
        print(run.stdout[-3000:])
        print("a game went over its goal or failed (above)")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
