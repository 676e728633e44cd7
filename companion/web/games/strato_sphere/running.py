"""Strato-Sphere's standing on the table: per seat, what the engine's score knows now
(``GAME.score``, as the score summary words it): the nodes the seat controls (SS-4) and how many of the three
nodes in front of it the other side holds (SS-8: all three lose the game). A seat whose force is not known yet
(SS-3: nothing is assigned before its first reveal) controls nothing yet, which is said."""

from __future__ import annotations

from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.score import CONTROLLED, HELD_BY_OPPONENTS
from companion.games.strato_sphere.state import TableState
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.web.standing import Standing, Standings


def standings(state: TableState, names: list[str]) -> Standings | None:
    """None once the game is over: the ending says who won and why."""
    if state.outcome is not None:
        return None
    result = GAME.score(state)
    counts = {s: result.seat(s).total or 0 for s in range(state.players)}
    best = max(counts.values(), default=0)
    rows = []
    for seat in range(state.players):
        terms = {t.code: t for t in result.seat(seat).terms}
        held = terms[HELD_BY_OPPONENTS]
        notes = [_("%(held)s of %(of)s nodes in front of them held by the other side",
                   held=held.value or 0, of=held.params["of"])]
        if state.forces[seat] is None:
            notes.insert(0, _("force not known yet"))
        rows.append(Standing(seat, names[seat],
                             ngettext("%(num)d node", "%(num)d nodes", terms[CONTROLLED].value or 0),
                             " · ".join(notes), ahead=best > 0 and counts[seat] == best))
    return Standings(_("Nodes controlled now"), tuple(rows),
                     _("A side wins when it holds all 3 nodes in front of one opposing player (SS-8)."))
