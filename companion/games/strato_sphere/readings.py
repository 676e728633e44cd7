"""The reading of who starts a table plays by, fixed when it starts and stored with its options.

SS-5 (changed): play goes clockwise, starting with the player on the dealer's left, and a table names its dealer
when it starts (the ``dealer`` move, before the first move of a turn). Before, the companion never asked: the
first seat began. A table started then has no value for this key in its stored options, so ``OptionSpec.before``
keeps it on the first seat and its log, which has no dealer entry, still replays. A new table always names its
dealer; the new-table page does not offer the old reading (``shown=False``).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..base import OptionSpec, ParseError

START_LEFT_OF_DEALER = "left-of-dealer"  # SS-5 now: the table names its dealer; the seat on its left begins
START_FIRST_SEAT = "first-seat"  # before: no dealer was named and the first seat began
START_OPTION = OptionSpec("start", (START_LEFT_OF_DEALER, START_FIRST_SEAT), "SS-5",
                          before=START_FIRST_SEAT, shown=False)


def start_rule_from(options: Mapping[str, str]) -> str:
    """A table's stored options -> who starts it (a table stored before the key existed: its first seat);
    raises ParseError naming a setting that is not one of the option's choices."""
    rule = START_OPTION.value(options)
    if rule not in START_OPTION.choices:
        raise ParseError("ss.option.unknown_choice", START_OPTION.rule, START_OPTION.key, value=str(rule),
                         allowed=list(START_OPTION.choices))
    return rule
