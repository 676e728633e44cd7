"""How a seat is named in what a player reads: one way for every game, passed explicitly.

Engines speak of seats by index (0-based). A page at a table names them by the table's seat names; a page with
no table (a quick tool) says "Player 2" (counted from 1, as people count); a referee API answer says "seat 1"
(0-based, as the API's requests and answers write seats), so a message matches the request it explains.
Whoever words a message (a table's model, a history line, a quick tool, the API) builds a ``Wording`` and hands
it down; nothing is read from ``flask.g`` or a context variable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.i18n import gettext as _

NONE = "—"  # no seat (an empty list, an unset seat) reads as a dash


@dataclass(frozen=True)
class Wording:
    seats: tuple[str, ...] = ()  # the table's seat names, clockwise; () where there is no table
    api: bool = False  # a referee API answer: seats as the API writes them

    @classmethod
    def of_table(cls, seats: Sequence[str]) -> Wording:
        return cls(tuple(seats))

    def seat(self, seat: Any) -> str:
        """A seat index (an int, or its digits as a message param carries it) as a player reads it."""
        if seat is None or str(seat) in ("None", "", NONE):
            return NONE
        try:
            number = int(seat)
        except (TypeError, ValueError):
            return str(seat)
        if self.api:
            return _("seat %(n)s", n=number)
        if 0 <= number < len(self.seats):
            return self.seats[number]
        return _("Player %(n)s", n=number + 1)


PAGE = Wording()  # a page with no table: "Player 2"
API = Wording(api=True)  # a referee API answer: "seat 1"


__all__ = ["API", "NONE", "PAGE", "Wording"]
