"""A photo of the market while planets are turned up (issue #36; PR-1 at set-up, PR-3's refill): the planets it
shows beyond the market as the table has it are the ones turned up. A planet turned up is one entry (``Reveal``),
so the photo writes nothing: the reveal form is drawn again with the planets read marked, in the photo's
reading order (``photo_planets``), each entered with its one tap as ever (``PhotoStep("market")``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from flask_babel import gettext as _

from companion.games.planeta_rica import Planet
from companion.games.planeta_rica.state import TableState
from companion.web.gameweb import Redraw, SeenCardLike, TableViewLike

from .labels import planet_name

FIELD = "photo_planets"


def read(view: TableViewLike[TableState], form: Mapping[str, str], seen: Sequence[SeenCardLike]) -> Redraw:
    state: TableState = view.state
    planets = [Planet(c.card) for c in seen if c.card in {p.value for p in Planet}]
    in_market = Counter({s.planet: s.count for s in state.market})
    turned_up: list[Planet] = []
    for planet in planets:
        if in_market[planet] > 0:
            in_market[planet] -= 1
        else:
            turned_up.append(planet)
    pending = {"type": "reveal", FIELD: ",".join(p.value for p in turned_up)}
    if not planets:
        notice = _("No planet was read: photograph the market's markers from closer, with light on them, or tap "
                   "the planets turned up.")
    elif not turned_up:
        notice = _("The photo shows the market as the table has it: no planet turned up since.")
    else:
        notice = _("Read from the photo, turned up: %(planets)s. Tap each one below (marked) to enter it.",
                   planets=", ".join(planet_name(p) for p in turned_up))
    return Redraw(pending, notice=notice)
