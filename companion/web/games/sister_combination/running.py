"""Sister Combination's standing on the table: there are no points (SC-7), so where each
player stands is the place the engine's placings give so far: who is out, in the order they went out, then
the others by cards left (fewer is better, equal counts sharing a place)."""

from __future__ import annotations

from companion.games.base import Breakdown
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.web.standing import Standing, Standings
from companion.web.wording import Wording

from .labels import place_label


def standings(breakdown: Breakdown, hands: tuple[int, ...], out: tuple[int, ...], wording: Wording) -> Standings | None:
    """Rows best place first; None once the game is over (the final ranking says it)."""
    if breakdown.finished:
        return None
    rows = []
    place = 1
    for group in breakdown.placings:
        for seat in group:
            if seat in out:
                figure = _("out %(place)s", place=place_label(out.index(seat) + 1))
                note = ""
            else:
                figure = ngettext("%(num)d card left", "%(num)d cards left", hands[seat])
                note = _("%(place)s so far", place=place_label(place)) + (_(", tied") if len(group) > 1 else "")
            rows.append(Standing(seat, wording.seat(seat), figure, note, ahead=place == 1 and len(group) == 1))
        place += len(group)
    return Standings(_("Standing"), tuple(rows),
                     _("Out first ranks first; the others by cards left, fewer is better (SC-7)."))
