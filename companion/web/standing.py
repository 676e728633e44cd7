"""Where each player stands now: one line per seat, built by a game's table model from what
its state already knows, with what is still unknown said plainly; templates/table/_standing.html draws it on the
play and the watch page alike. Nothing here names a game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str
    figure: str  # the running figure in words: "42 points", "at least 14", "2 nodes", "out 1st"
    note: str = ""  # what is still unknown or how it was counted, plainly; "" when nothing is
    ahead: bool = False  # leading (or among the leaders) on this figure


@dataclass(frozen=True)
class Standings:
    title: str  # "Scores so far", "Standing"
    rows: tuple[Standing, ...]
    # one line under the list for the whole table (e.g. what the figure leaves out); with no rows, the one line
    # that says why there is no figure yet
    note: str = ""
