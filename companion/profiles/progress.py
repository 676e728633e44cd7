"""How much of a deck a profile knows: "N of M cards known", computed once here for every page that shows it.

A game says, card by card, whether the profile knows every value it needs (its web package's profile editor
lists the cards); this module only counts, so the editor, the profiles list, a table, a score page and the
print page can never disagree. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Progress:
    known: int
    total: int
    note: str = ""  # what the game knows of the deck besides (Planetary Sisters: cards known by their icons), in words

    @property
    def complete(self) -> bool:
        return self.known >= self.total


def progress(known_flags: Iterable[bool], note: str = "") -> Progress:
    """One flag per card of the deck (the game's whole list, whether or not the profile names the card)."""
    flags = list(known_flags)
    return Progress(sum(1 for flag in flags if flag), len(flags), note)
