"""A photo of the market while planets are turned up (issue #36; PR-1 at set-up, PR-3's refill): the planets it
shows beyond the market as the table has it are the ones turned up.

The photo writes nothing (``PhotoStep("market")``): the reveal form is drawn again with the planets read marked,
in the photo's reading order (``photo_planets``), and one button that turns them all up (``TableAction
("market")``, answered ``EnterEach``): one entry per planet, each asked of the market as the last left it, so a
planet the table turned up by itself (forced.py) is not turned up twice. A planet the photo missed is tapped as
ever.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from companion.games.planeta_rica import Phase, Planet
from companion.games.planeta_rica.moves import Reveal
from companion.games.planeta_rica.state import TableState
from companion.i18n import gettext as _
from companion.web.gameweb import EnterEach, Redraw, SeenCardLike, TableViewLike

from .labels import planet_name

FIELD = "photo_planets"  # the planets read beyond the market, marked on the reveal form
SEEN = "photo_seen"  # every planet the photo showed, in its reading order: what the one button turns up from
MOST = 16  # more planets than one market photo can show turned up


def _planets(raw: object) -> tuple[Planet, ...]:
    """The planets of a form's list (unknown names left out: the list is the page's own, never typed)."""
    known = {p.value: p for p in Planet}
    return tuple(known[name] for name in str(raw or "").split(",")[:MOST * 2] if name in known)


def photo_seen(form: Mapping[str, str]) -> tuple[Planet, ...]:
    """Every planet the market photo showed, as its answer put them in the form (none: no photo)."""
    return _planets(form.get(SEEN))


def turned_up(state: TableState, seen: Sequence[Planet]) -> list[Planet]:
    """The planets the photo shows beyond the market as the table has it, in the photo's order."""
    in_market = Counter({s.planet: s.count for s in state.market})
    beyond: list[Planet] = []
    for planet in seen:
        if in_market[planet] > 0:
            in_market[planet] -= 1
        else:
            beyond.append(planet)
    return beyond


def read(view: TableViewLike[TableState], form: Mapping[str, str], seen: Sequence[SeenCardLike]) -> Redraw:
    planets = _planets(",".join(c.card for c in seen))
    beyond = turned_up(view.state, planets)
    pending = {"type": "reveal", FIELD: ",".join(p.value for p in beyond), SEEN: ",".join(p.value for p in planets)}
    if not planets:
        notice = _("No planet was read: photograph the market's markers from closer, with light on them, or tap "
                   "the planets turned up.")
    elif not beyond:
        notice = _("The photo shows the market as the table has it: no planet turned up since.")
    else:
        notice = _("Read from the photo, turned up: %(planets)s. Check them, then turn them up with one tap (or "
                   "tap each one below, marked).", planets=", ".join(planet_name(p) for p in beyond))
    return Redraw(pending, notice=notice)


def turn_up_read(view: TableViewLike[TableState], form: Mapping[str, str]) -> EnterEach[TableState]:
    """The one tap under a market photo: each planet it showed beyond the market, turned up in its order while
    the table is turning planets up (PR-1, PR-3)."""
    seen = photo_seen(form)

    def next_reveal(state: TableState) -> Reveal | None:
        if state.phase not in (Phase.SETUP, Phase.REFILL):
            return None
        beyond = turned_up(state, seen)
        return Reveal(beyond[0]) if beyond else None

    return EnterEach(next_reveal, MOST)
