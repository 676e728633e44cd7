"""The readings a table plays by, fixed when it starts and stored with its options (RULINGS.md), so a table's log
replays under the reading it was entered with.

Two readings a table may switch (the text can reasonably be read either way, so the new-table page offers them):
- ``new_earth`` (PR-4, a reading): the New Earth each player starts with is one of the 12 planet and gadget
  cards that end the game, or not (a New Earth invaded later counts either way).
- ``time_machine`` (PR-7, a reading): the Time Machine is kept after its second action, or spent (it goes back
  to the supply once it has given one).
One ruling marked **option** (RULINGS PR-8): the table may agree to play with fame face up.
- ``fame``: ``hidden`` (face down, the text's 【寄付】: during play no seat's fame, nor any VP that counts it, is
  shown; the final score turns it up) or ``open``. A table started before the option existed has no value for
  it and plays with fame face down, as the text does.
One kept for tables started before PR-6 changed (their options lack the key, ``OptionSpec.before``):
- ``gadget_cost``: a gadget's cost asked once and held for every later develop of that type (PR-6 now), or
  each develop taken as entered (before). The new-table page does not offer the old reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..base import OptionSpec, option_values

NEW_EARTH_COUNTS = "counts"
NEW_EARTH_NOT_COUNTED = "not-counted"
NEW_EARTH_OPTION = OptionSpec("new_earth", (NEW_EARTH_COUNTS, NEW_EARTH_NOT_COUNTED), "PR-4")

TIME_MACHINE_KEPT = "kept"
TIME_MACHINE_SPENT = "spent"
TIME_MACHINE_OPTION = OptionSpec("time_machine", (TIME_MACHINE_KEPT, TIME_MACHINE_SPENT), "PR-7")

GADGET_COST_HELD = "held"
GADGET_COST_EACH = "each-develop"
GADGET_COST_OPTION = OptionSpec("gadget_cost", (GADGET_COST_HELD, GADGET_COST_EACH), "PR-6",
                                before=GADGET_COST_EACH, shown=False)

FAME_HIDDEN = "hidden"
FAME_OPEN = "open"
FAME_OPTION = OptionSpec("fame", (FAME_HIDDEN, FAME_OPEN), "PR-8")

OPTIONS = (NEW_EARTH_OPTION, TIME_MACHINE_OPTION, FAME_OPTION, GADGET_COST_OPTION)


@dataclass(frozen=True)
class Readings:
    """The table's readings; the defaults are RULINGS.md's."""

    new_earth_counts: bool = True
    time_machine_spent: bool = False
    gadget_cost_held: bool = True
    fame_open: bool = False  # PR-8's option: fame face up during play

    def to_options(self) -> dict[str, str]:
        return {NEW_EARTH_OPTION.key: NEW_EARTH_COUNTS if self.new_earth_counts else NEW_EARTH_NOT_COUNTED,
                TIME_MACHINE_OPTION.key: TIME_MACHINE_SPENT if self.time_machine_spent else TIME_MACHINE_KEPT,
                FAME_OPTION.key: FAME_OPEN if self.fame_open else FAME_HIDDEN,
                GADGET_COST_OPTION.key: GADGET_COST_HELD if self.gadget_cost_held else GADGET_COST_EACH}


def readings_from(options: Mapping[str, str]) -> Readings:
    """A table's stored options -> its readings (a key it lacks: the reading it started under); raises
    ParseError naming a setting that is not one of the option's choices."""
    values = option_values(OPTIONS, options, "pr.option.unknown_choice")
    return Readings(new_earth_counts=values[NEW_EARTH_OPTION.key] == NEW_EARTH_COUNTS,
                    time_machine_spent=values[TIME_MACHINE_OPTION.key] == TIME_MACHINE_SPENT,
                    gadget_cost_held=values[GADGET_COST_OPTION.key] == GADGET_COST_HELD,
                    fame_open=values[FAME_OPTION.key] == FAME_OPEN)
