"""The readings a table plays by, fixed when it starts and stored with its options.

Two rulings were read differently before (RULINGS.md, LP-6 and LP-9 as changed after a table got stuck). A table started
then keeps the reading its log was entered under, so its log still replays: its stored options have no value
for these keys, and ``OptionSpec.before`` names the old reading. A new table gets the current reading; the
new-table page does not offer the old one (``shown=False``: the old LP-6 reading could leave a table with no
legal set).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..base import OptionSpec, option_values

REMOVE_TOP_CARDS = "top-cards"  # LP-6 now: only the areas' top cards are looked at
REMOVE_EVERY_CARD = "every-card"  # LP-6 before: buried cards counted too
REMOVE_OPTION = OptionSpec("remove_phase", (REMOVE_TOP_CARDS, REMOVE_EVERY_CARD), "LP-6",
                           before=REMOVE_EVERY_CARD, shown=False)

MULLIGAN_UNTIL_FIRST = "until-first-player"  # LP-9 now: mulligans end when the first player is chosen
MULLIGAN_UNTIL_PLAY = "until-play"  # LP-9 before: accepted until the first turn, commoners being placed too
MULLIGAN_OPTION = OptionSpec("mulligan", (MULLIGAN_UNTIL_FIRST, MULLIGAN_UNTIL_PLAY), "LP-9",
                             before=MULLIGAN_UNTIL_PLAY, shown=False)

OPTIONS = (REMOVE_OPTION, MULLIGAN_OPTION)


@dataclass(frozen=True)
class Readings:
    """The table's readings; the defaults are the current rulings."""

    remove_counts_buried: bool = False
    mulligan_until_play: bool = False

    def to_options(self) -> dict[str, str]:
        return {REMOVE_OPTION.key: REMOVE_EVERY_CARD if self.remove_counts_buried else REMOVE_TOP_CARDS,
                MULLIGAN_OPTION.key: MULLIGAN_UNTIL_PLAY if self.mulligan_until_play else MULLIGAN_UNTIL_FIRST}


def readings_from(options: Mapping[str, str]) -> Readings:
    """A table's stored options -> its readings (a key it lacks: the reading it started under); raises
    ParseError naming a setting that is not one of the option's choices."""
    values = option_values(OPTIONS, options, "lp.option.unknown_choice")
    return Readings(remove_counts_buried=values[REMOVE_OPTION.key] == REMOVE_EVERY_CARD,
                    mulligan_until_play=values[MULLIGAN_OPTION.key] == MULLIGAN_UNTIL_PLAY)
